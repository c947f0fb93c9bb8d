"""Exercise told as a note or by its setting, with no doing verb: the shapes a training log takes.

- **a session named as a note**: a class, session or workout with a kind of exercise among its words opening a
  sentence, followed by its time or place ("spin class at 6am, flat out for 45 mins", "Boot camp session this
  morning", "Leg day workout at the gym"): the session as said, with the length said in its sentence;
- **a workout of the day** told by what it was ("wod was heavy deadlifts into burpees"): the WOD;
- **a race best**: the speaker's personal best or record at a race ("I smashed my parkrun PB", "set a new 10k PR",
  "beat my half marathon personal best"): running, with the race's distance when the race fixes it (a parkrun is
  5 km);
- **a training unit at its venue**: reps, laps, lengths or sets at the pool or the track ("after the last rep at the
  pool", "six laps round the track"): swimming or running;
- **a distance as a note**: a distance in miles or kilometres opening a sentence, followed by a time, a place or
  the weather ("13.1 miles in the pouring rain yesterday", "5k this morning before work"; not "20 miles to
  work"): an exercise of that distance, the distance as said standing for the activity no word names.

Another person named earlier in the sentence ("my son's laps at the pool") makes it theirs; a question or a plan is
left to the assertion step (the proposals are ``plain``).
"""

from __future__ import annotations

import re

from app.ingest.narrative.exercise_phrases import COUNT_WORDS, EXERCISE_MODIFIERS

_OPENING = r"(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s))(?:(?:oh|and|so|then|also|plus)\W+)?"
_SESSION_NOTE = re.compile(
    rf"{_OPENING}(?P<np>(?:(?:{EXERCISE_MODIFIERS})\s+){{1,2}}(?:class|session|workout))\b"
    r"(?=\s*(?:,|\.|!|-|\u2013|\u2014|$)|\s+(?:at|this|today|yesterday|tonight|last|on|in|earlier|with|was|before"
    r"|after)\b)",
    re.IGNORECASE,
)
_RACE_BEST = re.compile(
    r"\b(?:i|we)(?:'ve|\s+have|\s+just|\s+finally)?\s+(?:smashed|beat|set|got|broke|hit|ran|equalled|equaled|knocked"
    r"(?:\s+\w+)?\s+off)\s+(?:my|a|a\s+new|my\s+new|another)\s+(?P<race>parkrun|5k|10k|5\s?km|10\s?km|half[- ]marathon"
    r"|marathon|mile|race)\s+(?:PB|PR|personal\s+best|personal\s+record|record|best)\b",
    re.IGNORECASE,
)
_WORKOUT_OF_THE_DAY = re.compile(
    r"\b(?:(?:the|my|today'?s)\s+)?(?P<np>wod|metcon)\b"
    r"(?=\s+(?:(?:today|this\s+morning|tonight|yesterday)\s+)?(?:was|is|were)\b)",
    re.IGNORECASE,
)
"""A CrossFit workout of the day told by what it was ("wod was heavy deadlifts into burpees")."""
_RACE_KM = {"parkrun": 5.0, "5k": 5.0, "5km": 5.0, "5 km": 5.0, "10k": 10.0, "10km": 10.0, "10 km": 10.0}
_VENUE_UNIT = re.compile(
    r"\b(?:reps?|laps?|lengths?|sets?|intervals?|sprints?)\s+(?:at|in|on|around|round)\s+the\s+(?P<where>pool|track)\b",
    re.IGNORECASE,
)
_AS_TIME_OF = re.compile(r"\b(?:after|before|during|since|from)\s+(?:the|my|our|that)\s+(?:\w+\s+)?$", re.IGNORECASE)
"""A unit said as the time of another clause ("couldn't get a word out after the last rep at the pool")."""
_DISTANCE_NOTE = re.compile(
    rf"{_OPENING}(?P<n>\d+(?:\.\d+)?)\s?(?P<u>miles?|mi|km|k)\b"
    r"(?=\s+(?:in|this|yesterday|today|tonight|on|before|after|around|round|along|through|with|and|at)\b|\s*[,.!])"
    r"(?!\s+(?:to|from|away|each|there|per|an?\s+hour|of)\b)",
    re.IGNORECASE,
)
_OTHER_SUBJECT = re.compile(
    r"\b(?:he|she|they|he's|she's|they've|my\s+(?:\w+\s+)?(?:wife|husband|son|daughter|friend|mom|dad|mum|kids?"
    r"|neighbou?r|brother|sister|partner|grandson|granddaughter|roommate|flatmate)(?:'s)?)\b",
    re.IGNORECASE,
)
_PLANNED = re.compile(r"\b(?:tomorrow|next|later|going to|gonna|will|'ll|plan|planning|booked|thinking)\b", re.I)
_LENGTH = re.compile(
    rf"\b(?:for\s+)?(?P<n>{COUNT_WORDS}|forty|fifty|sixty|ninety|forty[- ]five)\s*(?P<u>minutes?|mins?|hours?|hrs?)\b",
    re.IGNORECASE,
)
_NUMBERS = {"ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90,
            "forty-five": 45, "forty five": 45, "one": 1, "two": 2, "three": 3}


