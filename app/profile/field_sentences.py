"""The sentences answering each of the seven questions, one writer per field (:data:`FIELD_WRITERS`).

Direction and timing for measurements, frequency and pattern for habits, status for goals and
medicines; every sentence carries the ids of the evidence it used. Only ``action_items``
recommends.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from app.profile.active_lists import active_conditions, active_medications, active_medications_with_risk
from app.profile.contract import FieldName
from app.profile.evidence import Evidence, EvidenceItem
from app.profile.measurement_sentences import sentences_of_measurements
from app.profile.phrasing import (
    age_years,
    day_month_year,
    join_words,
    month_year,
    number,
    readings_of,
)
from app.profile.sentences import Sentence, numbers_in

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


def _who(evidence: Evidence, items: tuple[EvidenceItem, ...]) -> list[Sentence]:
    out: list[Sentence] = []
    static = next((i for i in items if i.kind == "self"), None)
    conditions = active_conditions(items)
    meds = active_medications(items)
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
                numbers_in(person),
            )
        )
    elif static is not None:
        out.append(Sentence(f"{person} with no active condition on record.", tuple(ids), numbers_in(person)))
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
    out = sentences_of_measurements(items, limit=3)
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
    conditions = active_conditions(items)
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
                numbers_in(text),
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
    high_risk = [(m, i) for m, i, risky in active_medications_with_risk(items) if risky]
    if high_risk:
        out.append(
            Sentence(
                f"Active high-risk medicines whose interruption matters: {join_words([m for m, _ in high_risk[:3]])}.",
                tuple(i for _, i in high_risk[:3]),
            )
        )
    conditions = active_conditions(items)
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


def update_goals(evidence: Evidence, items: tuple[EvidenceItem, ...]) -> list[Sentence]:
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
    out += sentences_of_measurements(items, limit=1)
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


FIELD_WRITERS: dict[FieldName, Callable[[Evidence, tuple[EvidenceItem, ...]], list[Sentence]]] = {
    "who": _who,
    "physical_state": _physical,
    "behavioral_state": _behavioural,
    "medical_constraints": _constraints,
    "trajectory_goal": update_goals,
    "trajectory_preference": _preferences,
    "action_items": _actions,
}
