"""Someone named by their first name as the subject of a clause, or owning the thing said: not the speaker's.

ConText knows "she", "my husband" and "my friend John" (the masker turns the last into ``<PERSON>``), but a bare
first name reads like anything else: "Jim stopped his clopidogrel on Sunday" or "Tom has diabetes and takes
metformin" would be the user's stop, condition and intake. :func:`named_subject_before` finds, in the clause that
holds a mention, a first name (``seed/names/first_names.csv``) standing as the clause's subject — followed by a
verb or "'s" — with no first-person word ("I", "my", "me") between it and the mention. Not read as someone else:

- "Jim and I walked five miles" (the speaker is in the subject);
- "Jim told me to stop my metformin", "I went with Sarah and took my pills" (the speaker's own words follow, or the
  name is no subject);
- a name that is a dictionary term or an everyday word (the list leaves those out).

:func:`someone_elses` also sets aside a mention owned by "his", "her" or "their" ("I reminded Jim to take his
clopidogrel", "gave her her inhaler"): in a message of the person's own, those are another person's.

A caregiver's message about the person by their own first name is read in the first person before this runs
(:mod:`.caregiver_view`), so the person's name never reaches it as a third person.
"""

from __future__ import annotations

import csv
import re
from functools import lru_cache

from app.settings import PROJECT_ROOT

FIRST_NAMES_FILE = PROJECT_ROOT / "seed" / "names" / "first_names.csv"

_SUBJECT_VERB = (
    r"(?:'s|has|had|have|is|was|takes|took|uses|used|keeps|kept|stopped|started|quit|skipped|missed|forgot|needs"
    r"|gets|got|went|goes|said|says|thinks|felt|feels|fainted|fell|collapsed|ended|began|tried|tries|swears|swore"
    r"|finished|ran|does|did|can't|couldn't|won't|doesn't|didn't|hasn't|isn't|wasn't|just|also|still|never"
    r"|always|finally|recently|only)"
)
_NAMED_SUBJECT = re.compile(
    rf"\b(?P<name>[A-Z][a-z]{{2,}})(?:'s\b|\s+(?!and\s+(?:i|me)\b|&\s*i\b){_SUBJECT_VERB}\b)"
)
"""A first name and its verb ("Jim stopped", "Tom has"), or its "'s" ("Sarah's been", "Sarah's warfarin")."""
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|myself|mine)\b", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(
    r"(?<!\bst)(?<!\bdr)(?<!\bmr)(?<!\bms)(?<!\bmrs)[.!?;:]\s|\s(?:but|because|so|while|whereas|although)\s",
    re.IGNORECASE,
)
"""A clause ends at a stop (not a title's: "St. John's wort") or a conjunction."""
_SAINT = re.compile(r"\b(?:St\.?|Saint)\s+$", re.IGNORECASE)
_NOT_A_SUBJECT = re.compile(r"\b(?:with|to|for|from|and|or|at|by|like|than|about|told|asked|called|saw|met)\s+$")


@lru_cache(maxsize=1)
def first_names() -> frozenset[str]:
    """The census first names (title case) the extractor reads as people."""
    with FIRST_NAMES_FILE.open(encoding="utf-8", newline="") as handle:
        return frozenset(row["name"] for row in csv.DictReader(handle))


def named_subject_before(text: str, anchor: tuple[int, int], sentence: tuple[int, int]) -> str | None:
    """The first name standing as the subject of the clause that holds ``anchor``, when nothing of the speaker's
    follows it before the mention; else ``None``."""
    start = sentence[0]
    for brk in _CLAUSE_BREAK.finditer(text, sentence[0], anchor[0]):
        start = brk.end()
    clause = text[start : anchor[0]]
    names = first_names()
    for m in _NAMED_SUBJECT.finditer(clause):
        if m.group("name") not in names or _NOT_A_SUBJECT.search(clause, 0, m.start()):
            continue
        if _SAINT.search(clause, 0, m.start()):
            continue  # "St. John's wort", "Saint Mary's": a saint's name in a thing's name
        if _FIRST_PERSON.search(clause, m.end()):
            return None  # "Jim told me to stop my metformin": the speaker's own again
        return m.group("name")
    return None


_OWNED_BY_ANOTHER = re.compile(r"(?<!\bof\s)\b(?:his|her|their)\s+(?:[a-z]+\s+)?$", re.IGNORECASE)
"""Owned by another, unless handed over from their supply ("a friend gave me a few of her Advil")."""


def someone_elses(text: str, anchor: tuple[int, int], sentence: tuple[int, int]) -> bool:
    """Whether the mention at ``anchor`` is another person's: owned by "his" / "her" / "their" (one word may stand
    between: "his blood pressure pills"), or in a clause whose subject is a named person
    (:func:`named_subject_before`)."""
    if _OWNED_BY_ANOTHER.search(text, max(sentence[0], anchor[0] - 40), anchor[0]):
        return True
    return named_subject_before(text, anchor, sentence) is not None
