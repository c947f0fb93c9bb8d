"""Exercise as the speaker states it: activities, classes, races, steps, with duration and distance.

"I walked for 30 minutes", "went for a really hard run", "Did an easy 30 minute jog", "my grandson
dragged me to his bootcamp class", "ran a 10 km race", "I did 8000 steps": the activity as said (a
verb becomes its activity: "swam" -> swimming), a duration in minutes and a distance only when the
text states them (a hedged number, "over 2000 steps", is no value). Every pattern fixes the speaker
as the subject (:data:`~app.ingest.narrative.lifestyle.SPEAKER_SUBJECT`).
"""

from __future__ import annotations

import re

from app.ingest.narrative.entered_events import SPEAKERS, entered_events
from app.ingest.narrative.exercise_phrases import exercise_phrases, route_walks
from app.ingest.narrative.exertion_notes import exertion_notes
from app.ingest.narrative.lifestyle import SPEAKER_SUBJECT
from app.ingest.narrative.models import Policy, Proposal
from app.ingest.narrative.quantities import COUNT as _SMALL_COUNT
from app.ingest.narrative.quantities import NUMBER, NUMBER_CORE, SPOKEN_DIGIT, SPOKEN_INTEGER, parse_number
from app.ingest.narrative.tracked_workouts import find_tracked_workouts
from app.ingest.narrative.training_content import training_contents