def exertion_notes(text: str) -> list[tuple[int, int, dict[str, object]]]:
    """``(start, end, fields)`` of each exercise told as a note or by its setting (see the module docstring)."""
    out: list[tuple[int, int, dict[str, object]]] = []
    for m in _SESSION_NOTE.finditer(text):
        fields: dict[str, object] = {"activity": re.sub(r"\s+", " ", m.group("np").lower())}
        minutes = _length(text, m.end())
        if minutes:
            fields["duration_min"] = minutes
        out.append((m.start("np"), m.end(), fields))
    for m in _RACE_BEST.finditer(text):
        race = re.sub(r"\s+", " ", m.group("race").lower())
        fields = {"activity": "running"}
        if race in _RACE_KM:
            fields |= {"distance": _RACE_KM[race], "unit": "km"}
        out.append((m.start(), m.end(), fields))
    for m in _WORKOUT_OF_THE_DAY.finditer(text):
        out.append((m.start("np"), m.end("np"), {"activity": m.group("np").lower()}))
    for m in _VENUE_UNIT.finditer(text):
        if _theirs(text, m.start()):
            continue
        fields = {"activity": "swimming" if m.group("where").lower() == "pool" else "running"}
        if _AS_TIME_OF.search(text, max(0, m.start() - 40), m.start()):
            fields["_time_of_clause"] = True  # "couldn't talk after the last rep": the negation is the other clause's
        out.append((m.start(), m.end(), fields))
    for m in _DISTANCE_NOTE.finditer(text):
        unit = "mi" if m.group("u").lower().startswith("mi") else "km"
        said = re.sub(r"\s+", " ", m.group(0).strip().lower())  # the activity as said: "13.1 miles"
        out.append((m.start("n"), m.end(), {"activity": said, "distance": float(m.group("n")), "unit": unit}))
    return [(start, end, fields) for start, end, fields in out if not _unsaid(text, start)]


def _unsaid(text: str, start: int) -> bool:
    """The sentence of ``start`` asks or plans ("Spin class at 7 tomorrow?"): a note of nothing done."""
    sentence_start = max(text.rfind(c, 0, start) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, start) for c in ".!?\n") if i >= 0]
    end = min(ends) if ends else len(text)
    return text[end : end + 1] == "?" or _PLANNED.search(text, sentence_start, end) is not None


def _theirs(text: str, start: int) -> bool:
    """Another person named earlier in the sentence of ``start``."""
    sentence_start = max(text.rfind(c, 0, start) for c in ".!?\n") + 1
    return _OTHER_SUBJECT.search(text, sentence_start, start) is not None


def _length(text: str, start: int) -> float | None:
    """The length said in the rest of the sentence from ``start`` ("flat out for 45 mins"), in minutes."""
    end = min([i for i in (text.find(c, start) for c in ".!?\n") if i >= 0] or [len(text)])
    m = _LENGTH.search(text, start, end)
    if m is None:
        return None
    said = m.group("n").lower()
    n = float(said) if said.isdigit() else _NUMBERS.get(said)
    if n is None:
        return None
    return n * (60 if m.group("u").lower().startswith("h") else 1)
