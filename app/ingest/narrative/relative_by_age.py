"""A relative whose age the writer gives, and it is the person's recorded age: the message is about the person.

"My dad is 83 and a bit forgetful. He swallowed a second Coumadin last night", "Mum fainted in the bathroom last
night ... She's 85": a writer who does not declare themselves ("I'm typing for my dad") still says whom they write
about, and when the age said is the recorded person's (a year either way: birthdays) and the relation's sex is the
person's, the relative is the person. Without the age, "my dad had chest pain" stays the writer's father (family
history): the person's age alone cannot tell a carer from a child telling their own family's story.

Pure: the text, the person's recorded sex and age in, the relation word out.
"""

from __future__ import annotations

import re

from app.ingest.narrative.quantities import SPOKEN_INTEGER, parse_number

_RELATION_SEX = {
    "mum": "female",
    "mom": "female",
    "mother": "female",
    "wife": "female",
    "daughter": "female",
    "grandma": "female",
    "gran": "female",
    "dad": "male",
    "father": "male",
    "husband": "male",
    "son": "male",
    "grandpa": "male",
}
_RELATION = "|".join(sorted(_RELATION_SEX, key=len, reverse=True))
_AGE = rf"(?:\d{{1,3}}|{SPOKEN_INTEGER})"
_AGE_WITH_RELATION = re.compile(
    # "my dad", or the relation as a name opening a sentence ("Mum fainted ...")
    rf"(?:\b(?:my|our)\s+|^\W*|(?<=[.!?]\s))(?P<rel>{_RELATION})\b(?:\s*\(\s*(?P<a1>\d{{1,3}})\s*\)"
    rf"|\s*,\s*(?:who\s+is\s+|who's\s+)?(?P<a2>{_AGE})(?:\s+(?:years?\s+old|yrs?))?\s*,"
    rf"|\s+(?:is|'s|who\s+is|who's|turned|just\s+turned)\s+(?P<a3>{_AGE})(?:\s+(?:years?\s+old|yrs?))?\b(?!\s*(?:%|mg|lbs"
    r"|kg|kilos|pounds|minutes|mins|hours|days|weeks|times|percent))"
    # the age in a sentence of its own soon after: "Mum fainted last night ... She's 85."
    rf"|[^?!]{{0,160}}?\b(?:she|he)(?:'s|\s+is)\s+(?P<a4>{_AGE})(?:\s+(?:years?\s+old|yrs?))?\s*(?:[.!?]|$))",
    re.IGNORECASE,
)


def relative_of_the_persons_age(text: str, sex: str | None, age: int | None) -> str | None:
    """The relation word ("dad", "mum") of a relative the writer gives the person's own age and sex, else None."""
    if sex not in ("female", "male") or age is None:
        return None
    for m in _AGE_WITH_RELATION.finditer(text):
        said = m.group("a1") or m.group("a2") or m.group("a3") or m.group("a4")
        rel = m.group("rel").lower()
        pronoun = m.group("a4") is None or (
            re.search(r"\bshe\b" if _RELATION_SEX[rel] == "female" else r"\bhe\b", m.group(0)[-30:], re.I) is not None
        )
        if _RELATION_SEX[rel] == sex and pronoun and abs(parse_number(said) - age) <= 1:
            return rel
    return None
