"""Turning one turn's candidates into what the writer stores — a pure function, no I/O.

For each candidate, in order: ConText assertions and the memory gate's confidence (fail closed:
an unsure gate admits no clinical record), the alias gate for tests and drugs (exact match after
normalisation; a miss is *blocked and queued*, never stored), the temporal resolution of its
verbatim ``time_text`` against the mention time, and grounding (annotations beside the stated
fact). The result is a :class:`TurnPlan`: record rows with provenance, vocabulary links, ``Self``
facets and static facts, conversation events and the candidate-queue rows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from app.dictionary import DictionarySnapshot
from app.dictionary.gate import AliasGate
from app.dictionary.gate import GateDecision as AliasDecision
from app.dictionary.grounding import ground_test_entry
from app.dictionary.models import ConditionEntry, DrugEntry, Entry, SymptomEntry, TermKind, TestEntry
from app.graph_schema.registry import RECORD_PROPERTIES
from app.ingest.derived.series import dimension, series_key
from app.ingest.narrative.record_types import CLINICAL_TYPES, CandidateRecord
from app.ingest.temporal import TemporalResolution, resolve_all
from app.ingest.write_path.models import BlockedCandidate, GateDecision, event_uid, record_uid
from app.ingest.write_path.search_text import record_search_text

Resolver = Callable[[str, datetime], TemporalResolution]

DRUG_TYPES = frozenset({"medication_intake", "prescription", "regimen_change"})

VITAL_TESTS: dict[tuple[str, str], str] = {
    ("vital_sign", "heart_rate"): "heart_rate",
    ("vital_sign", "temperature"): "body_temperature",
    ("vital_sign", "spo2"): "oxygen_saturation",
    ("body_measurement", "weight"): "body_weight",
    ("body_measurement", "waist"): "waist_circumference",
    ("body_measurement", "bmi"): "bmi",
    ("body_measurement", "body_fat"): "body_fat_percentage",
}
"""(type, kind) -> the dictionary test that grounds it (blood pressure: see :func:`_ground_bp`)."""

AVOIDING_STATUSES = frozenset({"quit", "never", "former", "avoid", "avoids", "avoiding", "stopped", "none"})

CORRECTION_CUE = re.compile(
    r"\b(actually|correction|i meant|i misspoke|sorry,? (?:it|that) (?:was|is)|to correct"
    r"|not \d[\d.,/]*,?)\b",
    re.I,
)
"""A statement that corrects an earlier one (it supersedes the earlier record, never overwrites it)."""

HEIGHT_TO_CM = {"cm": 1.0, "m": 100.0, "in": 2.54, "inch": 2.54, "inches": 2.54, "ft": 30.48, "feet": 30.48}


@dataclass(frozen=True, slots=True)
class Person:
    """What grounding needs to know about the user: sex and age (from ``Self``), and the first names their clinical
    record gives them and its surnames (how a caregiver may call them: "Adán", "Mr Portillo")."""

    sex: str | None = None
    birth_date: date | None = None
    first_names: tuple[str, ...] = ()
    surnames: tuple[str, ...] = ()

    def age_at(self, when: datetime) -> float | None:
        if self.birth_date is None:
            return None
        day = when.date()
        years = day.year - self.birth_date.year - ((day.month, day.day) < (self.birth_date.month, self.birth_date.day))
        return float(years)


@dataclass
class TurnPlan:
    """Everything one turn writes, computed before the transaction opens."""

    records: list[dict[str, Any]] = field(default_factory=list)
    about: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    diagnosed: list[dict[str, Any]] = field(default_factory=list)
    allergic: list[dict[str, Any]] = field(default_factory=list)
    avoids: list[str] = field(default_factory=list)
    self_facts: dict[str, Any] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    blocked: list[BlockedCandidate] = field(default_factory=list)
    queue: list[tuple[AliasDecision, str | None]] = field(default_factory=list)
    corrections: set[str] = field(default_factory=set)

    def link(self, kind: str, uid: str, key: str) -> None:
        self.about.setdefault(kind, []).append({"uid": uid, "key": key})


def plan_turn(
    *,
    user_id: str,
    utterance_id: str,
    masked_text: str,
    mention_time: datetime,
    session_id: str | None,
    gate: GateDecision,
    candidates: Sequence[CandidateRecord],
    extractor_blocked: Sequence[BlockedCandidate],
    blocked_names: Sequence[tuple[str, str, str]] = (),
    residue: Sequence[str],
    snapshot: DictionarySnapshot,
    person: Person,
    resolve: Resolver,
) -> TurnPlan:
    """Gate, resolve and ground the candidates of one (masked) turn into a :class:`TurnPlan`."""
    plan = TurnPlan(blocked=list(extractor_blocked))
    if not gate.retain:
        return plan
    person = _person_with_turn_facts(person, candidates)
    alias_gate = AliasGate(snapshot)
    for kind, name, quote in blocked_names:  # names the extractor saw but no alias matched
        decision = alias_gate.check(kind, name)  # type: ignore[arg-type]
        if not decision.admitted:
            plan.blocked.append(BlockedCandidate(type=kind, reason="alias_miss", name=name, quote=quote))
            plan.queue.append((decision, quote))
    for candidate in candidates:
        reason = _refusal(candidate, gate)
        if reason:
            plan.blocked.append(_blocked(candidate, reason))
            continue
        uid = record_uid(utterance_id, len(plan.records))
        row = _admit(plan, candidate, uid, snapshot, person, mention_time)
        if row is None:
            continue
        time_text, resolution = _time(candidate, resolve, mention_time)
        row.update(_provenance(candidate, uid, user_id, utterance_id, mention_time, time_text, resolution))
        _resolver_fields(row, candidate, resolution)
        _facets(plan, row, candidate)
        dim = dimension(row)
        row["series_key"] = series_key(user_id, dim) if dim else None
        row["series_at"] = (row.get("event_start") or mention_time) if dim else None
        row["search_text"] = record_search_text(row)
        if CORRECTION_CUE.search(candidate.quote):
            plan.corrections.add(uid)
        plan.records.append({k: v for k, v in row.items() if k in RECORD_PROPERTIES and v is not None})
    texts = list(residue)
    if not plan.records or not gate.clinical_allowed:
        texts = [masked_text]
    for i, text in enumerate(t for t in texts if t.strip()):
        plan.events.append(
            {
                "uid": event_uid(utterance_id, i),
                "user_id": user_id,
                "session_id": session_id,
                "speaker": "user",
                "text": text,
                "mention_time": mention_time,
                "search_text": text,
            }
        )
    return plan


def _person_with_turn_facts(person: Person, candidates: Sequence[CandidateRecord]) -> Person:
    sex = next((c.fields["value"] for c in candidates if c.type == "sex" and c.admissible), None)
    return Person(
        sex=sex or person.sex, birth_date=person.birth_date, first_names=person.first_names, surnames=person.surnames
    )


TENTATIVE_OK = frozenset({"goal"})
"""Record types a hedge does not refuse: "maybe I'll aim for 5000 steps" states a goal (the
extractor's ``goal`` policy); negation and other people still do."""


def _refusal(candidate: CandidateRecord, gate: GateDecision) -> str | None:
    for flag in ("negated", "hypothetical", "uncertain", "family"):
        if flag in ("hypothetical", "uncertain") and candidate.type in TENTATIVE_OK:
            continue
        if getattr(candidate, flag):
            return flag
    if not gate.clinical_allowed and candidate.type in CLINICAL_TYPES:
        return "gate_unsure"
    return None


def _blocked(candidate: CandidateRecord, reason: str) -> BlockedCandidate:
    name = candidate.fields.get("name") or candidate.fields.get("drug") or candidate.fields.get("substance")
    return BlockedCandidate(type=candidate.type, reason=reason, name=name, quote=candidate.quote)


def _alias(plan: TurnPlan, gate: AliasGate, kind: TermKind, name: str, candidate: CandidateRecord) -> Entry | None:
    """The alias gate: the entry on an exact match; a miss is blocked and queued (never stored)."""
    decision = gate.check(kind, name)
    if decision.admitted:
        return decision.entry
    plan.blocked.append(_blocked(candidate, "alias_miss"))
    plan.queue.append((decision, candidate.quote))
    return None


def _admit(
    plan: TurnPlan,
    candidate: CandidateRecord,
    uid: str,
    snapshot: DictionarySnapshot,
    person: Person,
    mention_time: datetime,
) -> dict[str, Any] | None:
    """The candidate's stated fields plus grounding, or ``None`` when the alias gate refuses it."""
    row: dict[str, Any] = {"type": candidate.type, **candidate.properties()}
    kind = candidate.type
    age = person.age_at(mention_time)
    if kind == "test_result":
        entry = _alias(plan, AliasGate(snapshot), "test", candidate.fields["name"], candidate)
        if not isinstance(entry, TestEntry):
            return None
        row.update(
            _test_annotation(snapshot, entry, row.get("value", row.get("value_text")), row.get("unit"), person, age)
        )
        plan.link("test", uid, entry.key)
    elif kind in DRUG_TYPES:
        entry = _alias(plan, AliasGate(snapshot), "drug", candidate.fields["drug"], candidate)
        if not isinstance(entry, DrugEntry):
            return None
        row.update(drug=entry.key, standard_key=entry.key, drug_class=entry.drug_class, concepts=list(entry.concepts))
        plan.link("drug", uid, entry.key)
    elif kind == "vital_sign" and candidate.fields.get("kind") == "blood_pressure":
        row.update(_ground_bp(snapshot, row, person, age))
        plan.link("test", uid, "blood_pressure")
    elif (kind, candidate.fields.get("kind")) in VITAL_TESTS:
        test = snapshot.get("test", VITAL_TESTS[(kind, candidate.fields["kind"])])
        if isinstance(test, TestEntry):
            row.update(_test_annotation(snapshot, test, row.get("value"), row.get("unit"), person, age))
            plan.link("test", uid, test.key)
    elif kind in {"condition", "family_history"}:
        name = candidate.fields.get("name") or candidate.fields.get("condition") or ""
        cond = snapshot.lookup("condition", name)
        if isinstance(cond, ConditionEntry):
            row.update(standard_key=cond.key, concepts=list(cond.concepts))
            plan.link("condition", uid, cond.key)
    elif kind == "symptom":
        sym = snapshot.lookup("symptom", candidate.fields["name"])
        if isinstance(sym, SymptomEntry):
            row.update(standard_key=sym.key, concepts=list(sym.concepts) or None)
            plan.link("symptom", uid, sym.key)
    elif kind == "allergy":
        drug = snapshot.lookup("drug", candidate.fields["substance"])
        if isinstance(drug, DrugEntry):
            row.update(standard_key=drug.key, drug_class=drug.drug_class)
            plan.link("drug", uid, drug.key)
    return row


def _test_annotation(
    snapshot: DictionarySnapshot,
    entry: TestEntry,
    value: Any,
    unit: str | None,
    person: Person,
    age: float | None,
) -> dict[str, Any]:
    g = ground_test_entry(snapshot, entry, value, unit, sex=_sex(person), age_years=age)
    return {
        "standard_key": g.standard_key,
        "loinc": g.loinc,
        "value_canonical": g.value_canonical,
        "unit_canonical": g.canonical_unit,
        "abnormal": g.flag,
        "band": g.band,
        "concepts": list(g.concepts) or None,
    }


def _ground_bp(
    snapshot: DictionarySnapshot, row: Mapping[str, Any], person: Person, age: float | None
) -> dict[str, Any]:
    panel = snapshot.get("test", "blood_pressure")
    out: dict[str, Any] = {
        "standard_key": "blood_pressure",
        "loinc": panel.loinc if isinstance(panel, TestEntry) else None,
        "unit_canonical": "mm[Hg]",
    }
    flags: list[tuple[str | None, str | None]] = []
    for part, key in (("systolic", "systolic_bp"), ("diastolic", "diastolic_bp")):
        test = snapshot.get("test", key)
        if row.get(part) is not None and isinstance(test, TestEntry):
            g = ground_test_entry(snapshot, test, row[part], row.get("unit"), sex=_sex(person), age_years=age)
            flags.append((g.flag, g.band))
            if part == "systolic":
                out["value_canonical"] = g.value_canonical
    severity = {"high": 2, "low": 2, "normal": 1, None: 0}
    if flags:
        flag, band = max(flags, key=lambda fb: severity.get(fb[0], 0))
        out.update(abnormal=flag, band=band)
    if isinstance(panel, TestEntry):
        out["concepts"] = list(panel.concepts) or None
    return out


def _sex(person: Person) -> Any:
    return person.sex if person.sex in {"female", "male"} else None


SLEEP_WINDOW_CONVENTION = "7"
"""The temporal convention that resolves "slept from 11pm to 6am" (start, end, duration)."""


def _time(candidate: CandidateRecord, resolve: Resolver, mention_time: datetime) -> tuple[str | None, Any]:
    """The verbatim time expression and its resolution (``None`` when nothing was stated).

    A sleep record takes its window from the quote when the quote states one ("slept from 1 to
    5"): that expression is copied verbatim and resolved by convention 7, never guessed.
    """
    if candidate.type == "sleep":
        window = resolve(candidate.quote, mention_time)
        if window.convention == SLEEP_WINDOW_CONVENTION and window.text:
            return window.text, window
    if not candidate.time_text:
        return None, None
    resolution = resolve(candidate.time_text, mention_time)
    if resolution.kind == "none":  # an expression its sentence resolves ("ran on Sunday": by tense)
        in_quote = [r for r in resolve_all(candidate.quote, mention_time) if r.text == candidate.time_text]
        if in_quote:
            resolution = in_quote[0]
    return candidate.time_text, resolution


def _provenance(
    candidate: CandidateRecord,
    uid: str,
    user_id: str,
    utterance_id: str,
    mention_time: datetime,
    time_text: str | None,
    resolution: Any,
) -> dict[str, Any]:
    anchored = resolution is not None and resolution.kind != "none"
    return {
        "uid": uid,
        "user_id": user_id,
        "status": "current",
        "quote": candidate.quote,
        "reading": candidate.reading,
        "source_type": "utterance",
        "source_id": utterance_id,
        "extractor": candidate.extractor,
        "confidence": candidate.confidence,
        "mention_time": mention_time,
        "time_text": time_text,
        "time_kind": resolution.kind if resolution is not None else "none",
        "time_grain": resolution.grain if anchored else None,
        "event_start": resolution.event_start if anchored else None,
        "event_end": resolution.event_end if anchored else None,
    }


def _resolver_fields(row: dict[str, Any], candidate: CandidateRecord, resolution: Any) -> None:
    """Sleep windows: start, end and duration come from the resolver only (never guessed)."""
    if candidate.type != "sleep" or resolution is None:
        return
    if resolution.convention == SLEEP_WINDOW_CONVENTION and resolution.start and resolution.end:
        row["start"] = datetime.fromisoformat(resolution.start)
        row["end"] = datetime.fromisoformat(resolution.end)
    if row.get("duration_min") is None and resolution.duration_min is not None:
        row["duration_min"] = float(resolution.duration_min)


def _facets(plan: TurnPlan, row: dict[str, Any], candidate: CandidateRecord) -> None:
    kind, uid = candidate.type, row["uid"]
    if kind in ("condition", "allergy") and row.get("stated_status") == "denied":
        return  # a denial is held against the record by the reconciler; it links no concept
    if kind == "condition" and row.get("standard_key"):
        plan.diagnosed.append({"uid": uid, "key": row["standard_key"], "status": row.get("stated_status") or "active"})
    elif kind == "allergy":
        if row.get("standard_key"):
            plan.allergic.append({"uid": uid, "key": row["standard_key"], "reaction": row.get("reaction")})
        else:
            plan.avoids.append(uid)
    elif kind == "lifestyle_baseline" and str(row.get("stated_status", "")).lower() in AVOIDING_STATUSES:
        plan.avoids.append(uid)
    elif kind == "sex":
        plan.self_facts["sex"] = row.get("value_text")
    elif kind == "birth_date" and re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(row.get("date", ""))):
        plan.self_facts["birth_date"] = row["date"]
    elif kind == "height" and row.get("value") is not None:
        factor = HEIGHT_TO_CM.get(str(row.get("unit", "")).lower().strip("."))
        if factor:
            plan.self_facts["height_cm"] = round(float(row["value"]) * factor, 1)
    elif kind == "blood_type":
        plan.self_facts["blood_type"] = f"{row.get('abo')}{row.get('rh') or ''}"
