"""Cypher of the turn writer: the utterance, its records and events, vocabulary links, ``Self`` facets.

All statements are batched (``UNWIND``) and scoped to one user: record and event uids derive from
the utterance uid, which derives from the user id.
"""

from app.db.cypher import Query

FIND_UTTERANCE = Query(
    "turn_find_utterance",
    """
    MATCH (u:Utterance {uid: $uid})
    OPTIONAL MATCH (u)-[:PRODUCED]->(r:Record)
    WITH u, r ORDER BY r.uid
    RETURN u.retained AS retained, u.gate_reason AS gate_reason,
           [x IN collect(r) | x {.*, embedding: null}] AS records,
           [(u)-[:PRODUCED]->(e:ConversationEvent) | e.uid] AS event_ids
    """,
)

TURN_GUARDS = Query(
    "turn_guards",
    """
    OPTIONAL MATCH (v:DictionaryVersion {active: true})
    WITH v ORDER BY v.loaded_at DESC LIMIT 1
    OPTIONAL MATCH (u:Utterance {uid: $uid})
    RETURN v.version AS dictionary_version, u IS NOT NULL AS seen
    """,
)
"""Inside the write transaction: the graph's dictionary version and whether the turn is stored."""

TURN_CONTEXT = Query(
    "turn_context",
    """
    OPTIONAL MATCH (s:Self {user_id: $user_id})
    OPTIONAL MATCH (u:Utterance {uid: $uid})
    OPTIONAL MATCH (p:Patient {user_id: $user_id})
    WITH s, u, collect(DISTINCT p.display)[..3] AS patient_names
    OPTIONAL CALL (s) {
        MATCH (s)-[:SAID]->(prior:Utterance)
        WHERE prior.mention_time < $mention_time AND prior.mention_time >= $since
          AND ($session_id IS NULL OR prior.session_id IS NULL OR prior.session_id = $session_id)
        RETURN prior ORDER BY prior.mention_time DESC LIMIT 1
    }
    OPTIONAL CALL (prior) {
        MATCH (prior)-[:PRODUCED]->(r:Record)
        WHERE r.drug IS NOT NULL
        RETURN collect(DISTINCT r.drug) AS prior_drugs
    }
    RETURN s.sex AS sex, toString(s.birth_date) AS birth_date, u IS NOT NULL AS seen, patient_names,
           prior.writer_role AS prior_writer_role, prior.written_for AS prior_written_for,
           prior IS NOT NULL AS prior_seen, coalesce(prior_drugs, []) AS prior_drugs
    """,
)
"""One read before the work: whether the turn is a replay, the person's sex and birth date, the names their
clinical record gives them (a caregiver may call them by their first name), and who wrote the user's message just
before this one (since ``$since``), when it said so (a carer's declaration carries over to their next message),
whether there was one (an opening message may speak of the person as "he" / "she"), and the medicines its records
name (a pronoun in this message may refer to the one it named, :mod:`app.ingest.narrative.carried_drugs`)."""

WRITE_UTTERANCE = Query(
    "turn_write_utterance",
    """
    MERGE (s:Self {user_id: $user_id})
    ON CREATE SET s.created_at = datetime()
    CREATE (u:Utterance {uid: $uid, user_id: $user_id, session_id: $session_id, text: $text,
                         mention_time: $mention_time, retained: $retained, gate_reason: $gate_reason,
                         writer_role: $writer_role, written_for: $written_for})
    CREATE (s)-[:SAID]->(u)
    RETURN u.uid AS uid
    """,
)

WRITE_RECORDS = Query(
    "turn_write_records",
    """
    MATCH (s:Self {user_id: $user_id})
    MATCH (u:Utterance {uid: $utterance_id})
    UNWIND $records AS row
    CREATE (r:Record:Retrievable:PendingEmbedding)
    SET r = row, r.user_token = $user_token
    CREATE (s)-[:HAS_RECORD]->(r)
    CREATE (u)-[:PRODUCED]->(r)
    RETURN count(r) AS written
    """,
)

WRITE_EVENTS = Query(
    "turn_write_events",
    """
    MATCH (s:Self {user_id: $user_id})
    MATCH (u:Utterance {uid: $utterance_id})
    UNWIND $events AS row
    CREATE (e:ConversationEvent:Retrievable:PendingEmbedding)
    SET e = row, e.user_token = $user_token
    CREATE (s)-[:HAS_EVENT]->(e)
    CREATE (u)-[:PRODUCED]->(e)
    RETURN count(e) AS written
    """,
)

LINK_ABOUT_TEST = Query(
    "turn_link_about_test",
    """
    UNWIND $links AS link
    MATCH (r:Record {uid: link.uid}) MATCH (t:TestTerm {key: link.key})
    MERGE (r)-[:ABOUT]->(t)
    RETURN count(*) AS linked
    """,
)

LINK_ABOUT_DRUG = Query(
    "turn_link_about_drug",
    """
    UNWIND $links AS link
    MATCH (r:Record {uid: link.uid}) MATCH (t:DrugTerm {key: link.key})
    MERGE (r)-[:ABOUT]->(t)
    RETURN count(*) AS linked
    """,
)

LINK_ABOUT_CONDITION = Query(
    "turn_link_about_condition",
    """
    UNWIND $links AS link
    MATCH (r:Record {uid: link.uid}) MATCH (t:ConditionTerm {key: link.key})
    MERGE (r)-[:ABOUT]->(t)
    RETURN count(*) AS linked
    """,
)

LINK_ABOUT_SYMPTOM = Query(
    "turn_link_about_symptom",
    """
    UNWIND $links AS link
    MATCH (r:Record {uid: link.uid}) MATCH (t:SymptomTerm {key: link.key})
    MERGE (r)-[:ABOUT]->(t)
    RETURN count(*) AS linked
    """,
)

LINK_ABOUT: dict[str, Query] = {
    "test": LINK_ABOUT_TEST,
    "drug": LINK_ABOUT_DRUG,
    "condition": LINK_ABOUT_CONDITION,
    "symptom": LINK_ABOUT_SYMPTOM,
}
"""Vocabulary kind -> the statement linking records to its term nodes."""

LINK_DIAGNOSED_WITH = Query(
    "turn_link_diagnosed_with",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $links AS link
    MATCH (c:ConditionTerm {key: link.key})
    MERGE (s)-[e:DIAGNOSED_WITH {source_type: 'utterance'}]->(c)
    SET e.record_uid = link.uid, e.status = link.status
    RETURN count(e) AS linked
    """,
)

LINK_ALLERGIC_TO = Query(
    "turn_link_allergic_to",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $links AS link
    MATCH (d:DrugTerm {key: link.key})
    MERGE (s)-[e:ALLERGIC_TO {source_type: 'utterance'}]->(d)
    SET e.record_uid = link.uid, e.reaction = link.reaction
    RETURN count(e) AS linked
    """,
)

LINK_AVOIDS = Query(
    "turn_link_avoids",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $uids AS uid
    MATCH (r:Record {uid: uid})
    MERGE (s)-[:AVOIDS]->(r)
    RETURN count(r) AS linked
    """,
)

SET_SELF_FACTS = Query(
    "turn_set_self_facts",
    """
    MATCH (s:Self {user_id: $user_id})
    SET s.sex = coalesce($sex, s.sex),
        s.birth_date = coalesce(date($birth_date), s.birth_date),
        s.height_cm = coalesce($height_cm, s.height_cm),
        s.blood_type = coalesce($blood_type, s.blood_type)
    RETURN s.user_id AS user_id
    """,
)
