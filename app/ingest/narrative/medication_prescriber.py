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
    rf"|\bfor\s+{_COUNT_WORD}\s+(?:more\s+)?(?:days|weeks)\b|\b{_COUNT_WORD}[- ](?:day|week)\s+(?:course|supply)\b",
    re.IGNORECASE,
)
"""A regimen said with the clinician's start, in any words: a strength ("20 milligrams"), a count a day ("one
tablet a day"), a time of day ("each morning") or a course ("for five days"): a prescription."""
_DOSE_LATER = re.compile(
    rf"^[^.;!?\d]{{0,30}}?,\s*(?P<num>{NUMBER_CORE})\s?(?P<unit>mg|mcg|µg|g|ml|units?|iu)\b", re.IGNORECASE
)
"""A strength said after a short aside and a comma: "started me on Keppra afterwards, 500 mg"."""


def prescriber_started(before: str, after: str, dose: float | None) -> bool:
    """A clinician's start (``before`` the drug) with a dose next to the drug or a regimen said ``after`` it."""
    return PRESCRIBER_STARTED.search(before) is not None and (
        dose is not None or FREQUENCY.search(after) is not None or _REGIMEN_SAID.search(after) is not None
    )


def dose_said_later(after: str) -> tuple[float | None, str | None]:
    """The strength said after a short aside and a comma ("added X on Friday, 200 mg")."""
    later = _DOSE_LATER.match(after)
    if later is None:
        return None, None
    return parse_number(later.group("num")), clean_unit(later.group("unit"))
