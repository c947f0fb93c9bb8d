"""A recorded condition the speaker disputes, in the wordings the round-24 patterns did not reach (round 25).

- the entry placed, then judged in the next sentence: "the portal has asthma among my diagnoses. That's not
  right", "why does my chart say epilepsy? I've never once had a fit", "my record lists gout?? nah";
- the judgement said through the organ the condition is about: "... lists high blood pressure. Wrong, my blood
  pressure has always been normal", "... says hypothyroidism but my thyroid is fine";
- the entry asked to be taken off: "whatever the notes say about diabetes should be removed", "the asthma on my
  list shouldn't be there";
- a clinician's other diagnosis with the entry denied by a fragment: "she said it's rosacea. Not acne.", "it's
  psoriasis, not eczema, never was".

A question about the entry alone ("why does my chart say COPD?") is no denial; nor is another person's record or a
hope ("I hope it isn't").
"""

from __future__ import annotations

import re

from app.ingest.narrative.terms import TermMatch

_RECORD_NEAR = re.compile(
    r"\b(?:chart|record|records|file|notes|portal|paperwork|problem list|list|profile|printout|summary|system"
    r"|in there|on there|on it)\b",
    re.IGNORECASE,
)
_PLACE_ONLY = re.compile(
    r"^['\"’]?\s*(?:\?+|[.!]+|(?:under|among|as|in|on|with)\s+(?:my|the|a|its)?\s*(?:\w+\s+){0,2}"
    r"(?:conditions?|diagnos[ie]s|problems?|history|list|issues|illnesses)\s*[.?!]*)\s*$",
    re.IGNORECASE,
)
"""After the entry, only where it sits, the sentence's end or a question mark: the next sentence may judge it."""
_NEXT_DENIES = re.compile(
    r"^\W*(?:(?:nope|nah|no|no way|wrong|not true|not me|rubbish|nonsense)\s*(?:[.,!;:]|$)"
    r"|(?:that|this|it)(?:'s|\s+is|\s+was)\s+(?:(?:just|flat|completely|totally|simply|all)\s+)?"
    r"(?:wrong|false|untrue|not true|incorrect|a mistake|an error|not right|not correct|not accurate|inaccurate"
    r"|nonsense|rubbish)\b"
    # the hallmark never had, the subject said or dropped: "I've never had a seizure in my life", "I have never once
    # had a fit", "Never had a seizure in my life", "never been anemic in my life"
    r"|(?:i(?:'ve|\s+have)?\s+)?(?:(?:honestly|really|truly)\s+)?never\s+(?:(?:once|ever)\s+(?:had|been)\b"
    r"|(?:had|been)\b(?:\s+(?:that|it|this|one)\b|[^.;!?]{0,40}\b(?:in my life|ever|at all|whatsoever)\b))"
    r"|(?:i\s+)?(?:don't|do not|never)\s+(?:have|had)\s+(?:that|it|this|any)\b"
    # the entry's word denied by the bare verb: "the chart calls me obese. I'm not, never have been", "... I don't."
    r"|(?:i'm|i\s+am|im)\s+(?:just\s+|really\s+)?not\s*(?:[.,!;]|$|\s+(?:at\s+all|really)\b)"
    r"|i\s+(?:don't|do not|dont|never\s+did)\s*(?:[.,!;]|$)"
    # the complaint denied in general: "I don't get migraines, never have"
    r"|i\s+(?:don't|do not|dont)\s+(?:get|suffer from|have)\s+[a-z]+(?:\s+[a-z]+)?\s*,\s*never\s+(?:have|did|had)\b"
    # another patient's entry: "somebody must've mixed me up with another patient"
    r"|[^.;!?]{0,60}?\b(?:mixed|mixing|muddled)\s+me\s+up\b|[^.;!?]{0,60}?\bconfused\s+me\s+with\b)",
    re.IGNORECASE,
)
"""The next sentence judging the entry."""
_ORGAN_FINE = re.compile(
    r"\b(?:my|her|his)\s+(?:\w+\s+){0,2}?(?P<organ>\w+)\s+(?:is|are|was|were|has been|have been|'s been|'s)\s+"
    r"(?:always\s+)?"
    r"(?:been\s+)?(?:(?:perfectly|completely|totally|absolutely|always|totally|entirely|quite)\s+)?"
    r"(?:fine|normal|healthy|ok|okay)\b(?![^.;!?]*\?)",
    re.IGNORECASE,
)
"""The organ the entry is about said to be normal ("my thyroid is fine" of hypothyroidism): the organ is in the
condition's name."""
_TAKE_OFF_AFTER = re.compile(
    r"^[^.;!?]{0,20}?\b(?:(?:should|needs? to|has to|must|ought to)\s+(?:really\s+)?(?:come off|be taken off"
    r"|be crossed off|be struck off|be removed|be deleted)\b"
    r"|(?:shouldn't|should not|doesn't|does not)\s+(?:be\s+(?:there|on\s+(?:it|there|my\s+\w+|the\s+\w+))|belong))",
    re.IGNORECASE,
)
"""The entry asked to be taken off the record."""
_NOT_FRAGMENT_BEFORE = re.compile(r"^\W*not\s+(?:(?:really|actually|just)\s+)?(?:an?\s+)?$", re.IGNORECASE)
_FRAGMENT_END_AFTER = re.compile(r"^\s*(?:[.!]|,\s*(?:it\s+)?never\s+(?:was|has been)\b)", re.IGNORECASE)
_NEVER_WAS_AFTER = re.compile(r"^\s*[.!,]?\s*(?:it\s+)?never\s+(?:was|has been)\b", re.IGNORECASE)
_HOPE = re.compile(r"\b(?:hope|hoping|if|whether|wonder|maybe)\b", re.IGNORECASE)


