"""A workout told by what the watch recorded: "Strava summary ... Workout: 10 x 400m all-out ... Max HR 199 bpm",
"solo mile time trial yesterday on the school track: 4:41, splits 69/71/72/69, avg hr 186", "Orangetheory today: 31
splat points, max hr 188".

Athletes paste their tracker's numbers instead of saying "I ran". A heart rate said as the workout's maximum or
average ("max HR", "avg hr") or a zone, splits or splat points are a workout's metrics: the message is an exercise
record (of the activity it names, else a workout), and the heart rate is no resting vital sign
(:data:`WORKOUT_HEART_RATE`, read by :mod:`.measurements`).

Pure: a text in, proposals out.
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal

WORKOUT_HEART_RATE = re.compile(r"\b(?:max|maximum|avg|average|peak|mean)\s*(?:hr|heart\s*rate)\b", re.IGNORECASE)
"""A heart rate said as a workout's maximum or average: the workout's metric, not a vital sign."""
_TRACKED = re.compile(
    rf"{WORKOUT_HEART_RATE.pattern}|\bworkout\s*:|\btime\s+in\s+zone\s*[1-5]\b|\bzone\s*[45]\b|\bsplits?\b"
    r"|\bsplat\s+points\b",
    re.IGNORECASE,
)
_ACTIVITY = re.compile(
    r"\b(?P<run>run|running|ran|track|5k|10k|marathon|parkrun)\b|\b(?P<ride>bike|biked|cycling|cycled)\b"
    r"|\b(?P<swim>swim|swam|swimming)\b|\b(?P<workout>workout|worked out)\b"
    r"|\b(?P<named>orangetheory|crossfit|spin|hiit)\b",
    re.IGNORECASE,
)
_NAMED = {"run": "running", "ride": "cycling", "swim": "swimming", "workout": "workout"}


def find_tracked_workouts(text: str, found: list[Proposal]) -> list[Proposal]:
    """An exercise proposal for a message that gives a workout's tracked metrics and has none yet (``found``)."""
    if any(p.type == "exercise" for p in found):
        return []
    metric = _TRACKED.search(text)
    if metric is None:
        return []
    said = _ACTIVITY.search(text)
    if said is None:
        return []
    group = next(g for g in ("run", "ride", "swim", "workout", "named") if said.group(g))
    activity = said.group(0).lower() if group == "named" else _NAMED[group]
    anchor = (min(said.start(), metric.start()), max(said.end(), metric.end()))
    return [Proposal("exercise", {"activity": activity}, anchor, policy="plain")]
