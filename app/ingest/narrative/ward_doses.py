"""What a hospital ward's papers and staff did with a dose: a discharge letter's medicines list, each line headed by
what was done ("CHANGED: Amlodipine 5mg -> 10mg once daily", "NEW: Atorvastatin 80mg at night"; "STOP:" is read as the
verb it is), and a dose the ward or the carers did not give ("they never gave him his clopidogrel yesterday", read in
the person's first person).

Pure: the words before a drug in its clause in, the kind out.
"""

from __future__ import annotations

import re

_LIST_HEADING = re.compile(
    r"(?:^|\n)\s*[-*•]?\s*(?P<head>changed|increased|decreased|reduced|new|started|start|held|withheld|suspended)"
    r"\s*:\s*$",
    re.IGNORECASE,
)
"""A discharge letter's medicines list, each line headed by what was done ("CHANGED: Amlodipine 5mg -> 10mg",
"NEW: Atorvastatin 80mg at night"); "STOP:" is read as the verb it is."""
_HEADING_KIND = {
    "changed": "dose_change",
    "increased": "dose_change",
    "decreased": "dose_change",
    "reduced": "dose_change",
    "new": "start",
    "started": "start",
    "start": "start",
    "held": "skip",
    "withheld": "skip",
    "suspended": "skip",
}


_NOT_GIVEN_ME = re.compile(
    r"\b(?:they|the\s+(?:nurses?|ward|staff|carers?|hospital|home)|nobody|no\s+one|she|he)\s+"
    r"(?:never|didn'?t|did\s+not|forgot\s+to|hasn'?t|haven'?t|has\s+not|have\s+not)\s+(?:give|gave|given)\s+me\s+"
    r"(?:my|the|any\s+of\s+my)\s+$",
    re.IGNORECASE,
)
"""A dose the carers or the ward did not give ("they never gave him his clopidogrel yesterday", read in the person's
first person): a skip."""


def ward_kind(before: str, kind: str | None) -> str | None:
    """The kind a ward's words before the drug give it ("skip", "dose_change", "start"), else ``None``."""
    if kind in (None, "intake", "prescription") and _NOT_GIVEN_ME.search(before):
        return "skip"
    if kind is None and (heading := _LIST_HEADING.search(before)):
        return _HEADING_KIND[heading.group("head").lower()]
    return None
