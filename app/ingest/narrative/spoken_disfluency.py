"""A dictated message read without its disfluencies: "i havent had that since um since around new years" is read
"i havent had that since around new years", "skipping my the the hydrochlorothiazide" as "skipping my the
hydrochlorothiazide".

Voice dictation writes down what was said, hesitations and restarts included. The finders are written for the
sentence the speaker meant, so the write path hands the extractor a view with each filler word ("um", "uh", "er",
"erm") dropped and a word said twice in a row kept once, and maps every quote back to the words as written
(:class:`.rewritten_text.RewrittenText`).

Only words of letters said twice are collapsed, and not one joined to the next by a hyphen: "10 10" and "two
two-hundred tablets" are left as written.

Pure: a text in, its view out.
"""

from __future__ import annotations

import re

from app.ingest.narrative.rewritten_text import RewrittenText

_FILLER = re.compile(r"(?<![\w'’-])(?:u+m+|u+h+m*|e+r+m*|hmm+)(?![\w'’-])[,.]*\s*", re.IGNORECASE)
"""A filler word with the comma or stop and the space after it ("um, ", "uh ", "erm... ")."""
_SAID_TWICE = re.compile(r"(?<![\w'’-])(?P<word>[a-z]+)(?P<gap>\s+)(?P=word)(?![\w'’-])", re.IGNORECASE)
"""A word said twice in a row, space between: "the the", "since since"."""


def without_disfluencies(text: str) -> RewrittenText:
    """The text without its filler words and with each word said twice in a row kept once, traced back to the
    written words."""
    dropped = RewrittenText.with_edits(text, [(m.start(), m.end(), "") for m in _FILLER.finditer(text)])
    edits = [(m.start(), m.start("word") + len(m.group("word")) + len(m.group("gap")), "")
             for m in _SAID_TWICE.finditer(dropped.text)]
    if not edits:
        return dropped
    once = RewrittenText.with_edits(dropped.text, edits)
    return dropped.then(once)
