"""A hedge on the speaker's memory of what was done, read as the deed: "I may have had my A1c checked again",
"I think I may have given her allegra twice today", "I may have been diagnosed with latent tuberculosis",
"I believe she said six point oh percent".

Polite writers hedge what they did or had done, as they hedge everything; the deed is what they report. The finders
are written for "I had", "I stopped", "she said", so the write path hands the extractor a view with the hedge lifted
(:func:`without_memory_hedges`) and maps every quote back to the words as written
(:class:`.rewritten_text.RewrittenText`).

Only a hedge on a deed is lifted: "may have" followed by a past participle of doing, having done or being seen.
A guess at an illness stays a guess: "I may have had a stroke", "I may have had the flu", "I may have diabetes",
"it may have been the statin" (not the speaker's deed) keep their hedge, and the ConText tagger reads them as
uncertain.

Pure: a text in, its view out.
"""

from __future__ import annotations

import re

from app.ingest.narrative.rewritten_text import RewrittenText

_PAST = {
    "been": "was",
    "taken": "took",
    "given": "gave",
    "forgotten": "forgot",
    "gotten": "got",
    "done": "did",
    "eaten": "ate",
    "drunk": "drank",
    "run": "ran",
}
"""A participle and its simple past, where the two differ."""
_DEEDS = (
    "had|been|taken|took|given|gave|forgot|forgotten|got|gotten|done|eaten|drunk|run|stopped|missed|skipped|started"
    "|restarted|doubled|left|quit|dropped|halved|used|mixed|finished|switched|changed|cut|put|mentioned|told|received"
)
"""The participles of a deed ("I may have stopped ...", "I may have had ... done")."""
_ILLNESS_GUESSES = (
    "stroke|mini|seizure|fit|heart|tia|concussion|infection|reaction|clot|flu|cold|virus|bug|covid|fracture|break|panic"
    "|migraine|touch|bit|kidney|bladder|chest|water|uti|funny|turn|blackout|hypo|miscarriage|sprain|tear|hernia|ulcer"
    "|temperature|fever|temp|rash|bleed"
)
"""What follows "had a/the" when the speaker guesses at an illness ("I may have had a stroke", "the flu")."""
_HEDGED_DEED = re.compile(
    r"\b(?P<subject>I|we|[Ss]he|[Hh]e)\s+(?:think\s+(?:I|we|[Ss]he|[Hh]e)\s+|believe\s+(?:I|we|[Ss]he|[Hh]e)\s+)?"
    rf"(?P<hedge>may|might)\s+have\s+(?P<deed>{_DEEDS})\b"
    rf"(?!\s+(?:a|an|the|some)\s+(?:(?:bit|touch|kind|sort)\s+of\s+|little\s+|small\s+|minor\s+|mild\s+)?"
    rf"(?:{_ILLNESS_GUESSES})\b)"
    r"(?!\s+(?:something|it|that|this)\b(?!\s+(?:done|checked|tested|taken|out|removed)\b))"
)
"""A hedged deed: the subject, an optional "think"/"believe" and the hedge (whose subject must be the same speaker,
"I think I may have"), then the deed. Not a guess at an illness after "had a" ("I may have had a stroke"), nor
"may have had something/it" (a guess at what it was)."""
_HEARSAY_HEDGE = re.compile(r"\bI\s+(?:believe|think)\s+(?=(?:she|he|it|they)\s+(?:said|told|read|showed|came)\b)")
"""A hedge on what was heard: "I believe she said six point oh percent", "I think it said 7.9"."""


def without_memory_hedges(text: str) -> RewrittenText:
    """The text with each hedge on a deed lifted ("I may have stopped" -> "I stopped", "I may have been diagnosed" ->
    "I was diagnosed"), traced back to the written words."""
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement)
    for m in _HEDGED_DEED.finditer(text):
        deed = m.group("deed")
        past = _PAST.get(deed.lower(), deed)
        subject = m.group("subject")
        if subject.lower() == "we" and past == "was":
            past = "were"
        edits.append((m.start(), m.end(), f"{subject} {past}"))
    for m in _HEARSAY_HEDGE.finditer(text):
        if not any(s <= m.start() < e for s, e, _ in edits):
            edits.append((m.start(), m.end(), ""))
    return RewrittenText.with_edits(text, sorted(edits))  # the lifted words stand for the whole hedged phrase
