"""A supplement the speaker was started on by someone else: a friend, a relative, a teacher, a shop assistant.

Supplements are rarely prescribed; people tell how somebody got them going: "my sister got me on ginkgo", "the lady
at the shop got me hooked on turmeric", "my aunt brews this St John's wort tea and she's had me drinking a cup
every night", "a friend talked me into trying fish oil". The anchor is a dictionary supplement (a drug entry of kind
``supplement``, any alias: "golden milk" is turmeric) with the other person's push on the speaker in its sentence:

- before the supplement: "got me on", "got me started on", "got me hooked on", "had me on", "talked me into",
  "convinced me to try";
- after it, the supplement taken back by the speaker's use: "... and she's had me drinking a cup every night",
  "... so he has me taking two a day".

Recorded as a start (``regimen_change`` with action ``start``); the other person is the one pushing, so the record
is the speaker's. Not read: the push said of another person ("she got my husband on fish oil"), a question ("should
I let her get me on ginkgo?"), a negation ("she never got me on it"), a plan ("she wants to get me on turmeric").
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.terms import TermMatch, Vocabulary

_PUSH_BEFORE = re.compile(
    r"\b(?:got|gets|has\s+got|had|has|'s\s+got|'s\s+had)\s+me\s+(?:(?:started|hooked|going|onto|on)\s+)?(?:on|onto)?\s*"
    r"(?:(?:some|the|this|that|these|those|her|his|their)\s+)?(?:[\w'-]+\s+){0,2}?$"
    r"|\b(?:talked|talking|convinced|persuaded)\s+me\s+(?:into|to)\s+(?:(?:try|trying|take|taking|start|starting)\s+)?"
    r"(?:(?:some|the|this|that)\s+)?(?:[\w'-]+\s+){0,2}?$",
    re.IGNORECASE,
)
"""Another person's push right before the supplement ("got me hooked on golden milk", "talked me into fish oil")."""
_PUSH_AFTER = re.compile(
    r"[^.;!?]{0,80}?\b(?:she|he|they)(?:'s|\s+has|\s+had|'d)?\s+(?:got\s+)?(?:had|has|got)?\s*me\s+"
    r"(?P<v>drinking|taking|having|on|using)\b",
    re.IGNORECASE,
)
"""The supplement named first, then the push on the speaker ("... and she's had me drinking a cup every night")."""
_NOT_DONE = re.compile(
    r"\b(?:want|wants|wanted|trying\s+to|tried\s+to|going\s+to|gonna|will|'ll|would|should|might|never|not|n't)\b"
    r"[^.;!?]{0,30}$",
    re.IGNORECASE,
)
_ANOTHER_OBJECT = re.compile(r"\bme\b", re.IGNORECASE)


def find_supplement_pushes(text: str, drugs: list[TermMatch], vocabulary: Vocabulary) -> list[Proposal]:
    """A start for each supplement another person got the speaker on (see the module docstring)."""
    out: list[Proposal] = []
    for drug in drugs:
        entry = vocabulary.get("drug", drug.key)
        if entry is None or getattr(entry, "kind", None) != "supplement":
            continue
        clause_start = max(text.rfind(c, 0, drug.start) for c in ".;!?,") + 1
        before = text[clause_start : drug.start]
        pushed = _PUSH_BEFORE.search(before)
        later = _PUSH_AFTER.match(text, drug.end)
        if pushed is not None and _ANOTHER_OBJECT.search(pushed.group(0)):
            if _NOT_DONE.search(before[: pushed.start()]):
                continue
            anchor = (clause_start + pushed.start(), drug.end)
        elif later is not None:
            if _NOT_DONE.search(text[drug.end : later.start("v")]):
                continue
            anchor = (drug.start, later.end())
        else:
            continue
        proposal = Proposal("regimen_change", {"drug": drug.key, "action": "start"}, anchor)
        proposal.extra["speaker_subject"] = True  # the friend pushed, the speaker takes it
        out.append(proposal)
    return out
