"""The memory gate (RETAIN): is there anything in this turn worth keeping?

Deterministic, in this order:

1. empty, or only greetings, acknowledgements, thanks and sign-offs ("ok thanks", "Hi!", "K",
   "You too") -> not kept (the caller counts it in the audit ledger); the same when the rest of
   the turn is well-wishing ("Hello! Hope you're having a good day.", ``small_talk``);
2. a typed record the extractor admitted -> kept, clinical records allowed (``health_fact``);
3. a goal, a preference or a constraint stated in the first person -> kept (``goal``,
   ``preference``, ``constraint``), no clinical record;
4. a health word (body, symptom, medication, measurement, activity, sleep, food) -> kept as a
   conversation event (``health_mention``), no clinical record;
5. anything else of a few words or more -> kept as a conversation event, no clinical record
   (``unsure``: fail closed); shorter small talk is not kept (``small_talk``).

So a clinical record is admitted only where the extractor found one; when the gate is unsure, the
turn survives only as a conversation event.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from app.ingest.narrative.models import ExtractionResult

Reason = Literal[
    "empty",
    "acknowledgement",
    "small_talk",
    "health_fact",
    "goal",
    "preference",
    "constraint",
    "health_mention",
    "unsure",
]

_ACK_WORDS = frozenset(
    [
        "ok",
        "okay",
        "k",
        "kk",
        "okk",
        "okey",
        "alright",
        "alrighty",
        "sure",
        "yes",
        "yeah",
        "yea",
        "yep",
        "yup",
        "ya",
        "no",
        "nope",
        "nah",
        "thanks",
        "thank",
        "you",
        "ty",
        "thx",
        "tysm",
        "appreciate",
        "it",
        "hi",
        "hello",
        "hey",
        "hiya",
        "morning",
        "good",
        "afternoon",
        "evening",
        "night",
        "gm",
        "gn",
        "bye",
        "goodbye",
        "later",
        "see",
        "ya",
        "cya",
        "cool",
        "great",
        "nice",
        "awesome",
        "perfect",
        "fine",
        "got",
        "it",
        "will",
        "do",
        "sounds",
        "sound",
        "lol",
        "haha",
        "hehe",
        "lmao",
        "correct",
        "right",
        "indeed",
        "too",
        "same",
        "welcome",
        "np",
        "problem",
        "you",
        "u",
        "your",
        "a",
        "the",
        "and",
        "for",
        "so",
        "much",
        "very",
        "again",
        "have",
        "day",
        "weekend",
        "wonderful",
        "blessed",
        "bless",
        "god",
        "amen",
        "is",
        "it",
        "that's",
        "thats",
        "all",
        "well",
        "done",
        "noted",
        "understood",
        "definitely",
        "absolutely",
        "of",
        "course",
        "me",
        "as",
        "likewise",
        "smile",
        "name",
        # sign-offs: "talk later", "chat soon", "catch you tomorrow", "ttyl"
        "talk",
        "chat",
        "speak",
        "catch",
        "soon",
        "tomorrow",
        "ttyl",
        "tty",
        # "ok thanks, bye for now", "take care", "until next time", "that was helpful", "gotta go"
        "now",
        "cheers",
        "take",
        "care",
        "until",
        "till",
        "next",
        "time",
        "helpful",
        "that",
        "was",
        "this",
        "gotta",
        "go",
        "to",
        "let",
        "i",
        "i'll",
        "bye-bye",
        "its",
        "dear",
        "anyway",
        "kindly",
        "hear",
        "understand",
        "awake",
        "there",
        "it's",
        "anyways",
        "oh",
        "hiiii",
        "hii",
        "hiii",
        "heyy",
        "drier",
        "than",
        "mine",
        "here",
        "out",
        "byee",
        # sign-offs said as one word: "goodnight", "g'night", "nite"
        "goodnight",
        "g'night",
        "nite",
        "nighty",
        "night-night",
        "goodmorning",
        "xx",
        "xo",
        "xoxo",
    ]
)
_WORD = re.compile(r"[a-z']+")
_EMOJI_OR_PUNCT = re.compile(r"^[\W\d_]*$")
_ELONGATED = re.compile(r"([a-z])\1{2,}")
"""A letter drawn out for tone ("byeee", "heyyy", "sooo") is read once: "bye", "hey", "so"."""
_PLEASANTRY = re.compile(
    r"\b(?:i\s+)?hope (?:you(?:'re| are) (?:having a (?:good|great|nice|lovely) (?:day|week|weekend|evening)|"
    r"(?:doing )?(?:well|good|ok|okay|fine))|you (?:have|had) a (?:good|great|nice|lovely) "
    r"(?:day|week|weekend|evening))"
    r"|\b(?:have a (?:good|great|nice|lovely) (?:day|week|weekend|evening|one)|how are you(?: doing)?(?: today)?"
    r"|how(?:'s| is) it going|how(?:'s| is| are) (?:things|life|everything)(?: going| with you)?|what's up"
    r"|how(?:'ve| have) you been"
    r"|nice to (?:meet|see|hear from) you|good (?:morning|afternoon|evening))\b"
    r"|\b(?:i\s+)?hope (?:your|you had a (?:good|great|nice|lovely)) (?:day|week|weekend|morning|evening|holiday|"
    r"vacation|trip|thanksgiving|christmas|easter|birthday|new year)[^.!?]*"
    r"|\bhow(?:'s| is| was)\s+(?:your|the)\s+(?:day|morning|evening|week|weekend|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday)(?:\s+going)?"
    r"|\b(?:thanks|thank you) for (?:listening|your help|the help|the chat|checking in)[^.!?]*"
    r"|\byou(?:'re| are) (?:a |the |very |so |such a )?(?:patient|good|great|lovely|kind|star|best|helpful)"
    r"(?: one| listener| with me| to me)?"
    r"|\b(?:a\s+)?(?:(?:lovely|beautiful|gorgeous|nice|sunny|rainy|grey|gray|cold|hot|warm|wet|windy|crisp|bright"
    r"|glorious|fine|mild|chilly|frosty|foggy|misty|stormy|muggy|balmy)\s+){1,2}"
    r"(?:day|morning|afternoon|evening|weekend|spring day|autumn day|fall day|summer day|winter day)"
    r"(?:\s+(?:here|out|outside|today|again))*(?:\s+for (?:once|a change))?"
    # the season told by what is in bloom or turning: "the jacarandas are out everywhere", "the leaves are turning"
    r"|\bthe\s+(?:[a-z]+\s+){0,2}?(?:[a-z]+(?:s|ies))\s+(?:are|were)\s+(?:all\s+|finally\s+|just\s+)?"
    r"(?:out(?=\s+(?:everywhere|in force|already|early|again))|in (?:full\s+)?bloom|blooming|flowering|blossoming"
    r"|turning|changing colou?r|falling|singing)(?:\s+(?:everywhere|in force|already|early|again))?"
    r"|\b(?:gotta|got to|have to|need to|must) (?:run|go|dash|fly)\b"
    # a preamble announcing the message, no content of its own: "Quick one before work", "just a quick update"
    r"|\b(?:just\s+)?(?:a\s+)?(?:quick|short|brief)\s+(?:one|note|update|message|question|check[- ]in)"
    r"(?:\s+(?:before|after)\s+(?:work|school|bed|class|my shift))?(?=\s*[.!,:]|\s*$)"
    r"|\breal quick(?=\s*[.!,:]|\s*$)"
    r"|\bhappy (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|hump day|holidays?|new year"
    r"|easter|thanksgiving|christmas)\b"
    r"|\b(?:that's|thats|that is|that was) (?:everything|all|it)(?: (?:for|from) (?:me|today|now|tonight|this week))*"
    r"(?: (?:today|now|tonight|this week))?(?=\s*[.!,]|\s*$)"
    r"|\b(?:it's|it is|this is)\s+(?-i:[A-Z][a-z]+)(?:\s+here)?\s*(?:[.!,]|$)"
    r"|\b(?:a\s+)?bit of a (?:grey|gray|dreary|wet|cold|hot|damp|miserable|lovely|nice) (?:one|day)"
    r"(?: out there| today)?"
    r"|\b(?:it|the weather)(?:'s| is| was| has been)?\s+(?:so\s+|really\s+|pretty\s+)?(?:poured|pouring|rained|raining"
    r"|snowed|snowing|freezing|boiling|scorching|hot|cold|sunny|rainy|gorgeous|lovely|miserable|gloomy|windy|humid)"
    r"(?:\s+(?:out|outside|today|all day|all weekend|the whole (?:time|day|weekend)|here))*\b",
    re.IGNORECASE,
)
"""Well-wishing and weather said to the coach: small talk, whatever its length ("Hope you're having a
good day", "Hope your weekend was drier than mine, it poured the whole time")."""
_GOAL = re.compile(
    r"\b(?:i (?:want|would like|need|hope|plan|intend|aim) to|my goal|my target|i'?m (?:trying|aiming|"
    r"going) to"
    r"|i will (?:try to )?|i'll (?:try to )?|set (?:my|the|a) goal)\b",
    re.IGNORECASE,
)
_PREFERENCE = re.compile(
    r"\b(?:i (?:prefer|like|love|hate|dislike|enjoy|can't stand)|i don't (?:like|want|eat|drink)|"
    r"please (?:don't|do not)"
    r"|call me|text me|message me|contact me|remind me)\b",
    re.IGNORECASE,
)
_CONSTRAINT = re.compile(
    r"\b(?:i (?:can't|cannot|can not|am unable to|'m unable to|won't be able to)|i work\b|my (?:schedule|"
    r"shift|job)"
    r"|off days?|days? off|i'?m (?:busy|traveling|travelling|out of town|away)|only (?:on|in the)|"
    r"i don't have time"
    r"|allergic|vegetarian|vegan|pregnant)\b",
    re.IGNORECASE,
)
_HEALTH = re.compile(
    r"\b(?:pain|ache|aches|hurt|hurts|sick|ill|doctor|dr|nurse|clinic|hospital|er|medicine|medication|meds|"
    r"pill|pills"
    r"|prescription|insulin|dose|blood|sugar|glucose|a1c|pressure|bp|cholesterol|weight|weigh|kg|lbs|pounds|"
    r"diet"
    r"|ate|eat|eating|meal|breakfast|lunch|dinner|snack|drink|drank|water|sleep|slept|tired|exhausted|stress|"
    r"stressed"
    r"|anxious|mood|depressed|walk|walked|walking|steps|step|run|ran|exercise|workout|gym|fitbit|active|"
    r"heart|breath"
    r"|headache|fever|cough|nausea|diabetes|diabetic|asthma|surgery|appointment|checkup|test|lab|labs|results"
    r"|smoke|smoking|alcohol|pregnant|allergy|allergic|symptom|symptoms|infection|antibiotics|injury|injured|"
    r"knee"
    r"|back|foot|feet|leg|legs|hip|shoulder|stomach|dizzy|energy|calories|goal|goals)\b",
    re.IGNORECASE,
)
MIN_UNSURE_WORDS = 4


class RetainDecision(BaseModel):
    """The gate's verdict: keep the turn or not, why, and whether a clinical record may be admitted."""

    model_config = ConfigDict(frozen=True)

    retain: bool
    reason: Reason
    clinical_allowed: bool = False


def decide_retain(text: str, extraction: ExtractionResult | None = None) -> RetainDecision:
    """Decide whether ``text`` is kept (see the module docstring).

    Args:
        text: The utterance as said.
        extraction: The rules extractor's result for ``text``, when available; a record it
            admitted makes the turn a ``health_fact``.
    """
    stripped = text.strip()
    if not stripped or _EMOJI_OR_PUNCT.match(stripped):
        return RetainDecision(retain=False, reason="empty")
    words = [_ELONGATED.sub(r"\1", w) for w in _WORD.findall(stripped.lower().replace("’", "'"))]
    if words and all(w.strip("'") in _ACK_WORDS for w in words):
        return RetainDecision(retain=False, reason="acknowledgement")
    rest = [_ELONGATED.sub(r"\1", w) for w in _WORD.findall(_PLEASANTRY.sub(" ", stripped.replace("’", "'")).lower())]
    if words and all(w.strip("'") in _ACK_WORDS for w in rest) and (extraction is None or not extraction.records):
        return RetainDecision(retain=False, reason="small_talk")
    if extraction is not None and extraction.records:
        return RetainDecision(retain=True, reason="health_fact", clinical_allowed=True)
    if _GOAL.search(stripped):
        return RetainDecision(retain=True, reason="goal")
    if _CONSTRAINT.search(stripped):
        return RetainDecision(retain=True, reason="constraint")
    if _PREFERENCE.search(stripped):
        return RetainDecision(retain=True, reason="preference")
    if _HEALTH.search(stripped):
        return RetainDecision(retain=True, reason="health_mention")
    if len(words) >= MIN_UNSURE_WORDS:
        return RetainDecision(retain=True, reason="unsure")
    return RetainDecision(retain=False, reason="small_talk")
