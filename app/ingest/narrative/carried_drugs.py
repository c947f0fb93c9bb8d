"""A medicine named in the conversation's message just before, carried over to a pronoun in this one.

People tell one thing per message. "My endocrinologist bumped the levothyroxine up to 88 mcg on Monday" comes
first, then "to be honest I probably miss it once a week"; "hematologist told me to cut my iron pill back", then
"truth is I've missed two or three of them this month". The second message names no medicine: its "it" is the
medicine the message before named. The finders read a lapse, stop or change only of a named drug, so the write path
hands the extractor a view with the pronoun replaced by that drug (:func:`with_carried_drug`); quotes map back to
the words as written (:class:`.rewritten_text.RewrittenText`).

Carried only when nothing else could be meant:

- the message names no medicine of its own ("I missed it, the metformin I mean" keeps its own);
- the message just before, in the same conversation, produced records of exactly one medicine (after two, "it" is
  ambiguous and stays unread);
- the pronoun is the object of a lapse, stop or change verb ("miss it", "missed two or three of them", "stopped
  it", "halved them", "took it twice"), or a dose counted ("took my two", "took another two", "a second one").
  A pronoun after "take" alone is no report of a change ("I take it with my coffee") and stays as written;
- its sentence names nothing else before it that "it" could be ("my appointment got moved and I missed it").

Pure: a text, the carried drug's name and the dictionary's term index in, a view out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.ingest.narrative.rewritten_text import RewrittenText
from app.ingest.narrative.sentences import sentence_spans, sentence_start
from app.ingest.narrative.terms import TermIndex

_SOME_OF = (
    r"(?:(?:one|two|three|four|five|six|a\s+couple|a\s+few|some|several|most|half|\d+)"
    r"(?:\s+(?:or|to|-)\s+(?:two|three|four|five|six|\d+))?\s+of\s+)"
)
_CHANGED_PRONOUN = re.compile(
    r"\b(?:miss(?:ed|ing|es)?|skip(?:ped|ping|s)?|forg[eo]t(?:ten|ting)?|forgets|stop(?:ped|ping|s)?|quit(?:ting|s)?"
    r"|ditch(?:ed|ing)?|binn(?:ed|ing)|bin|chuck(?:ed|ing)?|toss(?:ed|ing)?|paus(?:e|ed|ing)|halv(?:e|ed|ing)"
    r"|doubl(?:e|ed|ing)|cut(?:ting)?\s+back\s+on|come\s+off|came\s+off|coming\s+off|went\s+off|gone\s+off)\s+"
    rf"{_SOME_OF}?(?P<pronoun>it|them)\b"
    # a dose taken twice: "I took it twice", "think I had them both"
    r"|\b(?:took|taken|had|swallowed)\s+(?P<twice>it|them)(?=\s+(?:twice|two\s+times|both|again\s+by\s+mistake)\b)"
    # a dose counted: "Took my two on Saturday like she said. Then ... I took another two"
    r"|\b(?:took|taken|take|swallowed|popped)\s+(?P<dose>(?:my|another|a\s+second|an\s+extra|the\s+other)\s+"
    r"(?:one|two|three|dose|pill|tablet|capsule|injection|shot|jab)s?)\b(?!\s+of\b)",
    re.IGNORECASE,
)
"""The object pronoun of a lapse, stop or change verb, or a dose counted (see the module docstring)."""
_OTHER_REFERENT = re.compile(
    r"\b(?:the|my|a|an|his|her|our|their|this|that|your)\s+(?!(?:dose|doses|tablet|tablets|pill|pills|capsule"
    r"|capsules|medicine|medicines|medication|meds|prescription|one|ones|whole|last|first|odd)\b)[a-z]+",
    re.IGNORECASE,
)
"""A thing named before the pronoun in its sentence ("my appointment got moved and I missed it"): "it" may be that."""


def only_drug(drugs: Sequence[str] | None) -> str | None:
    """The one medicine the message before produced records of; none when it named none or several."""
    distinct = sorted({d for d in drugs or () if d})
    return distinct[0] if len(distinct) == 1 else None


def with_carried_drug(text: str, drug: str | None, index: TermIndex) -> RewrittenText:
    """The text with each lapsed, stopped or changed "it" / "them" read as ``drug`` ("I missed it" -> "I missed the
    metformin"), traced back to the written words; unchanged when no drug is carried or the text names one."""
    if drug is None or any(term.kind == "drug" for term in index.find(text)):
        return RewrittenText.with_edits(text, ())
    sentences = sentence_spans(text)
    edits = [
        (m.start(group), m.end(group), f"{m.group(group)} of the {drug}" if group == "dose" else f"the {drug}")
        for m in _CHANGED_PRONOUN.finditer(text)
        for group in ("pronoun", "twice", "dose")
        if m.group(group)
        and not _OTHER_REFERENT.search(text, sentence_start(m.start(group), sentences), m.start(group))
    ]
    return RewrittenText.with_edits(text, edits)
