"""A dose taken while unsure whether it had been taken already, or doubled up after a missed one: an intake, and a
possible double dose.

"I couldn't remember if I'd had my warfarin, so I took one to be safe", "wasn't sure whether I'd taken the
metoprolol, so I had another just in case", "can't recall if I did my Eliquis this morning and I took one anyway":
the doubt puts the drug inside an uncertain clause (ConText rightly withholds an intake anchored there), but the
dose said after it is the speaker's. The proposal is anchored on that taking phrase, so ConText judges the clause
of the act itself (a question, another person's doubt or a plan is not admitted); the reconciler reads the doubt
in the quote as a possible double dose (:mod:`app.reconcile.double_dose`).
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.terms import TermMatch, optional_apostrophes

_DOUBT_BEFORE = re.compile(
    optional_apostrophes(
        r"\b(?:couldn't|could not|can't|cannot|didn't|did not|don't|do not|wasn't|was not|not|never)\s+"
        r"(?:(?:quite|really|totally|even|100%)\s+)?(?:remember|recall|sure|certain|know)\s+(?:if|whether)\s+"
        r"i(?:'?d|'?ve|\s+had|\s+have)?\s+(?:already\s+|actually\s+)?(?:had|taken|took|done|did|swallowed|used)\s+"
        r"(?:(?:my|the|this morning's|tonight's|last night's|today's)\s+)?(?:\w+\s+)?$"
    ),
    re.IGNORECASE,
)
"""The doubt ending right before the drug: "couldn't remember if I'd had my ", "wasn't sure whether I'd taken the ",
typed with or without its apostrophes ("Cant remember if I took my ")."""
_TOOK_ONE_AFTER = re.compile(
    r"[^.;!?]{0,120}?\b(?:so|and|but)\s+(?:then\s+|just\s+|anyway\s+)?(?:i\s+)?(?:just\s+|went ahead and\s+)?"
    r"(?P<took>took|had|swallowed|popped|did)\s+(?:one|another(?:\s+one)?|it|a second(?:\s+one)?|one more"
    r"|an extra(?:\s+one)?|a dose|one anyway)\b",
    re.IGNORECASE,
)
"""The dose taken in the same sentence after the drug: "..., so I took one to be safe", "and I had another"."""


def find_doubted_doses(text: str, drugs: list[TermMatch]) -> list[Proposal]:
    """An intake of each drug named in a doubt ("couldn't remember if I'd had my X") that the speaker then took."""
    proposals = []
    for drug in drugs:
        if _DOUBT_BEFORE.search(text[max(0, drug.start - 120) : drug.start]) is None:
            continue
        took = _TOOK_ONE_AFTER.match(text, drug.end)
        if took is None:
            continue
        proposals.append(
            Proposal(
                type="medication_intake",
                fields={"drug": drug.key},
                anchor=(took.start("took"), took.end()),
                extra={"doubted_dose": True},
            )
        )
    return proposals


_DOUBLED_UP_AFTER = re.compile(
    r"[^.;!?]{0,80}?\b(?:so|and|then|but)\s+(?:then\s+)?(?:i(?:'ve|\s+have)?\s+)?(?:just\s+)?"
    r"(?P<took>doubled\s+up|double[- ]?dosed|took\s+(?:a\s+)?double(?:\s+dose)?|took\s+two)\b"
    r"(?!\s+of\b|\s+on\s+(?:my|the|his|her|their|some|a|it|them)\b|\s+(?:my|the|his|her|their|some)\s)"
    r"(?!\s+(?:a|per|each|every)\s+(?:day|night|week)\b)",
    re.IGNORECASE,
)
"""A dose doubled after the drug was named in the sentence, the drug left unsaid: "Missed my warfarin yesterday so I
doubled up today", "forgot the metoprolol last night and then took two this morning"."""


def find_doubled_up_doses(text: str, drugs: list[TermMatch]) -> list[Proposal]:
    """An intake of a drug named earlier in the sentence that the speaker then doubled up (a make-up double dose)."""
    proposals = []
    for drug in drugs:
        doubled = _DOUBLED_UP_AFTER.match(text, drug.end)
        if doubled is None or any(other.start > drug.end and other.start < doubled.end() for other in drugs):
            continue
        proposals.append(
            Proposal(
                type="medication_intake",
                fields={"drug": drug.key},
                anchor=(doubled.start("took"), doubled.end("took")),
            )
        )
    return proposals
