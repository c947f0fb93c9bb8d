"""Numbers and units as stated: the pieces every measurement pattern is built from.

A number keeps exactly what was written ("7.9", "131", "11,000" -> 11000.0); a unit is copied
as written (case kept) and compared case-insensitively later by grounding. Nothing here converts.
"""

from __future__ import annotations

import re

NUMBER_CORE = r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+(?!\d)|\d{1,2},\d(?![\d,])|\d+)(?:\.\d+)?"
NUMBER = NUMBER_CORE + r"(?![\w])"
"""A plain decimal number (thousands separators allowed, or a decimal comma before one digit: "6,4 %", "13,7"), not
part of a word or a date."""

_UNIT_WORDS = (
    r"mg/dl|mmol/l|mmol/mol|g/dl|g/l|mg/l|u/l|iu/l|miu/l|uiu/ml|µiu/ml|ng/ml|ng/dl|pg/ml|µmol/l|umol/l"
    r"|meq/l|ml/min(?:/1\.73\s?m2)?|mmhg|bpm|beats per minute|kg/m2|kgs?|kilos?|kilograms?|lbs?|pounds?"
    r"|cm|centimeters?|inch(?:es)?|in|ft|feet|°\s?[fc]|degrees?(?:\s?[fc])?|(?-i:[CF])|mcg|µg|mg|ml|g|grams?"
    r"|units?|iu|tablets?|tabs?|pills?|capsules?|puffs?|drops?|%|percent"
)
UNIT = rf"(?:{_UNIT_WORDS})(?![\w/])"
_SPOKEN_DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_SPOKEN_WHOLES = (*_SPOKEN_DIGITS, "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen")
_SPOKEN_TENS_WORDS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SPOKEN_UNDER_100 = (
    rf"(?:{'|'.join(_SPOKEN_TENS_WORDS)})(?:[- ](?:{'|'.join(_SPOKEN_DIGITS[1:])}))?|{'|'.join(_SPOKEN_WHOLES)}"
    r"|sixteen|seventeen|eighteen|nineteen"
)
SPOKEN_DECIMAL = (
    rf"\b(?:(?:a|one)\s+hundred(?:\s+and)?(?:\s+(?:{_SPOKEN_UNDER_100}))?|{_SPOKEN_UNDER_100})"
    rf"\s+point\s+(?:{'|'.join(_SPOKEN_DIGITS)}|oh)\b"
)
"""A decimal said in words, as a message from the office reads it out ("A1C six point four", "ninety four point five
kilos", "a hundred and one point four")."""
_SPOKEN_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                 "nineteen")
_SPOKEN_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ONES = "|".join(_SPOKEN_DIGITS[1:])
SPOKEN_DIGIT = rf"\b(?:{_ONES})\b"
"""A single digit said in words ("six"), for counts a pattern reads only beside its noun ("a six mile hike",
"two weeks pregnant")."""
_TWO_DIGITS = rf"(?:(?:{'|'.join(_SPOKEN_TENS)})(?:[- ](?:{_ONES}))?|{'|'.join(_SPOKEN_TEENS)})"
SPOKEN_INTEGER = (
    rf"\b(?:(?:a|{_ONES})\s+hundred(?:\s+and)?(?:\s+(?:{_TWO_DIGITS}|{_ONES}))?"
    # a reading said by its hundreds digit and the rest: "one fifty-eight over ninety-six", "two twenty pounds"
    rf"|(?:one|two)\s+(?:{'|'.join(_SPOKEN_TENS)})(?:[- ](?:{_ONES}))?(?=\s+(?:over|pounds|lbs|kilos|mg/dl)\b"
    # or closing its clause, as a reading's value: "LDL came out one forty five"
    r"|\s+on\s+(?:one|two|a|\w+ty)\b|\s*(?:[.,;!?]|$))"
    # a hundreds digit and "oh": "one oh nine" is 109; and a teen: "one-eighteen over seventy-six"
    rf"|(?:one|two)\s+oh\s+(?:{_ONES})"
    rf"|(?:one|two)[- ](?:{'|'.join(_SPOKEN_TEENS)})(?=\s+(?:over|on)\b|\s*(?:[.,;!?]|$))"
    rf"|{_TWO_DIGITS})\b(?![- ](?:year|years|something|ish)\b)"
)
"""A whole number from ten to 999 said in words ("ninety-eight kilos", "a hundred and forty", "one fifty-eight over
ninety-six", "one fifty eight on one oh nine", "LDL came out one forty five"); single digits are left out (they are
mostly counts and articles: "one of those")."""
QUANTITY = re.compile(
    rf"(?P<num>{NUMBER_CORE}|{SPOKEN_DECIMAL}|{SPOKEN_INTEGER})(?:\s?(?P<unit>{UNIT})|(?![\w]))", re.IGNORECASE
)

