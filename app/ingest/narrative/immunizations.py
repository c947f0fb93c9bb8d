"""Immunizations said as a jab, a shot or a booster that is up to date, done or given, beyond "got my flu shot".

"My tetanus booster is up to date", "I'm up to date on my jabs", "the pharmacist did my flu jab on Monday", "the
nurse jabbed me for shingles", "the covid booster went in on Tuesday": a vaccination visit (``clinical_visit`` of kind
``vaccination``); :mod:`.history` finds the plain "got / had my X shot". The anchor is the vaccine phrase and its
verb, so ConText judges the speaker's clause (a question, a wish or another person's jab is not admitted). A
vaccine said due or needed ("my tetanus booster is due") is no vaccination.
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal

_VACCINE = (
    r"(?:(?!(?:cortisone|steroid|corticosteroid|epidural|b12|insulin|vitamin|allergy|botox|testosterone|depo)\b)"
    r"[\w-]+\s+){0,2}?(?:shots?|jabs?|boosters?|vaccines?|vaccinations?|immuni[sz]ations?|vaxx?)(?!\s+of\b)"
)
"""A vaccine named by its shot, jab or booster; an injection of a drug ("a B12 jab", "a cortisone shot") or a drink
("a shot of whisky") is none."""
_DONE = r"(?:up[- ]to[- ]date|current|done|sorted|all done|taken care of)"
_NOT_A_WAIT = r"(?!\s+(?:a|an|one|two|three|four|few|\d+|the|next|about|around|march|april|may|june)\b)"
""""the booster went in" is given; "the second shot is in a month" is a wait."""
_IMMUNIZED = re.compile(
    # the vaccine as subject: "my tetanus booster is up to date", "the covid booster went in on Tuesday"
    rf"\b(?:my|the)\s+(?P<v1>{_VACCINE})\s+(?:is|'s|are|was|were|has been|have been|got|went)\s+"
    rf"(?:(?:all|fully|now|already|finally)\s+)?(?:{_DONE}|in{_NOT_A_WAIT}|given|done)\b"
    # the speaker up to date: "I'm up to date on my jabs", "all up to date with the shingles vaccine"
    rf"|\bup[- ]to[- ]date\s+(?:on|with)\s+(?:all\s+)?(?:my|the)\s+(?P<v2>{_VACCINE})"
    # a clinician or a pharmacy giving it: "the pharmacist did my flu jab", "the nurse jabbed me for shingles"
    r"|\b(?:nurse|pharmacist|pharmacy|chemist|gp|doctor|doc|surgery|clinic|she|he|they)\s+(?:\w+\s+)?"
    rf"(?:did|gave|put|administered)\s+(?:me\s+)?(?:my|the|a|an)\s+(?P<v3>{_VACCINE})"
    r"|\b(?:nurse|pharmacist|pharmacy|chemist|gp|doctor|doc|she|he|they)\s+(?:\w+\s+)?"
    r"(?P<v4>jabbed|vaccinated|immuni[sz]ed)\s+me\b(?:\s+(?:for|against)\s+(?:the\s+)?[\w-]+)?"
    # the speaker jabbed or boosted: "I got jabbed for flu on Monday", "I was boosted against covid last week"
    r"|\b(?:i|i've|i'd|i\s+have|i\s+had)\s+(?:just\s+|finally\s+|also\s+)?(?:got|was|been|get|getting|finally\s+got)\s+"
    r"(?P<v5>jabbed|boosted|vaccinated|immuni[sz]ed)\b(?:\s+(?:for|against)\s+(?:the\s+)?[\w-]+)?",
    re.IGNORECASE,
)
_NOT_MINE = re.compile(r"'s\b|\b(?:due|needed|overdue|booked|scheduled)\b", re.IGNORECASE)


def find_immunizations(text: str) -> list[Proposal]:
    """A vaccination visit for each immunization said done, given or up to date."""
    out = []
    for m in _IMMUNIZED.finditer(text):
        vaccine = next(g for g in ("v1", "v2", "v3", "v4", "v5") if m.group(g))
        if _NOT_MINE.search(m.group(vaccine)):
            continue  # "my wife's flu jab is up to date", "my tetanus booster is due"
        out.append(Proposal("clinical_visit", {"kind": "vaccination"}, (m.start(), m.end()), policy="plain"))
    return out
