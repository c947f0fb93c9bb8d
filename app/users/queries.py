"""Cypher for the ``Self`` node."""

from app.db.cypher import Query

ENSURE_SELF = Query(
    "ensure_self",
    """
    MERGE (s:Self {user_id: $user_id})
    ON CREATE SET s.created_at = datetime()
    SET s.sex = coalesce($sex, s.sex),
        s.birth_date = coalesce($birth_date, s.birth_date)
    RETURN s.user_id AS user_id, s.sex AS sex, s.birth_date AS birth_date
    """,
)

GET_SELF = Query(
    "get_self",
    "MATCH (s:Self {user_id: $user_id}) RETURN s.user_id AS user_id, s.sex AS sex, "
    "s.birth_date AS birth_date, s.height_cm AS height_cm, s.blood_type AS blood_type",
)

USER_SCOPED_LABELS: tuple[str, ...] = (
    "Self",
    "FhirResource",
    "Utterance",
    "Record",
    "ConversationEvent",
    "Finding",
    "ProfileField",
    "Operation",
)
"""Labels whose nodes carry ``user_id`` (each has a range index on it)."""

COUNT_USER_NODES = Query(
    "count_user_nodes",
    "\nUNION ALL\n".join(
        f"MATCH (n:{label} {{user_id: $user_id}}) RETURN '{label}' AS label, count(n) AS count"
        for label in USER_SCOPED_LABELS
    ),
)

DELETE_USER_BATCH = tuple(
    Query(
        f"delete_user_{label.lower()}",
        f"MATCH (n:{label} {{user_id: $user_id}}) WITH n LIMIT $batch DETACH DELETE n RETURN count(*) AS deleted",
    )
    for label in USER_SCOPED_LABELS
)
"""One statement per label, run repeatedly until a batch deletes nothing (bounded transactions)."""