LAB_UNITS = frozenset(
    u.casefold()
    for u in (
        "mg/dL",
        "mmol/L",
        "mmol/mol",
        "g/dL",
        "g/L",
        "mg/L",
        "U/L",
        "IU/L",
        "mIU/L",
        "uIU/mL",
        "µIU/mL",
        "ng/mL",
        "ng/dL",
        "pg/mL",
        "µmol/L",
        "umol/L",
        "mEq/L",
        "%",
        "percent",
    )
)
DOSE_UNITS = frozenset(
    u.casefold()
    for u in (
        "mg",
        "mcg",
        "µg",
        "g",
        "ml",
        "units",
        "unit",
        "iu",
        "tablet",
        "tablets",
        "tab",
        "tabs",
        "pill",
        "pills",
        "capsule",
        "capsules",
        "puff",
        "puffs",
        "drop",
        "drops",
    )
)

WORD_NUMBERS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "a": 1,
    "an": 1,
    "half an": 0.5,
    "half a": 0.5,
}
COUNT = r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|an?|half an?)"


def parse_number(text: str) -> float:
    """``"11,000"`` -> 11000.0, ``"7.9"`` -> 7.9, ``"6,4"`` -> 6.4; word numbers of :data:`WORD_NUMBERS` too."""
    word = text.strip().lower()
    if word in WORD_NUMBERS:
        return float(WORD_NUMBERS[word])
    word = " ".join(word.split())
    if " point " in word:  # "six point four" -> 6.4
        whole, tenth = (w.strip() for w in word.split(" point ", 1))
        tenths = 0 if tenth == "oh" else _SPOKEN_DIGITS.index(tenth)  # "six point oh" -> 6.0
        units = _SPOKEN_WHOLES.index(whole) if whole in _SPOKEN_WHOLES else _spoken_integer(whole)
        return float(units) + tenths / 10
    if word[:1].isalpha():
        return float(_spoken_integer(word))
    if re.fullmatch(r"\d{1,2},\d", word):  # a decimal comma: "6,4" -> 6.4
        return float(word.replace(",", "."))
    return float(word.replace(",", ""))


def _spoken_integer(words: str) -> int:
    """``"ninety-eight"`` -> 98, ``"a hundred and forty"`` -> 140, ``"one fifty-eight"`` -> 158."""
    parts = [w for w in re.split(r"[\s-]+", words) if w != "and"]
    total = 0
    if "hundred" in parts:
        at = parts.index("hundred")
        total = 100 * (1 if parts[0] == "a" else _SPOKEN_DIGITS.index(parts[0]))
        parts = parts[at + 1 :]
    elif len(parts) > 1 and (parts[1] in _SPOKEN_TENS or parts[1] in _SPOKEN_TEENS or parts[1] == "oh"):
        # "one fifty-eight", "one oh nine", "one-eighteen"
        total = 100 * _SPOKEN_DIGITS.index(parts[0])
        parts = parts[1:]
    for word in parts:
        if word == "oh":
            continue
        if word in _SPOKEN_TENS:
            total += 10 * (_SPOKEN_TENS.index(word) + 2)
        elif word in _SPOKEN_TEENS:
            total += 10 + _SPOKEN_TEENS.index(word)
        else:
            total += _SPOKEN_DIGITS.index(word)
    return total


def clean_unit(unit: str | None) -> str | None:
    """The unit as written, trimmed (``None`` stays ``None``); a spelled-out percent is ``%``."""
    if unit is None:
        return None
    unit = " ".join(unit.split())
    if unit.lower() in ("percent", "per cent"):
        return "%"  # UCUM's percent sign ("7.8 percent")
    if unit.lower() in ("milligram", "milligrams", "microgram", "micrograms"):
        return "mg" if unit.lower().startswith("milli") else "mcg"  # a strength spelled out ("500 milligrams")
    return unit or None


def stated_numbers(text: str) -> list[float]:
    """Every number written in ``text`` (digits or a number word), in order."""
    found = [parse_number(m.group(0)) for m in re.finditer(NUMBER_CORE + r"(?![\d])", text)]
    found += [parse_number(" ".join(m.group(0).split())) for m in re.finditer(SPOKEN_DECIMAL, text, re.IGNORECASE)]
    found += [parse_number(m.group(0)) for m in re.finditer(SPOKEN_INTEGER, text, re.IGNORECASE)]
    for m in re.finditer(
        r"\b(?:half an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b",
        text,
        re.IGNORECASE,
    ):
        found.append(parse_number(m.group(0)))
    # "5'10" and "1/2" style pairs are read by the patterns from the same digits.
    return found
