"""Static facts the speaker states about themselves: sex ("I'm a 54-year-old woman"), age ("I just turned 60"),
birth date ("I was born on March 3, 1961"), blood type ("my blood type is O negative") and pregnancy status ("I'm 19
weeks pregnant", "Also nineteen weeks pregnant now", "I just had my baby", "I'm not pregnant")."""

from __future__ import annotations

import re
from datetime import date

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.quantities import SPOKEN_DIGIT, SPOKEN_INTEGER, parse_number

_SEX = re.compile(
    r"\b(?:i'm|i am)\s+(?:a\s+)?(?:\d{1,3}[- ](?:years?|yrs?)[- ]old\s+)?(?P<v>man|woman|male|female|guy|lady)\b"
    r"(?!\s+(?:doctor|nurse|friend))",
    re.I,
)
_SEXES = {"man": "male", "male": "male", "guy": "male"}
"""The words said of a man; any other word _SEX reads is said of a woman."""
_AGE = re.compile(
    r"\b(?:i'm|i am|i turned|i just turned)\s+(?:a\s+)?(?P<n>\d{1,3})(?:\s*|-)(?:years old|yrs old|year old|"
    r"years-old|year-old|y/o|yo)\b",
    re.I,
)
_BORN = re.compile(
    r"\b(?:i\s+)?was born (?:on |in )?(?:(?P<iso>\d{4}-\d{2}-\d{2})|"
    r"(?P<month>[A-Za-z]+) (?P<day>\d{1,2})(?:st|nd|rd|th)?,? "
    r"(?P<year>\d{4})|(?P<day2>\d{1,2})(?:st|nd|rd|th)? (?P<month2>[A-Za-z]+),? (?P<year2>\d{4})|"
    r"(?P<yonly>\d{4}))\b",
    re.IGNORECASE,
)
_MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        1,
    )
}
_BLOOD_TYPE = re.compile(
    r"\bblood (?:type|group) is\s+(?P<abo>AB|A|B|O)\s?(?P<rh>\+|-|positive|negative|pos|neg)?(?![\w+-])"
    r"|\b(?:i'm|i am)\s+(?P<abo2>AB|A|B|O)\s?(?P<rh2>\+|-|positive|negative)(?![\w+-])",
    re.IGNORECASE,
)
_PREGNANT = re.compile(
    # the subject said or dropped ("Also nineteen weeks pregnant now"); the week in digits or in words
    rf"(?:\b(?:i'm|i am)\s+|(?:^|(?<=[.!?]\s))(?:(?:also|and|now|so|still)\s+)?(?=(?:\w+[- ]?){{1,2}}\s+weeks?\s))"
    # the week abbreviated: "im 22 wks pregnant"
    rf"(?:(?P<w>\d{{1,2}}|{SPOKEN_INTEGER}|{SPOKEN_DIGIT})\s+(?:weeks?|wks?)\s+(?:along\s+)?)?pregnant\b"
    rf"(?:,?\s+(?P<w2>\d{{1,2}}|{SPOKEN_INTEGER}|{SPOKEN_DIGIT})\s+weeks)?"
    # "weeks along" says the pregnancy by itself: "25 weeks along now", "I'm twenty weeks along"
    rf"|(?:\b(?:i'm|i am)\s+|(?:^|(?<=[.!?]\s))(?:(?:also|and|now|so|still)\s+)?)"
    rf"(?P<w3>\d{{1,2}}|{SPOKEN_INTEGER}|{SPOKEN_DIGIT})\s+weeks\s+along\b"
    r"|\b(?P<not>(?:i'm|i am) not pregnant)\b"
    r"|\b(?P<post>(?:i )?(?:just )?(?:had|gave birth to|delivered) (?:a|my|the|our) baby|postpartum)\b",
    re.IGNORECASE,
)


def find_static_facts(text: str) -> list[Proposal]:
    """One proposal per static fact the speaker states about themselves (see the module docstring)."""
    out = [
        Proposal("sex", {"value": _SEXES.get(m.group("v").lower(), "female")}, m.span(), policy="plain")
        for m in _SEX.finditer(text)
    ]
    for m in _AGE.finditer(text):
        out.append(
            Proposal("birth_date", {"age_years": int(m.group("n"))}, (m.start(), m.end()), policy="plain")
        )
    for m in _BORN.finditer(text):
        stated = _born_date(m)
        if stated is not None:
            out.append(Proposal("birth_date", {"date": stated}, (m.start(), m.end()), policy="plain"))
    for m in _BLOOD_TYPE.finditer(text):
        abo = (m.group("abo") or m.group("abo2")).upper()
        rh_raw = (m.group("rh") or m.group("rh2") or "").lower()
        rh = (
            "+"
            if rh_raw in ("+", "positive", "pos")
            else ("-" if rh_raw in ("-", "negative", "neg") else None)
        )
        out.append(Proposal("blood_type", {"abo": abo, "rh": rh}, (m.start(), m.end())))
    for m in _PREGNANT.finditer(text):
        if m.group("not"):
            fields: dict[str, object] = {"status": "not_pregnant"}
            policy = "negation_is_content"
        elif m.group("post"):
            fields, policy = {"status": "postpartum"}, "clinical"
        else:
            week = m.group("w") or m.group("w2") or m.group("w3")
            fields, policy = {"status": "pregnant", "week": int(parse_number(week)) if week else None}, "clinical"
        out.append(Proposal("pregnancy_status", fields, (m.start(), m.end()), policy=policy))  # type: ignore[arg-type]
    return out


def _born_date(m: re.Match[str]) -> str | None:
    if m.group("iso"):
        return m.group("iso")
    if m.group("yonly"):
        return m.group("yonly")
    month_name = (m.group("month") or m.group("month2") or "").lower()
    month = _MONTHS.get(month_name)
    day, year = m.group("day") or m.group("day2"), m.group("year") or m.group("year2")
    if month is None or day is None or year is None:
        return None
    try:
        return date(int(year), month, int(day)).isoformat()
    except ValueError:
        return None
