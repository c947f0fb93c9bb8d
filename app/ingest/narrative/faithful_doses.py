"""A drug the speaker says they never miss: an intake, said through a denied lapse.

"Plavix is the one thing I never forget", "the lisinopril is one pill I never skip", "my levothyroxine I don't
ever miss", "I never forget my metformin", "I've never missed a dose of my Eliquis": the negation ("never") denies
the lapse, not the drug, so the drug is taken as prescribed. Only the speaker's own habit counts ("my husband
never forgets his Plavix" is not), and a question about it ("Do I ever forget my metformin?") is left to ConText.
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.terms import TermMatch

_NEVER = r"(?:never(?:\s+ever)?|don't\s+ever|do\s+not\s+ever|hardly\s+ever|rarely)"
_LAPSE = r"(?:forget|forgot|forgotten|miss|missed|skip|skipped)"
_AFTER_DRUG = re.compile(
    r"\s*(?:,\s*)?(?:(?:is|'s|has\s+been|was)\s+(?:the|one|my)?\s*(?:one|only|single)?\s*"
    r"(?:(?:thing|pill|med|meds|medicine|medication|tablet|tab|capsule|drug|one)\s+)?(?:that\s+)?)?"
    rf"i(?:\s+have|'ve)?\s+(?:{_NEVER}\s+{_LAPSE}|always\s+(?:remember|take))\b",
    re.IGNORECASE,
)
"""The denied lapse right after the drug: "X is the one thing I never forget", "X I don't ever miss", "X is the one
med I always remember"."""
_BEFORE_DRUG = re.compile(
    rf"\bi(?:\s+have|'ve)?\s+{_NEVER}\s+{_LAPSE}\s+(?:(?:a|one|a\s+single)\s+(?:dose|day|pill|tablet)\s+of\s+)?"
    r"(?:(?:my|the)\s+)?$",
    re.IGNORECASE,
)
"""The denied lapse right before the drug: "I never forget my ", "I've never missed a dose of my "."""


def find_faithful_doses(text: str, drugs: list[TermMatch]) -> list[Proposal]:
    """An intake of each drug the speaker says they never forget, miss or skip."""
    proposals = []
    for drug in drugs:
        after = _AFTER_DRUG.match(text, drug.end)
        before = _BEFORE_DRUG.search(text[max(0, drug.start - 80) : drug.start])
        if after is None and before is None:
            continue
        proposals.append(
            Proposal(
                type="medication_intake",
                fields={"drug": drug.key},
                anchor=(drug.start, drug.end),
                policy="negation_is_content",  # the "never" denies the lapse, not the drug
            )
        )
    return proposals
