"""An accidental double dose said in the statement: the fixed cues and the wordings beyond them.

"took it twice", "double-dosed", "swallowed two warfarin", "I'd forgotten I already had the first one":
read from the quote (a frequency, "twice a day", is not one).
"""

from __future__ import annotations

import re

from app.reconcile.matching import any_phrase

DOUBLE_DOSE_CUES: tuple[str, ...] = (
    "double dose",
    "doubled",
    "double up",
    "doubling",
    "twice the dose",
    "two doses",
    "took another",
    "extra dose",
    "extra pill",
    "two pills instead",
    "2 pills instead",
    "took two",
    "took an extra",
    "an extra one",
    "extra tablet",
    "extra capsule",
    "extra shot",
    "extra injection",
    "extra units",
    "already taken",
    "already took",
    "already had my",
    "a second time",
    "took it again",
    "took them again",
    "one too many",
    "double the usual",
    "and then again",
    "then again at",
    "instead of one",
    "take one more",
    "took one more",
    "took another one",
    "two pills in one",
    "two in one night",
    "two of the",
    "twice the usual",
    "double my usual",
    # a count of a drug swallowed at once ("swallowed two warfarin", "popped two of my pills")
    "swallowed two",
    "popped two",
    # a dose taken again, the first one forgotten ("I'd forgotten I already had the first one")
    "already had the first",
    "already had one",
    "already taken one",
    "already taken the first",
)

DOUBLE_DOSE_PATTERN = re.compile(
    r"\bdouble[- ]?dos(?:e|ed|es|ing)\b"
    r"|\b(?:took|gave myself|injected|used) (?:it|them|(?:my|the)(?: [\w-]+){1,3}?"
    r"(?: (?:pill|pills|tablet|tablets|dose|shot))?) twice\b(?! (?:a|per|each|daily)\b)"
    r"|\btook (?:one|a pill|a tablet|a dose|my dose)\b[^.;!?]{0,40}?\b(?:then|and) (?:took )?(?:another|a second)\b"
    r"|\b(?:a|my) second (?:dose|pill|tablet) by mistake\b"
    # "I'd forgotten I already had the first one", "forgot I had already taken it"
    r"|\bforg(?:ot|otten|etting) (?:that )?i(?:'d|'ve| had| have)? already (?:had|took|taken|swallowed)"
    r" (?:it|them|one|the first|(?:a|my|the) (?:\w+ )?(?:dose|pill|tablet|shot))\b",
    re.IGNORECASE,
)
"""Wordings of an accidental double dose beyond the fixed cues: "double-dosed", "took it twice" (a
frequency, "took it twice a day", is not one),
"took one at 7 and then another around 9"."""


def said_double_dose(quote: str | None) -> bool:
    """Whether the quote says an accidental double dose."""
    if not quote:
        return False
    return any_phrase(quote, DOUBLE_DOSE_CUES) is not None or DOUBLE_DOSE_PATTERN.search(quote) is not None
