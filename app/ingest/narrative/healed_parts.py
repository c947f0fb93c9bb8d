"""A condition told over by the body part it was in: "Her ankle has healed up nicely", "the collarbone he broke last
spring has healed nicely", "sinuses r fine now".

People say what happened to the part rather than the diagnosis. The record is a resolved ``condition`` named by
the injury said with the part ("the collarbone I broke" -> "broken collarbone", a dictionary name) or, when none is
said, by the part alone ("ankle"); the reconciler matches a part to the recorded conditions of that site
(:data:`app.reconcile.clinical_rules.SITE_WORDS`).

Over is "healed", "mended" or "recovered" in any tense, or "fine", "better", "ok", "good", "clear" or "back to
normal" said of now or of a time since ("my wrist is fine now", "ears are all clear again", "sinuses have been clear
since August"). Not read: a question ("is my ankle healed
yet?"), a negation ("hasn't healed", "not better"), a wish ("hope my wrist is better soon"), another person's part
("his ankle has healed", unless a caregiver's view made it the speaker's), a part that is fine without having been
ill ("my knees are fine", no "now").
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal

_PARTS = (
    r"ankles?|wrists?|knees?|collar\s?bones?|shoulders?|elbows?|arms?|forearms?|legs?|hips?|ribs?|fingers?|thumbs?"
    r"|toes?|feet|foot|hands?|back|neck|sinuses|sinus|ears?|ear\s+drums?|eardrums?"
)
_INJURY = {
    "broke": "broken",
    "break": "broken",
    "sprain": "sprained",
    "broken": "broken",
    "fractured": "broken",
    "cracked": "broken",
    "sprained": "sprained",
    "twisted": "sprained",
    "rolled": "sprained",
}
_INJURY_WORDS = "|".join(_INJURY)
_OVER = (
    r"(?:(?:all|fully|completely|finally|totally|pretty\s+much|properly|nicely)\s+){0,2}"
    r"(?:(?:healed|mended|recovered)(?:\s+up)?\b"
    r"|(?:fine|better|ok|okay|good|clear|all\s+clear|back\s+to\s+normal|all\s+good)\s+(?:now|again)\b"
    # over since a time: "have been completely clear since August", "fine for months"
    r"|(?:better|clear|all\s+clear)\s+(?:(?:ever\s+)?since|for\s+(?:months|weeks|ages|a\s+while))\b"
    # "maxi's ankle is all good now", "the ankle's all good"
    r"|(?:all\s+|completely\s+)?good\s+now\b"
    # "ankle from last yr is 100% btw"
    r"|(?:100\s*%|100\s+percent|a\s+hundred\s+percent)(?!\s+(?:sure|certain)\b))"
)
_SINCE = r"(?:\s+(?:from|since|back\s+in)\s+(?:last\s+|this\s+)?[\w']+(?:\s+\d+)?)?"
"""When the part was hurt, between the part and what became of it: "the sprained wrist from feb is all healed"."""
_OWNED = r"(?:\b(?:my|the)\s+|^\W*|(?<=[.!?]\s))"
"""The speaker's part ("my ankle", "the collarbone I broke"), or a part opening the sentence ("sinuses r fine now")."""
_HEALED = re.compile(
    _OWNED + r"(?:(?P<adj>" + _INJURY_WORDS + r")\s+)?(?:(?:left|right|bad|sore)\s+)?"
    r"(?P<part>" + _PARTS + r")\b" + _SINCE +
    # what happened to it, in a relative clause: "the collarbone he broke last spring"
    r"(?:\s+(?:that\s+|which\s+|what\s+)?(?:i|we)\s+(?P<verb>" + _INJURY_WORDS + r"|messed\s+up|hurt|injured)\b"
    r"[^,.;!?]{0,40}?)?"
    r"\s*(?:has|have|is|are|'s|r|was|were|had)\s+(?:been\s+)?(?:now\s+)?"
    + _OVER
    # a bare "healed" with no verb before it: "ankle all healed now"
    + r"|"
    + _OWNED
    + r"(?:(?:left|right)\s+)?(?P<part2>"
    + _PARTS
    + r")\b" + _SINCE + r"\s+(?:all\s+|fully\s+)?healed\b",
    re.IGNORECASE,
)
_NOT_OVER = re.compile(
    r"\b(?:if|whether|hope|hoping|hopefully|wish|once|when|until|till|should|will|won't|might|may|soon)\b",
    re.IGNORECASE,
)


def find_healed_parts(text: str) -> list[Proposal]:
    """A resolved condition for each body part told healed or fine now (see the module docstring)."""
    out: list[Proposal] = []
    for m in _HEALED.finditer(text):
        sentence_start = max(text.rfind(c, 0, m.start()) for c in ".!?;") + 1
        if _NOT_OVER.search(text, sentence_start, m.start()):
            continue
        rest = text[m.end() :]
        if "?" in rest[: min((i for i in (rest.find("."), rest.find("!")) if i >= 0), default=len(rest))]:
            continue  # "is my ankle healed now, do you think?"
        part = re.sub(r"\s+", " ", (m["part"] or m["part2"]).lower())
        injury = _INJURY.get((m["adj"] or m["verb"] or "").lower())
        name = f"{injury} {part}" if injury else part
        out.append(Proposal("condition", {"name": name, "status": "resolved"}, (m.start(), m.end()), policy="plain"))
    return out


def healed_part_names(text: str) -> set[str]:
    """The condition names :func:`find_healed_parts` reads in ``text`` (for the no-fabrication check: "the collarbone
    I broke has healed" -> "broken collarbone")."""
    return {str(p.fields["name"]) for p in find_healed_parts(text)}
