"""A condition echoed back as a question and then denied: the answer to "the record lists X".

"Prediabetes? Me? No, nobody ever told me that", "Diabetes?? No, never had it", "Asthma? Not me, I've never
had an inhaler in my life": the name stands alone as a question at the start of a sentence (an echo of what was
asked), and what follows denies it. A question that asks ("Prediabetes? What does that mean?"), a "no" about
something else ("no idea") or a denial that names another person ("No, my son has it") is no denial.

A report of never having been told ("nobody has ever told me I have prediabetes") denies the diagnosis too.
"""

from __future__ import annotations

import re

_ECHO_BEFORE = re.compile(r"(?:^|[.!?]\s*)\W*(?:(?:so|oh|um|erm|er|hmm|wait|sorry)\W+)?$", re.IGNORECASE)
"""The name opens its sentence (after "So", "Oh", "Wait")."""
_DENIED_ECHO = re.compile(
    r"\s*\?+\s*(?:(?:me|really|seriously|what|huh|sorry|since when)\s*[?!]+\s*)*"
    r"(?:no\b(?!\s+(?:idea|clue|way of knowing))|nope\b|nah\b|never\b|not me\b|definitely not\b|absolutely not\b"
    r"|certainly not\b|nobody\b|no one\b|no-one\b|i(?:'ve|\s+have)\s+never\b|i\s+(?:don't|do not|didn't)\s+have\b)",
    re.IGNORECASE,
)
"""A question mark right after the name, then a denial ("? Me? No", "?? Never", "? I've never ...")."""
_ANOTHERS = re.compile(
    r"\b(?:his|her|their|he|she|him|they)\b|\b(?:my|our)\s+(?:mom|mum|mother|dad|father|sister|brother|wife"
    r"|husband|son|daughter|friend|partner|kids?|child|baby|boy|girl)\b",
    re.IGNORECASE,
)
NEVER_TOLD = re.compile(
    r"\b(?:nobody|no one|no-one|no doctor|none of (?:my|the) doctors)(?:\s+has|'s|\s+had)?\s+(?:ever\s+)?"
    r"(?:told|said to|diagnosed)\s+me\s+(?:(?:that|with)\s+)?(?:i\s+(?:have|had|'ve got|'d got|was|am|'m)\s+)?"
    r"(?:an?\s+|any\s+)?$",
    re.IGNORECASE,
)
"""Never told of the diagnosis, right before its name: "nobody has ever told me I have", "no one's said to me"."""


def echoed_denial(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of the denial when the condition named at ``start``..``end`` is echoed as a question and denied
    right after (the record's anchor: the echo's own sentence is a question), else ``None``."""
    if _ECHO_BEFORE.search(text[:start]) is None:
        return None
    denial = _DENIED_ECHO.match(text, end)
    if denial is None:
        return None
    rest = re.split(r"[.!?;]", text[denial.end() :], maxsplit=1)[0]
    if _ANOTHERS.search(rest) is not None:
        return None
    words = re.search(r"\w[\w' -]*$", denial.group(0))
    return (denial.end() - len(words.group(0)), denial.end()) if words else None
