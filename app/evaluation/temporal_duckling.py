"""Map Duckling's English corpus rows (``duckling_en_*.jsonl``) to our expectation format (format 2).

Duckling answers with a value or interval plus a grain, under its own conventions. A row is
*covered* when its whole text belongs to a family of expressions one of our conventions defines;
the adapter then rewrites Duckling's answer into ours by the documented mapping below. Coverage is
decided from the row's text and Duckling's answer only, never from what our resolver returns.

Family (our convention): what Duckling says → what we expect.

- today, yesterday, tomorrow, the day before yesterday, the day after tomorrow (1): day → that date.
- N days / weeks ago, a fortnight ago (2): hour- or day-grain value → its local date.
- N months ago (2): day value → its month. N years ago (2): month value → its year.
- last / next <weekday> (3): a day in the previous / next calendar week → the same weekday moved by
  whole weeks into [m−7, m−1] / [m+1, m+7] (ours: strictly before / after the mention day).
- this / today / tomorrow / yesterday evening, tonight (4): [18:00, 24:00) exclusive → the same.
- last / this / next week (5): Monday, week grain → ISO week, Monday to Sunday (inclusive end).
- last / this / next month, year (5): first day → the month / year.
- last N days, past N days (6): [m−N, m), exclusive end → [m−N, m] (ours includes the mention day).
- since <clock> (6): open interval from the next occurrence → from the latest one at or before m.
- in N days / weeks, N days from now (10): hour- or day-grain value → its local date.
- clock time with a day word (10): the datetime ("this …" moved to tomorrow once past → moved back).
- clock time alone, or "at H in the evening" (10): next occurrence → latest one at or before m.
- durations, seconds to years (12): value + unit → the ISO 8601 duration of the same length.

Not covered, because Duckling's convention differs from ours by definition: "this morning" and
"<day> morning" (00:00-12:00; ours 06:00-12:00), afternoons (12:00-19:00; ours 12:00-18:00),
"last night" (18:00-24:00 of yesterday; ours 22:00-06:00), "last N weeks/months/years" (whole
calendar periods; ours counts back from the mention day), bare weekdays (Duckling reads the next one;
ours leaves them unresolved, since only the tense tells past from future). Everything else lies
outside our conventions (quarters, "end of the month", time zones, "by EOD", "in 15 minutes", clock
ranges, ...).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from app.evaluation.temporal import CorpusRow
from app.ingest.temporal.lexicon import HOUR_WORD, NUM, NUM_DEC

_CLOCK_AMPM = r"(?:[01]?\d)(?::[0-5]\d)?\s*(?:a\.m\.|p\.m\.|am|pm)"
_CLOCK_24 = r"(?:1[3-9]|2[0-3]|00|12):[0-5]\d"
_CLOCK_ALONE = rf"(?:at\s+|@\s*)?(?:{_CLOCK_AMPM}|{_CLOCK_24}|noon|midnight)"
_DAY_WORD = (r"(?:today|tomorrow|yesterday|(?:the\s+)?day\s+after\s+tomorrow"
             r"|(?:the\s+)?day\s+before\s+yesterday)")
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_UNIT = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)"
_PART_OF_DAY = r"(?:this\s+(?:morning|afternoon|evening)|tonight|tomorrow\s+(?:morning|afternoon|evening))"
_HOUR = rf"(?:(?:[1-9]|1[0-2])(?::[0-5]\d)?|{HOUR_WORD})"
# Hours that read naturally inside a part of the day; "this evening at 2" is left out.
_PART_HOURS = {"morning": range(1, 12), "afternoon": (12, 1, 2, 3, 4, 5, 6), "evening": range(5, 12),
               "tonight": range(5, 12)}

_FAMILIES: list[tuple[str, str, str]] = [
    ("relative_day", "1", rf"{_DAY_WORD}"),
    ("ago", "2", rf"(?:{NUM})\s+(?:day|week|month|year)s?\s+ago|a\s+fortnight\s+ago"),
    ("last_next_weekday", "3", rf"(?:last|next)\s+{_WEEKDAY}"),
    ("evening", "4", r"(?:this|today|yesterday|tomorrow)\s+evening|tonight"),
    ("period", "5", r"(?:last|this|next)\s+(?:week|month|year)"),
    ("past_n_days", "6", rf"(?:past|last)\s+(?:{NUM})\s+days?"),
    ("since_clock", "6", rf"since\s+(?:{_CLOCK_AMPM}|{_CLOCK_24}|noon|midnight)"),
    ("in_n", "10", rf"in\s+(?:{NUM})\s+(?:day|week)s?|(?:{NUM})\s+(?:day|week)s?\s+from\s+now"),
    ("clock_day", "10", rf"{_DAY_WORD}\s+(?:at\s+)?{_CLOCK_AMPM}|(?:at\s+)?{_CLOCK_AMPM}\s+{_DAY_WORD}"),
    ("clock_part", "10", rf"{_PART_OF_DAY}\s+(?:at|@)\s*(?:{_HOUR}|{_CLOCK_AMPM})(?:\s+o['’]?clock)?"
                         rf"|(?:at\s+)?{_HOUR}\s+{_PART_OF_DAY}"),
    ("clock_period", "10",
     rf"(?:at\s+)?{_HOUR}(?:\s+o['’]?clock)?\s+in\s+the\s+(?:morning|afternoon|evening)"),
    ("clock_alone", "10", _CLOCK_ALONE),
]
_DURATION_PART = rf"(?:{NUM_DEC})\s+{_UNIT}"
_DURATION = re.compile(
    rf"^(?:{_DURATION_PART}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+){_DURATION_PART})*"
    rf"|half\s+(?:an?\s+)?hour|an?\s+hour\s+and\s+a\s+half|(?:{NUM_DEC})\s+and\s+an?\s+half\s+{_UNIT})$",
    re.I,
)
_DIFFERS: list[tuple[str, str]] = [
    (r"(?:this|today|tomorrow|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+morning",
     "differs by definition: Duckling's morning is 00:00-12:00, ours 06:00-12:00"),
    (r"(?:this|tomorrow|yesterday|today)\s+afternoon|tomorrow afternoonish|in the afternoon",
     "differs by definition: Duckling's afternoon is 12:00-19:00, ours 12:00-18:00"),
    (r"last night", "differs by definition: Duckling's last night is 18:00-24:00, ours 22:00-06:00"),
    (rf"(?:past|last)\s+(?:{NUM})\s+(?:week|month|year)s?",
     "differs by definition: Duckling counts whole calendar periods, ours counts back from the mention"),
    (rf"(?:on\s+)?{_WEEKDAY}\.?|(?:mon|tue|thu|fri|sat|sun)\.?|this\s+{_WEEKDAY}",
     "differs by definition: Duckling reads a bare weekday as the next one; ours leaves it unresolved"),
]
_DUCKLING_UNIT = {"second": "PT{}S", "minute": "PT{}M", "hour": "PT{}H", "day": "P{}D", "week": "P{}W",
                  "month": "P{}M", "year": "P{}Y"}


_HOUR_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
               "twelve"]


def is_duckling_row(data: dict[str, Any]) -> bool:
    return "reference_time" in data and "expected" in data


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _family(text: str) -> tuple[str, str] | None:
    for name, convention, pattern in _FAMILIES:
        if re.fullmatch(pattern, text, re.I):
            return name, convention
    return None


def _value(expected: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(str(expected["value"]))


def _into_window(day: date, first: date) -> date:
    """``day`` moved by whole weeks into the seven days starting at ``first``."""
    return first + timedelta(days=(day - first).days % 7)


def _not_after(value: datetime, mention: datetime) -> datetime:
    """Duckling's next occurrence → our most recent occurrence at or before the mention."""
    return value - timedelta(days=1) if value > mention else value


