"""Read-only Cypher the evaluator uses to observe what the pipeline stored (scoped to one user)."""

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

EVENTS_OF_UTTERANCE = Query(
    "eval_events_of_utterance",
    """
    MATCH (:Utterance {uid: $utterance_id, user_id: $user_id})-[:PRODUCED]->(e:ConversationEvent)
    RETURN e.uid AS uid
    ORDER BY uid
    """,
)
"""The conversation events a turn's utterance produced."""
