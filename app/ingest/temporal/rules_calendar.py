"""Calendar rules: days, weekdays, weeks, months, years, 'ago', 'in N', 'since', 'the past N', supplies.

Conventions 1, 2, 3, 5, 6, 8, 9, 10 (dates) and 11 of docs/temporal.md.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from app.ingest.temporal.dates import (
    following_weekday,
    iso_week_label,
    iso_week_start,
    month_day_after,
    month_day_on_or_before,
    month_label,
    previous_weekday,
    shift_months,
    weekday_on_or_before,
)
from app.ingest.temporal.grammar import Context, Rule, iso_date
from app.ingest.temporal.lexicon import (
    DAY_OF_MONTH,
    DAY_OF_MONTH_WORD,
    MONTH,
    MONTH_AFTER_DAY,
    MONTH_BEFORE_DAY,
    NUM,
    ORDINAL_DAYS,
    WEEKDAY_ANY,
    WEEKDAY_FULL,
    month_index,
    parse_number,
    weekday_index,
)
from app.ingest.temporal.models import TemporalResolution

REL_DAY = r"(?:the\s+)?day\s+before\s+yesterday|(?:the\s+)?day\s+after\s+tomorrow|yesterday|today|tomorrow"
AGO = (
    rf"(?:(?:about|around|roughly|nearly|almost|like|maybe|some|a good)\s+)?(?:{NUM})\s*"
    rf"(?:day|week|month|year|wk|yr|mo)s?\.?\s+ago|a\s+fortnight\s+ago"
)
"""'N days ago', also hedged ('about 3 days ago': the date, not the duration 'about 3 days') and
abbreviated ('2 wks ago', '3 mos ago')."""
LAST_NEXT_WEEKDAY = rf"(?:last|next|this\s+past|this\s+coming)\s+{WEEKDAY_ANY}"
BARE_WEEKDAY = rf"(?:on\s+)?{WEEKDAY_FULL}"
PERIOD = r"(?:last|this|next)\s+(?:week|month|year)(?:['’]s)?"
PAST_N = (
    rf"(?:(?:for|over|in|during)\s+)?(?:the\s+)?(?:past|last)\s+(?:{NUM})\s+(?:day|week|month)s?"
    r"|(?:for|over|in|during)\s+the\s+(?:past|last)\s+(?:day|week|month)|the\s+past\s+(?:day|week|month)"
)
IN_N = (
    rf"in\s+(?:{NUM})\s+(?:day|week|month|year)s?|in\s+a\s+fortnight"
    rf"|(?:{NUM})\s+(?:day|week)s?\s+from\s+(?:now|today)"
)
YEAR_SUFFIX = r"(?:,?\s+(?:19|20)\d{2})"
MONTH_DAY = (
    rf"(?:(?:next|coming|this\s+coming|upcoming|in)\s+)?"
    rf"(?:{MONTH_BEFORE_DAY}\s+(?:the\s+)?{DAY_OF_MONTH}|(?:the\s+)?{DAY_OF_MONTH}\s+(?:of\s+)?{MONTH_AFTER_DAY}"
    # in words: "the twelfth of march", "march the twelfth" ("first march" alone is left: "my first March race")
    rf"|(?:the\s+)?{DAY_OF_MONTH_WORD}\s+of\s+{MONTH_AFTER_DAY}|{MONTH}\s+(?:the\s+)?{DAY_OF_MONTH_WORD})"
    rf"{YEAR_SUFFIX}?"
)
ISO_DATE = r"(?:19|20)\d{2}-[01]\d-[0-3]\d(?![\d:T])"
_OCCASION = (
    r"(?:physical|check-?up|appointment|visit|review|bloods|blood\s+test|clinic|screening|scan|jab|shot|injection"
    r"|booster|vaccine|vaccination|colonoscopy|operation|op|surgery|procedure|admission|stay|trip)"
)
"""What a month may name the time of: "at my August physical", "the March check-up"."""
MONTH_ONLY = (
    rf"(?:in|during|last|this|next|coming)\s+{MONTH}(?:\s+(?:19|20)\d{{2}})?"
    rf"|{MONTH}\s+(?:19|20)\d{{2}}"
    # a month naming an occasion's time: "flu shot was done at my august physical" (the latest such month)
    rf"|(?:(?<=\bmy\s)|(?<=\bthe\s)|(?<=\bour\s)|(?<=\bhis\s)|(?<=\bher\s)){MONTH}(?=\s+{_OCCASION}\b)"
)
MONTH_BARE = rf"{MONTH}(?:\s+(?:19|20)\d{{2}})?"
YEAR = r"(?:in|during)\s+(?:19|20)\d{2}"
YEAR_BARE = r"(?:19|20)\d{2}"

_DAY_OFFSETS = (("before yesterday", -2), ("after tomorrow", 2), ("yesterday", -1), ("today", 0), ("tomorrow", 1))
_FUTURE_MARKERS = ("next", "coming", "upcoming", "in ")


def _lower(match: re.Match[str]) -> str:
    return re.sub(r"\s+", " ", match.group(0).lower())


def _date(ctx: Context, day: date, convention: str) -> TemporalResolution:
    return ctx.result("date", convention, value=iso_date(day), grain="day")


def _week(ctx: Context, monday: date, convention: str) -> TemporalResolution:
    return ctx.result(
        "week",
        convention,
        value=iso_week_label(monday),
        start=iso_date(monday),
        end=iso_date(monday + timedelta(days=6)),
        grain="week",
    )


def _month(ctx: Context, day: date, convention: str) -> TemporalResolution:
    return ctx.result("month", convention, value=month_label(day), grain="month")


def _year(ctx: Context, year: int, convention: str) -> TemporalResolution:
    return ctx.result("year", convention, value=f"{year:04d}", grain="year")


def _count(text: str) -> int | None:
    """The count in 'three days ago', 'for the past 2 weeks', 'in a fortnight' (None if not whole)."""
    if "fortnight" in text:
        return 2
    number = re.search(rf"(?<!\w)({NUM})\s+(?:day|week|month|year)", text, re.IGNORECASE)
    value = parse_number(number.group(1)) if number else None
    return int(value) if value is not None and value == int(value) else None


def relative_day(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = _lower(match)
    offset = next(delta for word, delta in _DAY_OFFSETS if word in text)
    return _date(ctx, ctx.day + timedelta(days=offset), "1")


_ABBREVIATED_UNITS = (
    ("wks", "weeks"),
    ("wk", "week"),
    ("yrs", "years"),
    ("yr", "year"),
    ("mos", "months"),
    ("mo", "month"),
)


def ago(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = _lower(match).replace(".", "")
    for short, unit in _ABBREVIATED_UNITS:
        text = re.sub(rf"(?<=[\d\s]){short}\b", f" {unit}", text)
    count = _count(text)
    if count is None:
        return None
    try:
        if "fortnight" in text or "week" in text:
            return _date(ctx, ctx.day - timedelta(days=7 * count), "2")
        if "day" in text:
            return _date(ctx, ctx.day - timedelta(days=count), "2")
        if "month" in text:
            return _month(ctx, shift_months(ctx.day.replace(day=1), -count), "2")
        return _year(ctx, ctx.day.year - count, "2")
    except (OverflowError, ValueError):
        return None


def last_next_weekday(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = _lower(match)
    weekday = weekday_index(text.split()[-1])
    if text.startswith(("last", "this past")):
        return _date(ctx, previous_weekday(ctx.day, weekday), "3")
    return _date(ctx, following_weekday(ctx.day, weekday), "3")


def bare_weekday(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    return _date(ctx, weekday_on_or_before(ctx.day, weekday_index(_lower(match).split()[-1])), "3")


_PAST_CLAUSE = re.compile(
    r"\b(?:was|were|had|did|went|got|took|ran|ate|slept|felt|came|saw|made|gave|began|swam|rode|drove|left|kept"
    r"|fell|hurt|woke|threw|broke|caught|forgot|quit|hit|sent|told|said|paid|bought|rang|rung|brought|found|heard"
    r"|didn't|didnt|did\s+not|wasn't|weren't|hadn't|couldn't"  # a negated past: "didn't take it Saturday"
    r"|showed|shown|spoke|met|wrote|drank|bled|sat|stood|gotten|seen|done|\w{3,}ed)\b"
    # a thing of the speaker's dated by the weekday it comes from: "my blood work from Tuesday", "the results
    # of Monday" (a past event whatever the clause's verb)
    r"|\b(?:my|the|your|his|her|our|those|these|that)\s+(?:(?!(?:is|are|was|were|be|been|open|closed|off|away|out|on"
    r"|starting|start|starts|begins?)\b)[\w-]+\s+){1,3}(?:from|of)\s*$",
    re.IGNORECASE,
)
_FUTURE_CLAUSE = re.compile(
    r"\b(?:will|'ll|going to|gonna|plan(?:ning)? to|want to|hope to|hoping to|next|tomorrow|coming|upcoming"
    r"|scheduled|booked|is on|are on)\b|[’']ll\b",
    re.IGNORECASE,
)
_RANGE_END = re.compile(r"(?:[-–/]|\b(?:to|through|thru|until|till|or|and|&))\s*$", re.IGNORECASE)
_CLAUSE_START = re.compile(r"[.;!?\n]|\b(?:and|but|so|then|because)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.;!?\n]")


def weekday_by_tense(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    """ "On Sunday" by the tense of its own clause: past → the most recent Sunday strictly before the
    mention's date (as "last Sunday"); future → the first after it (as "next Sunday"); a weekday opening its
    clause ("Saturday a few of us went swimming") takes the tense of the rest of its sentence; else unresolved.
    Only the utterance gives the tense, so the bare words alone resolve to nothing."""
    text = match.string
    if _RANGE_END.search(text, 0, match.start()):  # "Tuesday-Friday", "Monday to Friday": a range
        return None
    weekday = weekday_index(_lower(match).split()[-1])
    tense = _clause_tense(text, match.start(), match.end())
    if tense is None:
        return None
    step = following_weekday if tense == "future" else previous_weekday
    return _date(ctx, step(ctx.day, weekday), "3")


def _clause_tense(text: str, start: int, end: int) -> str | None:
    """ "past", "future" or None: the tense of the clause a weekday stands in (see :func:`weekday_by_tense`)."""
    starts = [m.end() for m in _CLAUSE_START.finditer(text, 0, start)]
    clause = text[starts[-1] if starts else 0 : start]
    if _FUTURE_CLAUSE.search(clause):
        return "future"
    if _PAST_CLAUSE.search(clause):
        return "past"
    if clause.strip(" ,"):
        return None
    # the weekday opens its clause ("Saturday a few of us went swimming"): the tense of what follows
    stop = _SENTENCE_END.search(text, end)
    after = text[end : stop.start() if stop else len(text)]
    if _FUTURE_CLAUSE.search(after):
        return "future"
    if _PAST_CLAUSE.search(after):
        return "past"
    return None


WEEKDAY_PAIR = rf"(?:on\s+)?{WEEKDAY_FULL}\s+(?:or|and|&|nor)\s+(?:on\s+)?{WEEKDAY_FULL}"


def weekday_pair(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    """Two weekdays said together in a past clause ("didn't take it Saturday or Sunday", "skipped it on Saturday
    and Sunday"): the days from the earlier to the later, each the most recent before the mention's date; a
    future or tenseless clause is left unresolved."""
    text = match.string
    if _clause_tense(text, match.start(), match.end()) != "past":
        return None
    words = [w for w in _lower(match).split() if weekday_index(w) >= 0]
    days = sorted(previous_weekday(ctx.day, weekday_index(w)) for w in (words[0], words[-1]))
    return ctx.result("interval", "3", start=iso_date(days[0]), end=iso_date(days[1]), grain="day")


def period(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = _lower(match).replace("’", "'")
    step = {"last": -1, "this": 0, "next": 1}[text.split()[0]]
    convention = "9" if text.endswith("'s") else "5"
    if "week" in text:
        return _week(ctx, iso_week_start(ctx.day) + timedelta(days=7 * step), convention)
    if "month" in text:
        return _month(ctx, shift_months(ctx.day.replace(day=1), step), convention)
    return _year(ctx, ctx.day.year + step, convention)


def past_n(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = _lower(match)
    count = 1 if re.search(r"(?:past|last) (?:day|week|month)\b", text) else _count(text)
    if count is None:
        return None
    if "month" in text:
        start = shift_months(ctx.day, -count)
    else:
        start = ctx.day - timedelta(days=count * (7 if "week" in text else 1))
    return ctx.result("interval", "6", start=iso_date(start), end=iso_date(ctx.day), grain="day")


def in_n(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = _lower(match)
    count = _count(text)
    if count is None:
        return None
    if "month" in text:
        return _month(ctx, shift_months(ctx.day.replace(day=1), count), "10")
    if "year" in text:
        return _year(ctx, ctx.day.year + count, "10")
    days = count * (7 if ("week" in text or "fortnight" in text) else 1)
    return _date(ctx, ctx.day + timedelta(days=days), "10")


def month_day(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = _lower(match)
    named = re.search(rf"{MONTH_BEFORE_DAY}|{MONTH_AFTER_DAY}", match.group(0), re.IGNORECASE)
    month = month_index(named.group(0).lower().rstrip("."))  # type: ignore[union-attr]
    digits = re.search(r"(?<![\d])(\d{1,2})(?:st|nd|rd|th)?(?!\d)", text)
    if digits is not None:
        dom = int(digits.group(1))
    else:  # "the twelfth of march"
        word = re.search(DAY_OF_MONTH_WORD, text)
        dom = ORDINAL_DAYS[re.sub(r"[\s-]+", " ", word.group(0))]  # type: ignore[union-attr]
    year = re.search(r"(?:19|20)\d{2}$", text)
    if year:
        try:
            return _date(ctx, date(int(year.group(0)), month, dom), "11")
        except ValueError:
            return None
    if text.startswith(_FUTURE_MARKERS) or text.startswith("this coming"):
        found = month_day_after(ctx.day, month, dom)
    else:
        found = month_day_on_or_before(ctx.day, month, dom)
    return _date(ctx, found, "11") if found else None


def iso_day(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    try:
        return _date(ctx, date.fromisoformat(match.group(0)), "11")
    except ValueError:
        return None


def month_only(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    text = _lower(match)
    month = month_index(re.search(MONTH, match.group(0), re.IGNORECASE).group(0))  # type: ignore[union-attr]
    year = re.search(r"(?:19|20)\d{2}$", text)
    if year:
        return _month(ctx, date(int(year.group(0)), month, 1), "11")
    current = ctx.day.replace(day=1)
    if text.startswith(("next", "coming")):
        found = date(ctx.day.year + (month <= ctx.day.month), month, 1)
    elif text.startswith("this"):
        found = date(ctx.day.year, month, 1)
    else:
        found = date(ctx.day.year - (month > current.month), month, 1)
        if text.startswith("last") and found == current:
            found = found.replace(year=found.year - 1)
    return _month(ctx, found, "11")


def year_only(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    return _year(ctx, int(match.group(0)[-4:]), "11")


ANCHOR = "|".join(f"(?:{p})" for p in (MONTH_DAY, ISO_DATE, AGO, LAST_NEXT_WEEKDAY, PERIOD, REL_DAY))


def since(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    inner = ctx.resolve_inner(re.sub(r"^since\s+", "", match.group(0), flags=re.IGNORECASE))
    if inner is None:
        return None
    start: str | None
    if inner.kind in ("date", "datetime"):
        start = inner.value
    elif inner.kind in ("week", "interval", "open_interval"):
        start = inner.start
    elif inner.kind == "month" and inner.value:
        start = f"{inner.value}-01"
    elif inner.kind == "year" and inner.value:
        start = f"{inner.value}-01-01"
    else:
        return None
    return ctx.result("open_interval", "6", start=start, grain=inner.grain)


SUPPLY = (
    rf"(?:an?\s+)?(?:{NUM})[- ](?:day|week|month)s?['’]?s?\s+supply\b"
    rf"(?:[^.;\n]{{0,40}}?\b(?:started|starting|began|begun|beginning|begins|from)\s+(?:on\s+)?(?:{ANCHOR}))?"
)
_SUPPLY_HEAD = re.compile(rf"^(?:an?\s+(?=\S+[- ](?:day|week|month)))?({NUM})[- ](day|week|month)", re.IGNORECASE)
_SUPPLY_START = re.compile(r"\b(?:started|starting|began|begun|beginning|begins|from)\s+(?:on\s+)?(.+)$", re.IGNORECASE)


def supply(match: re.Match[str], ctx: Context) -> TemporalResolution | None:
    head = _SUPPLY_HEAD.match(match.group(0))
    count = parse_number(head.group(1)) if head else None
    if head is None or count is None or count < 1 or count != int(count):
        return None
    n, unit = int(count), head.group(2).lower()
    anchor = _SUPPLY_START.search(match.group(0)[head.end() :])
    inner = ctx.resolve_inner(anchor.group(1)) if anchor else None
    if inner is None or inner.kind not in ("date", "datetime") or not inner.value:
        days = {"day": n, "week": 7 * n}.get(unit)
        iso = f"P{n}D" if unit == "day" else (f"P{n}W" if unit == "week" else f"P{n}M")
        return ctx.result("duration", "8", value=iso, iso_duration=iso, duration_min=days * 1440 if days else None)
    first = date.fromisoformat(inner.value[:10])
    if unit == "month":
        last = shift_months(first, n) - timedelta(days=1)
    else:
        last = first + timedelta(days=(n if unit == "day" else 7 * n) - 1)
    return ctx.result("interval", "8", start=iso_date(first), end=iso_date(last), grain="day")


CALENDAR_RULES: list[Rule] = [
    Rule("supply", "8", SUPPLY, supply),
    Rule("past_n", "6", PAST_N, past_n),
    Rule("month_day", "11", MONTH_DAY, month_day),
    Rule("iso_date", "11", ISO_DATE, iso_day),
    Rule("ago", "2", AGO, ago),
    Rule("in_n", "10", IN_N, in_n),
    Rule("last_next_weekday", "3", LAST_NEXT_WEEKDAY, last_next_weekday),
    Rule("period", "5", PERIOD, period),
    Rule("relative_day", "1", REL_DAY, relative_day),
    Rule("month_only", "11", MONTH_ONLY, month_only),
    Rule("year", "11", YEAR, year_only),
    # A bare weekday says nothing of past or future by itself ("on Monday"): after "since", or by
    # the tense of its clause ("ran on Sunday", "will see her on Monday").
    Rule("bare_weekday", "6", BARE_WEEKDAY, bare_weekday, inner_only=True),
    Rule("weekday_by_tense", "3", BARE_WEEKDAY, weekday_by_tense),
    Rule("weekday_pair", "3", WEEKDAY_PAIR, weekday_pair),
    Rule("month_bare", "11", MONTH_BARE, month_only, inner_only=True),
    Rule("year_bare", "11", YEAR_BARE, year_only, inner_only=True),
]
