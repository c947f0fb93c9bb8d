"""A drug the speaker was on and no longer takes, said in the rest of the sentence after the drug.

"My ankles puffed up on the Norvasc, so I stopped taking it" (the drug governed by "on", the stop said after it with
a pronoun); "I finished the last of my Plavix and never got round to picking up more", "Used up the last of the
metformin. Haven't bothered getting more" (the last dose taken and the supply not renewed), "took my last Plavix on
Saturday and the bottle's sat in the drawer since" (the rest abandoned): a stop, not an intake. "took my last dose at 8"
alone is the latest dose.
"""

from __future__ import annotations

import re

from app.ingest.narrative.terms import optional_apostrophes

_THEN_STOPPED_IT = re.compile(
    r"^[^.;!?]*?\b(?:so|and|then|but)\s+(?:then\s+|now\s+)?"
    # a time said before the stop: "so last week I stopped taking it", "and a few days ago I quit it"
    r"(?:(?:last\s+\w+|this\s+(?:week|weekend|month|morning)|yesterday|on\s+\w+day|(?:a\s+(?:few|couple(?:\s+of)?)|\w+)"
    r"\s+(?:days?|weeks?)\s+ago)\s*,?\s+)?"
    # the subject left out after "and" ("he took his last hydrochlorothiazide yesterday and has now stopped it")
    r"(?:i(?:'ve|\s+have)?|(?<=and\s)(?:has|have)(?:\s+now)?)\s+(?:just\s+|finally\s+|simply\s+)?"
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

_NEGATION = optional_apostrophes(r"(?:never|haven't|have not|hasn't|has not|didn't|did not|not)")
"""A negation, typed with or without its apostrophe ("havent bothered refilling it")."""
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
    rf"|\b{_NEGATION}{_GOT_ROUND}\s+(?:a\s+(?:refill|repeat|new\s+\w+)|the\s+(?:pharmacy|chemist|refill))\b"
    # "never went back to the pharmacy for more", "haven't been back to the chemist for another box"
    rf"|\b{_NEGATION}\s+(?:went|gone|go|been|got|gotten|made\s+it)\s+(?:back\s+)?"
    r"(?:(?:to|round\s+to|down\s+to)\s+(?:the|my)\s+(?:pharmacy|chemist|drugstore|doctor|gp|surgery|clinic)\s+)?"
    r"for\s+(?:any\s+)?(?:more|another(?:\s+\w+)?|a\s+(?:refill|repeat|new\s+\w+)|the\s+refill)\b"
    # "just haven't made it to the pharmacy": the place where the supply is renewed, not reached
    rf"|\b{_NEGATION}\s+(?:(?:yet|really|even)\s+)?(?:made\s+it|gone|been|got|gotten)\s+(?:back\s+)?(?:to|round\s+to"
    r"|down\s+to|over\s+to)\s+(?:the|my|a)\s+(?:pharmacy|chemist|drugstore)\b",
    re.IGNORECASE,
)
"""The supply not renewed: "never got round to picking up more", "haven't bothered getting more", "didn't get around
to a refill", "never refilled it", "never went back to the pharmacy for more"."""
_SUPPLY = (
    r"(?:the|my)\s+(?:rest(?:\s+of\s+(?:them|the\s+\w+))?|bottle|box|pack|packet|pills|tablets|strip|blister\s+pack)"
)
_ABANDONED = re.compile(
    rf"\b(?:left|kept|put|shoved|stuck|tucked|pushed|stashed)\s+{_SUPPLY}\s+"
    r"(?:away|aside|(?:back\s+)?(?:in|on|at\s+the\s+back\s+of)\s+(?:the|my)\s+\w+)"
    rf"|\b{_SUPPLY}(?:'s|\s+has|\s+have|\s+is|\s+are)?\s+(?:been\s+)?(?:just\s+)?"
    r"(?:sitting|sat|stayed|gathering\s+dust|untouched|unopened)\b"
    rf"|\b{_NEGATION}\s+(?:touched|opened|taken|had|swallowed)\s+(?:it|them|one|any|another|{_SUPPLY}|the\s+\w+)"
    r"\s+(?:since|again)\b"
    r"|\b(?:nothing|none|not\s+(?:one|a\s+(?:pill|tablet|dose)))\s+since\b",
    re.IGNORECASE,
)
"""The rest of the supply abandoned after the last dose: "left the bottle in the cupboard", "the pack's been sitting
in the drawer", "haven't opened the box since", "haven't had one since", "none since"."""
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
    own = re.split(r"[.;!?]", after, maxsplit=1)[0]
    if _NOT_RENEWED.search(own) is not None or _ABANDONED.search(own) is not None:
        return True
    opening = _OPENING.match(following)
    rest = following[opening.end() if opening else 0 :]
    return _NOT_RENEWED.match(rest) is not None or _ABANDONED.match(rest) is not None


