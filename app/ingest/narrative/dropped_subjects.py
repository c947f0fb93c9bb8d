"""A texter's body part said without its owner, read as the speaker's: "lips went a bit blue", "chest tight since
lunch", "legs are jelly" are read "my lips went a bit blue", "my chest tight since lunch", "my legs are jelly".

People typing fast drop the "my" of their own body, as they drop the "I" of their own deeds. The finders of danger
signs and symptoms are written for "my lips", "my chest", so the write path hands the extractor a view with "my" put
back before a bare body part that opens a sentence or a clause and is followed by what it is doing or how it is
(:data:`_STATE`), and maps every quote back to the words as written (:class:`.rewritten_text.RewrittenText`).

Only a body part opening a clause is read so: "she said lips went blue" (after a verb) and "the lips" are left.

Pure: a text in, its view out.
"""

from __future__ import annotations

import re

from app.ingest.narrative.rewritten_text import RewrittenText

_PART = (
    r"lips|lip|chest|head|legs|leg|arms|arm|hands|hand|feet|foot|face|throat|eyes|eye|stomach|tummy|belly|heart|back"
    r"|neck|knees|knee|ankles|ankle|tongue|jaw|ears|ear|skin|vision|speech|breathing"
)
_STATE = (
    r"went|goes|going|gone|is|was|are|were|feel|feels|felt|feeling|hurt|hurts|hurting|pounding|throbbing|swelled"
    r"|swollen|swelling|turned|turning|got|getting|gets|been|still|numb|tight|tightening|blue|puffy|aching|ache|aches"
    r"|killing|itchy|itching|shaking|spinning|racing|slurred|blurry|blurred|dropped|drooping|burning|on fire|all"
)
_BARE_PART = re.compile(
    rf"(?:^|(?<=[.!?,;:]\s)|(?<=\n)|(?<=\band\s)|(?<=\bthen\s)|(?<=\bbut\s)|(?<=\bnow\s)|(?<=\s-\s))"
    rf"(?P<part>{_PART})\s+(?=(?:{_STATE})\b)",
    re.IGNORECASE,
)
"""A bare body part opening a sentence or clause, followed by what it is doing or how it is."""


def with_own_body_parts(text: str) -> RewrittenText:
    """The text with "my" before each bare body part opening a clause ("lips went a bit blue" -> "my lips went a
    bit blue"), traced back to the written words."""
    edits = [(m.start(), m.start(), "my ") for m in _BARE_PART.finditer(text)]
    return RewrittenText.with_edits(text, edits)
