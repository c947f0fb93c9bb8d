"""Reading and writing a user's profile fields (one ``ProfileField`` node per field)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from app.db.client import GraphClient, Tx
from app.profile import queries


@dataclass(frozen=True)
class StoredField:
    field: str
    text: str
    contract_id: str
    backend: str
    model: str | None
    evidence_hash: str
    evidence_ids: tuple[str, ...]
    data_through: str | None
    generated_at: str
    status: str
    sentences: tuple[dict[str, Any], ...]


def read_fields(client: GraphClient, user_id: str) -> dict[str, StoredField]:
    rows = client.read(queries.STORED_FIELDS, {"user_id": user_id})
    return {
        row["field"]: StoredField(
            field=row["field"],
            text=row["text"] or "",
            contract_id=row["contract_id"] or "",
            backend=row["backend"] or "",
            model=row["model"],
            evidence_hash=row["evidence_hash"] or "",
            evidence_ids=tuple(row["evidence_ids"] or ()),
            data_through=row["data_through"],
            generated_at=row["generated_at"] or "",
            status=row["status"] or "current",
            sentences=tuple(json.loads(row["sentences"] or "[]")),
        )
        for row in rows
    }


def write_fields(tx: Tx, user_id: str, fields: Iterable[dict[str, Any]]) -> int:
    """Upsert fields (text, ids, hashes) and replace their ``DRAWS_ON`` links, in the caller's transaction."""
    rows = [{**f, "sentences": json.dumps(list(f["sentences"]), ensure_ascii=False)} for f in fields]
    if not rows:
        return 0
    tx.run(queries.UPSERT_FIELDS, {"user_id": user_id, "fields": rows})
    return len(rows)


def invalidate_fields_drawing_on(client: GraphClient, user_id: str, node_ids: Iterable[str]) -> list[str]:
    """Mark fields that drew on corrected or deleted nodes as invalidated (they are re-asked next)."""
    rows = client.write(queries.INVALIDATE_DRAWING_ON, {"user_id": user_id, "node_ids": list(node_ids)})
    return [row["field"] for row in rows]


def draws_on_targets(client: GraphClient, user_id: str) -> dict[str, set[str]]:
    targets: dict[str, set[str]] = {}
    for row in client.read(queries.DRAWS_ON_TARGETS, {"user_id": user_id}):
        targets.setdefault(row["field"], set()).add(row["id"])
    return targets
