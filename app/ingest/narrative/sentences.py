"""Sentence spans of an utterance: the unit a quote is cut from and a time expression belongs to."""

from __future__ import annotations

import re

_BOUNDARY = re.compile(
    # a title's period does not end the sentence: "St. John's wort", "Dr. Patel said"
    r"(?<=[.!?;])(?<!\b[Ss]t\.)(?<!\b[Dd]r\.)(?<!\b[Mm]r\.)(?<!\b[Mm]s\.)(?<!\b[Mm]rs\.)\s+|\n+"
    r"|(?<=[.!?])(?=[A-Z])"
)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every non-empty sentence, whitespace trimmed.

    A period between digits ("7.9") or after a title ("St.", "Dr.") does not split; ``!``, ``?``, ``;``,
    ``.`` followed by space and line breaks do.
    """
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _BOUNDARY.finditer(text):
        _add(text, pos, m.start(), spans)
        pos = m.end()
    _add(text, pos, len(text), spans)
    return spans


def _add(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append((start, end))


def enclosing(spans: list[tuple[int, int]], start: int, end: int) -> tuple[int, int]:
    """The sentence span containing ``[start, end)`` (several sentences if it straddles)."""
    first = next(
        (s for s in spans if s[0] <= start < s[1] or start < s[0]), spans[0] if spans else (start, end)
    )
    last = next((s for s in reversed(spans) if s[0] < end), first)
    return (min(first[0], start), max(last[1], end))


def last_match(rx: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last match of ``rx`` in ``text`` (the cue nearest what follows it)."""
    last = None
    for m in rx.finditer(text):
        last = m
    return last


def sentence_start(pos: int, sentences: list[tuple[int, int]]) -> int:
    """The start of the sentence holding ``pos`` (0 outside every sentence)."""
    return next((s for s, e in sentences if s <= pos < e), 0)


def sentence_end(pos: int, sentences: list[tuple[int, int]]) -> int:
    """The end of the sentence holding ``pos`` (``pos`` itself outside every sentence)."""
    return next((e for s, e in sentences if s <= pos <= e), pos)


SENTENCE_OPENING = r"(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s))\W*"
"""Where a sentence opens in a regex (the text's start or after a sentence end), leading punctuation skipped: a
clause with its subject dropped opens there ("Ditched it on Sunday", "root canal yesterday")."""

_LEAD_IN = re.compile(
    r"^\W*(?:(?:oh|ah|ok|okay|so|and|also|anyway|anyways|btw|by the way|fyi|update|quick update|good news|bad news"
    r"|heads up|side note|one more thing|before i forget"
    r"|(?:i\s+)?(?:almost\s+|totally\s+)?forgot to (?:say|mention|tell you))\W*)+$",
    re.IGNORECASE,
)


def after_lead_in(text: str, pos: int) -> bool:
    """True when only a discourse lead-in comes before ``pos`` in its sentence ("oh forgot to say, had a colonoscopy",
    "btw, got my flu shot"): a clause opening there has the speaker as its dropped subject."""
    start = max(text.rfind(c, 0, pos) for c in ".!?\n") + 1
    return _LEAD_IN.match(text[start:pos]) is not None
