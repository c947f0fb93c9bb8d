"""Vaccinations told as received around the vaccine phrase, not by "I got my X shot" (round 26).

- the vaccine in a relative clause of receipt: "the shingles shot they gave me at my physical", "the flu jab I had
  at the chemist", "the covid booster the nurse gave me";
- the vaccine offered, then taken back by "it": "the pharmacist offered me the shingles vaccine and I had it there
  and then", "the chemist was doing the flu jab, so I got it done", "they had the covid booster in stock and I said
  yes";
- the vaccine named, then a clinician giving "it": "Just the shingles one. The pharmacist gave it to me on Tuesday";

Not admitted: a plan ("I'll have it next week"), a refusal ("I didn't have it", "I said no"), a question.
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal

_VACCINE = (
    r"(?:(?!(?:cortisone|steroid|corticosteroid|epidural|b12|insulin|vitamin|allergy|botox|testosterone|depo)\b)"
    r"[\w-]+\s+){0,2}?(?:shots?|jabs?|boosters?|vaccines?|vaccinations?|immuni[sz]ations?)\b"
)
_DISEASE_ONE = r"(?:shingles|flu|covid|tetanus|pneumonia|whooping\s+cough|hep(?:atitis)?\s+[ab]|rsv|mmr)\s+one"
"""A vaccine said by its disease and "one" ("just the shingles one")."""
_GIVER = (
    r"(?:they|she|he|the\s+(?:\w+\s+)?(?:nurse|pharmacist|chemist|doctor|doc|gp|clinic|pharmacy)"
    r"|my\s+(?:\w+\s+)?(?:nurse|pharmacist|doctor|gp))"
)
_RELATIVE = re.compile(
    rf"\bthe\s+(?P<v>{_VACCINE})\s+(?:that\s+|which\s+)?(?:{_GIVER}\s+(?:gave|did|put\s+in)\s+(?:me|for\s+me)"
    r"|i\s+(?:had|got|received)(?!\s+(?:to|booked|scheduled|next|coming))\b)",
    re.IGNORECASE,
)
_TAKEN_BACK = re.compile(
    r"\b(?:(?:i|we)\s+(?:just\s+|finally\s+|then\s+)?(?:had|got)\s+(?:it|one)(?:\s+done)?(?:\s+there\s+and\s+then)?"
    r"|(?:i|we)\s+(?:said\s+yes|went\s+for\s+it|took\s+it)"
    rf"|{_GIVER}\s+(?:just\s+)?(?:gave|did)\s+(?:it\s+(?:to\s+me|for\s+me)|me\s+it|it\b(?!\s+to\s+(?!me)))"
    r")",
    re.IGNORECASE,
)
"""The vaccine taken back by "it", the speaker or a clinician the subject."""
_NAMED_BEFORE = re.compile(rf"\b(?P<v>{_VACCINE}|{_DISEASE_ONE})", re.IGNORECASE)
_REFUSED = re.compile(
    r"\b(?:n't|not|never|no|declined|refused|turned\s+(?:it|them)\s+down)\b|\b(?:will|'ll|going\s+to|gonna|might"
    r"|may|could|should|would|if|next|tomorrow)\b",
    re.IGNORECASE,
)
_NOT_A_VACCINE = re.compile(r"'s\b|\b(?:due|needed|overdue|booked|scheduled)\b", re.IGNORECASE)


def _clause_before(text: str, end: int) -> str:
    """The words from the last sentence or clause break before ``end``."""
    cut = max(text.rfind(c, 0, end) for c in ".;!?,")
    return text[cut + 1 : end]


def find_vaccine_receipts(text: str) -> list[Proposal]:
    """A vaccination visit for each vaccine told received around its phrase (see the module docstring)."""
    out: list[Proposal] = []
    for m in _RELATIVE.finditer(text):
        if _NOT_A_VACCINE.search(m.group("v")) or _REFUSED.search(_clause_before(text, m.start())):
            continue
        if "?" in text[m.end() : m.end() + 60].split(".")[0]:
            continue
        out.append(Proposal("clinical_visit", {"kind": "vaccination"}, (m.start(), m.end()), policy="plain"))
    if out:
        return out
    for m in _TAKEN_BACK.finditer(text):
        named = [v for v in _NAMED_BEFORE.finditer(text, max(0, m.start() - 160), m.start())]
        if not named or _NOT_A_VACCINE.search(named[-1].group("v")):
            continue
        rest = text[m.end() :]
        rest = rest[: min((i for i in (rest.find("."), rest.find("!")) if i >= 0), default=len(rest))]
        if _REFUSED.search(_clause_before(text, m.start())) or "?" in rest:
            continue
        if re.match(r"\s+(?:next|tomorrow|later|on\s+\w+\s+next)\b", rest, re.IGNORECASE):
            continue
        out.append(Proposal("clinical_visit", {"kind": "vaccination"}, (m.start(), m.end()), policy="plain"))
        break
    return out
