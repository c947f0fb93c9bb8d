"""Words taken at a dose that are not dictionary drugs: names for the alias gate's candidate queue, never records.

"I'm taking Zyntrex 20 mg" with no dictionary entry for "Zyntrex" is a blocked name (the gate fails closed and
queues it with its quote, ``selfgraph dictionary candidates``).
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import BlockedName
from app.ingest.narrative.quantities import NUMBER
from app.ingest.narrative.terms import TermMatch

_UNKNOWN_AT_DOSE = re.compile(
    rf"\b(?:taking|take|took|started|starting|prescribed|stopped|on)\s+(?P<name>[A-Za-z][A-Za-z-]{{3,}})\s+"
    rf"(?P<num>{NUMBER})\s?(?:mg|mcg|µg|units?|iu)\b",
    re.IGNORECASE,
)


def find_unknown_drugs(text: str, drugs: list[TermMatch]) -> list[BlockedName]:
    """Words taken at a dose that are not dictionary drugs (for the candidate queue)."""
    known = {(d.start, d.end) for d in drugs}
    blocked = []
    for m in _UNKNOWN_AT_DOSE.finditer(text):
        span = (m.start("name"), m.end("name"))
        if any(s <= span[0] < e for s, e in known):
            continue
        blocked.append(BlockedName(kind="drug", name=m.group("name"), quote=m.group(0)))
    return blocked
