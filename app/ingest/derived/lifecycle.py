"""Lifecycles and episodes by rule: goals, the current medication list, and ``PART_OF`` episodes.

Pure functions over already-stored records (as :class:`~app.ingest.derived.series.Point`-like
mappings with ``uid``, ``at`` and properties); the service writes what they return.

* **Goals** move stated -> progressing -> achieved / abandoned / superseded. A later goal on the
  same topic is a *transition* of the earlier one (``SUPERSEDES``), never a contradiction.
* **Current medication**: the latest start / stop / intake / prescription of a drug by event time
  decides whether the user takes it now.
* **Episodes**: a checkup contains the results of its day; a prescription owns the intakes of its
  drug from its start to the end of its supply; reports of one symptom no more than
  :data:`SYMPTOM_EPISODE_GAP` apart form one episode, headed by its first report.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

SYMPTOM_EPISODE_GAP = timedelta(days=7)

GOAL_TOPICS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("weight", ("weight", "kg", "lbs", "pounds", "bmi", "waist", "lose", "slim")),
    ("glycemic", ("a1c", "hba1c", "glucose", "sugar", "diabetes")),
    ("blood_pressure", ("blood pressure", "bp", "hypertension")),
    ("cholesterol", ("cholesterol", "ldl", "hdl", "lipid")),
    ("sleep", ("sleep", "bed", "rest")),
    ("activity", ("walk", "run", "steps", "exercise", "gym", "swim", "cycle", "active")),
    ("smoking", ("smok", "cigarette", "nicotine", "vape")),
    ("alcohol", ("alcohol", "drink", "beer", "wine")),
    ("diet", ("eat", "diet", "carb", "salt", "vegetable", "meal", "snack")),
)
"""Goal topics by keyword (first match wins); a target matching none is its own topic."""

_WORD = re.compile(r"[^a-z0-9]+")

GOAL_OPEN = frozenset({"stated", "progressing"})
GOAL_CLOSED = frozenset({"achieved", "abandoned", "superseded"})


def goal_topic(target: str) -> str:
    """The topic two goal statements must share to be one goal's lifecycle."""
    text = target.lower()
    for topic, words in GOAL_TOPICS:
        if any(w in text for w in words):
            return topic
    return _WORD.sub("_", text).strip("_")[:60] or "other"


@dataclass(frozen=True, slots=True)
class GoalTransition:
    """The earlier goal record a new goal statement supersedes, and what the transition was."""

    new_uid: str
    old_uid: str
    transition: str  # the new status: progressing | achieved | abandoned | superseded | stated


def goal_transitions(series: Sequence[Mapping[str, Any]], new_uids: set[str]) -> list[GoalTransition]:
    """For each new goal record, the open goal of the same topic stated before it (if any).

    A new statement on the same topic supersedes the latest earlier current goal: with the same
    target it moves that goal along (progressing, achieved, abandoned); with another target the
    old goal is ``superseded`` (e.g. "lose weight" -> "keep my weight").
    """
    ordered = sorted(series, key=lambda r: (r["at"], r["uid"]))
    out: list[GoalTransition] = []
    for i, record in enumerate(ordered):
        if record["uid"] not in new_uids:
            continue
        earlier = [
            r for r in ordered[:i] if r.get("status", "current") == "current" and r["uid"] not in new_uids
        ]
        if not earlier:
            continue
        old = earlier[-1]
        status = record.get("stated_status") or "stated"
        same_target = _norm(old.get("target")) == _norm(record.get("target"))
        transition = status if same_target or status != "stated" else "superseded"
        out.append(GoalTransition(new_uid=record["uid"], old_uid=old["uid"], transition=transition))
    return out


def goal_trajectory(series: Sequence[Mapping[str, Any]], superseded: set[str]) -> dict[str, Any]:
    """The ``goal_trajectory`` computation for one topic: the status path and the current goal."""
    ordered = sorted(series, key=lambda r: (r["at"], r["uid"]))
    path = [
        {
            "uid": r["uid"],
            "at": r["at"].isoformat(),
            "status": r.get("stated_status") or "stated",
            "target": r.get("target"),
        }
        for r in ordered
    ]
    current = [r for r in ordered if r["uid"] not in superseded and r.get("status", "current") == "current"]
    head = current[-1] if current else ordered[-1]
    return {
        "transitions": path,
        "current_uid": head["uid"],
        "current_target": head.get("target"),
        "current_status": head.get("stated_status") or "stated",
        "count": len(ordered),
    }


