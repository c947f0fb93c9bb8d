"""The test a value belongs to when the words right before the value are no test name.

Two structures: a value given for "it" at the start of a sentence or clause, the test named earlier ("... for
the A1C. It came out 7.9%", "did a cholesterol check on Thursday and my total came out at 198"); and a test
named at the head of its own clause with anything short between it and its reporting verb — a relative clause,
a place, a possessive time — so long as no other clause, number or reporting verb comes between ("The LDL number
they gave me over the phone was 138", "My cholesterol at Tuesday's screening came to 201"; not "my cholesterol
was high so my dose is 20").
"""

from __future__ import annotations

import re
from collections.abc import Collection

from app.dictionary.models import TestEntry
from app.ingest.narrative.quantities import SPOKEN_DECIMAL
from app.ingest.narrative.terms import Vocabulary, tokenize

_IT_CAME_OUT = re.compile(
    r"(?:^|[.!?]\s+|[,;]\s*|\band\s+)(?:(?:it|that|mine|the result|the number|the reading"
    r"|(?:my|the) (?:total|result|results|number|reading|level|score))\s+)?"
    r"(?:came (?:back|out|in)(?: at| as)?|read|showed|said)\s*$"
    # "it" and a verb of the meter or the lab after a time or place: "this morning before breakfast it read 138", "the
    # TSH, it give 8.9"
    r"|\bit\s+(?:read|reads|showed|shows|said|says|gave|give|gives|came (?:back|out|in)(?: at| as)?)\s*$"
    # the reporter said or dropped: "the nurse said it was 8.1", "Said it was 8.1 and I should follow up"
    r"|(?:^|[.!?]\s+|[,;]\s*|\band\s+)(?:(?:(?:they|she|he|the (?:nurse|doctor|lab|pharmacist))\s+)?(?:said|say"
    r"|says|told me)\s+)?(?:it|that|the result|the number|the reading|my (?:total|result|number|reading|level|score))"
    r"(?:\s+was|\s+is|'s|\s+came (?:back|out|in)"
    r"(?: at| as)?)\s*$"
    # "it's" typed without its apostrophe, right before the value: "had the a1c done ... and its six point two"
    r"|(?:^|[.!?]\s+|[,;]\s*|\band\s+)its\s*$",
    re.IGNORECASE,
)
"""A value given for "it" at the start of a sentence or clause ("...; the result was six point one percent", "..., my
total was two hundred fifty-five")."""
_REPORTING = (
    r"(?:was|were|is|are|came\s+(?:back|in|out|to)(?:\s+(?:at|as))?|read|reads|said|says|showed|shows|measured"
    r"|registered|clocked\s+in\s+at)"
)
_REPORTED = re.compile(rf"\b{_REPORTING}\s*$", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(
    rf"[.;!?\n\d]|\b(?:and|but|so|because|while|then|or|since|though|although|which|whereas|{_REPORTING})\b"
    r"|\b(?:in the past|used to|back then|once upon)\b",  # a value of no stated time: "my A1c in the past was 9"
    re.IGNORECASE,
)
_PART_OF_WORD = re.compile(r"(?:[\w-]-|\bnon\s)$", re.IGNORECASE)
"""A test alias that is the tail of a longer word ("non-fasting glucose") names another thing."""
_MODIFIER_OPENS = re.compile(
    r"\s+(?:(?:number|numbers|result|results|reading|level|levels|score|value|kit|test|check|strip|meter|machine)\s+)?"
    r"(?:on|in|at|from|of|for|off|over"
    r"|with|by|that|which|they|she|he|i|we|you|the\s+(?:lab|nurse|doctor|clinic))\b",
    re.IGNORECASE,
)
"""What may follow the test's name before its verb: a place, a source or a relative clause."""
_SENTENCE_OPENS = re.compile(r"[.!?]\s+$")
_VALUE_ALONE = re.compile(
    rf"(?:\d+(?:[.,]\d+)?|{SPOKEN_DECIMAL})\s*(?:%|percent|mg/dl|mmol/l)?"
    r"(?:\s+(?:this time|now|today|again|flat|even))?\s*(?:[.!]|$)",
    re.IGNORECASE,
)
"""A sentence that is only a value ("6.2.", "251!")."""
_DATE_SAID = re.compile(
    r"\b(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
    r"\.?(?:,?\s+\d{4})?\b"
    r"|\b(?:on\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b"
    r"|\b(?:on\s+)?\d{1,2}/\d{1,2}(?:/\d{2,4})?\b",
    re.IGNORECASE,
)
"""A date between a test's name and its value is no clause break ("my PSA from the 12th of March came back 0.1")."""
_TIME_SAID = re.compile(
    r"\b\d{1,2}\s+(?:days?|weeks?|wks?|months?|hours?|hrs?)\s+(?:ago|back)\b|\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b",
    re.IGNORECASE,
)
"""A time with a number between a test's name and a value said alone ("did my a1c 2 days ago. 7.2.")."""


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group(0))


_CHECK_THEN_VALUE = re.compile(
    r"\s+(?:blood\s+)?(?:tests?|checks?|readings?|results?|levels?)\s*(?:,|:|\s[\u2013\u2014-])\s*$", re.IGNORECASE
)
"""A test's check and its value set off by a comma, a colon or a dash: "their finger-prick A1c checks, 6.3 percent"."""

REACH = 70
"""How far before its reporting verb a test named at the head of the clause may stand."""


