"""Exercise said by its content and length, with no verb of its own: "<length> of <training>".

People describe a session by what filled it, often as an appositive to a class or outing named without its
kind: "did my first class on Tuesday, forty minutes of flat-out sprints and heavy deadlifts", "Half an hour of
intervals on the bike this morning", "went to the gym, an hour of squats and rowing", "I put in forty-five minutes
of circuits after work", "my trainer had me do twenty minutes of burpees". The phrase is an exercise when its
content is a unit of training (sprints, intervals, lifts, laps, circuits, a training sport); the activity is the
content as said and the length its duration.

The speaker must be the one training: the phrase opens a sentence, follows a comma, colon or dash, or follows the
speaker's doing verb ("I did", "I put in", "had me do"). Not read: another person's training ("my son does forty
minutes of sprints"), a length of something else ("twenty minutes of waiting"); a question or a plan is left to
the assertion step (the proposals are ``plain``).
"""

from __future__ import annotations

import re

from app.ingest.narrative.exercise_phrases import COUNT_WORDS

_LENGTH = (
    rf"(?:(?:a\s+good|a\s+solid|a\s+full|about|around|roughly|nearly|almost|over)\s+)?"
    rf"(?:(?P<n>{COUNT_WORDS}|forty|fifty|sixty|ninety|forty[- ]five|thirty[- ]five|twenty[- ]five)"
    r"\s+(?P<u>minutes?|mins?|hours?|hrs?)|(?P<half>half\s+an\s+hour)"
    r"|(?P<hour>(?:an|a\s+(?:full|whole|solid|good))\s+hour))"
)
_HEAD = (
    r"(?:sprints|sprinting|intervals|burpees|deadlifts|squats|lunges|lifting|weights|weightlifting|rowing|spinning"
    r"|cycling|running|swimming|laps|lengths|cardio|circuits|drills|kettlebells?(?:\s+swings)?|boxing|kickboxing"
    r"|skipping|jump\s+rope|jumping\s+jacks|push-?ups|pull-?ups|hiit|crossfit|tabata|stair\s+climbing|hill\s+repeats"
    r"|jogging|pilates|zumba|aerobics|sparring|bench\s+press(?:ing)?|power\s+walking)"
)
_MOD = (
    r"(?:(?:flat[- ]out|all[- ]out|heavy|hard|fast|easy|gentle|brutal|nonstop|non-stop|solid|steady|uphill|hill|wind"
    r"|track|back-to-back|short|long|light|full[- ]on)\s+)"
)
_PHRASE = re.compile(
    r"(?P<lead>(?:^|(?<=[.!?]\s)|(?<=[,:;\u2013\u2014-]\s)|(?<=[:\u2013\u2014])"
    r"|\b(?:i|we)(?:'ve|\s+have)?\s+(?:(?:also|just|then|finally)\s+)?(?:did|do|done|put\s+in|managed|got\s+in"
    r"|squeezed\s+in|knocked\s+out|spent)\s+|\b(?:had|has|have|made|makes|got)\s+(?:me|us)\s+(?:do|doing)\s+))"
    rf"(?:(?:then|and|plus|so|just|also)\s+)?{_LENGTH}\s+of\s+(?P<content>{_MOD}{{0,2}}{_HEAD}"
    rf"(?:\s*(?:,|and|plus|then|&)\s+{_MOD}{{0,2}}{_HEAD}){{0,2}})\b",
    re.IGNORECASE,
)
_OTHER_SUBJECT = re.compile(
    r"\b(?:he|she|they|he's|she's|they've|my\s+(?:\w+\s+)?(?:wife|husband|son|daughter|friend|mom|dad|mum|kids?"
    r"|neighbou?r|brother|sister|partner|grandson|granddaughter|roommate|flatmate)(?:'s)?)\b",
    re.IGNORECASE,
)
"""Another person named earlier in the sentence ("my son does forty minutes of sprints", "my wife's done another of
those sessions, thirty minutes of burpees"): theirs, unless the speaker comes in after ("dragged me along")."""
_SPEAKER_AFTER = re.compile(r"\b(?:i|me|we|us|i've|i'd|i'm)\b", re.IGNORECASE)
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90}
_SMALL = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15}


def training_contents(text: str) -> list[tuple[int, int, str, float | None]]:
    """``(start, end, activity, duration_min)`` of each exercise said as "<length> of <training>"."""
    out = []
    for m in _PHRASE.finditer(text):
        sentence_start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        other = _OTHER_SUBJECT.search(text, sentence_start, m.start() + len(m.group("lead")))
        if other is not None and not _SPEAKER_AFTER.search(text, other.end(), m.start() + len(m.group("lead"))):
            continue
        activity = re.sub(r"\s+", " ", m.group("content").strip().lower())
        out.append((m.start(), m.end(), activity, _minutes(m)))
    return out


def _minutes(m: re.Match[str]) -> float | None:
    if m.group("half"):
        return 30.0
    if m.group("hour"):
        return 60.0
    said, unit = m.group("n").lower(), m.group("u").lower()
    parts = re.split(r"[- ]", said)
    if parts[0] in _TENS:
        n = float(_TENS[parts[0]] + (_SMALL.get(parts[1], 0) if len(parts) > 1 else 0))
    elif parts[0] in _SMALL:
        n = float(_SMALL[parts[0]])
    elif said.isdigit():
        n = float(said)
    else:
        return None  # "several minutes", "a dozen minutes": no stated length
    return n * (60 if unit.startswith("h") else 1)
