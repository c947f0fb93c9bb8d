"""Exercise said as a noun phrase the speaker did, joined or signed up for, whatever its words.

The structure, not the phrase: a doing verb ("did", "knocked out", "signed up for", "joined", "been
doing", "go to") with the speaker as subject (or the subject dropped at the start of a sentence or clause),
and as its object a noun phrase whose head is a unit of training — sprints, intervals, laps, burpees,
repeats, or a class / session / workout / training said with a kind of exercise among its modifiers — after
an optional count or determiner: "did 12 hill sprints today", "I've also signed up for those sprint interval
spin classes", "knocked out three rounds of tabata", "joined a Tuesday night bootcamp session", "been doing
hill repeats". The activity is the noun phrase as said, without its count or determiner. A walk said by its
route is walking: a walking verb, or taking a dog, a child or a named pet, along a route said by a preposition
and a place ("Took Biscuit round the block twice after lunch", "Walking the dog up the hill this morning",
"we strolled along the canal"; not a car, not "went round the block" alone). "Did a session
with my accountant", "signed up for a pottery class" name no exercise; another person's, a question or a
plan is left to the assertion step (the proposals are ``plain``).
"""

from __future__ import annotations

import re

COUNT_WORDS = (
    r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|a dozen|several"
)
"""A count of training units ("12 hill sprints", "three rounds of tabata")."""
EXERCISE_MODIFIERS = (
    "spin|spinning|sprint|sprints|interval|intervals|hiit|cardio|circuit|circuits|boxing|kickboxing|crossfit"
    "|cycling|cycle|bike|rowing|running|run|track|hill|hills|stair|stairs|bootcamp|boot-camp|boot camp|tabata"
    "|strength|weights?|weight-lifting|weightlifting|lifting|gym|aerobics|aqua|zumba|yoga|pilates|barre|swim"
    "|swimming|dance|fitness|training|step|treadmill|conditioning|endurance|plyo|plyometric|kettlebell|core"
    "|tempo|speed|fartlek|rugby|soccer|football|basketball|hockey|tennis|squash|martial|karate|judo|jiu-jitsu"
)
"""Words that make a class, session or workout an exercise one ("spin classes", "a tabata session")."""
_INTRINSIC = (
    r"sprints|intervals|laps|burpees|(?:hill|stair|track)\s+(?:repeats|reps)|repeats|wind sprints|suicides|tabatas?"
    # a kind of training said as a thing one does or joins: "started CrossFit", "signed up for a HIIT bootcamp"
    r"|(?:crossfit|bootcamp|boot-camp|boot camp|hiit|spinning|deadlifts)"
    # the longer phrase when a unit follows: "a Tuesday night bootcamp session", "a HIIT bootcamp"
    r"(?!\s+(?:class|classes|session|sessions|workouts?|training|gyms?|crossfit|bootcamp|boot-camp|boot camp)\b)"
)
"""Heads that are training units by themselves."""
_GENERIC = (
    r"class(?:es)?|sessions?|workouts?|training|drills|rounds|sets|reps|heats|wods?|rides|runs|swims|climbs|efforts"
    r"|gyms?"
)
"""Heads that are training units only with an exercise modifier."""
_SUBJECT = (
    r"(?:\b(?:i|we|(?:my\s+\w+\s+and|me\s+and\s+my\s+\w+\s+))(?:\s+i)?(?:'ve|'m|'d|\s+have|\s+had|\s+am|\s+was|\s+were)?"
    r"|(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s)|(?<=,\s)|(?<=\band\s)|(?<=\bthen\s)|(?<=\bso\s)|(?<=\bbut\s))"
    # someone has the speaker do it: "my trainer has me doing sprint intervals", "the coach made us do laps"
    r"|\b(?:has|had|have|got|gets|makes|made)\s+(?:me|us))"
)
"""The speaker as subject, or a subject dropped where a sentence or clause begins."""
_VERB = (
    r"(?:did|do|doing|done|knocked\s+out|smashed|crushed|got\s+through|finished|completed|ran|run|running"
    r"|signed\s+(?:myself\s+|us\s+)?up\s+(?:for|to)|sign\s+up\s+for|joined|started|starting|took|taking|tried"
    r"|went\s+to|go\s+to|going\s+to|attended|attend|attending|booked|been\s+doing|been\s+going\s+to"
    # in company: "went with my brother to crossfit"
    r"|went\s+(?:with|along\s+with)\s+(?:my|our)\s+\w+\s+to)"
)
_DETERMINER = (
    rf"(?:(?:(?:a|an)\s+\d+\s*(?:-\s*)?(?:min|mins|minute|minutes|hour|hours|hr|hrs)"  # "a 90 min spin class"
    rf"|a|an|the|those|these|some|my|our|another|one\s+of\s+(?:those|these|the|my|his|her)"
    rf"|a\s+(?:few|couple\s+of)|a\s+set\s+of|(?:{COUNT_WORDS})(?:\s+(?:rounds?|sets?)\s+of)?"
    # a count with the distance of each: "ten 100 m sprints", "8 x 400m repeats", "six 200-metre sprints"
    rf"(?:\s*(?:x|\u00d7)?\s*\d+\s?-?(?:m|metres?|meters?|metre|meter|yards?|yd|k|km)\b)?)\s+)"
)
_NOT_MODIFIER = r"(?:do|did|does|doing|go|get|be|have|try|start|make|take|some\s+more)\b"
"""Verbs are no modifiers of a training unit ("I'm going to do sprints tomorrow" names none after "going to")."""
_BACK_FROM = re.compile(
    rf"(?:^|(?<=[.!?,]\s)|\b(?:i'm|im|i am|i've|just|i\s+got)\s+)(?:just\s+)?(?:got\s+)?(?:back|home)\s+from\s+"
    rf"(?:(?:my|the|a|an|our|this|that)\s+)?(?P<np>(?:(?!{_NOT_MODIFIER})[a-z][\w'-]*\s+){{0,3}}?"
    rf"(?P<head>{_INTRINSIC}|{_GENERIC}))\b",
    re.IGNORECASE,
)
"""The speaker back from a training session ("just back from bootcamp this evening", "home from my spin class")."""
_PHRASE = re.compile(
    rf"{_SUBJECT}\s*(?:(?:also|just|finally|already|even|now|then|actually)\s+){{0,2}}(?P<verb>{_VERB})\s+"
    rf"{_DETERMINER}?(?P<np>(?:(?!{_NOT_MODIFIER})[a-z][\w'-]*\s+){{0,4}}?(?P<head>{_INTRINSIC}|{_GENERIC}))\b",
    re.IGNORECASE,
)
_MODIFIER = re.compile(rf"\b(?:{EXERCISE_MODIFIERS})\b", re.IGNORECASE)
_WHEN_WORDS = frozenset(
    {
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "morning",
        "afternoon",
        "evening",
        "night",
        "weekly",
        "daily",
        "usual",
        "early",
        "late",
    }
)
"""Words of time among the modifiers ("a Tuesday night bootcamp session"): not part of the activity."""
_SINGULAR = {"classes": "class", "sessions": "session", "workouts": "workout", "wods": "wod"}
"""A plural head said of a kind of class or session is named in the singular ("spin classes" -> spin class)."""


