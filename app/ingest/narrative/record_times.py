"""Which time expression dates each proposal of the rules extractor (pure; the mention time is an argument).

The temporal resolver finds the expressions (:func:`time_mentions`); a proposal takes the one of its own clause,
anchored ones first (:func:`time_for`); a stop is dated by its "since" rather than a plan in the same sentence
(:func:`since_for_stop`); a sentence without records lends its time to its neighbours (:func:`lead_in_times`).
A time mention is ``(start, end, verbatim, anchored)``.
"""

from __future__ import annotations

import re
from datetime import datetime

TimeMention = tuple[int, int, str, bool]
_CLAUSE_BREAK = re.compile(r"[;]|,(?!\d)")


def time_mentions(text: str, mention: datetime) -> list[TimeMention]:
    """``(start, end, verbatim, anchored)`` of each time expression the temporal resolver finds;
    ``anchored`` is False for durations and frequencies (they do not place the event in time)."""
    try:
        from app.ingest.temporal.models import ANCHORED_KINDS
        from app.ingest.temporal.resolver import find_time_expressions, resolve_all
    except ImportError:  # the resolver is optional for extraction: no time text then
        return []
    found = find_time_expressions(text, mention)
    kinds = [r.kind for r in resolve_all(text, mention)]
    if len(kinds) != len(found):
        kinds = ["date"] * len(found)
    return [
        (m.start, m.end, m.text, kind in ANCHORED_KINDS)
        for m, kind in zip(found, kinds, strict=True)
        if not _RANGE_CUT.match(text, m.end) and not _negated_span(text, m.start, m.text)
    ]


_FUTURE = re.compile(r"(?:next|tomorrow|in\s+\d|in\s+a\b|in\s+an\b|this coming|coming)\b", re.IGNORECASE)


def since_for_stop(sentence: tuple[int, int], times: list[TimeMention], chosen: str | None) -> str | None:
    """A drug not taken since a time is dated by that time, never by a future plan or a length in the same
    sentence ("wants me off the Plavix before she pulls a tooth next week, so I haven't taken it since Sunday",
    "wants me off the Plavix for a week ..., so I haven't taken it since Sunday")."""
    unanchored = chosen is not None and any(t[2] == chosen and not t[3] for t in times)
    if chosen is None or not (_FUTURE.match(chosen.strip()) or unanchored):
        return chosen
    since = [t for t in times if sentence[0] <= t[0] and t[1] <= sentence[1] and t[2].lower().startswith("since")]
    return since[0][2] if since else chosen


_IN_SPAN = re.compile(r"in\s+(?:the\s+(?:past|last)\s+)?(?:\w+\s+)?(?:days?|weeks?|months?|years?)", re.IGNORECASE)
_NEGATED_PERFECT = re.compile(r"\b(?:haven't|have not|hasn't|has not|havent|not|never)\b[^.;!?]*$", re.IGNORECASE)


def _negated_span(text: str, start: int, said: str) -> bool:
    """ "Haven't touched it in two weeks": "in N weeks" after a negated perfect is the span it has
    not happened in, not a future date (the resolver's rule 10 would date it N weeks ahead)."""
    if not _IN_SPAN.fullmatch(said.strip()):
        return False
    sentence_start = max(text.rfind(".", 0, start), text.rfind("!", 0, start), text.rfind("?", 0, start)) + 1
    return _NEGATED_PERFECT.search(text[sentence_start:start]) is not None


_RANGE_CUT = re.compile(
    r"\s*(?:-|–|to|through|thru|until|till)\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b", re.IGNORECASE
)
"""After a time expression, the rest of a weekday range the resolver did not take ("this coming
Tuesday-Friday" read as Tuesday): the expression would date the record wrongly, so it is not used."""


