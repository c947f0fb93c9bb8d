"""Clock rules: parts of the day (4), sleep windows (7), clock times on a named day (10).

Bare hours are placed only where the words say which half of the day they belong to ("at 8 this
morning", "8 tonight", a sleep window); "at 8" alone is left unresolved rather than guessed.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from app.ingest.temporal.dates import at_clock, clock_at_or_before, clock_before
from app.ingest.temporal.grammar import Context, Rule, iso_instant
from app.ingest.temporal.lexicon import (
    CLOCK_LOOSE,
    CLOCK_MILITARY,
    CLOCK_STRICT,
    PART_WINDOWS,
    is_twenty_four_hour,
    parse_clock,
)
from app.ingest.temporal.models import TemporalResolution
from app.ingest.temporal.rules_calendar import (
    ISO_DATE,
    LAST_NEXT_WEEKDAY,
    MONTH_DAY,
    REL_DAY,
)

DAY_PART = (rf"this\s+(?:morning|afternoon|evening)|tonight|last\s+night"
            rf"|(?:{REL_DAY})\s+(?:morning|afternoon|evening)")
DAY_REF = "|".join(f"(?:{p})" for p in (DAY_PART, MONTH_DAY, ISO_DATE, LAST_NEXT_WEEKDAY, REL_DAY))
CLOCK_ON_DAY = "|".join(f"(?:{p})" for p in (
    rf"(?:at|@)\s*(?:{CLOCK_LOOSE})\s+(?:on\s+)?(?:{DAY_REF})",
    rf"(?:{CLOCK_STRICT})\s+(?:on\s+)?(?:{DAY_REF})",
    # a spelled hour needs "at" ("at one last night"): "a scary one last night" is no clock time
    rf"(?:{CLOCK_STRICT}|[01]?\d(?![\d:]))\s+(?:{DAY_PART})",
    rf"(?:{DAY_REF})\s+(?:at|@)\s*(?:{CLOCK_LOOSE})",
    rf"(?:{DAY_REF})\s+(?:{CLOCK_STRICT})",
))
_PERIOD = r"in\s+the\s+(?:morning|afternoon|evening)"
BARE_CLOCK = (rf"(?:(?:at|@)\s*)?(?:{CLOCK_STRICT})(?:\s+{_PERIOD})?"
              rf"|(?:(?:at|@)\s*)?(?:{CLOCK_LOOSE})\s+{_PERIOD}")
_SLEEP_WORD = r"(?:slept|sleep|sleeping|asleep|napped|nap|in\s+bed)"
_RANGE = r"\s*(?:to|till|til|until|-|–)\s*"
_SLEEP_CLOCK = rf"(?:{CLOCK_MILITARY}|{CLOCK_LOOSE})"
SLEEP_RANGE = (rf"{_SLEEP_WORD}(?:\s+[a-z']+){{0,3}}?\s+(?:from\s+)?(?:{_SLEEP_CLOCK})"
               rf"{_RANGE}(?:{_SLEEP_CLOCK})(?!\s*(?:hours?|hrs?|h)\b)")
_NEAR = r"(?:(?:at|around|about)\s+)*"
BED_WAKE = (rf"(?:went\s+to\s+(?:bed|sleep)|fell\s+asleep|got\s+to\s+sleep)\s+{_NEAR}(?:{CLOCK_LOOSE})"
            rf"[^.;\n]{{0,40}}?\b(?:woke(?:\s+up)?|got\s+up)\s+{_NEAR}(?:{CLOCK_LOOSE})")

_CLOCK_FIRST = re.compile(rf"^(?:(?:at|@)\s*)?(?P<clock>{CLOCK_LOOSE})\s+(?:on\s+)?(?P<day>{DAY_REF})$", re.I)
_DAY_FIRST = re.compile(rf"^(?P<day>{DAY_REF})\s+(?:(?:at|@)\s*)?(?P<clock>{CLOCK_LOOSE})$", re.I)
_CLOCK_TOKEN = re.compile(rf"(?<![\w:])(?:{_SLEEP_CLOCK})", re.I)
_SLEEP_PAIR = re.compile(rf"(?P<a>(?<![\w:])(?:{_SLEEP_CLOCK})){_RANGE}(?P<b>(?:{_SLEEP_CLOCK}))$", re.I)


def _part_of(text: str) -> str | None:
    lowered = text.lower()
    if "last night" in lowered:
        return "night"
    if "tonight" in lowered:
        return "evening"
    return next((part for part in PART_WINDOWS if part in lowered), None)


def day_part(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = re.sub(r"\s+", " ", match.group(0).lower())
    part = _part_of(text)
    if part == "night":
        start = at_clock(ctx.day - timedelta(days=1), 22, 0, ctx.tz)
        end = at_clock(ctx.day, 6, 0, ctx.tz)
    else:
        base = ctx.day
        if not text.startswith(("this", "tonight")):
            day = ctx.resolve_inner(text.rsplit(" ", 1)[0])
            if day is None or day.kind != "date" or not day.value:
                return None
            base = date.fromisoformat(day.value)
        first, last = PART_WINDOWS[part or "evening"]
        start, end = at_clock(base, first, 0, ctx.tz), at_clock(base, last, 0, ctx.tz)
    return ctx.result("interval", "4", start=iso_instant(start), end=iso_instant(end), grain="hour")


def _hour_in_part(hour: int, part: str) -> int:
    """A bare hour 1-12 read inside a part of the day ('at 8 this evening' = 20:00)."""
    if part == "morning":
        return hour % 12
    if part == "evening" and hour == 12:
        return 24
    return hour % 12 + 12


def clock_on_day(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = re.sub(r"\s+", " ", match.group(0).strip())
    parts = _CLOCK_FIRST.match(text) or _DAY_FIRST.match(text)
    clock = parse_clock(parts.group("clock")) if parts else None
    if parts is None or clock is None:
        return None
    hour, minute, meridiem = clock
    explicit = meridiem is not None or is_twenty_four_hour(hour, meridiem, parts.group("clock"))
    part = _part_of(parts.group("day"))
    instant: datetime
    if part == "night":
        if explicit:
            day = ctx.day - timedelta(days=1) if hour >= 12 else ctx.day
        else:
            day = ctx.day - timedelta(days=1) if 7 <= hour <= 11 else ctx.day
            hour = hour + 12 if 7 <= hour <= 11 else hour % 12
        instant = at_clock(day, hour, minute, ctx.tz)
    else:
        anchor = ctx.resolve_inner(parts.group("day"))
        if anchor is None:
            return None
        day_text = anchor.start if anchor.kind == "interval" else anchor.value
        if not day_text:
            return None
        if not explicit:
            if part is None:
                return None
            hour = _hour_in_part(hour, part)
        instant = at_clock(date.fromisoformat(day_text[:10]), hour, minute, ctx.tz)
    return ctx.result("datetime", "10", value=iso_instant(instant), grain="minute")


def bare_clock(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = re.sub(r"\s+", " ", match.group(0).strip())
    period = re.search(r"in the (morning|afternoon|evening)$", text, re.I)
    clock_text = re.sub(rf"^(?:at|@)\s*|\s+{_PERIOD}$", "", text, flags=re.I)
    clock = parse_clock(clock_text)
    if clock is None:
        return None
    hour, minute, meridiem = clock
    if meridiem is None and not is_twenty_four_hour(hour, meridiem, clock_text):
        if period is None:
            return None
        hour = _hour_in_part(hour, period.group(1).lower())
    instant = clock_at_or_before(ctx.mention, hour % 24, minute)
    return ctx.result("datetime", "10", value=iso_instant(instant), grain="minute")


def _sleep_hour(text: str, *, start: bool) -> tuple[int, int] | None:
    clock = parse_clock(text)
    if clock is None:
        return None
    hour, minute, meridiem = clock
    if start and meridiem is None and hour == 12 and not text.strip().startswith("0"):
        return 0, minute  # "went to bed at 12:30": the night's 12, as a bare "12" is
    if meridiem is not None or is_twenty_four_hour(hour, meridiem, text):
        return hour, minute
    if start and 7 <= hour <= 11:
        return hour + 12, minute
    return hour % 12, minute


def sleep_window(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = match.group(0)
    pair = _SLEEP_PAIR.search(text)
    if pair is not None:
        first, second = pair.group("a"), pair.group("b")
    else:
        tokens = [t.group(0) for t in _CLOCK_TOKEN.finditer(text)]
        if len(tokens) < 2:
            return None
        first, second = tokens[0], tokens[-1]
    start_clock, end_clock = _sleep_hour(first, start=True), _sleep_hour(second, start=False)
    if start_clock is None or end_clock is None:
        return None
    end = clock_at_or_before(ctx.mention, *end_clock)
    start = clock_before(end, *start_clock)
    minutes = int((end - start).total_seconds() // 60)
    return ctx.result("interval", "7", start=iso_instant(start), end=iso_instant(end), grain="minute",
                      duration_min=minutes)


CLOCK_RULES: list[Rule] = [
    Rule("sleep_range", "7", SLEEP_RANGE, sleep_window),
    Rule("bed_wake", "7", BED_WAKE, sleep_window),
    Rule("clock_on_day", "10", CLOCK_ON_DAY, clock_on_day),
    Rule("day_part", "4", DAY_PART, day_part),
    Rule("bare_clock", "10", BARE_CLOCK, bare_clock),
]
