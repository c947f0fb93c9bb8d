"""Rehydration: every returned item is read back from its node, so what an agent sees (value, unit,
source, quote, event and mention time) comes from fields, never from ``search_text``.

The node is re-read by id AND user (a stale or foreign id yields nothing), with its temporal
context: the previous and next record of the same metric (``NEXT``) and the episode it belongs to
(``PART_OF``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from neo4j.time import Date, DateTime

from app.db.client import GraphClient
from app.retrieval import queries
from app.retrieval.models import (
    BranchScores,
    ItemKind,
    Neighbour,
    Provenance,
    RetrievedItem,
    Stream,
    TemporalContext,
)

PROVENANCE_KEYS = frozenset(Provenance.model_fields)
HIDDEN_KEYS = frozenset({"uid", "user_id", "embedding", "search_text", "resource", "type", "resource_type"})


def plain(value: Any) -> Any:
    """Neo4j temporal values as ISO strings; everything else unchanged."""
    if isinstance(value, DateTime | Date):
        return value.iso_format()
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def _kind(labels: Sequence[str]) -> tuple[ItemKind, Stream]:
    if "FhirResource" in labels:
        return "fhir_resource", "clinical"
    if "ConversationEvent" in labels:
        return "conversation_event", "narrative"
    return "record", "narrative"


def _neighbour(raw: Mapping[str, Any] | None) -> Neighbour | None:
    if not raw:
        return None
    return Neighbour(**{k: plain(v) for k, v in raw.items() if k in Neighbour.model_fields})


def item_from_row(
    row: Mapping[str, Any], scores: BranchScores | None = None, with_context: bool = True
) -> RetrievedItem:
    """Build a :class:`RetrievedItem` from a :data:`queries.REHYDRATE` row."""
    props = {k: plain(v) for k, v in row["props"].items() if v is not None}
    kind, stream = _kind(row["labels"])
    if kind == "fhir_resource":
        item_type = props.get("resource_type", "FhirResource")
        provenance = Provenance(
            source_type="fhir",
            source_id=props.get("fhir_id"),
            **{k: props[k] for k in ("recorded_at", "event_start", "event_end") if k in props},
        )
    elif kind == "conversation_event":
        item_type = "conversation_event"
        provenance = Provenance(
            source_type="conversation",
            source_id=props.get("external_id") or props.get("uid"),
            quote=props.get("text"),
            mention_time=props.get("mention_time"),
        )
    else:
        item_type = props.get("type", "record")
        provenance = Provenance(**{k: props[k] for k in PROVENANCE_KEYS if k in props})
    fields = {k: v for k, v in props.items() if k not in PROVENANCE_KEYS and k not in HIDDEN_KEYS}
    context = None
    if with_context and any(row.get(k) for k in ("previous", "next", "episode")):
        context = TemporalContext(
            previous=_neighbour(row.get("previous")),
            next=_neighbour(row.get("next")),
            episode=_neighbour(row.get("episode")),
        )
    return RetrievedItem(
        uid=props.get("uid", row["id"]),
        kind=kind,
        stream=stream,
        type=item_type,
        fields=fields,
        provenance=provenance,
        scores=scores or BranchScores(),
        context=context,
    )


def rehydrate(
    client: GraphClient,
    user_id: str,
    ids: Sequence[str],
    scores: Mapping[str, BranchScores] | None = None,
    *,
    with_context: bool = True,
) -> list[RetrievedItem]:
    """Re-read the nodes (in the order of ``ids``) of this user only."""
    if not ids:
        return []
    rows = client.read(queries.REHYDRATE, {"user_id": user_id, "ids": list(ids)})
    by_id: dict[str, Mapping[str, Any]] = {}
    for row in rows:
        by_id.setdefault(row["id"], row)
    return [item_from_row(by_id[i], (scores or {}).get(i), with_context) for i in ids if i in by_id]


def goals_and_constraints(
    client: GraphClient, user_id: str, limit: int = 20
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The user's current goals (``AIMS_FOR``) and constraints (``AVOIDS``)."""
    rows = client.read(queries.ACTIVE_GOALS_AND_CONSTRAINTS, {"user_id": user_id, "limit": limit})
    goals: list[dict[str, Any]] = []
    constraints: list[dict[str, Any]] = []
    for row in rows:
        props = {k: plain(v) for k, v in row["props"].items() if v is not None}
        (goals if row["relation"] == "AIMS_FOR" else constraints).append(props)
    return goals, constraints
