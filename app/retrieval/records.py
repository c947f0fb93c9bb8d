"""The records and trends reads behind the REST API (thin: they build plans and run them)."""

from __future__ import annotations

from typing import Any

from app.db.client import GraphClient
from app.db.cypher import allowed
from app.dictionary.normalize import normalize_alias
from app.errors import InvalidInput, NotFound
from app.graph_schema.narrative import Record
from app.graph_schema.registry import FHIR_TYPE_LABELS, RECORD_PROPERTIES
from app.ingest.narrative.record_types import RECORD_TYPES
from app.retrieval import queries
from app.retrieval.models import RetrievedItem, Stream, TimeWindow
from app.retrieval.router import METRIC_KINDS
from app.retrieval.service import ensure_user
from app.retrieval.structured import READING_TYPES, StructuredPlan, run_plan
from app.retrieval.trends import compute_trend

_NUMERIC = frozenset(
    name
    for name, prop in Record.defined_properties(aliases=False, rels=False).items()
    if type(prop).__name__ in ("FloatProperty", "IntegerProperty")
)


def parse_field_filters(raw: list[str]) -> list[tuple[str, Any]]:
    """``name:value`` pairs; the name must be a declared Record property, numbers are cast."""
    out: list[tuple[str, Any]] = []
    for entry in raw:
        name, sep, value = entry.partition(":")
        if not sep:
            raise InvalidInput("A field filter is name:value.", field="field")
        allowed(name, RECORD_PROPERTIES, "record field")
        if name in _NUMERIC:
            try:
                out.append((name, float(value)))
            except ValueError as exc:
                raise InvalidInput("This field is numeric.", field=name) from exc
        else:
            out.append((name, value))
    return out


def list_records(
    client: GraphClient,
    user_id: str,
    type_name: str | None,
    filters: list[tuple[str, Any]],
    window: TimeWindow | None,
    stream: Stream | None,
    limit: int,
) -> list[RetrievedItem]:
    """Records of either stream; ``type_name`` is a narrative record type or a FHIR resource type."""
    ensure_user(client, user_id)
    types: tuple[str, ...] | None = None
    resource_types: tuple[str, ...] | None = None
    if type_name is not None:
        if type_name in FHIR_TYPE_LABELS:
            resource_types = (type_name,)
            stream = stream or "clinical"
            types = ()
        else:
            allowed(type_name, frozenset(RECORD_TYPES), "record type")
            types = (type_name,)
    streams: tuple[Stream, ...] = (stream,) if stream else ("narrative", "clinical")
    if types == ():
        streams = tuple(s for s in streams if s == "clinical")
    plan = StructuredPlan(
        intent="records",
        types=types or None,
        resource_types=resource_types,
        filters=tuple(filters),
        window=window,
        streams=streams,
        limit=limit,
    )
    items, _ = run_plan(client, user_id, plan)
    return items


def resolve_metric(
    client: GraphClient, metric: str
) -> tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """A metric name (test key, test alias or everyday metric word) -> (name, keys, loincs, kinds)."""
    norm = normalize_alias(metric.replace("_", " "))
    kinds = tuple(kind for phrase, (kind, _) in METRIC_KINDS.items() if phrase == norm or kind == metric)
    loincs = [loinc for phrase, (kind, loinc) in METRIC_KINDS.items() if phrase == norm or kind == metric]
    row = client.read(queries.TEST_TERM, {"key": metric, "norm": norm})[0]
    keys: tuple[str, ...] = (row["key"],) if row["key"] else ()
    if row["loinc"]:
        loincs.append(row["loinc"])
    if not keys and not kinds:
        raise NotFound("Unknown metric.", metric=metric)
    return (keys[0] if keys else kinds[0]), keys, tuple(dict.fromkeys(loincs)), kinds


def metric_trend(
    client: GraphClient, user_id: str, metric: str, window: TimeWindow | None, limit: int
) -> dict[str, Any]:
    ensure_user(client, user_id)
    name, keys, loincs, kinds = resolve_metric(client, metric)
    plan = StructuredPlan(
        intent="readings",
        types=READING_TYPES,
        resource_types=("Observation",),
        metric=name,
        metric_keys=keys,
        loincs=loincs,
        kinds=kinds,
        window=window,
        limit=limit,
        trend=True,
    )
    points, trend = run_plan(client, user_id, plan)
    stored_plan = StructuredPlan(
        intent="records",
        types=("metric_trend",),
        metric_keys=keys or kinds,
        streams=("narrative",),
        limit=5,
    )
    stored, _ = run_plan(client, user_id, stored_plan)
    return {"metric": name, "trend": trend or compute_trend(name, []), "points": points, "stored": stored}