def _time_expect(family: str, text: str, expected: dict[str, Any], m: datetime) -> dict[str, Any] | None:
    kind = expected.get("type")
    if family == "relative_day" and kind == "value":
        return {"kind": "date", "value": _value(expected).date().isoformat()}
    if family == "ago" and kind == "value":
        value = _value(expected)
        if "month" in text:
            return {"kind": "month", "value": f"{value.year:04d}-{value.month:02d}"}
        if "year" in text:
            return {"kind": "year", "value": f"{value.year:04d}"}
        return {"kind": "date", "value": value.date().isoformat()}
    if family == "last_next_weekday" and kind == "value":
        day = _value(expected).date()
        first = m.date() - timedelta(days=7) if text.startswith("last") else m.date() + timedelta(days=1)
        return {"kind": "date", "value": _into_window(day, first).isoformat()}
    if family == "evening" and kind == "interval":
        return {"kind": "interval", "start": expected["from"], "end": expected["to_exclusive"]}
    if family == "period" and kind == "value":
        first = _value(expected).date()
        if "week" in text:
            sunday = first + timedelta(days=6)
            return {"kind": "week", "start": first.isoformat(), "end": sunday.isoformat()}
        if "month" in text:
            return {"kind": "month", "value": first.isoformat()[:7]}
        return {"kind": "year", "value": first.isoformat()[:4]}
    if family == "past_n_days" and kind == "interval":
        since_day = datetime.fromisoformat(expected["from"]).date()
        mention_day = datetime.fromisoformat(expected["to_exclusive"]).date()
        return {"kind": "interval", "start": since_day.isoformat(), "end": mention_day.isoformat()}
    if family == "since_clock" and kind == "open_interval" and expected.get("from"):
        start = _not_after(datetime.fromisoformat(expected["from"]), m)
        return {"kind": "open_interval", "start": start.isoformat()}
    if family == "in_n" and kind == "value":
        return {"kind": "date", "value": _value(expected).date().isoformat()}
    if family in ("clock_day", "clock_part") and kind == "value":
        value = _value(expected)
        if re.search(r"\b(?:this|tonight|today)\b", text) and value.date() > m.date():
            value -= timedelta(days=1)
        return {"kind": "datetime", "value": value.isoformat()}
    if family in ("clock_period", "clock_alone") and kind == "value":
        return {"kind": "datetime", "value": _not_after(_value(expected), m).isoformat()}
    return None