_LONG_SINCE_LAST = re.compile(
    r"\b(?:(?:it's|it\s+is|it\s+has|it's\s+been|it\s+has\s+been|it\s+was|been|now|going\s+on)\s+)?"
    r"(?:(?:over|more\s+than|nearly|almost|about|at\s+least|well\s+over|a\s+good)\s+)?"
    r"(?:weeks|months|(?:a|one|two|three|four|five|six|several|a\s+few|a\s+couple\s+of|\d+)\s+(?:weeks?|months?)"
    r"|a\s+fortnight)\s+(?:now\s+)?since\s+"
    r"(?:i\s+(?:last\s+)?(?:took|had|touched|swallowed|used)\s+(?:any\s+(?:of\s+)?)?|my\s+(?:very\s+)?last\s+"
    r"(?:(?:dose|pill|tablet|capsule|shot|injection)\s+of\s+)?)(?:(?:my|the|a|an)\s+)?$",
    re.IGNORECASE,
)
"""Weeks gone since the last dose ("It's been a couple of weeks since I last took my simvastatin", "over a month since
my last Plavix"): a stop. Hours or days since a dose ("six hours since my last ibuprofen") tell its timing."""


def long_since_last_dose(before: str) -> bool:
    """Weeks or months said gone since the speaker's last dose of the drug (``before`` it in its clause)."""
    return _LONG_SINCE_LAST.search(before) is not None



_REFILL_WAITING = re.compile(
    r"^\s*(?:refill|prescription|script|repeat|refills)\s+(?:is|are|has\s+been|have\s+been|'s|was|were|sat|sitting)\s+"
    r"(?:\w+\s+){0,2}?(?:ready|waiting)\b[^.;!?]{0,60}?\b(?:and|but|yet)\s+i(?:'ve)?\s+"
    r"(?:keep\s+not\s+(?:going|picking\s+it\s+up|collecting\s+it|getting\s+it)"
    r"|(?:still\s+)?(?:haven't|have\s+not|never|didn't|did\s+not)\s+(?:\w+\s+)?(?:collected|picked|gone|been|fetched"
    r"|bothered|got))",
    re.IGNORECASE,
)
"""The renewed supply left waiting, uncollected: "my hydrochlorothiazide refill is ready and I keep not going", "the
metformin prescription has been waiting at the chemist for a week but I haven't picked it up". "my refill is ready
and I'll get it tomorrow" or "is my refill ready?" is no stop."""


def refill_left_waiting(after: str) -> bool:
    """The drug's refill said ready or waiting (right ``after`` the drug) and the speaker not collecting it."""
    return _REFILL_WAITING.match(after) is not None


def supply_not_renewed(after: str) -> bool:
    """The supply not renewed in the rest of the drug's clause ("ran out of Coumadin a week ago and haven't got round
    to getting more"): a lapse that goes on."""
    return _NOT_RENEWED.search(re.split(r"[.;!?]", after, maxsplit=1)[0]) is not None


_NOT_STARTED = re.compile(
    rf"\b(?:i\s+)?{_NEGATION}\s+(?:(?:even|yet|actually|ever)\s+)?(?:started|begun|start|begin)\s+(?:taking\s+)?"
    r"(?:(?:the|my|that|this|those|these|any|any\s+of\s+the)\s+)?$",
    re.IGNORECASE,
)
_START_PLANNED = re.compile(
    r"\b(?:tomorrow|tonight|next\s+\w+|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|soon|later|will|'ll|going\s+to"
    r"|gonna|plan\s+to|about\s+to)\b",
    re.IGNORECASE,
)


def never_started(before: str, after: str) -> bool:
    """A drug the speaker has not started and does not say they will ("I have not started the simvastatin from my
    last appointment, and I don't intend to"): the prescription declined, a stop. "haven't started it yet, I begin
    tomorrow" is a plan, and no stop."""
    return _NOT_STARTED.search(before) is not None and _START_PLANNED.search(after) is None
