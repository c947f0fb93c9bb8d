"""A drug's injection told as received: an intake, whoever gave the shot.

"Nurse did my B12 jab last Friday", "popped into the clinic this morning for my B12 jab", "got my testosterone shot
yesterday", "the pharmacist gave me my Depo injection": a drug (not a vaccine) named by its shot, jab, injection or
infusion, with a receipt before it (got, had, did, gave me, in for): a ``medication_intake`` of the drug. The anchor
runs from the receipt to the shot, so ConText judges the speaker's clause: a plan ("I'm due my B12 jab"), a question
or another person's shot ("my husband got his B12 shot") is not admitted. :mod:`.history` and :mod:`.immunizations`
read no vaccination in such a shot.
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.terms import TermMatch

_SHOT_AFTER = re.compile(r"^\s*(?:shots?|jabs?|injections?|infusions?)\b", re.IGNORECASE)
_SHOT_IN_TERM = re.compile(r"\b(?:shots?|jabs?|injections?|infusions?)$", re.IGNORECASE)
_RECEIVED_BEFORE = re.compile(
    r"\b(?:got|had|did|done|gave me|given|received"
    # a visit for it: "popped into the clinic this morning for my B12 jab", "went in for my monthly shot"
    r"|(?:popped|went|go|came|come|dropped|stopped|nipped|headed|in|back|there)\b[^.;!?,]{0,40}?\s+for)"
    r"\s+(?:my|the|a|an|this month's|today's|this week's)\s+"
    r"(?:(?:monthly|weekly|usual|regular|next|latest|last)\s+)?$",
    re.IGNORECASE,
)
"""The receipt right before the drug: "did my ", "in for my ", "got my monthly "."""


def find_drug_injections(text: str, drugs: list[TermMatch]) -> list[Proposal]:
    """An intake of each drug told as a shot, jab or injection the speaker received."""
    proposals = []
    for drug in drugs:
        if "vaccine" in drug.key:
            continue  # a vaccine's shot is a vaccination (:mod:`.history`, :mod:`.vaccine_names`)
        shot = _SHOT_AFTER.match(text, drug.end)
        if shot is None and _SHOT_IN_TERM.search(drug.text) is None:
            continue
        received = _RECEIVED_BEFORE.search(text, max(0, drug.start - 60), drug.start)
        if received is None:
            continue
        end = shot.end() if shot else drug.end
        proposals.append(Proposal(type="medication_intake", fields={"drug": drug.key}, anchor=(received.start(), end)))
    return proposals
