"""Applying ``cypher/schema.cypher`` and reading back what the database holds."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass

from app.db.client import GraphClient
from app.db.cypher import CYPHER_DIR, Query, load_cypher_file
from app.users.service import user_token

log = logging.getLogger(__name__)

SCHEMA_FILE = "schema"

SHOW_CONSTRAINTS = Query(
    "show_constraints",
    "SHOW CONSTRAINTS YIELD name, type, labelsOrTypes, properties "
    "RETURN name, type, labelsOrTypes, properties ORDER BY name",
)
SHOW_INDEXES = Query(
    "show_indexes",
    "SHOW INDEXES YIELD name, type, labelsOrTypes, properties, state, owningConstraint "
    "RETURN name, type, labelsOrTypes, properties, state, owningConstraint ORDER BY name",
)
MARK_SCHEMA_VERSION = Query(
    "mark_schema_version",
    "MERGE (v:SchemaVersion {key: 'schema'}) "
    "SET v.version = $version, v.applied_at = datetime(), v.statements = $statements",
)
READ_SCHEMA_VERSION = Query(
    "read_schema_version", "MATCH (v:SchemaVersion {key: 'schema'}) RETURN v.version AS version"
)
AWAIT_INDEXES = Query("await_indexes", "CALL db.awaitIndexes(300)")
QUEUE_UNEMBEDDED = Query(
    "queue_unembedded",
    """
    MATCH (n:Retrievable)
    WHERE n.search_text IS NOT NULL AND n.embedding IS NULL AND NOT n:PendingEmbedding
    WITH n LIMIT 10000
    SET n:PendingEmbedding
    RETURN count(n) AS queued
    """,
)
"""Data written before the embedding queue label existed joins the queue (run on a schema change)."""
PLACE_SERIES_POINTS = Query(
    "place_series_points",
    """
    MATCH (r:Record)
    WHERE r.series_key IS NOT NULL AND r.series_at IS NULL
      AND coalesce(r.event_start, r.mention_time) IS NOT NULL
    WITH r LIMIT 10000
    SET r.series_at = coalesce(r.event_start, r.mention_time)
    RETURN count(r) AS placed
    """,
)
"""Series points written before ``series_at`` existed get it (run on a schema change)."""
DATA_MIGRATIONS = (QUEUE_UNEMBEDDED, PLACE_SERIES_POINTS)
"""Idempotent, batched data steps run when the schema version changes (each until it finds nothing)."""
USERS_WITHOUT_TOKEN = Query(
    "users_without_token",
    "MATCH (n:Retrievable) WHERE n.user_token IS NULL AND n.user_id IS NOT NULL "
    "RETURN DISTINCT n.user_id AS user_id LIMIT 1000",
)
SET_USER_TOKEN = Query(
    "set_user_token",
    "MATCH (n:Retrievable) WHERE n.user_id = $user_id AND n.user_token IS NULL SET n.user_token = $token",
)


def schema_version() -> str:
    """The content hash of ``cypher/schema.cypher`` (first 12 hex digits of its SHA-256)."""
    return hashlib.sha256((CYPHER_DIR / f"{SCHEMA_FILE}.cypher").read_bytes()).hexdigest()[:12]


@dataclass(frozen=True)
class SchemaReport:
    version: str
    statements: int
    constraints: int
    indexes: int


def apply_schema(client: GraphClient) -> SchemaReport:
    """Run every statement of the schema file (idempotent) and record its version."""
    statements = load_cypher_file(SCHEMA_FILE)
    previous = applied_schema_version(client)
    for statement in statements:
        client.write(statement)
    client.write(AWAIT_INDEXES)
    version = schema_version()
    if previous != version:
        for migration in DATA_MIGRATIONS:
            while next(iter(client.write(migration)[0].values())):
                pass
        _tokenize_users(client)
    client.write(MARK_SCHEMA_VERSION, {"version": version, "statements": len(statements)})
    constraints = client.read(SHOW_CONSTRAINTS)
    indexes = client.read(SHOW_INDEXES)
    log.info("schema applied version=%s statements=%d", version, len(statements))
    return SchemaReport(version, len(statements), len(constraints), len(indexes))


def _tokenize_users(client: GraphClient) -> None:
    """Nodes written before ``user_token`` existed get it (the token is computed in Python)."""
    while rows := client.read(USERS_WITHOUT_TOKEN):
        for row in rows:
            client.write(SET_USER_TOKEN, {"user_id": row["user_id"], "token": user_token(row["user_id"])})


def applied_schema_version(client: GraphClient) -> str | None:
    rows = client.read(READ_SCHEMA_VERSION)
    return rows[0]["version"] if rows else None
