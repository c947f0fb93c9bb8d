"""Vaccinations told by the vaccine's own name (a brand, a lay name), without the word "shot" or "vaccine".

People name the vaccine the way the pharmacy or the news did: "got the Prevnar last week", "finally had my
Shingrix", "started the hep B series, the Heplisav one", "Moderna #1 done", "everyone had to get the whooping cough
booster, so I got mine". The anchor is a dictionary vaccine (a drug entry whose key names a vaccine, so any brand or
lay alias of it counts) with an act of receipt in the same clause:

- a past receiving verb before it: "got", "had", "received", "took", "started", "finished", "completed";
- a dose said done after it: "Moderna #1 done", "the Shingrix second dose is done", "Havrix went in";
- "I got mine" after it, the vaccine taken back by a pronoun ("wanted us all to get the Tdap, so I got mine").

A plan ("I'm getting the Prevnar next week", "the Shingrix is due") has no past verb, and a question, a negation or
another person's dose is judged by ConText on the anchor (the verb and the vaccine). :mod:`.history` and
:mod:`.immunizations` cover the vaccines said with "shot", "jab" or "booster".
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.terms import TermMatch

_RECEIVED_BEFORE = re.compile(
    r"\b(?:got|had|received|took|started|finished|completed|(?:gave|given)\s+me)\s+"
    r"(?:(?:my|the|a|an|our|that|this|both|first|second|third|last|final)\s+)*"
    r"(?:[\w&'-]+,?\s+){0,5}?$"
    # a clinician's act, only a determiner between: "the pharmacy did my Prevnar 20", "I was given the Pneumovax"
    r"|\b(?:did|gave|administered|given)\s+(?:me\s+)?(?:my|the|a|an|our)\s+"
    r"(?:(?:first|second|third|final|last|next|1st|2nd|3rd)\s+)?$",
    re.IGNORECASE,
)
"""A past receiving verb up to five words before the vaccine ("started the hepatitis B series, the Heplisav")."""
_DONE_AFTER = re.compile(
    r"\s*(?:(?:shot|jab|dose|vaccine|booster)\s*)?(?:(?:#\s?\d|no\.?\s?\d|number\s+(?:one|two|three|\d)|one|two|"
    r"1st|2nd|3rd|first|second|third|final)\s*)?(?:(?:shot|jab|dose)\s*)?"
    r"(?:is\s+|was\s+|'s\s+)?(?:all\s+)?(?:done|in|finished|complete|went\s+in)\b",
    re.IGNORECASE,
)
"""A dose said done right after the vaccine ("Moderna #1 done", "Shingrix second dose is done")."""
_GOT_MINE = re.compile(
    r"\bi\s+(?:(?:went|popped|ran)\s+(?:in\s+|over\s+|down\s+)?and\s+|finally\s+|just\s+|already\s+)?"
    r"(?:got|had)\s+mine\b",
    re.IGNORECASE,
)
"""The speaker's own dose taken back by "mine" after the vaccine was named."""
_CLAUSE_BREAK = re.compile(r"[.;!?]|\b(?:but|because|since|when|if|before|after)\b", re.IGNORECASE)
_NEGATED = re.compile(r"(?:n't|\bnot|\bnever|\byet\s+to)\s+(?:\w+\s+)?$", re.IGNORECASE)
"""A receiving verb said negatively ("I haven't had the Prevnar", "never got the Shingrix")."""
_NOT_DONE = re.compile(r"\b(?:due|overdue|needed|booked|scheduled|next)\b", re.IGNORECASE)


def find_named_vaccinations(text: str, drugs: list[TermMatch]) -> list[Proposal]:
    """A vaccination visit for each dictionary vaccine said received (see the module docstring)."""
    out: list[Proposal] = []
    told: set[str] = set()
    for drug in drugs:
        if "vaccine" not in drug.key or drug.key in told:
            continue  # one vaccination per vaccine ("the hep B series, the Heplisav one")
        before = text[max(0, drug.start - 80) : drug.start]
        cut = list(_CLAUSE_BREAK.finditer(before))
        before = before[cut[-1].end() :] if cut else before
        after = text[drug.end : drug.end + 80]
        stop = _CLAUSE_BREAK.search(after)
        sentence_rest = after[: stop.start()] if stop and stop.group(0) in ".;!?" else after
        received = _RECEIVED_BEFORE.search(before)
        done = _DONE_AFTER.match(after)
        mine = _GOT_MINE.search(sentence_rest)
        if received is not None:
            if _NEGATED.search(before[: received.start()]):
                continue
            anchor = (drug.start - len(before) + received.start(), drug.end)
        elif done is not None:
            if _NOT_DONE.search(done.group(0)):
                continue
            anchor = (drug.start, drug.end + done.end())
        elif mine is not None:
            anchor = (drug.end + mine.start(), drug.end + mine.end())
        else:
            continue
        told.add(drug.key)
        out.append(Proposal("clinical_visit", {"kind": "vaccination"}, anchor, policy="plain"))
    return out
