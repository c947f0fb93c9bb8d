"""Cypher of the evaluators: reads that observe what the pipeline stored (scoped to one user), and the
recall evaluation's corpus (conversation turns written as a user's events, then read back by id)."""

from app.db.cypher import Query

RECORDS_OF_UTTERANCE = Query(
    "eval_records_of_utterance",
    """
    MATCH (r:Record {user_id: $user_id})
    WHERE r.source_id = $utterance_id
       OR EXISTS { MATCH (:Utterance {uid: $utterance_id, user_id: $user_id})-[:PRODUCED]->(r) }
    RETURN r.uid AS uid, r.type AS type, properties(r) AS props
    ORDER BY r.uid
    """,
)
"""Every typed record a turn's utterance produced, with its stored properties."""

FINDINGS_ABOUT_RECORDS = Query(
    "eval_findings_about_records",
    """
    MATCH (f:Finding {user_id: $user_id})-[:ABOUT_RECORD]->(r:Record {user_id: $user_id})
    WHERE r.uid IN $record_uids
    RETURN DISTINCT f.uid AS uid, f.kind AS kind, f.severity AS severity,
           coalesce(f.safety_critical, false) AS safety_critical, coalesce(f.cites, []) AS cites
    ORDER BY uid
    """,
)
"""The findings about a turn's records."""

FINDINGS_ABOUT_EVENTS = Query(
    "eval_findings_about_events",
    """
    MATCH (f:Finding {user_id: $user_id})-[:ABOUT_EVENT]->(e:ConversationEvent {user_id: $user_id})
    WHERE e.uid IN $event_uids
    RETURN DISTINCT f.uid AS uid, f.kind AS kind, f.severity AS severity,
           coalesce(f.safety_critical, false) AS safety_critical, coalesce(f.cites, []) AS cites
    ORDER BY uid
    """,
)
"""The findings about a turn's conversation events (lifestyle talk that produced no record)."""

EVENTS_OF_UTTERANCE = Query(
    "eval_events_of_utterance",
    """
    MATCH (:Utterance {uid: $utterance_id, user_id: $user_id})-[:PRODUCED]->(e:ConversationEvent)
    RETURN e.uid AS uid
    ORDER BY uid
    """,
)
"""The conversation events a turn's utterance produced."""

WRITE_TURNS = Query(
    "eval_recall_write_turns",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $turns AS t
    MERGE (e:ConversationEvent {uid: t.uid})
    SET e:Retrievable, e.user_id = $user_id, e.user_token = $user_token, e.session_id = t.session_id,
        e.speaker = t.speaker, e.text = t.text, e.search_text = t.search_text, e.external_id = t.dia_id,
        e.mention_time = datetime(t.mention_time)
    FOREACH (_ IN CASE WHEN e.embedding IS NULL THEN [1] ELSE [] END | SET e:PendingEmbedding)
    MERGE (s)-[:HAS_EVENT]->(e)
    RETURN count(e) AS written
    """,
)
"""A sample's turns as the user's conversation events (idempotent), queued for embedding."""

CHAIN_TURNS = Query(
    "eval_recall_chain_turns",
    """
    UNWIND $pairs AS p
    MATCH (a:ConversationEvent {uid: p.a}), (b:ConversationEvent {uid: p.b})
    MERGE (a)-[:NEXT]->(b)
    RETURN count(*) AS chained
    """,
)
"""Consecutive turns of one session chained by ``NEXT``."""

EVENT_IDS = Query(
    "eval_recall_event_ids",
    "MATCH (e:ConversationEvent {user_id: $user_id}) RETURN elementId(e) AS id, e.external_id AS dia_id",
)
"""Each of the user's conversation events: its node id and the turn's ``dia_id``."""