def named_for_value(
    text: str, value_start: int, vocabulary: Vocabulary, stop: Collection[str]
) -> tuple[tuple[int, int], str] | None:
    """``(span, name)`` of the test a value is given for by one of the structures above; ``None`` when neither
    applies (an empty name when "it" has no test before it)."""
    if _IT_CAME_OUT.search(text, max(0, value_start - 40), value_start):
        return test_named_before(text, value_start, vocabulary, stop)
    if _SENTENCE_OPENS.search(text, max(0, value_start - 3), value_start) and _VALUE_ALONE.match(text, value_start):
        # "Clinic re-ran my A1c two days ago. 6.2.": the value alone, for the test the sentence before named
        span, name = test_named_before(text, value_start, vocabulary, stop, reach=REACH)
        between = _TIME_SAID.sub(_blank, _DATE_SAID.sub(_blank, text[span[1] : value_start]))
        return (span, name) if name and not re.search(r"\d", between) else None
    glossed = glossed_test(text, value_start, vocabulary)
    if glossed is not None:
        return glossed
    checked = _CHECK_THEN_VALUE.search(text, max(0, value_start - 40), value_start)
    if checked is not None:  # "one of their finger-prick A1c checks, six point three percent"
        span, name = test_named_before(text, checked.start(), vocabulary, stop, reach=40)
        if name and not text[span[1] : checked.start()].strip():
            return span, name
    verb = _REPORTED.search(text, max(0, value_start - 30), value_start)
    if verb is None:
        return None
    span, name = test_named_before(text, verb.start(), vocabulary, stop, reach=REACH)
    if (
        not name
        or _CLAUSE_BREAK.search(_DATE_SAID.sub(_blank, text[span[1] : verb.start()]))
        or _PART_OF_WORD.search(text, 0, span[0])  # "my non-fasting glucose": not the fasting glucose
        or not _MODIFIER_OPENS.match(text, span[1])  # "my sugar thingy was 140": another name
    ):
        return None
    return span, name


def test_named_before(
    text: str, value_start: int, vocabulary: Vocabulary, stop: Collection[str], *, reach: int = 200
) -> tuple[tuple[int, int], str]:
    """The last test alias (up to four words) in the ``reach`` characters before ``value_start``."""
    window_start = max(0, value_start - reach)
    tokens = tokenize(text[window_start:value_start])
    for end in range(len(tokens), 0, -1):
        for size in (4, 3, 2, 1):
            if end - size < 0:
                continue
            run = tokens[end - size : end]
            if run[0].norm in stop:
                continue
            start, stop_at = window_start + run[0].start, window_start + run[-1].end
            if isinstance(vocabulary.lookup("test", text[start:stop_at]), TestEntry):
                return (start, stop_at), text[start:stop_at]
    return (value_start, value_start), ""


_GLOSS_VERB = re.compile(
    r"(?:,|\s*[\u2013\u2014-])\s*(?:(?:it|that)\s+)?(?:(?:is|was|'s|are|were|came\s+(?:back|in|out)|has\s+(?:come|gone)"
    r"|had\s+(?:come|gone)|went|dropped|fell|rose|climbed|jumped|sits|sat|stands|stood|reads?|measured|clocked\s+in)"
    r"\s+)?(?:(?:now|only|just|still|all\s+the\s+way|right)\s+)?(?:(?:down|up|back)\s+)?(?:(?:to|at|as|around|about)\s+)?$",
    re.IGNORECASE,
)
"""The reporting verb after a name set off by commas or dashes: "..., LDL, is down to", "... - the A1c - came in at"."""
_GLOSS_OPENS = re.compile(
    r"(?:^|[,:;\u2013\u2014-]|\b(?:said|says|told\s+me|that))\s*(?:the\s+|my\s+)?$", re.IGNORECASE
)
"""What stands before a name said as an appositive: a comma, colon or dash after a gloss ("the bad one, LDL,")."""
_NAME_THEN_GLOSS = re.compile(
    r"(?:^|[,:;]|\b(?:said|says|told\s+me|that|and|but|so))\s*(?:the\s+|my\s+)?(?P<name>[\w-]+(?:\s+[\w-]+){0,2}?)"
    r"\s*(?:,|\s[\u2013\u2014-])\s*(?:the|my|that's|which\s+is|aka|i\.e\.)\s+[\w' -]{1,30}?$",
    re.IGNORECASE,
)
"""A name followed by its lay gloss before the verb: "my LDL, the bad one, was 137"."""


def glossed_test(text: str, value_start: int, vocabulary: Vocabulary) -> tuple[tuple[int, int], str] | None:
    """``(span, name)`` of a test named as an appositive to a lay gloss ("the bad one, LDL, is down to 88", "the
    good cholesterol - HDL - came in at 62") or glossed after its name ("my LDL, the bad one, was 137"); the value
    follows the name's closing comma or dash and a reporting verb."""
    verb = _GLOSS_VERB.search(text, max(0, value_start - 40), value_start)
    if verb is None or verb.start() == verb.end():
        return None
    head_start = max(0, verb.start() - 60)
    head = text[head_start : verb.start()]
    tokens = tokenize(head)
    for size in (3, 2, 1):  # the name ends right at the closing comma or dash
        if len(tokens) < size:
            continue
        run = tokens[-size:]
        if head[run[-1].end :].strip():
            break
        start, end = head_start + run[0].start, head_start + run[-1].end
        if isinstance(vocabulary.lookup("test", text[start:end]), TestEntry) and _GLOSS_OPENS.search(
            text, max(0, start - 12), start
        ):
            return (start, end), text[start:end]
    gloss = _NAME_THEN_GLOSS.search(head)
    if gloss is not None:
        start, end = head_start + gloss.start("name"), head_start + gloss.end("name")
        if isinstance(vocabulary.lookup("test", text[start:end]), TestEntry):
            return (start, end), text[start:end]
    return None
