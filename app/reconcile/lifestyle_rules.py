"""Lifestyle talk against CarePlans and recorded conditions (symptoms: :mod:`.symptom_rules`).

Routine lifestyle content (step goals, meals, sleep, mood, preferences) has no bearing on the
record and is ``no_clinical_relevance`` by rule; it becomes an agreement when an active CarePlan
asks for that very activity, a low gap when it is a habit bearing on a recorded condition (smoking,
alcohol), and a safety-critical gap when high-intensity exertion meets a recorded uncontrolled
hypertension or a recent cardiac procedure.
"""

from __future__ import annotations

from datetime import timedelta

from app.reconcile.context import (
    BP_PANEL_CODES,
    ClinicalContext,
    ClinicalItem,
    careplan_active_at,
    condition_active_at,
)
from app.reconcile.matching import Verdict, age_phrase, agreement, any_phrase, discrepancy, has_phrase
from app.reconcile.medication_rules import cardiac_items
from app.reconcile.models import Statement

LIFESTYLE_TYPES = frozenset({"exercise", "meal", "sleep", "lifestyle_baseline", "mood_stress", "goal"})
RECENT_CARDIAC_PROCEDURE = timedelta(days=90)
UNCONTROLLED_SYSTOLIC, UNCONTROLLED_DIASTOLIC = 140.0, 90.0
"""A latest blood pressure at or above 140/90 with a recorded hypertension counts as uncontrolled."""

HIGH_INTENSITY_ACTIVITIES: tuple[str, ...] = (
    "run",
    "running",
    "jog",
    "jogging",
    "sprint",
    "sprints",
    "sprinting",
)
"""Activities that are high-intensity in themselves (matched in the activity field only)."""
HIGH_INTENSITY_CUES: tuple[str, ...] = (
    "sprinting",
    "hiit",
    "interval training",
    "crossfit",
    "heavy lifting",
    "lifting heavy",
    "heavy weights",
    "powerlifting",
    "intense",
    "high-intensity",
    "high intensity",
    "vigorous",
    "marathon",
    "half marathon",
    "boxing",
    "spin class",
    "pushed hard",
    "pushing hard",
    "all-out",
    "max effort",
    "maximum effort",
    "flat out",
    "as hard as i could",
    "spinning",
    "bootcamp",
    "boot camp",
    "competitive",
    "max effort",
    "went all out",
    "go all out",
    "going all out",
    "all-out",
    "as hard as i could",
    "as fast as i could",
    "pushed myself hard",
    "maxed out",
    "pushed myself",
    "to the limit",
    "really hard",
    "hard run",
    "hard workout",
    "hard ride",
    "tough workout",
    "killer workout",
    "race pace",
    "a race",
    "triathlon",
    "personal best",
    "heavy deadlifts",
    "heavy squats",
    # a maximal lift: "went for a new deadlift max", "tested my one-rep max", "held my breath and went purple"
    "new max",
    "deadlift max",
    "squat max",
    "bench max",
    "one rep max",
    "one-rep max",
    "1rm",
    "personal record",
    "held my breath",
    "went purple",
    "gasping",
    "snow shoveling",
    "shoveling snow",
    "shovelling",
    "shoveling",  # the driveway cleared of snow, in any tense or spelling: "shovelled the whole driveway"
    "shovelled",
    "shoveled",
    "get my breath",
    "catch my breath",
    "gassed",
    "puffing",
    "purple in the face",
    "heart was hammering",
    "heart was pounding",
    "singles tennis",
    "new pr",
    "flat out",
    "crossfit",
    "rowing flat out",
    "max resistance",
    "sprinted",
    # effort said by pace or by a race result: "full pelt all 5k", "coach had us going all out", "smashed my PB"
    "full pelt",
    "full tilt",
    "flat-out",
    "pb",
    "medal",
    # the talk test failed: too breathless to speak after it
    "get a word out",
    "couldn't talk",
    "couldn't speak",
    # a CrossFit workout of the day and its staples: "wod was heavy deadlifts into burpees then all out rower sprints"
    "wod",
    "burpees",
)
CAREPLAN_DOMAINS: dict[str, tuple[str, ...]] = {
    "exercise": ("exercise", "physical activity", "walking", "activity"),
    "meal": ("diet", "nutrition", "food", "meal", "eating"),
    "sleep": ("sleep",),
    "mood_stress": ("stress", "mental health", "depression", "anxiety", "relaxation"),
    "smoking": ("smoking", "tobacco", "nicotine"),
    "alcohol": ("alcohol",),
}
RESTRICTING_ACTIVITIES: tuple[str, ...] = (
    "avoid exercise",
    "recommendation to rest",
    "bed rest",
    "restrict activity",
)
"""CarePlan activities an exercise report runs against."""
GOAL_DOMAINS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("exercise", ("walk", "walking", "steps", "exercise", "run", "swim", "gym", "bike", "active")),
    ("meal", ("eat", "diet", "food", "sugar", "salt", "vegetable", "meal", "weight")),
    ("sleep", ("sleep",)),
    ("smoking", ("smoke", "smoking", "cigarette")),
    ("alcohol", ("alcohol", "drink", "drinking")),
)
HABIT_CONDITION_WORDS: dict[str, tuple[str, ...]] = {
    "smoking": (
        "copd",
        "chronic obstructive",
        "emphysema",
        "bronchitis",
        "asthma",
        "coronary",
        "heart",
        "stroke",
        "hypertension",
        "hyperlipidemia",
        "diabetes",
        "pregnancy",
    ),
    "alcohol": (
        "alcohol",
        "liver",
        "cirrhosis",
        "hepatitis",
        "pancreatitis",
        "gout",
        "hypertension",
        "diabetes",
    ),
}
"""Conditions a habit bears on, most specific first: the first word any active Condition names is
the one the finding cites."""

