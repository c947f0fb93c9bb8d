"""The clinical context a statement is compared with, as of the statement's event time.

:func:`load_clinical` reads a user's clinical resources once (the context types whole, the
Observations of the LOINC codes the statements need) into a :class:`ClinicalRecord`;
:meth:`ClinicalRecord.as_of` gives the pure, time-sliced :class:`ClinicalContext` the rules take.
Status semantics (pure functions below) decide what was active at a given time: a request
authored after the statement did not exist yet; a stopped request is active only until its known
or inferred end (the next request for the same product, or authoredOn + supply).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

from app.db.client import GraphClient
from app.dictionary.models import ConditionEntry, DrugEntry
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile import queries
from app.reconcile.models import Citation

ACTIVE_MED_STATUSES = frozenset({"active", "on-hold", "intended"})
ENDED_MED_STATUSES = frozenset({"stopped", "completed"})
VOID_STATUSES = frozenset({"entered-in-error", "cancelled", "not-taken", "refuted", "draft"})
ACTIVE_CONDITION_STATUSES = frozenset({"active", "recurrence", "relapse"})
RESOLVED_CONDITION_STATUSES = frozenset({"resolved", "inactive", "remission"})
BP_PANEL_CODES: tuple[str, ...] = ("85354-9", "55284-4")
"""Blood pressure panels: always read, the exertion and symptom rules need the latest one."""


def as_utc(value: Any) -> datetime | None:
    """A driver or Python time as an aware ``datetime`` (naive values are taken as UTC)."""
    if value is None:
        return None
    if hasattr(value, "to_native"):
        value = value.to_native()
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    if isinstance(value, str) and value:
        return as_utc(datetime.fromisoformat(value.replace("Z", "+00:00")))
    return None


@dataclass(frozen=True, slots=True)
class Term:
    """A dictionary term a resource's code maps to (from the graph or the snapshot)."""

    label: str  # DrugTerm | ConditionTerm | TestTerm
    key: str
    drug_class: str | None = None
    chronic: bool = False
    high_risk: bool = False
    concepts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ClinicalItem:
    """One FHIR resource as the rules see it."""

    uid: str
    resource_type: str
    fhir_id: str
    display: str = ""
    code_system: str | None = None
    code: str | None = None
    status: str | None = None
    clinical_status: str | None = None
    verification_status: str | None = None
    value: float | None = None
    value_text: str | None = None
    unit: str | None = None
    category: str | None = None
    components: tuple[Mapping[str, Any], ...] = ()
    supply_days: float | None = None
    event_start: datetime | None = None
    event_end: datetime | None = None
    recorded_at: datetime | None = None
    code_displays: tuple[str, ...] = ()
    terms: tuple[Term, ...] = ()
    inferred_end: datetime | None = None

    @property
    def when(self) -> datetime | None:
        return self.event_start or self.recorded_at

    @property
    def text(self) -> str:
        """Display and code displays, lower-cased, for word matching."""
        return " ".join([self.display, *self.code_displays]).lower()

    def term_keys(self, label: str) -> frozenset[str]:
        return frozenset(t.key for t in self.terms if t.label == label)

    def citation(self) -> Citation | None:
        if not self.code_system or not self.code:
            return None
        return Citation(
            resource_type=self.resource_type, system=self.code_system, code=self.code, fhir_id=self.fhir_id
        )

    def component(self, code: str) -> float | None:
        for comp in self.components:
            if comp.get("code") == code and isinstance(comp.get("value"), int | float):
                return float(comp["value"])
        return None


# --- status semantics (pure) ------------------------------------------------------------------


def existed_at(item: ClinicalItem, t: datetime) -> bool:
    """The resource was in the record at ``t`` (undated resources count as always known)."""
    when = item.when
    return when is None or when <= t


def medication_active_at(item: ClinicalItem, t: datetime) -> bool:
    """A MedicationRequest/Statement was in force at ``t``."""
    status = (item.status or "").lower()
    if status in VOID_STATUSES or not existed_at(item, t):
        return False
    end = item.event_end or item.inferred_end
    if status in ENDED_MED_STATUSES:
        return end is not None and end > t
    return end is None or end > t


def condition_active_at(item: ClinicalItem, t: datetime) -> bool:
    """A Condition held at ``t``: onset before, no abatement before, not refuted."""
    if (item.verification_status or "").lower() in VOID_STATUSES or not existed_at(item, t):
        return False
    if item.event_end is not None:
        return item.event_end > t
    return (item.clinical_status or "active").lower() not in RESOLVED_CONDITION_STATUSES


