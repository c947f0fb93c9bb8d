"""Applying ``cypher/schema.cypher`` and reading back what the database holds."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass

from app.db.client import GraphClient
from app.db.cypher import CYPHER_DIR, Query, load_cypher_file

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
    for statement in statements:
        client.write(statement)
    client.write(AWAIT_INDEXES)
    version = schema_version()
    client.write(MARK_SCHEMA_VERSION, {"version": version, "statements": len(statements)})
    constraints = client.read(SHOW_CONSTRAINTS)
    indexes = client.read(SHOW_INDEXES)
    log.info("schema applied version=%s statements=%d", version, len(statements))
    return SchemaReport(version, len(statements), len(constraints), len(indexes))


def applied_schema_version(client: GraphClient) -> str | None:
    rows = client.read(READ_SCHEMA_VERSION)
    return rows[0]["version"] if rows else None
