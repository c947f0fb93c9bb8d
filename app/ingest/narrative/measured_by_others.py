"""A reading of the speaker taken by someone else: "<someone> checked/did/took my <test> ..., <value>".

Two structures, both about the speaker whoever holds the instrument:

- the reading belongs to the speaker: "my son checked my blood pressure last night with his cuff and got 165 over
  88", "the nurse took my pressure at the surgery: 150/90" — ConText sees the relative or the clinician and would
  set the reading aside; the possessive "my" after the measuring verb says whose it is;
- the value stands after a comma or a colon, the test named after the measuring verb with a time, place or
  instrument between ("the practice nurse ran my A1c on Monday with her finger-prick kit, 6.4 percent she told
  me", "my daughter tested my sugar after lunch - 9.1").

Not the speaker's: "my son checked his blood pressure" (his), "checked my wife's sugar" (another's), or a
sentence that names another person's reading (:mod:`.device_readings`).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from app.ingest.narrative.named_values import test_named_before
from app.ingest.narrative.terms import Vocabulary

_MEASURED_MY = re.compile(
    r"\b(?:checked|checking|check|took|taking|take|did|done|doing|do|ran|run|running|tested|testing|measured"
    r"|measuring|read|redid|repeated|had|got|get)\s+my\s+(?!\w+'s\b)",
    re.IGNORECASE,
)
"""A measuring verb with the speaker's possessive after it ("checked my", "did my")."""
_DONE_ON_ME = re.compile(
    r"\b(?:did|ran|checked|took|tested|drew|done)\s+(?:an?|the|a\s+quick|a\s+free|a\s+quick\s+free)\s+"
    r"(?P<test>[\w' -]{2,30}?)\s+on\s+me\b",
    re.IGNORECASE,
)
"""A test done on the speaker ("did an A1c on me"): the reading is the speaker's whoever ran it."""
_OTHERS_READING = re.compile(
    r"\b(?:his|her|their)\s+(?:own\s+)?(?:pressure|bp|blood pressure|sugar|sugars|reading|readings|numbers?|levels?)\b"
    r"|\b(?:my|our)\s+\w+'s\s+(?:pressure|bp|blood|sugar|sugars|reading|readings|numbers?|levels?|a1c)\b",
    re.IGNORECASE,
)
"""Another person's reading named in the sentence: the value is not the speaker's."""
_VALUE_OPENS = re.compile(
    r"(?:[,:\u2013\u2014-]|\band\s+(?:got|it\s+(?:was|read|said|came\s+(?:back|out|to))|(?:she|he|they)\s+"
    r"(?:got|said|says|told\s+me|reckoned))|\b(?:got|gets|came\s+(?:back|out|to))(?:\s+(?:at|as))?)\s*$",
    re.IGNORECASE,
)
"""What stands right before the value: a comma, colon or dash, or "and got", "and it was", "and she said"."""


def _sentence_head(text: str, value_start: int) -> tuple[int, str]:
    start = max(text.rfind(mark, 0, value_start) for mark in ".!?\n") + 1
    # a decimal point is no sentence end ("6.2"): step back over one whose next character is a digit
    while start > 1 and text[start - 1] == "." and start < len(text) and text[start].isdigit():
        start = max(text.rfind(mark, 0, start - 1) for mark in ".!?\n") + 1
    return start, text[start:value_start]


def measured_on_speaker(text: str, value_start: int) -> bool:
    """The sentence of the value at ``value_start`` says someone measured the speaker's own reading ("checked my
    blood pressure") and names no other person's reading."""
    _, head = _sentence_head(text, value_start)
    return _MEASURED_MY.search(head) is not None and _OTHERS_READING.search(head) is None


def test_measured_on_speaker(
    text: str, value_start: int, vocabulary: Vocabulary, stop: Collection[str]
) -> tuple[tuple[int, int], str] | None:
    """``(span, name)`` of the test named after "<verb> my" earlier in the value's sentence, when the value opens
    after a comma, a colon or "and got"; ``None`` otherwise."""
    start, head = _sentence_head(text, value_start)
    if _OTHERS_READING.search(head) or not _VALUE_OPENS.search(head):
        return None
    on_me = list(_DONE_ON_ME.finditer(head))
    if on_me:  # "the health fair at church did an A1c on me last Saturday, 7.2"
        done = on_me[-1]
        span, name = test_named_before(text, start + done.end("test"), vocabulary, stop, reach=done.end("test"))
        if not name or span[0] < start + done.start("test"):
            return None
        if re.search(r"\d", text[start + done.end() : value_start]):
            return None
        return span, name
    verbs = list(_MEASURED_MY.finditer(head))
    verb = verbs[-1] if verbs else None  # the last measuring verb before the value
    if verb is None:
        return None
    span, name = test_named_before(text, value_start, vocabulary, stop, reach=value_start - start - verb.end())
    if not name or span[0] != start + verb.end():  # the test right after "my": "did my A1c", not a later name
        return None
    if re.search(r"\d", text[span[1] : value_start]):  # another number between: not this value's test
        return None
    return span, name