def _norm(text: Any) -> str:
    return _WORD.sub(" ", str(text or "").lower()).strip()


@dataclass(frozen=True, slots=True)
class MedicationState:
    """Whether the user takes a drug now, by the latest regimen fact in event time."""

    drug: str
    taking: bool
    since: datetime | None
    last_uid: str
    last_event: str  # start | stop | intake | prescription | dose_change | skip
    dose: float | None = None
    unit: str | None = None
    frequency: str | None = None
    last_at: datetime | None = None


def medication_state(
    drug: str, series: Sequence[Mapping[str, Any]], start: MedicationState | None = None
) -> MedicationState | None:
    """The current state of ``drug`` from its records (``None`` when nothing decides it).

    start, intake and prescription mean taking; stop means not taking; skip and dose changes
    keep the drug on the list. ``since`` is when the current run of taking began. ``start`` is a
    state already computed from the records before ``series`` (the fold continues from it), so
    a new fact costs the new records only.
    """
    ordered = sorted(series, key=lambda r: (r["at"], r["uid"]))
    taking = start.taking if start else False
    since: datetime | None = start.since if start else None
    last: Mapping[str, Any] | None = None
    dose: tuple[Any, Any, Any] = (start.dose, start.unit, start.frequency) if start else (None, None, None)
    for record in ordered:
        event = _medication_event(record)
        if event is None:
            continue
        if event == "stop":
            taking, since = False, None
        else:
            if not taking:
                since = record["at"]
            taking = True
            if record.get("dose") is not None:
                dose = (record.get("dose"), record.get("unit"), record.get("frequency") or dose[2])
        last = record
    if last is None:
        return start
    return MedicationState(
        drug=drug,
        taking=taking,
        since=since,
        last_uid=last["uid"],
        last_event=_medication_event(last) or "",
        dose=dose[0],
        unit=dose[1],
        frequency=dose[2],
        last_at=last["at"],
    )


def _medication_event(record: Mapping[str, Any]) -> str | None:
    kind = record.get("type")
    if kind == "medication_intake":
        return "intake"
    if kind == "prescription":
        return "prescription"
    if kind == "regimen_change":
        action = record.get("action")
        return str(action) if action in {"start", "stop", "dose_change", "skip"} else None
    return None


def prescription_owner(intake: Mapping[str, Any], series: Sequence[Mapping[str, Any]]) -> str | None:
    """The latest prescription of the same drug started on or before the intake whose supply covers it.

    The supply ends at the resolved supply interval's end, else ``supply_days`` after the start;
    a prescription with neither is open-ended.
    """
    at: datetime = intake["at"]
    owners = [
        r for r in series if r.get("type") == "prescription" and r["at"] <= at and at < _supply_end(r, at)
    ]
    return max(owners, key=lambda r: (r["at"], r["uid"]))["uid"] if owners else None


def _supply_end(prescription: Mapping[str, Any], at: datetime) -> datetime:
    if prescription.get("time_kind") == "interval" and prescription.get("event_end") is not None:
        end: datetime = prescription["event_end"]
        return end
    if prescription.get("supply_days"):
        start: datetime = prescription["at"]
        return start + timedelta(days=int(prescription["supply_days"]))
    return at + timedelta(seconds=1)


def checkup_for(result: Mapping[str, Any], visits: Sequence[Mapping[str, Any]]) -> str | None:
    """The checkup a result belongs to: said in the same utterance, or held on the same local day."""
    same_turn = [v for v in visits if v.get("source_id") and v.get("source_id") == result.get("source_id")]
    if same_turn:
        return str(same_turn[0]["uid"])
    if result.get("event_start") is None:
        return None
    day = result["at"].date()
    same_day = [v for v in visits if v.get("event_start") is not None and v["at"].date() == day]
    return str(min(same_day, key=lambda v: v["uid"])["uid"]) if same_day else None


def symptom_episodes(
    series: Sequence[Mapping[str, Any]], gap: timedelta = SYMPTOM_EPISODE_GAP
) -> dict[str, str]:
    """Report uid -> the uid of the first report of its episode (heads map to nothing)."""
    ordered = sorted(series, key=lambda r: (r["at"], r["uid"]))
    heads: dict[str, str] = {}
    head: Mapping[str, Any] | None = None
    previous: Mapping[str, Any] | None = None
    for record in ordered:
        if previous is None or record["at"] - previous["at"] > gap:
            head = record
        elif head is not None:
            heads[record["uid"]] = head["uid"]
        previous = record
    return heads