def condition_resolved_at(item: ClinicalItem, t: datetime) -> bool:
    if (item.verification_status or "").lower() in VOID_STATUSES or not existed_at(item, t):
        return False
    return not condition_active_at(item, t)


def allergy_active_at(item: ClinicalItem, t: datetime) -> bool:
    if (item.verification_status or "").lower() in VOID_STATUSES or not existed_at(item, t):
        return False
    return (item.clinical_status or "active").lower() == "active"


def careplan_active_at(item: ClinicalItem, t: datetime) -> bool:
    status = (item.status or "active").lower()
    if status in VOID_STATUSES or status == "revoked" or not existed_at(item, t):
        return False
    if item.event_end is not None:
        return item.event_end > t
    return status in {"active", "on-hold"}


def infer_medication_ends(items: Sequence[ClinicalItem]) -> tuple[ClinicalItem, ...]:
    """Give ended requests without an end date one: the next request for the same product, else
    authoredOn + supply. Without either the end stays unknown (the request is not active)."""
    by_code: dict[tuple[str, str | None], list[ClinicalItem]] = {}
    for item in items:
        if item.resource_type in ("MedicationRequest", "MedicationStatement") and item.event_start:
            by_code.setdefault((item.resource_type, item.code or item.display), []).append(item)
    successors: dict[str, datetime] = {}
    for group in by_code.values():
        group.sort(key=lambda i: i.event_start or datetime.min.replace(tzinfo=UTC))
        for earlier, later in itertools.pairwise(group):
            if later.event_start and earlier.event_start and later.event_start > earlier.event_start:
                successors[earlier.uid] = later.event_start
    out = []
    for item in items:
        if (item.status or "").lower() in ENDED_MED_STATUSES and item.event_end is None:
            end = successors.get(item.uid)
            if end is None and item.supply_days and item.event_start:
                end = item.event_start + timedelta(days=item.supply_days)
            item = replace(item, inferred_end=end)
        out.append(item)
    return tuple(out)


# --- the time-sliced view ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClinicalContext:
    """What the clinical record said at ``as_of`` (resources recorded later are invisible)."""

    as_of: datetime
    items: tuple[ClinicalItem, ...]
    observations: Mapping[str, tuple[ClinicalItem, ...]]
    sex: str | None = None
    age_years: float | None = None
    last_update: datetime | None = None

    def of_type(self, *types: str) -> tuple[ClinicalItem, ...]:
        return tuple(i for i in self.items if i.resource_type in types)

    def latest_observation(self, codes: Iterable[str]) -> ClinicalItem | None:
        """The most recent Observation with one of ``codes`` at or before ``as_of`` (of several taken at that same
        time, the first by uid: :meth:`latest_observations`)."""
        tied = self.latest_observations(codes)
        return tied[0] if tied else None

    def latest_observations(self, codes: Iterable[str]) -> tuple[ClinicalItem, ...]:
        """Every Observation with one of ``codes`` taken at the most recent time at or before ``as_of``, by uid.

        A record may hold two results of one test at one instant (Synthea writes two haemoglobins at 23:45:08 on one
        day, 13.9 and 11.8 g/dL); which is "the latest" is then no fact of the record, and picking one by the order
        the database returns them made the verdict change between runs."""
        dated = {
            obs.uid: (when, obs)
            for code in codes
            for obs in self.observations.get(code, ())
            if (when := obs.when) is not None and when <= self.as_of
        }
        if not dated:
            return ()
        newest = max(when for when, _ in dated.values())
        return tuple(sorted((obs for when, obs in dated.values() if when == newest), key=lambda obs: obs.uid))

    @property
    def record_age_days(self) -> int | None:
        """Days between the latest clinical entry before ``as_of`` and ``as_of``."""
        if self.last_update is None:
            return None
        return max(0, (self.as_of - self.last_update).days)