def entry_disputed(
    text: str,
    match: TermMatch,
    before: str,
    after: str,
    sentences: list[tuple[int, int]],
    conditions: list[TermMatch],
) -> tuple[int, int] | None:
    """The anchor of the dispute when the condition ``match`` is a recorded entry the speaker disputes (or a
    diagnosis they deny by a fragment after a clinician's other diagnosis), else None. The anchor is the entry,
    or, when the entry is asked about ("why does my chart say X?"), the entry through the sentence that denies it
    (the question is the speaker's disbelief, not a question about themselves)."""
    if _HOPE.search(before) or _ANOTHERS_RECORD.search(before):
        return None
    record = _RECORD_NEAR.search(before) is not None
    if record and _PLACE_ONLY.match(after):
        following = _next_sentence(text, match.end + len(after), sentences)
        said = text[following[0] : following[1]] if following is not None else ""
        fine = _ORGAN_FINE.search(said)
        organ = fine is not None and len(fine.group("organ")) > 3 and fine.group("organ").lower() in match.key
        asked = said.rstrip().endswith("?")  # "That is not correct?": a question, no judgement
        if following is not None and not asked and (_NEXT_DENIES.match(said) or organ):
            return following if after.strip().startswith("?") else (match.start, match.end)
    if (record or _RECORD_NEAR.search(after[:40])) and _TAKE_OFF_AFTER.match(after):
        return (match.start, match.end)
    if _NOT_FRAGMENT_BEFORE.match(before) and _FRAGMENT_END_AFTER.match(after):
        # "Not eczema." after another diagnosis named, or "Not eczema, never was."
        other = any(c.key != match.key and c.end <= match.start for c in conditions)
        if (other and not _ANOTHERS_RECORD.search(text, 0, match.start)) or _NEVER_WAS_AFTER.match(after):
            return (match.start, match.end)
    return None


_ANOTHERS_RECORD = re.compile(
    r"\b(?:his|her|their|him)\b|\b(?:my|our)\s+(?:mom|mum|mother|dad|father|sister|brother"
    r"|wife|husband|son|daughter|friend|partner|kids?|child|baby|boy|girl)(?:'s)?\b",
    re.IGNORECASE,
)
"""Another person's record or condition ("my son's chart", "my dad has asthma"): not the speaker's dispute."""


def _next_sentence(text: str, pos: int, sentences: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The span of the sentence starting at or after ``pos`` (the one after the entry's)."""
    for start, end in sentences:
        if start >= pos:
            return (start, end)
    return None
