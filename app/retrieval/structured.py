"""Structured retrieval: records by type, metric, field and time window, across both streams.

A :class:`StructuredPlan` (built by the router's rules, or by the REST filters) names what to read;
:func:`run_plan` reads the narrative records and the FHIR resources that match, merges them by
time (each item marked with its stream), and computes the trend when the plan asks for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from app.db.client import GraphClient
from app.db.cypher import allowed
from app.graph_schema.registry import FHIR_TYPE_LABELS, RECORD_PROPERTIES
from app.retrieval import queries
from app.retrieval.models import RetrievedItem, Stream, TimeWindow, Trend
from app.retrieval.rehydrate import rehydrate
from app.retrieval.trends import compute_trend

Intent = Literal["readings", "medications", "allergies", "conditions", "records"]

READING_TYPES = ("test_result", "vital_sign", "body_measurement")

NARRATIVE_TO_FHIR: dict[str, tuple[str, ...]] = {
    "test_result": ("Observation",),
    "vital_sign": ("Observation",),
    "body_measurement": ("Observation",),
    "condition": ("Condition",),
    "allergy": ("AllergyIntolerance",),
    "prescription": ("MedicationRequest", "MedicationStatement"),
    "medication_intake": ("MedicationStatement",),
    "current_medication": ("MedicationRequest", "MedicationStatement"),
    "surgery_history": ("Procedure",),
    "clinical_visit": ("Encounter",),
    "goal": ("Goal",),
}
"""Which FHIR resource types hold the same kind of fact as a narrative record type."""

INTENT_TYPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "readings": (READING_TYPES, ("Observation",)),
    "medications": (("current_medication",), ("MedicationRequest", "MedicationStatement")),
    "allergies": (("allergy",), ("AllergyIntolerance",)),
    "conditions": (("condition",), ("Condition",)),
}
"""Intent -> (narrative record types, FHIR resource types)."""

EXCLUDED_STATUSES: dict[str, tuple[str, ...]] = {
    "readings": ("entered-in-error", "cancelled"),
    "medications": ("entered-in-error", "cancelled", "stopped", "completed", "on-hold", "draft", "not-taken"),
    "allergies": ("entered-in-error",),
    "conditions": ("entered-in-error",),
    "records": ("entered-in-error",),
}
EXCLUDED_CLINICAL_STATUSES: dict[str, tuple[str, ...]] = {
    "allergies": ("inactive", "resolved"),
    "conditions": ("inactive", "resolved", "remission"),
}
RESOLVED_STATED = frozenset({"resolved", "denied", "achieved", "abandoned", "superseded", "not_pregnant"})


class StructuredPlan(BaseModel):
    """What structured retrieval reads. Frozen: the router builds a new one per request."""

    model_config = ConfigDict(frozen=True)

    intent: Intent = "records"
    types: tuple[str, ...] | None = None
    resource_types: tuple[str, ...] | None = None
    metric: str | None = None
    metric_keys: tuple[str, ...] | None = None
    loincs: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    concepts: tuple[str, ...] = ()
    filters: tuple[tuple[str, Any], ...] = ()
    window: TimeWindow | None = None
    streams: tuple[Stream, ...] = ("narrative", "clinical")
    limit: int = 20
    trend: bool = False


def validated_filters(filters: Iterable[tuple[str, Any]]) -> list[dict[str, Any]]:
    """Field filters as query parameters; names must be declared Record properties."""
    return [
        {"name": allowed(name, RECORD_PROPERTIES, "record field"), "value": value} for name, value in filters
    ]


def _window_params(window: TimeWindow | None) -> dict[str, Any]:
    start = window.start if window else None
    end = window.end if window else None
    return {"from": start, "to": end}


def narrative_ids(client: GraphClient, user_id: str, plan: StructuredPlan) -> list[tuple[str, Any]]:
    types = plan.types if plan.types is not None else INTENT_TYPES.get(plan.intent, (None, None))[0]
    has_metric = plan.metric_keys is not None or plan.kinds or plan.loincs or plan.concepts
    params = {
        "user_id": user_id,
        "types": list(types) if types else None,
        "metric_keys": list(plan.metric_keys or ()) if has_metric else None,
        "loincs": list(plan.loincs),
        "kinds": list(plan.kinds),
        "concepts": list(plan.concepts),
        "statuses": ["current"],
        "filters": validated_filters(plan.filters),
        "limit": plan.limit,
        **_window_params(plan.window),
    }
    return [(row["id"], row["at"]) for row in client.read(queries.NARRATIVE_RECORDS, params)]


def clinical_ids(client: GraphClient, user_id: str, plan: StructuredPlan) -> list[tuple[str, Any]]:
    if plan.filters:
        return []  # field filters name narrative properties; FHIR resources are not filtered by them
    resource_types = plan.resource_types
    if resource_types is None:
        if plan.types is not None:
            resource_types = tuple(dict.fromkeys(r for t in plan.types for r in NARRATIVE_TO_FHIR.get(t, ())))
            if not resource_types:
                return []
        else:
            resource_types = INTENT_TYPES.get(plan.intent, (None, None))[1]
    for label in resource_types or ():
        allowed(label, FHIR_TYPE_LABELS, "resource type")
    has_metric = plan.metric_keys is not None or plan.loincs or plan.concepts
    params = {
        "user_id": user_id,
        "resource_types": list(resource_types) if resource_types else None,
        "metric_keys": list(plan.metric_keys or ()) if has_metric else None,
        "loincs": list(plan.loincs),
        "excluded_statuses": list(EXCLUDED_STATUSES.get(plan.intent, ())),
        "excluded_clinical_statuses": list(EXCLUDED_CLINICAL_STATUSES.get(plan.intent, ())),
        "limit": plan.limit,
        **_window_params(plan.window),
    }
    return [(row["id"], row["at"]) for row in client.read(queries.CLINICAL_RESOURCES, params)]


def still_valid(item: RetrievedItem, at: datetime | None) -> bool:
    """A state the user said was over (resolved condition, ended medication) is not current."""
    if item.fields.get("stated_status") in RESOLVED_STATED:
        return False
    end = item.provenance.event_end
    if at is not None and end and item.type in ("condition", "current_medication", "pregnancy_status"):
        ended = datetime.fromisoformat(end)
        moment = at if at.tzinfo or not ended.tzinfo else at.replace(tzinfo=ended.tzinfo)
        return ended > moment
    return True


def run_plan(
    client: GraphClient, user_id: str, plan: StructuredPlan, at: datetime | None = None
) -> tuple[list[RetrievedItem], Trend | None]:
    """Read both streams, newest first, limited to ``plan.limit``; with the trend if asked."""
    found: list[tuple[str, Any]] = []
    if "narrative" in plan.streams:
        found += narrative_ids(client, user_id, plan)
    if "clinical" in plan.streams:
        found += clinical_ids(client, user_id, plan)
    found.sort(key=lambda pair: _sort_key(pair[1]), reverse=True)
    ids = [item_id for item_id, _ in found]
    items = rehydrate(client, user_id, ids, with_context=plan.intent == "readings")
    if plan.intent in ("medications", "conditions", "allergies"):
        items = [item for item in items if still_valid(item, at)]
    items = items[: plan.limit]
    trend = compute_trend(plan.metric or "metric", items) if plan.trend else None
    return items, trend


def _sort_key(value: Any) -> float:
    if value is None:
        return float("-inf")
    native = value.to_native() if hasattr(value, "to_native") else value
    if isinstance(native, datetime):
        return (native if native.tzinfo else native.replace(tzinfo=UTC)).timestamp()
    return float("-inf")