def time_for(
    text: str,
    anchor: tuple[int, int],
    sentence: tuple[int, int],
    times: list[TimeMention],
    others: list[tuple[int, int]],
) -> str | None:
    """The time expression of the anchor's clause (no comma or semicolon between them), the
    anchored ones first, then the nearest; else the sentence's only anchored expression when no
    other record's clause holds it ("Took my warfarin with dinner and another one later, so a double
    dose tonight"; not "I stopped metformin, yesterday I felt dizzy": "yesterday" is the dizziness's)."""

    def same_clause(a: tuple[int, int], t: TimeMention) -> bool:
        lo, hi = (a[1], t[0]) if t[0] >= a[1] else (t[1], a[0])
        return _CLAUSE_BREAK.search(text[lo:hi]) is None

    in_sentence = [t for t in times if sentence[0] <= t[0] and t[1] <= sentence[1]]
    inside = [t for t in in_sentence if same_clause(anchor, t)]
    if not inside:
        anchored = [t for t in in_sentence if t[3]]
        if len({t[2].lower() for t in anchored}) == 1 and not any(
            same_clause(o, t) for o in others if sentence[0] <= o[0] < sentence[1] for t in anchored
        ):
            return anchored[0][2]
        return None
    # the distance between the two spans, none when they overlap ("last night i slept from half past ten till seven":
    # the window the sleep's own words are is its time, not "last night" before it)
    nearest = min(inside, key=lambda t: (not t[3], max(0, t[0] - anchor[1], anchor[0] - t[1])))
    if not nearest[3]:  # a length places nothing: "did my class on Tuesday, forty minutes of sprints" is Tuesday's
        across = time_for(text, anchor, sentence, [t for t in times if t not in inside], others)
        if across is not None:
            return across
    return nearest[2]


def placed_first(chosen: str | None, lead_in: str | None, times: list[TimeMention]) -> str | None:
    """A length or frequency of the record's own sentence gives way to the time a lead-in sentence sets ("found
    me on the floor yesterday afternoon. I must have blacked out for a minute": yesterday afternoon)."""
    if chosen is None or lead_in is None:
        return chosen or lead_in
    unanchored = any(t[2] == chosen and not t[3] for t in times) and not any(t[2] == chosen and t[3] for t in times)
    return lead_in if unanchored else chosen


LEAD_IN_REACH = 3
"""How many following sentences without a time of their own a lead-in sentence dates ("Gave me a
proper fright this afternoon. I'd done my insulin shot ... Next thing I've got shakiness ...")."""
_LOOKS_BACK = re.compile(r"\b(?:that|that's|it|this|so|started|began|since|last (?:one|dose|pill|shot|time))\b", re.I)


def lead_in_times(
    text: str,
    sentences: list[tuple[int, int]],
    with_records: set[tuple[int, int]],
    times: list[TimeMention],
) -> dict[tuple[int, int], str]:
    """The time a record-less sentence sets for a neighbour, used when that one states no time: the
    next sentences, up to :data:`LEAD_IN_REACH` and until one states its own time ("Scary one last
    night. Woke up drenched in sweat ..."; "They had a screening at the pharmacy two days ago. My LDL
    came out at 92"), take its last anchored expression; a sentence
    that looks back ("... half of my seizure medicine. We started doing that 5 days ago.") gives its
    first to the last sentence with records before it."""
    out: dict[tuple[int, int], str] = {}
    carry: tuple[str, int] | None = None  # (expression, sentences left it may date)
    for sentence in sentences:
        anchored = [t for t in times if sentence[0] <= t[0] and t[1] <= sentence[1] and t[3]]
        if anchored:
            carry = None if sentence in with_records else (anchored[-1][2], LEAD_IN_REACH)
            continue
        if carry is not None and carry[1] > 0:
            out[sentence] = carry[0]
            carry = (carry[0], carry[1] - 1)
    # a record-less sentence that looks back ("We started doing that 5 days ago", "So that's double the
    # usual this morning") dates the last sentence with records before it, up to two sentences back
    for i, sentence in enumerate(sentences):
        if sentence not in with_records or sentence in out:
            continue
        for later in sentences[i + 1 : i + 3]:
            if later in with_records:
                break
            anchored = [t for t in times if later[0] <= t[0] and t[1] <= later[1] and t[3]]
            if anchored and _LOOKS_BACK.search(text[later[0] : later[1]]):
                out[sentence] = anchored[0][2]
                break
    return out