_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90}
_TEENS = {"thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
COUNT = (
    rf"(?:(?:{'|'.join(_TENS)})(?:[- ](?:{'|'.join(_UNITS)}))?|{'|'.join(_TEENS)}|{_SMALL_COUNT[3:-1]})"
)
"""A count of minutes or hours, spelled out up to the tens ("forty minutes", "forty-five minutes") or in digits."""


def _count(said: str) -> float:
    """The value of a :data:`COUNT` ("forty-five" -> 45, "15" -> 15, "half an" -> 0.5)."""
    parts = re.split(r"[- ]", said.strip().lower())
    if parts[0] in _TENS:
        return float(_TENS[parts[0]] + (_UNITS.get(parts[1], 0) if len(parts) > 1 else 0))
    if parts[0] in _TEENS:
        return float(_TEENS[parts[0]])
    return parse_number(said)


_I = SPEAKERS
"""The speaker as subject, alone or in company ("a few of us went swimming", "my wife and I walked")."""
_ACTIVITIES = {
    "walked": "walking",
    "walk": "walking",
    "ran": "running",
    "run": "running",
    "jogged": "jogging",
    "jog": "jogging",
    "swam": "swimming",
    "swim": "swimming",
    "biked": "cycling",
    "cycled": "cycling",
    "bike ride": "cycling",
    "hiked": "hiking",
    "hike": "hiking",
    "danced": "dancing",
    "yoga": "yoga",
    "pilates": "pilates",
    "worked out": "workout",
    "gym": "gym",
    "tennis": "tennis",
    "basketball": "basketball",
    "soccer": "soccer",
    "golf": "golf",
    "lifted weights": "weight training",
    "cycle": "cycling",
    "rode": "cycling",
    "dance": "dancing",
    "walking": "walking",
}
_LEAD_IN_COMMA = r"(?<=,\s)(?=went\s+(?:for|on)\s)"
"""A subject dropped after a comma, for "went for/on a walk" only ("Nothing much to report, went for a long
walk"); refused when the sentence before it names another person (``_OTHER_SUBJECT``)."""
_OTHER_SUBJECT = re.compile(
    r"\b(?:(?i:he|she|they|my\s+(?:\w+\s+)?(?:wife|husband|son|daughter|friend|mom|dad|mum|kids?|neighbou?r|brother|sister"
    r"|partner|grandson|granddaughter|dog))|[A-Z][a-z]+\s+(?:came|called|stopped|dropped))\b"
)
_EXERCISE = re.compile(
    # the subject is "I"/"we", or dropped at the start of a sentence ("Did hill sprints this morning")
    # or after a comma closing a subject-less lead-in ("Nothing much to report, went for a long walk")
    rf"(?:{_I}(?:'ve|\s+have|\s+had|'re|\s+are|'m|\s+am)?\s+|(?:^|(?<=[.!?:]\s)|{_LEAD_IN_COMMA})"
    r"(?:(?:then|and|later|also|so)\s+)?"
    r"|(?:dragged|took|brought|talked|got)\s+me(?:\s+along)?\s+)"
    r"(?:(?:just|also|finally|already)\s+)?"
    r"(?P<verb>(?:walked|ran|jogged|swam|biked|cycled|hiked|danced)"
    r"(?!\s+(?:off|out|into|in|away|over(?!\s+\d)|late|up|across|around the office|to the store|errands))"
    r"|worked out(?!\s+(?:a|an|the|fine|great|well|ok|okay|that|how|what|for)\b)"
    # "Rode my bike out to the lighthouse and back", "rode the exercise bike for 20 minutes"
    r"|(?P<rode>rode)\s+(?:my|a|the|our)\s+(?:[\w-]+\s+)?(?:bike|bicycle)\b"
    # a class or a group joined: "I've joined the chair yoga group at the library"
    r"|joined\s+(?:a|the|an)\s+(?:(?:hot|chair|gentle|power|aqua|water|local|beginners'?|seniors'?|morning|evening)\s+)*"
    r"(?P<joined>yoga|pilates|tai chi|zumba|aerobics|walking|running|swimming|cycling|dance|spin)\s+"
    r"(?:group|class|club)\b"
    r"|lifted weights|did (?:some |a few |a set of )?(?P<did>yoga|pilates|(?:(?:hill|uphill|stair|track|wind) )?"
    r"sprints|intervals|burpees)"
    # "went for a walk", "took the dog out for a 20 minute walk"
    r"|went (?P<gone>rowing|swimming|running|jogging|cycling|biking|hiking|skiing|climbing|dancing|kayaking|paddling"
    r"|skating|bowling)"
    r"|(?:(?:to\s+)?do|did|doing)\s+(?:(?:hot|chair|gentle|power|aqua|water)\s+)?(?P<sport2>crossfit|zumba|spin"
    r"|aerobics|kickboxing|boxing|hiit|rowing|tai chi|yoga|pilates)(?!\s+(?:class|session|mat|teacher|instructor))"
    # a class gone all out at: "Went all out at a HIIT class tonight" ("went to a spin class" is read below)
    r"|went\s+all[- ]out\s+(?:at|in)\s+(?:a|an|the|my)\s+(?:[\w-]+\s+)?"
    r"(?P<went_class>hiit|spin|crossfit|bootcamp|boot camp|zumba|kickboxing|boxing)\s+(?:class|session|workout)\b"
    # a class the speaker was taken to: "my buddy dragged me to CrossFit", "talked me into a spin class"
    # (the preface "dragged me " is read before it)
    # ... and one the speaker is back at: "back at crossfit this morning, max effort deadlifts"
    r"|(?:(?<=\bme\s)(?:to|into)|(?<![\w'])back\s+(?:at|to|in))\s+(?:a\s+|an\s+)?(?:[\w-]+\s+)?"
    r"(?P<taken>crossfit|yoga|pilates|zumba|spin|hiit|bootcamp|boot camp|aerobics|kickboxing|aqua aerobics)\b"
    r"(?!\s+(?:class|classes|session|sessions))"
    # hard sets said by their kind: "we're doing all-out sprint intervals and max deadlifts"
    r"|(?:(?:to\s+)?do|did|doing)\s+(?:some\s+)?(?:(?:all-out|all out|max|maximal|heavy|hard|flat-out|brutal)\s+)?"
    r"(?P<sets>sprint intervals|sprints|intervals|burpees|hill repeats)"
    # "started walking the dog", "we walk the dog every evening"
    r"|(?:(?:started|been|usually|often|always)\s+)?(?P<dog>walk(?:ing|ed)?|walk) (?:the|my|our) dogs?\b"
    r"|(?:went |took (?:the|my) dogs? (?:out )?|took |did |had |got in |squeezed in )(?:for |on )?an? "
    rf"(?:(?:really|very|super|pretty|nice|good|long|short|quick|brisk|easy|hard|tough|intense|gentle|light|slow"
    rf"|fast|big|little|early|late|morning|evening)\s+){{0,3}}"
    rf"(?:(?P<wn>{COUNT})[- ](?P<wu>minutes?|mins?|hours?|hrs?)[- ](?:long )?"
    # a distance said before the noun: "went for a 5 km run", "a 3-mile walk", "a quick 10k jog"
    rf"|(?P<gn>{NUMBER_CORE}|{SPOKEN_INTEGER}|{SPOKEN_DIGIT})\s?[- ]?"
    r"(?P<gu>km|k|kilometers?|kilometres?|miles?|mi)[- ])?"
    r"(?:(?:long|short|quick|brisk|easy|hard|tough|intense|gentle|light|slow|fast)\s+)?"
    r"(?P<went>walk|run|jog|swim|bike ride|hike|stroll|wander|amble|ramble)(?![\w-])"
    r"|(?:went to|hit) the (?P<gym>gym)"
    r"|played (?:(?:a|some|a game of|a round of|a few games of|a match of)\s+)?"
    r"(?:(?:full|half)[- ]court\s+|pick-?up\s+|singles\s+|doubles\s+)?(?P<sport>tennis|basketball|soccer|golf"
    r"|pickleball|badminton|squash|volleyball|racquetball|football|rugby|hockey|netball|ultimate frisbee|frisbee)"
    r"|did (?:some |a lot of |a little |a bit of |more |extra )?"
    rf"(?:(?:about |around )?(?P<dn>{COUNT})\s+(?P<du>minutes?|mins?|hours?|hrs?)\s+of\s+)?"
    r"(?:(?:gentle|light|easy|brisk|some|intense|hard|vigorous|slow|hot|chair|power|aqua)\s+)?"
    r"(?P<ing>walking|running|jogging|swimming|"
    r"cycling|dancing|stretching|yoga|pilates|boxing circuits|circuit training|circuits|boxing|kickboxing|spinning)"
    # a progressive with a route or a frequency: "I've been cycling to work every day", "been swimming at the pool"
    r"|been (?P<prog>cycling|biking|walking|running|jogging|swimming|hiking)(?=\s+(?:to (?:work|school"
    r"|the (?:gym|park|office|pool|shops|beach|station))|every|each|daily|most|in the (?:park|pool|hills|woods)"
    r"|at the (?:pool|gym|park|track)|on the (?:treadmill|trail|track|bike)|along"
    r"|around the (?:park|lake|block|track))\b)"
    r"|(?:usually |always )?(?P<habit>walk|run|jog|swim|cycle)(?=\s+(?:daily|every (?:day|morning|evening|night)|"
    r"each (?:day|morning|evening)|twice a (?:day|week)|\d+ times a week)\b))\b(?P<rest>[^.;!?\n]*)",
    re.IGNORECASE,
)
_RACE = re.compile(
    r"\b(?:running|ran|run|did|finished|completed|raced)\s+(?:a|the|my|in a|in the|(?=parkrun))\s*"
    r"(?:(?:charity|fun|local|spring|"
    r"first|big)\s+)?(?:(?P<n>\d+(?:\.\d+)?)\s*(?P<u>k|km|kilometers?|kilometres?|miles?|mi)\s+)?"
    r"(?P<race>race|5k|10k|marathon|half marathon|half-marathon|fun run|parkrun|triathlon)\b",
    re.IGNORECASE,
)
"""A race the speaker ran ("Celebrated by running a 10 km race"): running, with its distance."""
_RACE_DISTANCES = {"5k": 5.0, "10k": 10.0, "marathon": 42.2, "half marathon": 21.1}
_SHOVEL = re.compile(
    # the subject said, or dropped at a sentence opening: "Shoveled the whole driveway yesterday, heavy wet snow"
    rf"(?:{_I}\s+(?:\w+\s+)?|(?:^|(?<=[.!?]\s))\W*(?:(?:just|finally|also|then)\s+)?)"
    r"(?P<verb>shovell?ed|cleared|dug out)\s+(?:out\s+)?(?:(?:the|my|our)\s+)?(?:whole\s+|entire\s+)?"
    r"(?:driveway|drive|walk|sidewalk|path|snow)\b|\b(?:i|we)\s+(?:was\s+|were\s+)?shovell?ing\b"
    r"|(?:^|(?<=[.!?]\s))\W*(?:(?:been|was)\s+)?shovell?ing\s+(?:(?:the|my|our)\s+)?(?:whole\s+)?(?:driveway|drive|snow"
    r"|walk|sidewalk|path)\b"
    # the shovel named, then the ground done: "went out with the big steel shovel and did the whole driveway"
    r"|\b(?:with|grabbed|took|got out)\s+(?:the|my|a|our)\s+(?:[\w-]+\s+){0,2}shovel\b[^.;!?]{0,40}?"
    r"\b(?:did|cleared|dug out)\s+(?:(?:the|my|our)\s+)?(?:whole\s+|entire\s+)?(?:driveway|drive|walk|sidewalk|path)\b",
    re.IGNORECASE,
)
"""Snow shovelling, a heavy exertion said by what was cleared: "I cleared the whole driveway by myself"."""
_WORKOUT = re.compile(
    rf"(?:{_I}\s+(?:just\s+)?|(?:^|(?<=[.!?]\s)))(?:did|finished|crushed|smashed|got through)\s+(?:a|an|the|my)\s+"
    r"(?:(?:hardest|toughest|brutal|hard|tough|intense|killer|big|long|quick|short|easy|first)\s+)?"
    r"(?P<kind>hiit|crossfit|cardio|interval|circuit|strength|boxing|kettlebell|leg|upper body|core)\s+workout\b",
    re.IGNORECASE,
)
"""A workout said by its kind: "Yesterday I did the hardest HIIT workout of my life"."""
_HILLS = re.compile(
    rf"{_I}\s+(?:\w+\s+)?(?:raced|sprinted|ran|charged|jogged)\s+(?:\w+\s+){{0,3}}?(?:up|down)\s+(?:the\s+)?"
    r"(?:(?:big|steep|long)\s+)?(?P<where>hill|hills|stairs|steps)\b",
    re.IGNORECASE,
)
"""Sprints said by where they were run: "I raced my grandson up the big hill in the park"."""
_CLASS = re.compile(
    rf"(?:{_I}(?:'ve|\s+have)?\s+(?:\w+\s+)?(?:went|go|going|got|made it|did|took|tried|joined|signed up for"
    r"|snuck off|sneaked off|slipped off|headed off|headed)"
    r"|(?:dragged|took|brought|talked)\s+me(?:\s+along)?"
    r"|(?:^|(?<=[.!?]\s))(?:went|made it|signed up for|joined|back at|back in|started|did|took|tried)"
    # the speaker's own class wherever it is said ("... yesterday did my first crossfit class flat out")
    r"|(?<![\w'])(?P<own>did|tried|went\s+to)(?=\s+my\s))"
    r"\s+(?:back\s+)?(?:to\s+|into\s+(?:(?:doing|trying|joining)\s+)?)?"  # "talked me into his spin class"
    r"(?:one\s+of\s+(?:those|these|the|his|her|their)\s+)?"  # "one of those spin classes"
    r"(?:a\s+|an\s+|my\s+|the\s+|his\s+|her\s+|our\s+)?"
    # its length said before it: "a 45 minute spin class", "an hour-long yoga class"
    rf"(?:(?P<ln>{COUNT}|an?)[- ](?P<lu>minutes?|mins?|hours?|hrs?)(?:[- ]long)?\s+)?"
    r"(?:(?:new|first|usual|weekly|advanced|beginner|morning|evening|hot|brutal|hard|tough|killer|intense|indoor|outdoor"
    r"|[a-z]+est)\s+){0,2}"  # "the hardest spin class", "the toughest early yoga class"
    r"(?:(?:boot[- ]?camp|hiit|cardio|circuit)[- ])?"  # a kind before the kind: "boot-camp sprint classes"
    r"(?P<cls>spin(?:ning)?|yoga|pilates|zumba|bootcamp|boot[- ]camp|crossfit|aerobics|water aerobics|dance|barre"
    r"|kickboxing|boxing|hiit|cycling|step|circuit|strength|tai chi|rowing|swimming|running|sprint|interval"
    r"|weightlifting|lifting)"
    r"\s+class(?:es)?\b(?P<rest>[^.;!?\n]*)",
    re.IGNORECASE,
)
"""A class the speaker went to, or was taken to ("my grandson dragged me to his bootcamp class")."""
_LIFT = re.compile(
    rf"(?:{_I}\s+(?:just\s+|finally\s+|also\s+)?|(?:^|(?<=[.!?]\s)|(?<=,\s)(?:so\s+|then\s+|and\s+)?))"
    r"(?:went\s+for|hit|set|pulled|tried|attempted|did|got|maxed\s+out\s+on|worked\s+on)\s+"
    r"(?:(?:a|an|my|some|heavy|a\s+few|new|personal|all-time|heavy)\s+){0,3}"
    r"(?P<lift>deadlift|squat|bench\s+press|bench|overhead\s+press|clean\s+and\s+jerk|power\s+clean|snatch)"
    r"(?:s\b|\s+(?:max|pr|1rm|record|personal\s+best|single|sets?)\b)"
    rf"|{_I}\s+(?:just\s+|finally\s+|also\s+)?(?P<lifted>deadlifted|squatted|benched|bench\s+pressed)\b"
    # a record told as a note: "today new PR on deadlift 180 kilo x3"
    r"|(?:^|(?<=[.!?:]\s)|(?<=\btoday\s)|(?<=\byesterday\s)|(?<=\btonight\s)|(?<=\bthis morning\s))"
    r"(?:new\s+|a\s+new\s+)(?:pr|pb|personal\s+(?:best|record))\s+(?:on|in|at|for)\s+(?:the\s+|my\s+)?"
    r"(?P<lift_pr>deadlift|squat|bench\s+press|bench|overhead\s+press|clean\s+and\s+jerk|power\s+clean|snatch)s?\b",
    re.IGNORECASE,
)
"""A barbell lift the speaker did, said by the lift ("went for a new deadlift max", "I squatted 225", "did heavy
squats"): maximal straining, the activity as said."""
_LIFT_PAST = {"deadlifted": "deadlift", "squatted": "squat", "benched": "bench", "pressed": "press"}
_DURATION = re.compile(
    rf"\b(?:for|in)\s+(?:about\s+|around\s+|the\s+whole\s+|the\s+full\s+|a\s+full\s+|a\s+good\s+)?"
    rf"(?P<n>{COUNT})\s+(?P<u>minutes?|mins?|hours?|hrs?)\b"
    rf"|\b(?P<n2>{COUNT})\s+(?P<u2>minutes?|mins?|hours?|hrs?)\s+of\s+(?:\w+\s+)?(?:sprints|intervals|cardio|burpees|spinning|"
    r"cycling|running|rowing|lifting|circuits|drills)\b"
    # a bare length closing its phrase: "45 minutes all out", ", about an hour."
    rf"|(?<!\bin\s)(?<!\bwithin\s)(?<!\bafter\s)(?<!\bevery\s)(?<!\bfor\s)(?<!\blast\s)(?<!\bnext\s)"
    rf"(?:(?<=,\s)|(?<=\bthen\s)|(?<=\bsolid\s)|(?<=\bgood\s)|(?<=\babout\s)|(?<=\baround\s)"
    rf"|(?<=\broughly\s)|(?<=\bnearly\s)|(?<=\balmost\s)|(?<=^)|(?<=^\s)|\b(?=\d))"
    rf"(?P<n3>{COUNT})\s+(?P<u3>minutes?|mins?|hours?|hrs?)"
    r"(?=\s*(?:$|[,.;!?]|(?:all[- ]out|flat[- ]out|hard|straight|non-?stop|solid|of\s+it|at\s+(?:full|max))\b"
    r"|(?:or\s+so|or\s+thereabouts|give\s+or\s+take|or\s+more|-?ish)\b))",  # "twenty minutes or so"
    re.I,
)
_DISTANCE = re.compile(rf"(?P<n>{NUMBER})\s?(?P<u>km|kilometers?|miles?|mi|k|steps)\b", re.IGNORECASE)
_STEPS = re.compile(
    rf"{_I}\s*(?:'ve\s+|\s+have\s+)?(?:(?:just|already|finally|now)\s+)?"
    r"(?:walked|did|done|got|gotten|hit|reached|made|logged|have|had|am at|'m at|was at|am|'m)\s+"
    r"(?:(?P<hedge>over|about|around|almost|nearly|more than|less than|under|at least|(?:a little|just) "
    rf"(?:over|under))\s+)?(?P<n>{NUMBER})\s+steps\b",
    re.IGNORECASE,
)

def find_exercise(text: str) -> list[Proposal]:
    out = entered_events(text)  # "I signed up for a half marathon in May" (:mod:`.entered_events`)
    for m in _EXERCISE.finditer(text):
        if _dropped_after_comma(text, m.start()) and _OTHER_SUBJECT.search(_sentence_before(text, m.start())):
            continue  # "my son came over, went for a run with the dog": his run
        word = (
            m.group("did") or m.group("went") or m.group("gym") or m.group("sport") or m.group("ing")
            or m.group("habit") or m.group("gone") or m.group("sport2") or m.group("dog") or m.group("prog")
            or m.group("rode") or m.group("joined") or m.group("sets") or m.group("taken") or m.group("went_class")
            or m.group("verb")
        ).lower()
        activity = word if m.group("went") else _ACTIVITIES.get(word, word)  # "went for a walk": walk, as said
        rest = m.group("rest")
        fields: dict[str, object] = {"activity": activity}
        duration = _DURATION.search(rest)
        if duration:
            fields["duration_min"] = _minutes(duration)
        elif m.group("dn") or m.group("wn"):  # "did 45 minutes of stretching", "a 20 minute walk"
            n = _count(m.group("dn") or m.group("wn"))
            fields["duration_min"] = n * (60 if (m.group("du") or m.group("wu")).lower().startswith("h") else 1)
        distance = _DISTANCE.search(rest)
        if m.group("gn"):  # "a 5 km run"
            unit = m.group("gu").lower()
            fields["distance"] = parse_number(m.group("gn"))
            fields["unit"] = "km" if unit.startswith("k") else "mi"
        elif distance and not _qualified(rest[: distance.start()]):
            fields["distance"] = parse_number(distance.group("n"))
            fields["unit"] = distance.group("u")
        habitual = {"habitual": True} if m.group("habit") else {}
        habitual |= SPEAKER_SUBJECT
        out.append(Proposal("exercise", fields, (m.start(), m.start("rest")), policy="plain", extra=habitual))
    for m in _RACE.finditer(text):
        if any(p.anchor[0] <= m.start() < p.anchor[1] for p in out):
            continue
        race: dict[str, object] = {"activity": "running"}
        said = m.group("race").lower().replace("-", " ")
        if m.group("n"):
            km = m.group("u").lower().startswith("k")
            race |= {"distance": parse_number(m.group("n")), "unit": "km" if km else "mi"}
        elif said in _RACE_DISTANCES:
            race |= {"distance": _RACE_DISTANCES[said], "unit": "km"}
        out.append(Proposal("exercise", race, (m.start(), m.end()), policy="plain", extra=SPEAKER_SUBJECT))
    for m in _WORKOUT.finditer(text):
        if any(p.anchor[0] <= m.start() < p.anchor[1] for p in out):
            continue
        workout: dict[str, object] = {"activity": f"{m.group('kind').lower()} workout"}
        duration = _DURATION.search(text, m.end(), m.end() + 120)
        if duration:
            workout["duration_min"] = _minutes(duration)
        out.append(Proposal("exercise", workout, (m.start(), m.end()), policy="plain", extra=SPEAKER_SUBJECT))
    for m in _SHOVEL.finditer(text):
        if "snow" not in text.lower() and not re.search(r"shovel", m.group(0), re.IGNORECASE):
            continue  # "cleared the path" of leaves or toys: no exertion said
        fields = {"activity": "snow shoveling"}
        out.append(Proposal("exercise", fields, (m.start(), m.end()), policy="plain", extra=SPEAKER_SUBJECT))
    for m in _HILLS.finditer(text):
        if any(p.anchor[0] <= m.start() < p.anchor[1] for p in out):
            continue
        activity = "stair sprints" if m.group("where").lower() in ("stairs", "steps") else "hill sprints"
        fields = {"activity": activity}
        out.append(Proposal("exercise", fields, (m.start(), m.end()), policy="plain", extra=SPEAKER_SUBJECT))
    for m in _CLASS.finditer(text):
        if any(p.anchor[0] <= m.start() < p.anchor[1] for p in out):
            continue
        sentence_start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        if m.group("own") and _OTHER_SUBJECT.search(text, sentence_start, m.start()):
            continue  # "my son did my spin class for me": another's doing
        fields = {"activity": f"{m.group('cls').lower()} class"}
        duration = _DURATION.search(text, m.end("cls"), m.end("cls") + 160)
        if m.group("ln"):  # "a 45 minute spin class": the length said before the class
            length = 1.0 if m.group("ln").lower() in ("a", "an") else _count(m.group("ln"))
            fields["duration_min"] = length * (60 if m.group("lu").lower().startswith("h") else 1)
        elif duration:
            fields["duration_min"] = _minutes(duration)
        out.append(Proposal("exercise", fields, (m.start(), m.end("cls")), policy="plain", extra=SPEAKER_SUBJECT))
    for m in _LIFT.finditer(text):
        if any(p.anchor[0] <= m.start() < p.anchor[1] for p in out):
            continue
        said = m.group("lift") or m.group("lifted") or m.group("lift_pr")
        lift = re.sub(r"\s+", " ", said.lower())
        for past, name in _LIFT_PAST.items():
            lift = lift.replace(past, name)
        fields = {"activity": lift}
        out.append(Proposal("exercise", fields, (m.start(), m.end()), policy="plain", extra=SPEAKER_SUBJECT))
    out += _trained(text, out)  # "..., forty minutes of flat-out sprints"
    for start, end, activity in exercise_phrases(text):  # "did 12 hill sprints", "signed up for spin classes"
        if any(p.anchor[0] <= start < p.anchor[1] or start <= p.anchor[0] < end for p in out):
            continue
        fields = {"activity": activity}
        duration = _DURATION.search(text, end, end + 120)
        if duration and not re.search(r"[.!?]", text[end : duration.start()]):
            fields["duration_min"] = _minutes(duration)
        out.append(Proposal("exercise", fields, (start, end), policy="plain", extra=SPEAKER_SUBJECT))
    for start, end, walk in route_walks(text):  # "Took Biscuit round the block", "Walking the dog up the hill"
        if not any(p.anchor[0] <= start < p.anchor[1] or start <= p.anchor[0] < end for p in out):
            route: dict[str, object] = {"activity": walk}
            duration = _DURATION.search(text, end, end + 80)
            if duration and not re.search(r"[.!?]", text[end : duration.start()]):
                route["duration_min"] = _minutes(duration)
            out.append(Proposal("exercise", route, (start, end), policy="plain", extra=SPEAKER_SUBJECT))
    for start, end, noted in exertion_notes(text):  # "spin class at 6am", "smashed my parkrun PB", "13.1 miles in ..."
        if not any(p.anchor[0] <= start < p.anchor[1] or start <= p.anchor[0] < end for p in out):
            # a unit said as the time of another clause holds none of that clause's negation
            policy: Policy = "negation_is_content" if noted.pop("_time_of_clause", False) else "plain"
            out.append(Proposal("exercise", noted, (start, end), policy=policy, extra=SPEAKER_SUBJECT))
    for m in _STEPS.finditer(text):
        if any(p.anchor[0] <= m.start() < p.anchor[1] + 60 for p in out):
            continue
        walked: dict[str, object] = {"activity": "walking"}
        if not m.group("hedge"):  # "over 2000 steps" states no count: walking only
            walked |= {"distance": parse_number(m.group("n")), "unit": "steps"}
        out.append(Proposal("exercise", walked, (m.start(), m.end()), policy="plain"))
    out += find_tracked_workouts(text, out)  # "Workout: 10 x 400m all-out ... Max HR 199 bpm"
    return out


def _trained(text: str, found: list[Proposal]) -> list[Proposal]:
    """Exercise said as "<length> of <training>" (:mod:`.training_content`); one in a sentence with an exercise
    already read, or opening the sentence after one, lends that one its length instead ("Went to the gym after work:
    an hour of heavy squats", "did my first boot camp class. 45 minutes of sprints, ...")."""
    out = []
    for start, end, content, minutes in training_contents(text):
        sentence_start = max(text.rfind(c, 0, start) for c in ".!?\n") + 1
        if not text[sentence_start:start].strip():  # the phrase opens its sentence: the one before may hold it
            sentence_start = max(text.rfind(c, 0, max(0, sentence_start - 1)) for c in ".!?\n") + 1
        same = [p for p in found if sentence_start <= p.anchor[0] < end]
        if same:
            if minutes and "duration_min" not in same[-1].fields:
                same[-1].fields["duration_min"] = minutes
            continue
        trained: dict[str, object] = {"activity": content} | ({"duration_min": minutes} if minutes else {})
        out.append(Proposal("exercise", trained, (start, end), policy="plain", extra=SPEAKER_SUBJECT))
    return out


def _dropped_after_comma(text: str, start: int) -> bool:
    return text[max(0, start - 2) : start] == ", "


def _sentence_before(text: str, start: int) -> str:
    """The part of ``start``'s sentence before it."""
    cut = max(text.rfind(stop, 0, start) for stop in (".", "!", "?", "\n"))
    return text[cut + 1 : start]


def _qualified(prefix: str) -> bool:
    """True when a number is hedged ("over 2000", "almost 5 miles"): it is not the value."""
    return bool(
        re.search(r"\b(?:over|under|more than|less than|almost|nearly|at least|about)\s*$", prefix, re.I)
    )


def _minutes(duration: re.Match[str]) -> float:
    """Minutes of a duration match ("for 45 minutes", "45 minutes of sprints", "for half an hour")."""
    key = next(k for k in ("n", "n2", "n3") if duration.group(k) is not None)
    n, unit = duration.group(key), duration.group(key.replace("n", "u"))
    return _count(n) * (60 if unit.lower().startswith("h") else 1)
