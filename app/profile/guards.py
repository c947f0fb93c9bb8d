"""Guards on every profile answer, from the composer or the model alike.

* Inference boundary: outside ``action_items`` a text that recommends, prescribes or diagnoses is
  rejected (seed 000: only the last field may recommend).
* No fabrication: every number in the text must occur in the evidence the field was given (or be a
  count/average the composer derives from the user's own reports, which it passes as allowed).
* Provenance: cited ids must be ids of the field's evidence.
* Length: answers stay within bounds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

MIN_CHARS = 20
MAX_CHARS = 700

_RECOMMENDS = re.compile(
    r"\b(should|must|ought to|recommend\w*|advis\w*|suggest(?:ed|s)? (?:that|to)|consider(?:ing)? "
    r"(?:taking|starting|stopping|switching|adding)|needs? to|try to|make sure|start taking|stop taking|"
    r"increase (?:the|your) dose|decrease (?:the|your) dose|prescrib\w*)\b",
    re.IGNORECASE,
)
_DIAGNOSES = re.compile(
    r"\b(diagnos\w*|(?:likely|probably|possibly) (?:has|have|suffers?)|indicat\w* (?:that|a|an) \w+ "
    r"(?:disease|disorder|syndrome|condition)|is (?:a )?sign of|caused by|because of (?:the|his|her|their) "
    r"(?:medication|drug|condition))\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")


class GuardViolation(ValueError):
    """An answer broke a guard; ``rule`` names which one."""

    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(f"{rule}: {detail}")
        self.rule = rule
        self.detail = detail


def check_answer(
    text: str,
    *,
    may_recommend: bool,
    evidence_text: str,
    cited_ids: Iterable[str],
    evidence_ids: Iterable[str],
    allowed_numbers: Iterable[str] = (),
) -> None:
    """Raise :class:`GuardViolation` when ``text`` breaks a guard; return silently otherwise."""
    stripped = text.strip()
    if not MIN_CHARS <= len(stripped) <= MAX_CHARS:
        raise GuardViolation("length", f"{len(stripped)} characters")
    if not may_recommend:
        match = _RECOMMENDS.search(stripped)
        if match:
            raise GuardViolation("recommendation", match.group(0))
    match = _DIAGNOSES.search(stripped)
    if match:
        raise GuardViolation("diagnosis", match.group(0))
    known = set(_numbers(evidence_text)) | {_canonical(n) for n in allowed_numbers}
    for found in _numbers(stripped):
        if found not in known:
            raise GuardViolation("fabricated_number", found)
    unknown = set(cited_ids) - set(evidence_ids)
    if unknown:
        raise GuardViolation("unknown_citation", ",".join(sorted(unknown)[:3]))


def _numbers(text: str) -> list[str]:
    return [_canonical(n) for n in _NUMBER.findall(text)]


def _canonical(number: str) -> str:
    try:
        value = float(number)
    except ValueError:
        return number
    return f"{value:g}"
