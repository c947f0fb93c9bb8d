"""A relative who is the person, by age: a writer who does not declare themselves ("I'm typing for my dad") still
says whom they write about.

- **The age said is the person's**: "My dad is 83 and a bit forgetful. He swallowed a second Coumadin last night",
  "Mum fainted in the bathroom last night ... She's 85": when the age said is the recorded person's (a year either
  way: birthdays) and the relation's sex is the person's, the relative is the person.
- **A parent's recent event on an older person's account**: "Dad got a heavy, squeezing chest pain this morning",
  "my dad's mouth was drooping on one side this afternoon", "mum's bridge partner talked her into red yeast rice
  capsules ... for the past ten days": the person is :data:`OLDER_AGE` or more, so the writer's parent would be in
  their late eighties or older, and the message tells of now (a recent time, an ongoing state) with no family-history
  cue ("died", "when she was 60", "runs in the family"): a son or daughter writes for the person. On a younger
  person's account, "my dad had chest pain this morning" stays the writer's father.

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


OLDER_AGE = 65
"""From this age (years, at the message) a parent's recent event on the person's account is the person's."""
_PARENT = re.compile(
    # "my dad", or the parent as a name opening a sentence or a clause ("handover ran late. dad had a seizure", "the
    # blister pack ran out, dad hasnt had his clopidogrel")
    r"(?:\b(?:my|our)\s+|^\W*|(?<=[.!?,;]\s))(?P<rel>mum|mom|mother|dad|father)(?:'s|\b)"
    # or a bare "dad"/"mum" after a preposition, as a name is said ("sitting with dad on the ward")
    r"|(?<=\bwith\s)(?P<bare>dad|mum|mom)\b",
    re.IGNORECASE
)
_NOW = re.compile(
    r"\b(?:today|tonight|yesterday|this\s+(?:morning|afternoon|evening|week)|last\s+(?:night|week|\w+day)|since"
    r"|for\s+the\s+(?:past|last)|(?:has|have)\s+been|'s\s+been|keeps|now|just|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|\w+\s+(?:days?|hours?)\s+ago)\b",
    re.IGNORECASE,
)
_FAMILY_HISTORY = re.compile(
    r"\b(?:died|dead|passed|(?:my|our|his|her|the)\s+late|death|funeral|runs?\s+in\s+(?:the|my|our)\s+family|family\s+history|history\s+of"
    r"|when\s+(?:she|he)\s+was|at\s+(?:the\s+age\s+of\s+)?\d{2}\b|in\s+(?:her|his)\s+(?:\d0s|forties|fifties"
    r"|sixties|seventies|eighties)|used\s+to|growing\s+up|as\s+a\s+(?:child|kid)|inherited|genetic)\b",
    re.IGNORECASE,
)


def parent_of_an_older_person(text: str, sex: str | None, age: int | None) -> str | None:
    """The parent word ("dad", "mum") of a message that tells of the person's recent events as a son or daughter
    writing for them (see the module docstring), else None."""
    if sex not in ("female", "male") or age is None or age < OLDER_AGE:
        return None
    if _NOW.search(text) is None or _FAMILY_HISTORY.search(text) is not None:
        return None
    for m in _PARENT.finditer(text):
        rel = (m.group("rel") or m.group("bare")).lower()
        if _RELATION_SEX[rel] == sex:
            return rel
    return None
