"""A drug's schedule said beside it: taken less often, only on some days, only when, rationed, or a count instead of
one — a change of the regimen or a skip rather than a plain intake; and a lapse kept to some days.

:func:`scheduled_kind` turns an intake clause into the kind its schedule says; :data:`ON_SOME_DAYS` tells a lapse
kept to some days ("haven't been taking my ritalin on weekends") from a stop.
"""

from __future__ import annotations

import re

_LESS_OFTEN = re.compile(
    r"\bonly\b[^.;!?]{0,40}?\b(?:every other day|every second day|every few days|every couple (?:of )?days"
    r"|(?:once|twice|a few times|a couple (?:of )?times) a week|on weekdays|on weekends|some days|half)\b",
    re.IGNORECASE,
)
"""A drug taken less often than prescribed, on purpose: a change of the regimen, not an intake."""
_ONLY_SOME_DAYS = re.compile(
    r"\bonly\b[^.;!?]{0,40}?\bon\s+(?:the\s+)?(?:days?\s+(?:when\s+|that\s+)?"
    r"(?:i'm|i am|i'll be|i don't|i'm not|i can|i)\b"
    r"|(?:my\s+)?days off\b|(?:the\s+)?weekends?\b|(?:the\s+)?weekdays\b)",
    re.IGNORECASE,
)
"""A daily drug taken only on some days by the speaker's choice ("since Monday I only take the water pill on days I'm
home"): the other days are skipped."""
_RATIONED = re.compile(
    r"\b(?:every other day|every second day|every few days|every couple (?:of )?days|half (?:a|the) dose)\b"
    r"[^.;!?]{0,30}?\b(?:now|to make (?:it|them) last|to stretch (?:it|them)(?: out)?|to save (?:money|it|them)"
    r"|instead|these days)\b",
    re.IGNORECASE,
)
"""Rationing said without "only": "I take my lisinopril every other day now to make it last"."""
_ONLY_WHEN = re.compile(
    r"\bonly\b[^.;!?]{0,40}?\bwhen\s+(?:(?P<remember>i\s+(?:remember|think of it|think about it))"
    r"|my\s+[\w ]{2,20}?\s+(?:is|feels|gets|goes|seems)|it'?s\s+(?:high|bad|up))",
    re.IGNORECASE,
)
"""A chronic drug taken only on a condition: "only when I remember" is a skip (occasional), "only when my pressure
is high" a change of the regimen."""
_INSTEAD_OF_DOSE = re.compile(
    r"\binstead of\s+(?:just\s+)?(?:one|1|half|a single one)(?!\s*[a-z]{4,}|\s+of\b)"
    # fewer doses than the usual count: "Cut back to one puff of the Pulmicort instead of two"
    r"|\binstead\s+of\s+(?:two|2|three|3)(?=\s*(?:[.,;!?]|$|since|now|puffs?|tablets?|pills?|sprays?|a\s+day)\b)"
    # a frequency instead of the usual: "only once a day instead of twice"
    r"|\b(?:once|twice|one|two)\s+a\s+day\s+instead\s+of\s+(?:once|twice|two|three|2|3)\b",
    re.IGNORECASE,
)
"""A count of tablets taken instead of one ("taking 2 of my 5mg lisinopril instead of one"): a change of the dose;
a strength said instead of the usual ("10 mg of my warfarin instead of the usual 5") stays an intake with its dose,
which the reconciler compares with the product's strength."""
_ONE_OFF_COUNT = re.compile(
    r"\b(?:took|swallowed|popped|downed|gulped|grabbed|had)\s+(?:(?:both|two|2|three|3)(?:\s+of)?|a\s+couple\s+of)"
    r"\s+(?:(?:my|the|those|these)\s+)?[^.;!?]{0,20}$",
    re.IGNORECASE,
)
"""A count swallowed once, in the past ("took two of my HCTZ this morning instead of one", "popped 2 lisinopril
rather than the one"): a double dose, an intake; an ongoing count ("I've been taking 2 instead of one") stays a
change of the dose."""
ON_SOME_DAYS = re.compile(
    r"^\W*(?:\w+\W+){0,2}?(?:on|at|over)\s+(?:the\s+)?(?:weekends?|weekdays|saturdays|sundays|fridays|(?:my\s+)?days?\s+off"
    r"|days?\s+(?:when|that|i)\b)",
    re.IGNORECASE,
)
"""A drug not taken on some days only ("haven't been taking my ritalin on weekends since December 5th", "I don't take
it at weekends anymore"): the other days' doses are taken, so the days left out are skips, not a stop."""


def scheduled_kind(before: str, clause: str, *, accidental_double: bool) -> str:
    """The kind an intake's clause says by its schedule (``before``: the clause up to the drug): a skip for some days
    or "only when I remember", a dose change for taking it less often, rationing it or a count instead of one, else
    an intake. An accidental double dose stays an intake."""
    if _ONLY_SOME_DAYS.search(clause) and not accidental_double:
        return "skip"  # "I only take the water pill on days I'm home"
    if only_when := _ONLY_WHEN.search(clause):
        return "skip" if only_when.group("remember") else "dose_change"  # "I only take the Eliquis when I remember"
    if not accidental_double and (
        _LESS_OFTEN.search(clause)
        or _RATIONED.search(clause)
        or (_INSTEAD_OF_DOSE.search(clause) and not _ONE_OFF_COUNT.search(before))
    ):
        return "dose_change"  # "only been taking the simvastatin every other day"
    return "intake"
