"""Cypher of the derived layer. Series are found through ``Record.series_key`` (``<user>|<dimension>``).

A point's place in its series is ``Record.series_at`` (= ``coalesce(event_start, mention_time)``,
written with the record). The composite index on ``(series_key, series_at)`` serves a new point's
neighbours and a series' recent end in index order (a seek and a few rows, whatever the series'
length: ``ORDER BY`` names both indexed properties so the planner reads the index in order,
``PartialTop``, instead of sorting the series); the one on ``(user_id, series_at)`` serves time
windows across a user's series.
"""

from app.db.cypher import Query

_POINT = """
    RETURN r.series_key AS series_key, r.uid AS uid, r.type AS type,
           coalesce(r.event_start, r.mention_time) AS at,
           r {.value, .value_canonical, .systolic, .diastolic, .duration_min, .abnormal, .action, .drug,
              .dose, .unit, .frequency, .kind, .level, .name, .target, .stated_status, .source_id,
              .event_start, .event_end, .status, .standard_key, .quote, .supply_days, .time_kind} AS props
"""

READ_SERIES = Query(
    "derived_read_series",
    """
    UNWIND $keys AS key
    MATCH (r:Record {series_key: key})
    WHERE r.status = 'current'
    """
    + _POINT,
)

READ_RECENT = Query(
    "derived_read_recent",
    """
    UNWIND $keys AS key
    CALL {
        WITH key
        MATCH (r:Record) USING INDEX r:Record(series_key, series_at)
        WHERE r.series_key = key AND r.series_at IS NOT NULL AND r.status = 'current'
        WITH r ORDER BY r.series_key DESC, r.series_at DESC, r.uid DESC
        LIMIT $limit
        RETURN r
    }
    RETURN r.series_key AS series_key, r.uid AS uid, r.type AS type, r.series_at AS at,
           r {.action, .drug, .dose, .unit, .frequency, .supply_days, .time_kind, .event_start, .event_end,
              .status, .source_id, .standard_key} AS props
    """,
)
"""The recent end of medication series, with only what medication state and prescription
ownership read (a long intake history ships as a few hundred small rows)."""

READ_MEDICATION_STATES = Query(
    "derived_read_medication_states",
    """
    UNWIND $drugs AS d
    OPTIONAL MATCH (m:Record {uid: d.state_uid})
    CALL {
        WITH d
        MATCH (r:Record) USING INDEX r:Record(series_key, series_at)
        WHERE r.series_key = d.key AND r.series_at IS NOT NULL AND r.type = 'prescription'
          AND r.status = 'current'
        RETURN collect({series_key: r.series_key, uid: r.uid, type: r.type, at: r.series_at,
                        props: r {.action, .drug, .dose, .unit, .frequency, .supply_days, .time_kind,
                                  .event_start, .event_end, .status, .source_id, .standard_key}}) AS prescriptions
    }
    RETURN d.drug AS drug, m.derived AS derived, m.dose AS dose, m.unit AS unit, m.frequency AS frequency,
           prescriptions
    """,
)
"""Each drug's stored ``current_medication`` state and its current prescriptions (few rows, whatever
the length of the intake history): a new medication fact continues the state instead of re-reading
the recent end of the series (:data:`READ_RECENT`, the fallback)."""

READ_NEIGHBOURS = Query(
    "derived_read_neighbours",
    """
    UNWIND $points AS p
    CALL {
        WITH p
        MATCH (r:Record) USING INDEX r:Record(series_key, series_at)
        WHERE r.series_key = p.key AND r.series_at <= p.at
          AND r.status = 'current' AND NOT r.uid IN $exclude
          AND (r.series_at < p.at OR r.uid < p.uid)
        WITH r ORDER BY r.series_key DESC, r.series_at DESC, r.uid DESC LIMIT 1
        WITH r, r.series_at AS at
        OPTIONAL MATCH (r)-[:PART_OF {episode: 'symptom'}]->(head:Record)
        WITH collect({uid: r.uid, type: r.type, at: at, head: head.uid}) AS found
        RETURN found[0] AS prev
    }
    CALL {
        WITH p
        MATCH (r:Record) USING INDEX r:Record(series_key, series_at)
        WHERE r.series_key = p.key AND r.series_at >= p.at
          AND r.status = 'current' AND NOT r.uid IN $exclude
          AND (r.series_at > p.at OR r.uid > p.uid)
        WITH r ORDER BY r.series_key ASC, r.series_at ASC, r.uid ASC LIMIT 1
        WITH collect({uid: r.uid, type: r.type, at: r.series_at}) AS found
        RETURN found[0] AS next
    }
    RETURN p.uid AS uid, prev, next
    """,
)

