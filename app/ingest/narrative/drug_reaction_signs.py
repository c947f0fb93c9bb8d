"""A drug reaction told by the sign first and the drug as its cause by a back-reference (round 25).

- the sign "after it": a drug named earlier in the sentence (often as an apposition: "the heart pill, the
  diltiazem, I keep getting welts about an hour after it"), the speaker's sign then dated "after it", "after
  each dose", "after taking them";
- the sign told in the sentence before and the drug's dose said to bring "it" on each time: "Can a statin make
  your lips puff up? It happens whenever I take the atorvastatin", "My tongue swells. It happens every time I
  take the lisinopril".

The substance is the drug's ingredient (kind drug); the anchor is the speaker's clause, so ConText judges it (a
question about someone else, a denial or another person's dose is not admitted). A plain intake with no sign,
or a sign the drug treats ("the cream for my rash"), is no reaction.
"""

from __future__ import annotations

import re

from app.ingest.narrative.drug_reactions import SIGN, SPEAKER_SIGN, reaction_proposal
from app.ingest.narrative.models import Proposal
from app.ingest.narrative.terms import TermMatch

_AFTER_IT = re.compile(
    r"[^.;!?]{0,50}?\b(?:after|following|since)\s+(?:(?:i\s+)?(?:take|took|taking|swallow|swallowing)\s+)?"
    r"(?:it|them|each dose|every dose|each one|every one|each pill|every pill|each tablet|every tablet)\b",
    re.IGNORECASE,
)
"""The speaker's sign dated after "it" (the drug named before): "... welts on my arms about an hour after it"."""
_NOT_SPEAKERS = re.compile(r"\b(?:no|not|never|n't|without|if|whether|might|could|would)\b", re.IGNORECASE)
_IT_HAPPENS_EACH_TIME = re.compile(
    r"\b(?:it|this|that|the same thing|the same)\s+(?:\w+\s+)?(?:happens|happened|comes on|came on|starts|started"
    r"|kicks in|keeps happening|has happened)\s+(?:(?:again|always|reliably)\s+)?"
    r"(?:every time|each time|whenever|every single time|any time|anytime)\s+i\s+(?:take|took|have|had|use|swallow)"
    r"\s+(?:the\s+|my\s+|a\s+|an\s+|that\s+)?$",
    re.IGNORECASE,
)
"""The dose said to bring on "it", the sign told in the sentence before."""
_SIGN_RE = re.compile(rf"\b(?:{SIGN})\b", re.IGNORECASE)
_OTHERS_DOSE = re.compile(r"\b(?:he|she|they|his|her|their)\s+(?:takes?|took|has|had)\b", re.IGNORECASE)


def find_signs_by_reference(
    text: str, drugs: list[TermMatch], sentences: list[tuple[int, int]]
) -> list[Proposal]:
    """Drug allergies whose sign refers back to the drug ("after it") or forward to its dose ("it happens every
    time I take X")."""
    out: list[Proposal] = []
    for drug in drugs:
        index = next((i for i, (s, e) in enumerate(sentences) if s <= drug.start < e), None)
        if index is None:
            continue
        start, end = sentences[index]
        after = text[drug.end : end]
        sign = SPEAKER_SIGN.search(after)
        speakers = sign is not None and not _NOT_SPEAKERS.search(after, max(0, sign.start() - 14), sign.start())
        if sign is not None and speakers and _AFTER_IT.match(after, sign.end()):
            out.append(reaction_proposal(drug, (drug.end + sign.start(), drug.end + sign.end())))
            continue
        before = text[start : drug.start]
        each = _IT_HAPPENS_EACH_TIME.search(before)
        if each is None or index == 0 or _SIGN_RE.search(after):
            continue
        previous = text[sentences[index - 1][0] : sentences[index - 1][1]]
        if _SIGN_RE.search(previous) and not _OTHERS_DOSE.search(previous):
            span = (start + each.start(), drug.end)
            out.append(reaction_proposal(drug, span, taking=span))
    return out
