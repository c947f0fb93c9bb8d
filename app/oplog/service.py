"""Appending operations inside the caller's transaction."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from app.db.client import GraphClient, Tx
from app.oplog import queries


def append_operation(
    tx: Tx,
    *,
    user_id: str | None,
    kind: str,
    actor: str,
    target_ids: Sequence[str] = (),
    payload: Mapping[str, Any] | None = None,
) -> str:
    """Record one change in the same transaction as the change itself.

    ``payload`` must hold ids, counts and versions only: never health text.
    """
    uid = f"op-{uuid.uuid4().hex}"
    tx.run(
        queries.APPEND_OPERATION,
        {
            "uid": uid,
            "user_id": user_id,
            "kind": kind,
            "actor": actor,
            "target_ids": list(target_ids),
            "payload": json.dumps(dict(payload or {}), sort_keys=True, default=str),
        },
    )
    return uid


def list_operations(client: GraphClient, user_id: str, limit: int = 100) -> list[dict[str, Any]]:
    return client.read(queries.LIST_OPERATIONS, {"user_id": user_id, "limit": limit})