def _uncontrolled_hypertension(ctx: ClinicalContext) -> list[ClinicalItem]:
    t = ctx.as_of
    conditions = [
        i
        for i in ctx.of_type("Condition")
        if condition_active_at(i, t) and any_phrase(i.text, ("hypertension", "high blood pressure"))
    ]
    if not conditions:
        return []
    if any(
        has_phrase(i.text, "uncontrolled") or has_phrase(i.text, "hypertensive crisis") for i in conditions
    ):
        return conditions
    bp = ctx.latest_observation(BP_PANEL_CODES)
    if bp is None:
        return []
    systolic, diastolic = bp.component("8480-6"), bp.component("8462-4")
    if (systolic or 0) >= UNCONTROLLED_SYSTOLIC or (diastolic or 0) >= UNCONTROLLED_DIASTOLIC:
        return [*conditions, bp]
    return []


RUNNING_SPEED_KMH = 7.5
"""A stated distance over a stated duration at or above this speed is running (high intensity)."""


def _running_pace(st: Statement) -> bool:
    distance, minutes = st.number("distance"), st.number("duration_min")
    if not distance or not minutes:
        return False
    km = distance * 1.609 if (st.text("unit") or "km").startswith("mi") else distance
    return km / (minutes / 60.0) >= RUNNING_SPEED_KMH


RACE_LENGTH_KM = 21.0
"""A distance of a half marathon or more, said with no walking, cycling or hiking activity, is a race-length run."""
_NOT_RUN = ("walk", "walking", "hike", "hiking", "cycling", "bike", "ride", "swim", "swimming", "rowing")


def _race_length(st: Statement) -> bool:
    distance = st.number("distance")
    if not distance or any_phrase(st.text("activity"), _NOT_RUN):
        return False
    km = distance * 1.609 if (st.text("unit") or "km").startswith("mi") else distance
    return km >= RACE_LENGTH_KM


def _goal_domain(st: Statement, domain: str) -> str:
    """The lifestyle domain a goal is about (``walk 4,000 steps`` → exercise)."""
    if st.type != "goal":
        return domain
    target = " ".join(x for x in (st.text("target"), st.quote) if x)
    return next((name for name, cues in GOAL_DOMAINS if any_phrase(target, cues)), domain)


def _domain(st: Statement) -> str:
    if st.type == "lifestyle_baseline":
        return st.text("habit") or "other"
    return st.type


def lifestyle_verdict(st: Statement, ctx: ClinicalContext) -> Verdict:
    t = ctx.as_of
    domain = _domain(st)
    activity = st.text("activity") or st.text("food") or st.text("target") or domain
    intense = any_phrase(activity, HIGH_INTENSITY_ACTIVITIES) or any_phrase(
        " ".join(x for x in (activity, st.quote or "") if x), HIGH_INTENSITY_CUES
    )
    if st.type == "exercise" and (intense or _running_pace(st) or _race_length(st)):
        risky = _uncontrolled_hypertension(ctx)
        recent = [
            i for i in cardiac_items(ctx, within=RECENT_CARDIAC_PROCEDURE) if i.resource_type == "Procedure"
        ]
        if risky or recent:
            reason = age_phrase((risky or recent)[0], t)
            return discrepancy(
                "gap",
                "medium",
                "lifestyle.high_intensity_exertion_risk",
                f"The statement reports high-intensity exertion ({activity}); the record holds {reason}"
                + (" with uncontrolled blood pressure." if risky else ", a recent cardiac procedure."),
                [*risky, *recent],
                safety=True,
            )
    plans = [i for i in ctx.of_type("CarePlan") if careplan_active_at(i, t)]
    restricting = [i for i in plans if st.type == "exercise" and any_phrase(i.text, RESTRICTING_ACTIVITIES)]
    if restricting:
        return discrepancy(
            "gap",
            "low",
            "careplan.activity_restricted",
            f"The statement reports {activity}; {age_phrase(restricting[0], t, 'started')} "
            "asks to limit activity.",
            restricting,
        )
    if st.type in ("goal", "lifestyle_baseline"):
        matching = [
            i for i in plans if any_phrase(i.text, CAREPLAN_DOMAINS.get(_goal_domain(st, domain), ()))
        ]
        if matching:
            return agreement(
                "careplan.consistent",
                f"The statement about {activity} is consistent with {age_phrase(matching[0], t, 'started')}.",
                matching,
            )
    stated = st.text("status") or st.text("stated_status") or ""
    if domain in HABIT_CONDITION_WORDS and stated not in ("never", "former", "quit"):
        active = [i for i in ctx.of_type("Condition") if condition_active_at(i, t)]
        word = next(
            (w for w in HABIT_CONDITION_WORDS[domain] if any(has_phrase(i.text, w) for i in active)), None
        )
        conditions = [i for i in active if word and has_phrase(i.text, word)]
        if conditions:
            return discrepancy(
                "gap",
                "low",
                "lifestyle.bears_on_condition",
                f"The statement reports {domain} ({stated or 'current'}), "
                f"bearing on {age_phrase(conditions[0], t)}.",
                conditions,
            )
    return Verdict(
        "no_clinical_relevance",
        "lifestyle.routine",
        f"Routine {domain.replace('_', ' ')} talk with no bearing on the record.",
    )
