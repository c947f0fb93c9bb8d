"""The deterministic composer: a faithful, characterising answer to each question, no model needed.

It writes a few sentences from the field's evidence — direction and timing for measurements,
frequency and pattern for habits, status for goals and medicines — and every sentence carries the
ids of the evidence it used. Every value, unit and date in the text is copied from an evidence
item (never computed into a new clinical value, never invented); counts and averages of the
user's own reports are the only derived numbers, and they say so. Only ``action_items`` recommends.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from app.profile.contract import FieldName
from app.profile.evidence import Evidence, EvidenceItem
from app.profile.phrasing import (
    Reading,
    age_years,
    day_month_year,
    join_words,
    month_year,
    number,
    readings_of,
)

MAX_CHARS = 500
NOTHING_YET = "Nothing recorded so far answers this question."


@dataclass(frozen=True)
class Sentence:
    """One sentence and the evidence ids it used; ``derived`` lists the numbers it computed itself
    (counts and averages of the user's own reports, an age), which the fabrication guard allows."""

    text: str
    ids: tuple[str, ...]
    derived: tuple[str, ...] = ()


@dataclass(frozen=True)
class ComposedField:
    text: str
    sentences: tuple[Sentence, ...]

    @property
    def derived_numbers(self) -> tuple[str, ...]:
        return tuple(n for s in self.sentences for n in s.derived)

    @property
    def evidence_ids(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for sentence in self.sentences:
            for item_id in sentence.ids:
                seen.setdefault(item_id)
        return tuple(seen)


def compose(field: FieldName, evidence: Evidence, items: tuple[EvidenceItem, ...]) -> ComposedField:
    """Compose the answer of one field from its evidence (pure)."""
    sentences = [s for s in _WRITERS[field](evidence, items) if s.text]
    kept: list[Sentence] = []
    length = 0
    for sentence in sentences:
        if length + len(sentence.text) + 1 > MAX_CHARS and kept:
            break
        kept.append(sentence)
        length += len(sentence.text) + 1
    if not kept:
        return ComposedField(NOTHING_YET, ())
    return ComposedField(" ".join(s.text for s in kept), tuple(kept))


# --- per field -----------------------------------------------------------------------------------


def _who(evidence: Evidence, items: tuple[EvidenceItem, ...]) -> list[Sentence]:
    out: list[Sentence] = []
    static = next((i for i in items if i.kind == "self"), None)
    conditions = _active_conditions(items)
    meds = _active_medications(items)
    person = "A person"
    ids: list[str] = []
    if static is not None:
        age = age_years(static.facts.get("birth_date"), evidence.as_of)
        sex = {"female": "woman", "male": "man"}.get(str(static.facts.get("sex")), "person")
        person = f"A {age}-year-old {sex}" if age is not None else f"A {sex}"
        ids.append(static.id)
    if conditions:
        names = [name for name, _ in conditions[:3]]
        out.append(
            Sentence(
                f"{person} living with {join_words(names)}.",
                (*ids, *(i for _, i in conditions[:3])),
                _derived(person),
            )
        )
    elif static is not None:
        out.append(Sentence(f"{person} with no active condition on record.", tuple(ids), _derived(person)))
    if meds:
        out.append(Sentence(f"Medicines: {join_words([m for m, _ in meds[:4]])}.", tuple(i for _, i in meds[:4])))
    clinical = [i for i in items if i.stream == "clinical"]
    narrative = {i.id: i for i in items if i.stream == "narrative"}
    if clinical or narrative:
        first = min((i.event_time for i in clinical if i.event_time), default=None)
        parts = []
        if clinical:
            parts.append(f"a clinical record reaching back to {month_year(first)}")
        if narrative:
            parts.append(
                f"{len(narrative)} self-report{'s' if len(narrative) != 1 else ''} on conditions and medicines"
            )
        out.append(
            Sentence(
                f"The memory holds {join_words(parts)}.",
                tuple(i.id for i in [*clinical, *narrative.values()][:5]),
                (str(len(narrative)),),
            )
        )
    return out


def _physical(evidence: Evidence, items: tuple[EvidenceItem, ...]) -> list[Sentence]:
    out = _measurement_sentences(items, limit=3)
    symptoms = [i for i in items if i.kind == "symptom"]
    if symptoms:
        counts = Counter(str(i.facts.get("name")) for i in symptoms)
        name, count = counts.most_common(1)[0]
        latest = max(symptoms, key=lambda i: i.event_time or "")
        times = "once" if count == 1 else f"{count} times"
        others = [n for n, _ in counts.most_common(3)[1:]]
        tail = f", besides {join_words(others)}" if others else ""
        out.append(
            Sentence(
                f"They reported {name} {times}, most recently in {month_year(latest.event_time)}{tail}.",
                tuple(i.id for i in symptoms[:5]),
                (str(count),),
            )
        )
    safety = [i for i in items if i.kind == "finding" and i.facts.get("safety_critical")]
    if safety:
        noun = "discrepancy with the record is" if len(safety) == 1 else "discrepancies with the record are"
        out.append(
            Sentence(
                f"{len(safety)} safety-critical {noun} open.",
                tuple(i.id for i in safety),
                (str(len(safety)),),
            )
        )
    conditions = _active_conditions(items)
    if not out and conditions:
        out.append(
            Sentence(
                f"Recorded conditions: {join_words([n for n, _ in conditions[:3]])}.",
                tuple(i for _, i in conditions[:3]),
            )
        )
    return out


def _behavioural(evidence: Evidence, items: tuple[EvidenceItem, ...]) -> list[Sentence]:
    out: list[Sentence] = []
    sleep = [i for i in items if i.kind == "sleep"]
    durations = [float(i.facts["duration_min"]) for i in sleep if isinstance(i.facts.get("duration_min"), int | float)]
    if sleep:
        text = f"They reported sleep on {len(sleep)} night{'s' if len(sleep) != 1 else ''}"
        if len(durations) == 1:
            text += f", {durations[0] / 60:.1f} hours"
        elif durations:
            short = sum(1 for d in durations if d < 360)
            text += f", averaging {sum(durations) / len(durations) / 60:.1f} hours over the reported nights"
            if short:
                text += f", {short} of them under six hours"
        out.append(
            Sentence(
                text + "; unreported nights are unknown, not good.",
                tuple(i.id for i in sleep[:6]),
                _derived(text),
            )
        )
    exercise = [i for i in items if i.kind == "exercise"]
    if exercise:
        activities = Counter(str(i.facts.get("activity") or "exercise") for i in exercise)
        latest = max(exercise, key=lambda i: i.event_time or "")
        out.append(
            Sentence(
                f"Activity reports: {join_words([f'{a} ({c}x)' for a, c in activities.most_common(3)])}, "
                f"the latest in {month_year(latest.event_time)}.",
                tuple(i.id for i in exercise[:6]),
                tuple(str(c) for c in activities.values()),
            )
        )
    moods = [i for i in items if i.kind == "mood_stress" and i.facts.get("level")]
    if moods:
        latest = max(moods, key=lambda i: i.event_time or "")
        out.append(
            Sentence(
                f"Latest {latest.facts.get('kind') or 'mood'} report: {latest.facts['level']} "
                f"({day_month_year(latest.event_time)}).",
                (latest.id,),
            )
        )
    changes = [i for i in items if i.kind == "regimen_change" and i.facts.get("action") in {"skip", "stop"}]
    if changes:
        latest = max(changes, key=lambda i: i.event_time or "")
        verb = {"skip": "skipped", "stop": "stopped"}[str(latest.facts["action"])]
        out.append(
            Sentence(
                f"Medication taking is uneven: they {verb} {latest.facts.get('drug')} "
                f"({day_month_year(latest.event_time)}).",
                tuple(i.id for i in changes[:4]),
            )
        )
    meals = [i for i in items if i.kind == "meal"]
    if meals:
        foods = Counter(str(i.facts.get("food")) for i in meals if i.facts.get("food"))
        if foods:
            out.append(
                Sentence(
                    f"Meals mentioned most: {join_words([f for f, _ in foods.most_common(3)])}.",
                    tuple(i.id for i in meals[:5]),
                )
            )
    return out


def _constraints(evidence: Evidence, items: tuple[EvidenceItem, ...]) -> list[Sentence]:
    out: list[Sentence] = []
    allergies = [
        i
        for i in items
        if i.kind == "AllergyIntolerance" or (i.kind == "allergy" and i.facts.get("stated_status") != "denied")
    ]
    if allergies:
        names = sorted({str(i.facts.get("display") or i.facts.get("substance")) for i in allergies})
        out.append(Sentence(f"Allergies on record: {join_words(names[:4])}.", tuple(i.id for i in allergies[:6])))
    else:
        out.append(Sentence("No allergy is recorded, which is not the same as none.", ()))
    high_risk = [(m, i) for m, i, risky in _active_medications_with_risk(items) if risky]
    if high_risk:
        out.append(
            Sentence(
                f"Active high-risk medicines whose interruption matters: {join_words([m for m, _ in high_risk[:3]])}.",
                tuple(i for _, i in high_risk[:3]),
            )
        )
    conditions = _active_conditions(items)
    if conditions:
        out.append(
            Sentence(
                f"Conditions that shape what is safe: {join_words([n for n, _ in conditions[:3]])}.",
                tuple(i for _, i in conditions[:3]),
            )
        )
    safety = [i for i in items if i.kind == "finding" and i.facts.get("safety_critical")]
    if safety:
        out.append(
            Sentence(
                f"{len(safety)} safety-critical finding(s) stay open until reviewed.",
                tuple(i.id for i in safety),
                (str(len(safety)),),
            )
        )
    return out if any(s.ids for s in out) else []


def _goals(evidence: Evidence, items: tuple[EvidenceItem, ...]) -> list[Sentence]:
    out: list[Sentence] = []
    goals = [
        i
        for i in items
        if i.kind in {"goal", "goal_trajectory", "Goal", "CarePlan"}
        and i.facts.get("status") not in _CLOSED_PLAN_STATUSES
        and i.facts.get("stated_status") not in {"achieved", "abandoned", "superseded"}
    ]
    for goal in sorted(goals, key=lambda i: i.event_time or "", reverse=True)[:3]:
        target = goal.facts.get("target") or goal.facts.get("display")
        status = goal.facts.get("stated_status") or goal.facts.get("status")
        since = month_year(goal.event_time)
        text = f"Goal: {target}" if goal.stream != "clinical" else f"The care plan names {target}"
        out.append(Sentence(f"{text} (set {since}{', ' + str(status) if status else ''}).", (goal.id,)))
    out += _measurement_sentences(items, limit=1)
    return out if goals else []


def _preferences(evidence: Evidence, items: tuple[EvidenceItem, ...]) -> list[Sentence]:
    out: list[Sentence] = []
    reasons = [i for i in items if i.kind == "regimen_change" and i.facts.get("reason")]
    for change in sorted(reasons, key=lambda i: i.event_time or "", reverse=True)[:2]:
        verb = {
            "stop": "stopped",
            "start": "started",
            "skip": "skipped",
            "dose_change": "changed the dose of",
        }.get(str(change.facts.get("action")), "changed")
        out.append(
            Sentence(
                f"They {verb} {change.facts.get('drug')} in {month_year(change.event_time)}, "
                f"giving the reason: {change.facts['reason']}.",
                (change.id,),
            )
        )
    exercise = [i for i in items if i.kind == "exercise" and i.facts.get("activity")]
    if exercise:
        favourite, count = Counter(str(i.facts["activity"]) for i in exercise).most_common(1)[0]
        out.append(
            Sentence(
                f"Their usual activity is {favourite} ({count} report{'s' if count != 1 else ''}).",
                tuple(i.id for i in exercise if i.facts["activity"] == favourite)[:5],
                (str(count),),
            )
        )
    habits = [i for i in items if i.kind == "lifestyle_baseline"]
    for habit in habits[:2]:
        out.append(
            Sentence(
                f"Stated {habit.facts.get('habit')} habit: {habit.facts.get('stated_status') or 'noted'}.",
                (habit.id,),
            )
        )
    return out


def _actions(evidence: Evidence, items: tuple[EvidenceItem, ...]) -> list[Sentence]:
    out: list[Sentence] = []
    findings = sorted(
        (i for i in items if i.kind == "finding"),
        key=lambda i: {"high": 0, "medium": 1, "low": 2}.get(str(i.facts.get("severity")), 3),
    )
    for finding in findings[:3]:
        named = finding.facts.get("drug") or finding.facts.get("name")
        subject = str(named) if named else _REPORT_NOUNS.get(str(finding.facts.get("record_type")), "the report")
        if finding.facts.get("kind") == "contradiction":
            text = f"Review {subject} with the care team: the user's report conflicts with the record"
        else:
            text = f"Bring {subject} to the care team's attention: the record does not hold it"
        severity = finding.facts.get("severity")
        flag = ", safety-critical" if finding.facts.get("safety_critical") else ""
        out.append(Sentence(f"{text} ({severity or 'unrated'}{flag}).", (finding.id,)))
    for readings in readings_of(items).values():
        latest = readings[-1]
        if latest.flag in {"high", "low"} and len(out) < 4:
            out.append(
                Sentence(
                    f"Recheck {latest.label}: the latest value, {f'{number(latest.value)} {latest.unit}'.strip()}"
                    f" on {day_month_year(latest.time)}, was {latest.flag}.",
                    (latest.source_id,),
                )
            )
    return out


_WRITERS: dict[FieldName, Callable[[Evidence, tuple[EvidenceItem, ...]], list[Sentence]]] = {
    "who": _who,
    "physical_state": _physical,
    "behavioral_state": _behavioural,
    "medical_constraints": _constraints,
    "trajectory_goal": _goals,
    "trajectory_preference": _preferences,
    "action_items": _actions,
}


# --- shared pieces -----------------------------------------------------------------------------


def _measurement_sentences(items: tuple[EvidenceItem, ...], limit: int) -> list[Sentence]:
    scored: list[tuple[int, Sentence]] = []
    for readings in readings_of(items).values():
        scored.append(_series_sentence(readings))
    scored.sort(key=lambda pair: -pair[0])
    return [sentence for _, sentence in scored[:limit]]


def _series_sentence(readings: list[Reading]) -> tuple[int, Sentence]:
    latest = readings[-1]
    comparable = [r for r in readings if r.unit.lower() == latest.unit.lower()]
    flag = f" (flagged {latest.flag})" if latest.flag in {"high", "low"} else ""
    if len(comparable) >= 2:
        first = comparable[0]
        if latest.value == first.value:
            verb = "held at"
            text = (
                f"{latest.label.capitalize()} {verb} {number(latest.value)} {latest.unit} "
                f"from {month_year(first.time)} to {month_year(latest.time)}{flag}."
            )
        else:
            verb = "rose" if latest.value > first.value else "fell"
            bands = (
                f" ({first.flag} → {latest.flag})" if first.flag and latest.flag and first.flag != latest.flag else flag
            )
            span = (
                f"in {month_year(latest.time)}"
                if month_year(first.time) == month_year(latest.time)
                else f"between {month_year(first.time)} and {month_year(latest.time)}"
            )
            text = (
                f"{latest.label.capitalize()} {verb} from {number(first.value)} to {number(latest.value)} "
                f"{latest.unit} {span}{bands}."
            )
        score = 2 + (1 if latest.flag in {"high", "low"} else 0) + (1 if verb != "held at" else 0)
        ids: tuple[str, ...] = (first.source_id, latest.source_id)
    else:
        text = f"Latest {latest.label}: {number(latest.value)} {latest.unit} on {day_month_year(latest.time)}{flag}."
        score = 1 + (1 if latest.flag in {"high", "low"} else 0)
        ids = (latest.source_id,)
    return score, Sentence(text.replace("  ", " "), ids)


def _active_conditions(items: tuple[EvidenceItem, ...]) -> list[tuple[str, str]]:
    found: dict[str, str] = {}
    for item in sorted(items, key=lambda i: i.event_time or "", reverse=True):
        if item.kind == "Condition" and item.facts.get("clinical_status") in {
            None,
            "active",
            "recurrence",
            "relapse",
        }:
            found.setdefault(_clean(item.facts.get("display")), item.id)
        elif item.kind == "condition" and item.facts.get("stated_status") not in ("resolved", "denied"):
            found.setdefault(_clean(item.facts.get("name")), item.id)
    return [(name, item_id) for name, item_id in found.items() if name]


def _active_medications(items: tuple[EvidenceItem, ...]) -> list[tuple[str, str]]:
    return [(name, item_id) for name, item_id, _ in _active_medications_with_risk(items)]


def _active_medications_with_risk(items: tuple[EvidenceItem, ...]) -> list[tuple[str, str, bool]]:
    """Medicines the record lists as active or the user reports taking, each with a note when the
    user's latest statement disagrees ("reported stopped in May 2021"): both streams are kept."""
    found: dict[str, tuple[str, bool]] = {}
    latest_statement: dict[str, EvidenceItem] = {}
    for item in sorted(items, key=lambda i: i.event_time or "", reverse=True):
        if item.kind in {"MedicationRequest", "MedicationStatement"} and item.facts.get("status") in {
            "active",
            "on-hold",
            None,
        }:
            name = str(item.facts.get("term_key") or _clean(item.facts.get("display")))
            found.setdefault(name, (item.id, bool(item.facts.get("high_risk"))))
        elif item.kind in {"regimen_change", "current_medication", "medication_intake"} and item.facts.get("drug"):
            drug = str(item.facts["drug"])
            latest_statement.setdefault(drug, item)
            if item.facts.get("action") != "stop":
                found.setdefault(drug, (item.id, False))
    out: list[tuple[str, str, bool]] = []
    for name, (item_id, risky) in found.items():
        statement = latest_statement.get(name)
        if statement is not None and statement.facts.get("action") in {"stop", "skip"}:
            verb = "stopped" if statement.facts["action"] == "stop" else "skipped"
            name = f"{name} (reported {verb} in {month_year(statement.event_time)})"
        out.append((name, item_id, risky))
    return out


_CLOSED_PLAN_STATUSES = frozenset({"completed", "revoked", "cancelled", "entered-in-error", "rejected"})
"""FHIR Goal/CarePlan statuses that no longer describe where the user is heading."""

_REPORT_NOUNS = {
    "vital_sign": "the reported blood pressure or pulse readings",
    "body_measurement": "the reported body measurements",
    "test_result": "the reported test result",
    "exercise": "the reported exercise",
    "allergy": "the reported allergy",
    "symptom": "the reported symptom",
    "condition": "the reported condition",
    "medication_intake": "the reported medicine",
    "surgery_history": "the reported procedure",
    "clinical_visit": "the reported visit",
}
"""How a finding about a record without a name is referred to in ``action_items``."""


def _derived(text: str) -> tuple[str, ...]:
    """Numbers in a sentence the composer computed (counts, averages, ages), for the guard."""
    return tuple(re.findall(r"\d+(?:\.\d+)?", text))


def _clean(display: object) -> str:
    text = str(display or "").strip().replace("_", " ")
    for suffix in (" (disorder)", " (finding)", " (situation)"):
        text = text.removesuffix(suffix)
    return text


def compose_all(
    evidence: Evidence, fields: dict[FieldName, tuple[EvidenceItem, ...]]
) -> dict[FieldName, ComposedField]:
    return {name: compose(name, evidence, items) for name, items in fields.items()}
