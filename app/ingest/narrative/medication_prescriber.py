"""A clinician's start of a drug said with its regimen: a prescription.

"The neurologist started me on Keppra, 500 mg twice a day", "the urgent care doc put me on prednisone, 20
milligrams each morning for five days", "the rheumatologist added hydroxychloroquine": a start with a strength, a
count a day, a time of day or a course is the clinician's prescription; a start with no regimen said stays a
regimen change ("my neurologist started me on levetiracetam two weeks ago").
"""

from __future__ import annotations

import re

from app.ingest.narrative.medication_clauses import FREQUENCY
from app.ingest.narrative.quantities import NUMBER_CORE, clean_unit, parse_number

PRESCRIBER_STARTED = re.compile(
    r"\b(?:started|starts|start|starting|put|puts|putting) me on\s+(?:(?:a|the|some)\s+)?$"
    # the drug named after what it is for: "started me on something for the migraines, topiramate 25 mg"
    r"|\b(?:started|starts|start|starting|put|puts|putting) me on\s+(?:something|a\s+(?:new\s+)?(?:pill|tablet|drug"
    r"|medicine|medication))\s+(?:(?:to help\s+)?with|for|to help)\b[^.;!?,]{2,40},\s*$"
    r"|\b(?:he|she|they|doctor|doc|dr\.?|gp|nurse|clinic|surgeon|[a-z]+ologist|[a-z]+iatrist)\s+(?:also\s+|just\s+)?added"
    r"\s+(?:(?:a|the|some)\s+)?$",
    re.IGNORECASE,
)
"""A clinician starting the drug ("started me on Keppra", "the rheumatologist added hydroxychloroquine"): with
a dose or a frequency said, that is a prescription ("..., 500 mg twice a day")."""
_COUNT_WORD = r"(?:\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|seven|ten|fourteen|half an?)"
_REGIMEN_SAID = re.compile(
    rf"\b{_COUNT_WORD}\s*(?:milligrams?|micrograms?|mgs?|mcg|units?)\b"
    rf"|\b{_COUNT_WORD}\s+(?:\w+\s+)?(?:tablets?|pills?|capsules?|tabs?|puffs?|injections?|shots?|doses?)\s+"
    r"(?:a|per|each|every)\s+(?:day|night|morning|evening|week)\b"
    r"|\b(?:each|every)\s+(?:morning|evening|night|day)\b|\b(?:a|per)\s+day\b"
    rf"|\bfor\s+{_COUNT_WORD}\s+(?:more\s+)?(?:days|weeks)\b|\b{_COUNT_WORD}[- ](?:day|week)\s+(?:course|supply)\b"
    # a supply said by its length: "ten days' worth", "a week's worth", "a fortnight's supply"
    rf"|\b(?:{_COUNT_WORD}\s+(?:days|weeks)'?|a\s+(?:week|fortnight|month)'s)\s+(?:worth|supply)\b"
    # an as-needed dose: "one tablet when a bad one kicks in", "two puffs whenever I'm wheezy", "a spray if it starts"
    rf"|\b{_COUNT_WORD}\s+(?:\w+\s+)?(?:tablets?|pills?|capsules?|tabs?|puffs?|sprays?|doses?|squirts?)\s+"
    r"(?:(?:under the tongue|by mouth)\s+)?(?:when(?:ever)?|if|at the (?:first\s+)?(?:sign|start|onset)|as soon as)\b",
    re.IGNORECASE,
)
"""A regimen said with the clinician's start, in any words: a strength ("20 milligrams"), a count a day ("one
tablet a day"), a time of day ("each morning"), a course ("for five days") or an as-needed dose ("one tablet when a
migraine starts"): a prescription."""
_DOSE_LATER = re.compile(
    rf"^[^.;!?\d]{{0,50}}?(?:,|\.(?=\s))\s*(?P<num>{NUMBER_CORE})\s?(?P<unit>mg|mcg|µg|g|ml|units?|iu|milligrams?"
    r"|micrograms?)\b",
    re.IGNORECASE,
)
"""A strength said after a short aside and a comma, or opening the next sentence: "started me on Keppra afterwards,
500 mg", "started me on Topamax for the migraines ten days ago, 25mg at night", "put me on sumatriptan last week for
the migraines. 50mg as needed"."""


_FIRST_DOSE_TAKEN = re.compile(
    r"\bfirst\s+(?:one|dose|pill|tablet|capsule|injection|shot)\s+(?:was|went down|went in)\b"
    r"|\b(?:took|had|swallowed|taken|did)\s+(?:the\s+|my\s+)?(?:very\s+)?first\s+(?:one|dose|pill|tablet|capsule"
    r"|injection|shot)\b(?!\s+(?:tomorrow|tonight|later|next)\b)",
    re.IGNORECASE,
)
"""The speaker's first dose said taken ("..., and the first one was yesterday", "I took my first dose this morning"):
the clinician's start is the speaker's start of the drug, not a prescription only."""


def prescriber_started(before: str, after: str, dose: float | None) -> bool:
    """A clinician's start (``before`` the drug) with a dose next to the drug or a regimen said ``after`` it, the
    first dose not said taken yet."""
    if _FIRST_DOSE_TAKEN.search(after) is not None:
        return False
    return PRESCRIBER_STARTED.search(before) is not None and (
        dose is not None or FREQUENCY.search(after) is not None or _REGIMEN_SAID.search(after) is not None
    )


def dose_said_later(after: str) -> tuple[float | None, str | None]:
    """The strength said after a short aside and a comma ("added X on Friday, 200 mg")."""
    later = _DOSE_LATER.match(after)
    if later is None:
        return None, None
    return parse_number(later.group("num")), clean_unit(later.group("unit"))


_DAYS_COUNT = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|fourteen|thirty|ninety"
_SUPPLY = re.compile(
    rf"\b(?P<n>{_DAYS_COUNT})[- ]days?\s+(?:supply|course)\b|\bfor (?P<m>\d+|{_DAYS_COUNT}) days\b"
    rf"|\bcourse of (?P<k>{_DAYS_COUNT}) days\b|\b(?P<w>{_DAYS_COUNT}) days'?\s+(?:worth|supply)\b",
    re.IGNORECASE,
)
"""The days a supply lasts: "a 30-day supply", "a five-day course", "for 5 days", "ten days' worth"."""
_WORD_NUMBERS = {
    **{w: i for i, w in enumerate(("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), 1)},
    "fourteen": 14,
    "thirty": 30,
    "ninety": 90,
}


def supply_days(clause: str) -> int | None:
    """The days of supply said in a prescription's clause ("a 30-day supply", "a five-day course", "for 5 days")."""
    m = _SUPPLY.search(clause)
    if m is None:
        return None
    raw = (m.group("n") or m.group("m") or m.group("k") or m.group("w") or "").lower()
    return _WORD_NUMBERS.get(raw) or (int(raw) if raw.isdigit() else None)
