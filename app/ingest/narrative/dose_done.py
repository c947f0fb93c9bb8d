"""A dose told done by the drug and a participle, as in a note: "Fosamax done this morning", "Metformin taken with
breakfast", "my Eliquis down at 8".

The drug opens its sentence (after "my" or "the" at most) and "done", "taken" or "down" follows it with a time, a
meal or the end of the clause: a ``medication_intake`` of the drug. Not read: the drug later in a sentence ("I'm
done with the metformin" is a stop, read elsewhere), a question, another person's drug ("Mum's Fosamax done").
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.terms import TermMatch

_OPENS = re.compile(r"(?:^|[.!?]\s+|\n)\W*(?:(?:and|also|ok|okay|so)\W+)?(?:(?:my|the)\s+)?$", re.IGNORECASE)
_DONE_AFTER = re.compile(
    r"\s+(?:is\s+|was\s+)?(?P<verb>done|taken|down)\b"
    r"(?=\s*(?:[,.;!]|$)|\s+(?:this|today|tonight|first|already|at|with|after|before|by|and|on time|as usual)\b)"
    r"(?![^.;!?]*\?)",
    re.IGNORECASE,
)


def find_doses_done(text: str, drugs: list[TermMatch]) -> list[Proposal]:
    """An intake of each drug said done at the opening of its sentence."""
    out = []
    for drug in drugs:
        if _OPENS.search(text, 0, drug.start) is None:
            continue
        done = _DONE_AFTER.match(text, drug.end)
        if done is None:
            continue
        out.append(Proposal(type="medication_intake", fields={"drug": drug.key}, anchor=(drug.start, done.end("verb"))))
    return out