READ_SUMMARY = Query(
    "derived_read_summary",
    """
    UNWIND $keys AS key
    MATCH (r:Record {series_key: key})
    WHERE r.status = 'current'
    WITH key, r, coalesce(r.event_start, r.mention_time) AS at,
         coalesce(r.value_canonical, r.value, r.systolic, r.duration_min) AS v
    ORDER BY at, r.uid
    WITH key, count(r) AS reports, collect(DISTINCT date(at)) AS days, max(at) AS last_report_at,
         count(r.abnormal) AS flagged, count(CASE WHEN r.abnormal IN ['high', 'low'] THEN 1 END) AS abnormal,
         min(v) AS minimum, max(v) AS maximum,
         collect(CASE WHEN v IS NOT NULL THEN {uid: r.uid, at: at, v: v, diastolic: r.diastolic} END) AS pts
    RETURN key, reports, days, last_report_at, flagged, abnormal, minimum, maximum, size(pts) AS count,
           CASE WHEN size(pts) > 0 THEN pts[0] END AS first,
           CASE WHEN size(pts) > 1 THEN pts[-2] END AS previous,
           CASE WHEN size(pts) > 0 THEN pts[-1] END AS last
    """,
)

READ_SERIES_STATES = Query(
    "derived_read_series_states",
    """
    UNWIND $rows AS row
    OPTIONAL MATCH (r:Record {uid: row.uid})
    RETURN row.key AS key, r.series_state AS state
    """,
)
"""The summaries carried on the series' coverage records (``app.ingest.derived.summary_state``)."""

COUNT_DISTINCT_VALUES = Query(
    "derived_count_distinct_values",
    """
    UNWIND $keys AS key
    MATCH (r:Record {series_key: key})
    WHERE r.status = 'current'
    RETURN key, count(DISTINCT coalesce(r.value_canonical, r.value, r.duration_min)) AS distinct_values
    """,
)

SPLICE_OUT = Query(
    "derived_splice_out_of_chain",
    """
    UNWIND $uids AS uid
    MATCH (old:Record {uid: uid, user_id: $user_id})
    OPTIONAL MATCH (a:Record)-[e1:NEXT]->(old)
    OPTIONAL MATCH (old)-[e2:NEXT]->(b:Record)
    DELETE e1, e2
    WITH a, b WHERE a IS NOT NULL AND b IS NOT NULL
    MERGE (a)-[:NEXT]->(b)
    RETURN count(*) AS spliced
    """,
)

READ_HISTORY = Query(
    "derived_read_history",
    """
    UNWIND $keys AS key
    MATCH (r:Record {series_key: key})
    WHERE r.status IN ['current', 'superseded']
    """
    + _POINT,
)

READ_WINDOW = Query(
    "derived_read_window",
    """
    UNWIND $probes AS probe
    MATCH (r:Record) USING INDEX r:Record(user_id, series_at)
    WHERE r.user_id = $user_id AND r.series_at >= probe.start AND r.series_at <= probe.end
      AND r.series_key STARTS WITH probe.prefix AND r.type IN probe.types AND r.status = 'current'
    """
    + _POINT,
)

