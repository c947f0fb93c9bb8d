"""A drug the speaker was on and no longer takes, said in the rest of the sentence after the drug.

"My ankles puffed up on the Norvasc, so I stopped taking it" (the drug governed by "on", the stop said after it with
a pronoun); "I finished the last of my Plavix and never got round to picking up more", "Used up the last of the
metformin. Haven't bothered getting more" (the last dose taken and the supply not renewed): a stop, not an intake.
"""

from __future__ import annotations

import re

_THEN_STOPPED_IT = re.compile(
    r"^[^.;!?]*?\b(?:so|and|then|but)\s+(?:then\s+|now\s+)?i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|simply\s+)?"
    r"(?P<v>stopped|quit|ditched|dropped|binned|came off|packed in|gave up)(?:\s+(?:taking|using|on))?"
    r"\s+(?:it|them|those|that)\b",
    re.IGNORECASE,
)
"""The speaker's own stop of the drug named before, by a pronoun ("so I stopped taking it", "and I ditched it");
"he stopped taking it", "I haven't stopped it" and "should I stop it?" are not."""

_LAST_OF = re.compile(
    r"\b(?:finished|finishing|used|using|took|taken|had|swallowed|polished off|got through|gone through|went through)"
    r"\s+(?:off\s+|up\s+)?(?:the|my)\s+(?:very\s+)?(?:last|final)"
    r"(?:\s+(?:one|pill|pills|tablet|tablets|capsule|capsules|dose|doses|box|bottle|pack|packet|strip|few|bit|bits))?"
    r"(?:\s+of)?\s+(?:(?:my|the|our)\s+)?$",
    re.IGNORECASE,
)
"""The last of a supply taken ("finished the last of my", "took my last", "used up the final box of the")."""

_NEGATION = r"(?:never|haven't|have not|hasn't|has not|didn't|did not|not)"
_GOT_ROUND = (
    r"(?:\s+(?:yet\s+|really\s+|actually\s+|even\s+)?(?:got|get|gotten|getting|gone|went|go)\s+(?:round|around)\s+to)"
)
_BOTHERED = r"(?:\s+(?:bother|bothered)(?:\s+to)?)"
_RENEWING = (
    r"\s+(?:(?:pick|picked|picking)\s+up|get|got|gotten|getting|buy|bought|buying|order|ordered|ordering|refill"
    r"|refilled|refilling|renew|renewed|renewing|collect|collected|collecting|replace|replaced|replacing|fetch"
    r"|fetched|fetching)"
)
_SUPPLY_OBJECT = (
    r"\s+(?:(?:any\s+)?more|another|any|a\s+(?:refill|repeat|new\s+\w+)|(?:it|them)|the\s+(?:refill|prescription"
    r"|script|repeat))\b"
)
_NOT_RENEWED = re.compile(
    rf"\b{_NEGATION}(?:{_GOT_ROUND}|{_BOTHERED})?{_RENEWING}{_SUPPLY_OBJECT}"
    rf"|\b{_NEGATION}{_GOT_ROUND}\s+(?:a\s+(?:refill|repeat|new\s+\w+)|the\s+(?:pharmacy|chemist|refill))\b",
    re.IGNORECASE,
)
"""The supply not renewed: "never got round to picking up more", "haven't bothered getting more", "didn't get around
to a refill", "never refilled it"."""
_OPENING = re.compile(r"^\s*(?:(?:and|but|so|i|i've|i\s+have|i\s+just|just|honestly|to be honest)\W+){0,3}", re.I)


def stopped_after_being_on(after: str) -> re.Match[str] | None:
    """The speaker's stop said after the drug in its sentence ("..., so I stopped taking it"); the match's ``v``
    group is the stop verb."""
    return _THEN_STOPPED_IT.match(after)


def last_supply_lapsed(before: str, after: str, following: str) -> bool:
    """The last of the drug taken (``before`` it) and the supply not renewed, in the rest of the sentence
    (``after``) or at the opening of the next one (``following``)."""
    if _LAST_OF.search(before) is None:
        return False
    if _NOT_RENEWED.search(re.split(r"[.;!?]", after, maxsplit=1)[0]) is not None:
        return True
    opening = _OPENING.match(following)
    rest = following[opening.end() if opening else 0 :]
    return _NOT_RENEWED.match(rest) is not None
