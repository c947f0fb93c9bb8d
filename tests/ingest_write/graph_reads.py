"""Read-only statements the write-path tests use to look at what was stored."""

from __future__ import annotations

import json
from typing import Any

from app.db.client import GraphClient
from app.db.cypher import Query

RECORDS = Query(
    "test_records",
    "MATCH (r:Record {user_id: $user_id}) RETURN r {.*, embedding: null} AS r ORDER BY r.uid",
)
EDGES = Query(
    "test_edges",
    """
    MATCH (a {user_id: $user_id})-[e]->(b)
    RETURN a.uid AS a, type(e) AS type, coalesce(b.uid, b.key) AS b, properties(e) AS props
    """,
)
SELF_EDGES = Query(
    "test_self_edges",
    """
    MATCH (s:Self {user_id: $user_id})-[e]->(b)
    RETURN type(e) AS type, coalesce(b.uid, b.key) AS b, properties(e) AS props
    """,
)
SELF = Query("test_self", "MATCH (s:Self {user_id: $user_id}) RETURN properties(s) AS s")
ALL_TEXT = Query(
    "test_all_user_text",
    """
    MATCH (n {user_id: $user_id})
    RETURN labels(n) AS labels, [k IN keys(n) WHERE n[k] IS :: STRING | n[k]] AS strings,
           [k IN keys(n) WHERE n[k] IS :: LIST<STRING NOT NULL> | n[k]] AS lists
    """,
)
CANDIDATE = Query("test_candidate", "MATCH (c:Candidate {uid: $uid}) RETURN properties(c) AS c")
DELETE_CANDIDATE = Query("test_delete_candidate", "MATCH (c:Candidate {uid: $uid}) DELETE c")


def records(client: GraphClient, user_id: str, type_: str | None = None) -> list[dict[str, Any]]:
    rows = [row["r"] for row in client.read(RECORDS, {"user_id": user_id})]
    return [r for r in rows if type_ is None or r["type"] == type_]


def derived(record: dict[str, Any]) -> dict[str, Any]:
    return json.loads(record["derived"])


def edges(client: GraphClient, user_id: str, type_: str) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (r["a"], r["b"], r["props"]) for r in client.read(EDGES, {"user_id": user_id}) if r["type"] == type_
    ]


def self_edges(client: GraphClient, user_id: str, type_: str) -> list[tuple[str, dict[str, Any]]]:
    return [(r["b"], r["props"]) for r in client.read(SELF_EDGES, {"user_id": user_id}) if r["type"] == type_]


def self_props(client: GraphClient, user_id: str) -> dict[str, Any]:
    rows = client.read(SELF, {"user_id": user_id})
    return rows[0]["s"] if rows else {}


def all_text(client: GraphClient, user_id: str) -> str:
    """Every string stored on the user's nodes, joined (for "is this text anywhere?" checks)."""
    parts: list[str] = []
    for row in client.read(ALL_TEXT, {"user_id": user_id}):
        parts += row["strings"]
        for values in row["lists"]:
            parts += values
    return "\n".join(parts)