def exercise_phrases(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, activity)`` of each exercise said as a noun phrase the speaker did (module docstring)."""
    out = []
    for m in [*_PHRASE.finditer(text), *_BACK_FROM.finditer(text)]:
        np, head = m.group("np"), m.group("head")
        modifiers = np[: m.start("head") - m.start("np")]
        if not re.fullmatch(_INTRINSIC, head, re.IGNORECASE) and not _MODIFIER.search(modifiers):
            continue  # "a session with my accountant", "a pottery class": no exercise said
        words = [w for w in re.sub(r"\s+", " ", np.strip().lower()).split(" ") if w not in _WHEN_WORDS]
        words[-1] = _SINGULAR.get(words[-1], words[-1])
        out.append((m.start(), m.end(), " ".join(words)))
    return out


_ROUTE = re.compile(
    rf"(?:{_SUBJECT}|(?:^|(?<=[.!?]\s))(?=(?:walking|taking|strolling|wandering)\b))\s*"
    r"(?:(?:also|just|then|finally|still|usually|always)\s+)?"
    # the walk as a noun the speaker does: "I'm still doing my walk round the block", "went for my walk by the canal"
    r"(?:(?:doing|do|did|does|done|going for|went for|go for|gone for|having|had|have)\s+(?:my|our|a)\s+"
    r"(?:(?:usual|daily|little|morning|evening|afternoon|lunchtime|regular|short|long|brisk)\s+)?walk"
    r"|(?:walked|walking|walk|strolled|strolling|wandered|wandering|ambled|hiked|hiking)"
    r"(?:\s+(?:the|my|our|his|her)\s+(?:\w+\s+)?(?:dogs?|pup|puppy|kids?|baby|grandkids?|grandson|granddaughter))?"
    r"|(?:took|take|taking|takes)\s+(?:(?:the|my|our|his|her)\s+(?:\w+\s+)?(?:dogs?|pup|puppy|kids?|baby|pram"
    r"|stroller|grandkids?|grandson|granddaughter)|(?-i:[A-Z][a-z]+)|him|her|them)(?:\s+out)?)"
    r"\s+(?:(?:twice|once|again|all the way)\s+)?(?:round|around|up|down|along|across|over|through|to)"
    r"\s+(?:the|a|our|my)\s+(?:\w+\s+)?(?:block|park|hill|hills|neighbou?rhood|estate|lake|river|canal|beach|woods|field|fields|track"
    r"|loop|trail|path|village|town|common|reservoir|promenade|prom|seafront|lane|street)\b",
    re.IGNORECASE,
)


def route_walks(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, activity)`` of each walk said by its route (module docstring): walking when a walking
    word says it, else the walk as said ("took biscuit round the block")."""
    out = []
    for m in _ROUTE.finditer(text):
        said = re.sub(r"\s+", " ", m.group(0).strip().lower())
        said = re.sub(r"^(?:i|we|i've|we've|i'd)\s+|^(?:also|just|then|finally)\s+", "", said)
        if re.match(r"(?:took|take|taking|takes)\b.*\bto\s+\w+\s+\w+$", said):
            continue  # "took Mum to the park": a destination, no walk said
        out.append((m.start(), m.end(), "walking" if "walk" in said else said))
    return out