@dataclass(frozen=True, slots=True)
class ClinicalRecord:
    """All of a user's context resources, loaded once for a batch of statements."""

    items: tuple[ClinicalItem, ...]
    observations: Mapping[str, tuple[ClinicalItem, ...]] = field(default_factory=dict)
    sex: str | None = None
    birth_date: datetime | None = None

    def as_of(self, t: datetime) -> ClinicalContext:
        visible = tuple(i for i in self.items if existed_at(i, t))
        dated = [i.when for i in visible if i.when is not None]
        dated += [
            o.when for obs in self.observations.values() for o in obs if o.when is not None and o.when <= t
        ]
        age = (t - self.birth_date).days / 365.25 if self.birth_date else None
        return ClinicalContext(
            as_of=t,
            items=visible,
            observations=self.observations,
            sex=self.sex,
            age_years=age,
            last_update=max(dated) if dated else None,
        )


def _snapshot_terms(snapshot: DictionarySnapshot | None, item: ClinicalItem) -> tuple[Term, ...]:
    """Terms the snapshot maps the item's primary code to (RxNorm products, SNOMED conditions)."""
    if snapshot is None or not item.code:
        return ()
    terms: list[Term] = []
    if item.resource_type in ("MedicationRequest", "MedicationStatement", "AllergyIntolerance"):
        for drug in snapshot.ingredients_for_rxcui(item.code):
            terms.append(_drug_term(drug))
    if item.resource_type in ("Condition", "AllergyIntolerance"):
        condition = snapshot.condition_by_snomed(item.code)
        if isinstance(condition, ConditionEntry):
            terms.append(Term("ConditionTerm", condition.key, concepts=condition.concepts))
    return tuple(terms)


def _drug_term(drug: DrugEntry) -> Term:
    return Term("DrugTerm", drug.key, drug.drug_class, drug.chronic, drug.high_risk, drug.concepts)


def item_from_row(row: Mapping[str, Any]) -> ClinicalItem:
    components: tuple[Mapping[str, Any], ...] = ()
    raw = row.get("components")
    if raw:
        parsed = json.loads(raw) if isinstance(raw, str) else raw
        components = tuple(c for c in parsed if isinstance(c, dict))
    terms = tuple(
        Term(t["label"], t["key"], t.get("drug_class"), bool(t.get("chronic")), bool(t.get("high_risk")))
        for t in row.get("terms") or ()
        if t and t.get("label") and t.get("key")
    )
    return ClinicalItem(
        uid=row["uid"],
        resource_type=row["resource_type"],
        fhir_id=row["fhir_id"],
        display=row.get("display") or "",
        code_system=row.get("code_system"),
        code=row.get("code"),
        status=row.get("status"),
        clinical_status=row.get("clinical_status"),
        verification_status=row.get("verification_status"),
        value=row.get("value"),
        value_text=row.get("value_text"),
        unit=row.get("unit"),
        category=row.get("category"),
        components=components,
        supply_days=row.get("supply_days"),
        event_start=as_utc(row.get("event_start")),
        event_end=as_utc(row.get("event_end")),
        recorded_at=as_utc(row.get("recorded_at")),
        code_displays=tuple(d for d in row.get("code_displays") or () if d),
        terms=terms,
    )


def load_clinical(
    client: GraphClient,
    user_id: str,
    *,
    loincs: Iterable[str] = (),
    snapshot: DictionarySnapshot | None = None,
) -> ClinicalRecord:
    """Read the user's context resources and the Observations of ``loincs`` (read-only)."""
    rows = client.read(queries.CLINICAL_ITEMS, {"user_id": user_id, "types": list(queries.CONTEXT_TYPES)})
    items = [item_from_row(r) for r in rows]
    items = [replace(i, terms=_merge_terms(i.terms, _snapshot_terms(snapshot, i))) for i in items]
    observations: dict[str, list[ClinicalItem]] = {}
    codes = sorted(set(loincs))
    if codes:
        for row in client.read(queries.OBSERVATIONS_BY_CODE, {"user_id": user_id, "codes": codes}):
            obs = item_from_row(row)
            observations.setdefault(obs.code or "", []).append(obs)
    facts = client.read(queries.SELF_FACTS, {"user_id": user_id})
    sex = facts[0]["sex"] if facts else None
    birth = as_utc(facts[0]["birth_date"][:10]) if facts and facts[0]["birth_date"] else None
    return ClinicalRecord(
        items=infer_medication_ends(items),
        observations={k: tuple(v) for k, v in observations.items()},
        sex=sex,
        birth_date=birth,
    )


def _merge_terms(graph: tuple[Term, ...], dictionary: tuple[Term, ...]) -> tuple[Term, ...]:
    seen = {(t.label, t.key) for t in dictionary}
    return dictionary + tuple(t for t in graph if (t.label, t.key) not in seen)
