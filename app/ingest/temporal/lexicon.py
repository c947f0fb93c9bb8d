"""Words the resolver reads: numbers, weekdays, months, units, clock times, parts of the day.

Regex fragments here use no named groups, so rules can embed them in larger patterns; the rule that
matched re-reads its own span with the parsers below.
"""

from __future__ import annotations

import re

_UNITS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}

NUMBER_WORDS: dict[str, int] = {word: value for value, word in enumerate(_UNITS)}
NUMBER_WORDS.update(_TENS)
NUMBER_WORDS.update({"a": 1, "an": 1, "a couple of": 2, "a fortnight": 14, "hundred": 100})
for _tens_word, _tens_value in _TENS.items():
    for _unit_value, _unit_word in enumerate(_UNITS[1:10], start=1):
        NUMBER_WORDS[f"{_tens_word}-{_unit_word}"] = _tens_value + _unit_value
        NUMBER_WORDS[f"{_tens_word} {_unit_word}"] = _tens_value + _unit_value

_WORD_ALTERNATION = "|".join(
    sorted((re.escape(w) for w in NUMBER_WORDS if " " not in w or "-" in w), key=len, reverse=True)
)
_TENS_COMPOUND = "(?:" + "|".join(_TENS) + r")[- ](?:" + "|".join(_UNITS[1:10]) + ")"
# A count: digits or words ("3", "three", "twenty-one", "a", "a couple of").
NUM = rf"(?:\d+|a\s+couple\s+of|{_TENS_COMPOUND}|{_WORD_ALTERNATION})"
# A count that may be a decimal ("1.5 hours").
NUM_DEC = rf"(?:\d+(?:\.\d+)?|{_TENS_COMPOUND}|{_WORD_ALTERNATION})"

WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
_WEEKDAY_ABBREVIATIONS = {
    "mon": 0,
    "tue": 1,
    "tues": 1,
    "wed": 2,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "fri": 4,
    "sat": 5,
    "sun": 6,
}
WEEKDAY_FULL = "(?:" + "|".join(WEEKDAYS) + ")"
# Abbreviations may carry a full stop ("Tue."); full names never take one (it ends the sentence).
WEEKDAY_ANY = (
    "(?:" + "|".join(WEEKDAYS) + "|(?:" + "|".join(sorted(_WEEKDAY_ABBREVIATIONS, key=len, reverse=True)) + r")\.?)"
)

MONTHS = {
    "january": 1,
    "february": 2,
    "march": 3,
    "april": 4,
    "may": 5,
    "june": 6,
    "july": 7,
    "august": 8,
    "september": 9,
    "october": 10,
    "november": 11,
    "december": 12,
}
_MONTH_ABBREVIATIONS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "sept": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
# "May" only capitalised: lower-case "may" is nearly always the modal verb.
MONTH = (
    "(?:"
    + "|".join(m for m in MONTHS if m != "may")
    + r"|(?-i:May|MAY)|(?:"
    + "|".join(sorted(_MONTH_ABBREVIATIONS, key=len, reverse=True))
    + r")\.?)"
)
_ORDINAL_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_ORDINAL_TEENS = ("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
                  "seventeenth", "eighteenth", "nineteenth")
ORDINAL_DAYS: dict[str, int] = {
    **{word: n for n, word in enumerate(_ORDINAL_UNITS, start=1)},
    **{word: n for n, word in enumerate(_ORDINAL_TEENS, start=10)},
    "twentieth": 20,
    "thirtieth": 30,
    **{f"twenty {word}": 20 + n for n, word in enumerate(_ORDINAL_UNITS, start=1)},
    "thirty first": 31,
}
"""A day of the month in words, "the twelfth of march" ("twenty-first" is read with a space)."""
_ORDINAL_DAY_WORD = "|".join(
    word.replace(" ", r"[\s-]") for word in sorted(ORDINAL_DAYS, key=len, reverse=True)
)
DAY_OF_MONTH = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
DAY_OF_MONTH_WORD = rf"(?:{_ORDINAL_DAY_WORD})\b"
# Beside a day of the month, lower-case "may" is the month too: "on may 4th", "may the 4th", "the 4th of may".
MONTH_BEFORE_DAY = rf"(?:{MONTH}|may(?=\s+(?:the\s+)?{DAY_OF_MONTH}(?![\w:])))"
MONTH_AFTER_DAY = rf"(?:{MONTH}|(?<=of\s)may\b)"