SUPERSEDE = Query(
    "derived_supersede",
    """
    UNWIND $pairs AS pair
    MATCH (new:Record {uid: pair.new, user_id: $user_id})
    MATCH (old:Record {uid: pair.old, user_id: $user_id})
    SET old.status = 'superseded'
    MERGE (new)-[e:SUPERSEDES]->(old)
    SET e.reason = pair.reason, e.at = $now
    RETURN count(e) AS superseded
    """,
)

DELETE_NEXT = Query(
    "derived_delete_next",
    """
    UNWIND $pairs AS pair
    MATCH (:Record {uid: pair[0]})-[e:NEXT]->(:Record {uid: pair[1]})
    DELETE e
    RETURN count(*) AS deleted
    """,
)

CREATE_NEXT = Query(
    "derived_create_next",
    """
    UNWIND $pairs AS pair
    MATCH (a:Record {uid: pair[0]})
    MATCH (b:Record {uid: pair[1]})
    MERGE (a)-[:NEXT]->(b)
    RETURN count(*) AS created
    """,
)

UPSERT_DERIVED = Query(
    "derived_upsert",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $rows AS row
    MERGE (r:Record {uid: row.uid})
    ON CREATE SET r:Retrievable, r.user_id = $user_id, r.user_token = $user_token
    WITH s, r, row, r.search_text AS previous_text
    SET r += row.props
    FOREACH (_ IN CASE WHEN r.search_text IS NOT NULL AND coalesce(previous_text, '') <> r.search_text
                       THEN [1] ELSE [] END |
        REMOVE r.embedding, r.embedding_seq
        SET r:PendingEmbedding)
    MERGE (s)-[:HAS_RECORD]->(r)
    WITH r, row
    UNWIND row.sources AS source
    MATCH (x:Record {uid: source, user_id: $user_id})
    MERGE (r)-[:DERIVED_FROM]->(x)
    RETURN count(DISTINCT r) AS upserted
    """,
)

LINK_PART_OF = Query(
    "derived_link_part_of",
    """
    UNWIND $pairs AS pair
    MATCH (a:Record {uid: pair.part, user_id: $user_id})
    MATCH (b:Record {uid: pair.whole, user_id: $user_id})
    MERGE (a)-[e:PART_OF]->(b)
    SET e.episode = pair.episode
    RETURN count(e) AS linked
    """,
)

SET_TAKES = Query(
    "derived_set_takes",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $rows AS row
    MATCH (d:DrugTerm {key: row.drug})
    MERGE (s)-[t:TAKES {source_type: 'utterance'}]->(d)
    SET t.since = row.since, t.record_uid = row.record_uid
    RETURN count(t) AS linked
    """,
)

UNSET_TAKES = Query(
    "derived_unset_takes",
    """
    MATCH (s:Self {user_id: $user_id})-[t:TAKES]->(d:DrugTerm)
    WHERE d.key IN $drugs AND t.source_type = 'utterance'
    DELETE t
    RETURN count(*) AS deleted
    """,
)

SET_AIMS_FOR = Query(
    "derived_set_aims_for",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $uids AS uid
    MATCH (g:Record {uid: uid, user_id: $user_id})
    MERGE (s)-[:AIMS_FOR]->(g)
    RETURN count(g) AS linked
    """,
)

UNSET_AIMS_FOR = Query(
    "derived_unset_aims_for",
    """
    MATCH (s:Self {user_id: $user_id})-[a:AIMS_FOR]->(g:Record)
    WHERE g.uid IN $uids
    DELETE a
    RETURN count(*) AS deleted
    """,
)

CREATE_CAUSAL_CANDIDATES = Query(
    "derived_create_causal_candidates",
    """
    UNWIND $rows AS row
    MATCH (c:Record {uid: row.cause, user_id: $user_id})
    MATCH (e:Record {uid: row.effect, user_id: $user_id})
    MERGE (c)-[x:CANDIDATE_CAUSE_OF {rule: row.rule}]->(e)
    SET x.lag_hours = row.lag_hours, x.evidence = [row.cause, row.effect], x.asserted = false,
        x.status = 'candidate', x.engine = 'rules'
    RETURN count(x) AS created
    """,
)
