"""A sentence that counts or adds to the doses of the intake said just before it.

"My wife set out my Fosamax and I didn't see it, so I took one from the bottle too. That's two of them
this morning": the count belongs to the intake, so the intake's quote runs on to it (the reconciler reads
a double dose from the quote).
"""

from __future__ import annotations

import re

_COUNT_OPENING = re.compile(
    r"\s*(?:(?:so|and|oh|well|yeah|basically|honestly)\s*,?\s+)*"
    r"(?:that's|that is|that was|that makes|which makes|i(?:'ve| have)? (?:had|taken|took|swallowed)"
    r"|i ended up (?:with|taking|having))"
    r"\s+(?:(?:actually|really|basically|now)\s+)?(?:two|2|three|3|both)\b",
    re.IGNORECASE,
)


_ADDED = re.compile(
    r"(?:\bi(?:'d|'ve)?\s+(?:\w+\s+){0,4}?(?:took|had|swallowed|popped|used|injected|did)|\b(?:gave|given|handed) me)\b"
    r"[^.;!?]{0,40}?"
    r"\b(?:another|a second|one more|an extra|again)\b",
    re.IGNORECASE,
)

_ALREADY_HAD = re.compile(
    r"\s*(?:(?:so|and|oh|ugh|but|well|completely|totally|clean|just|i|i'd|had)\s*,?\s+){0,3}"
    r"(?:forgot|forgotten|forgetting|didn't realise|didn't realize|did not realise|did not realize|hadn't realised"
    r"|hadn't realized|not realising|not realizing|never clocked)\s+(?:that\s+)?i(?:'d|\s+had|'ve|\s+have)?\s+"
    r"already\s+(?:had|taken|took|swallowed|popped)\s+(?:one|it|them|mine|the first|(?:my|the|a)\s+)",
    re.IGNORECASE,
)
"""A next sentence saying the first dose was already had ("Completely forgot I'd already had one with lunch")."""


def counts_doses(text: str, start: int, end: int) -> bool:
    """Whether the sentence ``text[start:end]`` opens with a count of doses ("That's two of them") or adds a dose
    ("Then I forgot and took another one at lunch", "An hour later I took it again")."""
    return (
        _COUNT_OPENING.match(text, start) is not None
        or _ADDED.search(text, start, end) is not None
        or _ALREADY_HAD.match(text, start) is not None
    )