MERIDIEM = r"(?:a\.m\.|p\.m\.|am|pm)"
_HOUR_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
HOUR_WORD = "(?:" + "|".join(sorted(_HOUR_WORDS, key=len, reverse=True)) + ")"
# A clock time that reads unambiguously on its own: "10pm", "8:30 am", "22:15", "noon", "midnight".
CLOCK_STRICT = (
    rf"(?:(?:[01]?\d|2[0-3])(?::[0-5]\d)?\s*{MERIDIEM}(?!\w)|(?:[01]?\d|2[0-3]):[0-5]\d(?!\d)"
    # a zero-padded 24-hour time without its colon, as shift workers write it: "at 0300", "0730"
    r"|0\d[0-5]\d(?![\d:])"
    rf"|noon|midnight|(?:[01]?\d|{HOUR_WORD})\s+o['’]?clock)"
)
# Also a bare hour ("at 8 this morning"); only used where the context says which half of the day.
# A clock said the British way: "half past ten", "quarter past seven", "quarter to six" (a bare hour: placed as one).
CLOCK_PAST_TO = rf"(?:(?:half|quarter)\s+past|(?:a\s+)?quarter\s+to)\s+(?:1[0-2]|0?[1-9]|{HOUR_WORD})(?![\d:])"
CLOCK_LOOSE = rf"(?:{CLOCK_STRICT}|{CLOCK_PAST_TO}|(?:[01]?\d|{HOUR_WORD})(?![\d:]))"
# Any 24-hour time without its colon ("1400"), read only where a sleep window says it is a time: "slept 0800 to 1400".
CLOCK_MILITARY = r"(?:[01]\d|2[0-3])[0-5]\d(?![\d:])"

PARTS_OF_DAY = ("morning", "afternoon", "evening")
# Windows of rule 4: [start hour, end hour) on the day the words name.
PART_WINDOWS: dict[str, tuple[int, int]] = {"morning": (6, 12), "afternoon": (12, 18), "evening": (18, 24)}

DURATION_UNITS: dict[str, str] = {
    "second": "S",
    "sec": "S",
    "minute": "M",
    "min": "M",
    "hour": "H",
    "hr": "H",
    "h": "H",
    "day": "D",
    "week": "W",
    "month": "MO",
    "year": "Y",
    "yr": "Y",
}
DURATION_UNIT = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)"

_PAST_TO_PARSE = re.compile(
    r"^(?P<how>half\s+past|quarter\s+past|(?:a\s+)?quarter\s+to)\s+(?P<h>\S+)$", re.IGNORECASE
)
_CLOCK_PARSE = re.compile(
    rf"^(?:(?P<h>\d{{1,2}}|{HOUR_WORD})(?::?(?P<m>\d{{2}}))?\s*(?P<mer>{MERIDIEM})?"
    r"(?:\s+o['’]?clock)?|(?P<word>noon|midnight))$",
    re.IGNORECASE,
)


def parse_number(text: str) -> float | None:
    """A count from digits or words; None when it is not one."""
    token = re.sub(r"\s+", " ", text.strip().lower())
    if re.fullmatch(r"\d+(?:\.\d+)?", token):
        return float(token)
    value = NUMBER_WORDS.get(token)
    return float(value) if value is not None else None


def weekday_index(token: str) -> int:
    word = token.strip(" .").lower()
    return WEEKDAYS.get(word, _WEEKDAY_ABBREVIATIONS.get(word, -1))


def month_index(token: str) -> int:
    word = token.strip(" .").lower()
    return MONTHS.get(word, _MONTH_ABBREVIATIONS.get(word, 0))


def parse_clock(text: str) -> tuple[int, int, str | None] | None:
    """``(hour, minute, meridiem)`` of a clock time; meridiem is 'am', 'pm' or None (bare).

    ``noon`` is 12:00 pm and ``midnight`` 12:00 am. A 24-hour time ("22:15", "00:30") comes back
    with its hour and no meridiem; a bare hour 1-12 stays for the caller to place.
    """
    said = text.strip()
    past_to = _PAST_TO_PARSE.match(said)
    if past_to is not None:  # "half past ten" is 10:30, "quarter to six" 5:45 (a bare hour, no meridiem)
        base = parse_clock(past_to.group("h"))
        if base is None:
            return None
        minutes = {"half past": 30, "quarter past": 15}.get(" ".join(past_to.group("how").lower().split()), -15)
        total = (base[0] * 60 + minutes) % (24 * 60)
        return total // 60 or (12 if minutes < 0 else 0), total % 60, None
    match = _CLOCK_PARSE.match(said)
    if match is None:
        return None
    if match.group("word"):
        return (12, 0, "pm") if match.group("word").lower() == "noon" else (0, 0, "am")
    raw_hour = match.group("h").lower()
    hour = int(raw_hour) if raw_hour.isdigit() else _HOUR_WORDS.index(raw_hour) + 1
    minute = int(match.group("m") or 0)
    meridiem = (match.group("mer") or "").replace(".", "").lower() or None
    if hour > 23 or minute > 59 or (meridiem and not 1 <= hour <= 12):
        return None
    if meridiem == "am":
        return hour % 12, minute, "am"
    if meridiem == "pm":
        return hour % 12 + 12, minute, "pm"
    return hour, minute, None


def is_twenty_four_hour(hour: int, meridiem: str | None, text: str) -> bool:
    """A clock without meridiem that still reads unambiguously: 13:00-23:59 or a zero-padded 0x:MM."""
    stripped = text.strip()
    return meridiem is None and (
        hour >= 13
        or hour == 0
        or stripped.startswith("0")
        or (hour == 12 and ":" in stripped)
        or (len(stripped) == 4 and stripped.isdigit())  # "1200" is noon
    )
