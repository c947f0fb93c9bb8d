"""Cypher for the operation log (append only: there is no update or delete statement here)."""

from app.db.cypher import Query

APPEND_OPERATION = Query(
    "append_operation",
    """
    CREATE (o:Operation {uid: $uid, user_id: $user_id, kind: $kind, at: datetime(),
                         actor: $actor, target_ids: $target_ids, payload: $payload})
    RETURN o.uid AS uid
    """,
)

LIST_OPERATIONS = Query(
    "list_operations",
    """
    MATCH (o:Operation {user_id: $user_id})
    RETURN o.uid AS uid, o.kind AS kind, toString(o.at) AS at, o.actor AS actor,
           o.target_ids AS target_ids, o.payload AS payload
    ORDER BY o.at DESC LIMIT $limit
    """,
)
