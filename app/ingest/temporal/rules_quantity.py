"""Quantity rules (convention 12): durations as ISO 8601, frequencies as recurrence {count, per}."""

from __future__ import annotations

import re
from decimal import Decimal

from app.ingest.temporal.grammar import Context, Rule
from app.ingest.temporal.lexicon import DURATION_UNIT, NUM, NUM_DEC, WEEKDAY_FULL, parse_number
from app.ingest.temporal.models import Recurrence, TemporalResolution

_PART = rf"(?:{NUM_DEC})\s+{DURATION_UNIT}(?:\s+and\s+an?\s+half)?"
DURATION = (rf"(?:for\s+)?(?:(?:about|around|nearly|almost|over|roughly)\s+)?"
            rf"(?:half\s+an?\s+hour|half\s+hour|(?:{NUM_DEC})\s+and\s+an?\s+half\s+{DURATION_UNIT}"
            rf"|{_PART}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+)(?:{_PART}))*)"
            r"(?![\s-]+old\b)")  # "a 16 yr old daughter" is an age
_PART_PARSE = re.compile(
    rf"(?<!\w)(?P<n>{NUM_DEC})(?:\s+and\s+an?\s+(?P<pre>half))?\s+(?P<unit>{DURATION_UNIT})"
    r"(?:\s+and\s+an?\s+(?P<post>half))?", re.I)
_SECONDS = {"S": 1, "M": 60, "H": 3600, "D": 86400, "W": 604800}
_UNIT_CODE = {"sec": "S", "min": "M", "hou": "H", "hr": "H", "hrs": "H", "day": "D", "wee": "W", "mon": "MO",
              "yea": "Y", "yr": "Y", "yrs": "Y"}

FREQUENCY_COUNT = rf"(?:once|twice|thrice|(?:{NUM})\s+times?)"
_PER_WORDS = r"(?:day|night|morning|afternoon|evening|week|month|year|hour)"
RECURRENCE = "|".join(f"(?:{p})" for p in (
    rf"{FREQUENCY_COUNT}\s+(?:a|an|per|each|every)\s+{_PER_WORDS}",
    rf"{FREQUENCY_COUNT}\s+(?:daily|nightly|weekly|monthly|yearly|hourly)",
    rf"every\s+(?:other\s+|single\s+)?(?:{_PER_WORDS}|weekend|{WEEKDAY_FULL})",
    rf"every\s+(?:{NUM})\s+(?:hour|day|week|month)s?",
    r"daily|nightly|weekly|monthly|hourly",
    r"(?-i:BID|TID|QID|QD|QHS)|b\.i\.d\.?|t\.i\.d\.?|q\.i\.d\.?|q\.d\.?|(?-i:Q|q)\s?\d{1,2}\s?(?-i:H|h)",
))
_ABBREVIATIONS = {"bid": 2, "tid": 3, "qid": 4, "qd": 1, "qhs": 1}
_PER_OF_WORD = {"day": "day", "night": "day", "morning": "day", "afternoon": "day", "evening": "day",
                "daily": "day", "nightly": "day", "week": "week", "weekly": "week", "weekend": "week",
                "month": "month", "monthly": "month", "year": "year", "yearly": "year", "hour": "hour",
                "hourly": "hour"}
_ISO_UNIT = {"hour": "PT{}H", "day": "P{}D", "week": "P{}W", "month": "P{}M", "year": "P{}Y"}


def _unit_code(word: str) -> str:
    word = word.lower()
    return _UNIT_CODE.get(word[:3], _UNIT_CODE.get(word, "S"))


def iso_duration(years: Decimal, months: Decimal, seconds: Decimal) -> str:
    """ISO 8601 from calendar parts and a fixed part in seconds (whole weeks alone stay as nW)."""
    if not years and not months and seconds and seconds % _SECONDS["W"] == 0:
        return f"P{seconds // _SECONDS['W']}W"
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    out = "P" + "".join(f"{_num(v)}{u}" for v, u in ((years, "Y"), (months, "M"), (days, "D")) if v)
    clock = "".join(f"{_num(v)}{u}" for v, u in ((hours, "H"), (minutes, "M"), (secs, "S")) if v)
    return out + ("T" + clock if clock else "") if (out != "P" or clock) else "PT0S"


def _num(value: Decimal) -> str:
    return format(value.normalize(), "f")


def duration(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = match.group(0).lower()
    years = months = seconds = Decimal(0)
    half_hour = re.search(r"half\s+(?:an?\s+)?hour", text) is not None
    if half_hour:
        seconds = Decimal(1800)
    parts = [] if half_hour else list(_PART_PARSE.finditer(text))
    for part in parts:
        number = parse_number(part.group("n"))
        if number is None:
            return None
        count = Decimal(str(number)) + (Decimal("0.5") if part.group("pre") or part.group("post") else 0)
        code = _unit_code(part.group("unit"))
        if code == "S" and part.group("n").strip() in ("a", "an") and len(parts) == 1:
            return None  # "a second opinion"
        if code == "Y":
            years += count
        elif code == "MO":
            months += count
        else:
            seconds += count * _SECONDS[code]
    if not seconds and not years and not months:
        return None
    standalone = match.string.strip().lower() == text.strip()
    if len(parts) == 1 and parts[0].group("n").strip() in ("a", "an") and not (
        standalone or text.startswith("for") or parts[0].group("post")
    ):
        return None  # "12,000 steps a day" is a rate; "for a day" (or "a day" on its own) a duration
    iso = iso_duration(years, months, seconds)
    minutes = int(seconds // 60) if not years and not months and seconds % 60 == 0 else None
    return ctx.result("duration", "12", value=iso, iso_duration=iso, duration_min=minutes)


def recurrence(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = re.sub(r"\s+", " ", match.group(0).lower())
    compact = text.replace(".", "").replace(" ", "")
    if compact in _ABBREVIATIONS:
        return _recurrence(ctx, _ABBREVIATIONS[compact], "day")
    every_hours = re.fullmatch(r"q(\d{1,2})h", compact)
    if every_hours:
        return _recurrence(ctx, 1, f"PT{int(every_hours.group(1))}H")
    if text.startswith("every"):
        words = text.split()
        if words[1] == "other":
            return _recurrence(ctx, 1, _ISO_UNIT[_PER_OF_WORD.get(words[2], "day")].format(2))
        number = parse_number(words[1]) if len(words) > 2 and words[1] != "single" else None
        if number is not None:
            unit = _PER_OF_WORD[words[2].rstrip("s")]
            return _recurrence(ctx, 1, unit if number == 1 else _ISO_UNIT[unit].format(int(number)))
        return _recurrence(ctx, 1, _PER_OF_WORD.get(words[-1], "week"))
    if text in _PER_OF_WORD:
        return _recurrence(ctx, 1, _PER_OF_WORD[text])
    head = re.match(rf"(once|twice|thrice|(?:{NUM}) times?)", text)
    if head is None:
        return None
    word = head.group(1)
    count = {"once": 1, "twice": 2, "thrice": 3}.get(word) or parse_number(word.rsplit(" ", 1)[0])
    if not count or count != int(count):
        return None
    return _recurrence(ctx, int(count), _PER_OF_WORD.get(text.split()[-1], "day"))


def _recurrence(ctx: Context, count: int, per: str) -> TemporalResolution:
    return ctx.result("recurrence", "12", recurrence=Recurrence(count=count, per=per))


QUANTITY_RULES: list[Rule] = [
    Rule("recurrence", "12", RECURRENCE, recurrence),
    Rule("duration", "12", DURATION, duration),
]