def _duration_expect(text: str, expected: dict[str, Any]) -> dict[str, Any] | str:
    if not _DURATION.fullmatch(text):
        return "outside our conventions: duration form we do not read"
    units = set(re.findall(r"(second|sec|minute|min|hour|hr|day|week|month|year|yr)", text))
    if units & {"month", "year", "yr"} and units - {"month", "year", "yr"}:
        return "differs by definition: Duckling turns years into 365 days; ours keeps calendar units apart"
    template = _DUCKLING_UNIT.get(str(expected.get("unit")))
    if template is None:
        return "outside our conventions: unit"
    return {"kind": "duration", "value": template.format(expected["value"])}


def _hour_fits_part(text: str) -> bool:
    part = re.search(r"morning|afternoon|evening|tonight", text)
    hour = re.search(rf"(?<![\d:])(\d{{1,2}}|{HOUR_WORD})(?=\D|$)", text)
    if part is None or hour is None:
        return False
    token = hour.group(1)
    value = int(token) if token.isdigit() else _HOUR_WORDS.index(token) + 1
    return "m" in text.split(hour.group(1), 1)[1][:3] or value in _PART_HOURS[part.group(0)]


def adapt(data: dict[str, Any], line: int = 0) -> CorpusRow | str:
    """The row in our format, or the reason it is not covered."""
    text = _norm(str(data.get("text", "")))
    mention = datetime.fromisoformat(str(data["reference_time"]))
    expected = dict(data["expected"])
    if data.get("dimension") == "duration":
        result = _duration_expect(text, expected)
        if isinstance(result, str):
            return result
        return CorpusRow(text=str(data["text"]), mention=mention, expect=result, convention="12", line=line)
    family = _family(text)
    if family is None:
        for pattern, reason in _DIFFERS:
            if re.fullmatch(pattern, text, re.I):
                return reason
        tags = data.get("tags") or ["other"]
        return f"outside our conventions: {tags[0]}"
    if family[0] in ("clock_part", "clock_period") and not _hour_fits_part(text):
        return "outside our conventions: hour outside the part of the day"
    expect = _time_expect(family[0], text, expected, mention)
    if expect is None:
        return f"outside our conventions: {family[0]} answered as {expected.get('type')}"
    return CorpusRow(text=str(data["text"]), mention=mention, expect=expect, convention=family[1], line=line)


def adapt_rows(raw: list[tuple[int, dict[str, Any]]]) -> tuple[list[CorpusRow], list[str]]:
    rows: list[CorpusRow] = []
    skipped: list[str] = []
    for line, data in raw:
        adapted = adapt(data, line)
        if isinstance(adapted, str):
            skipped.append(adapted)
        else:
            rows.append(adapted)
    return rows, skipped
