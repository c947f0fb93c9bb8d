"""Events jotted down as a note with no verb: a procedure, a vaccination or an exercise named at the opening of a
sentence and followed by when it was, that it is done, where, or how long.

"root canal yesterday, upper left molar", "Cataract surgery on the left eye done!", "hysterectomy in 2015",
"endoscopy done this am", "Skin tag removal at the derm this afternoon", "covid booster yesterday", "HPV shot at the
clinic today", "yellow fever vax done tues", "The amnio was this morning": people text what happened as a noun and a
time. The note is the speaker's (there is no other subject); another person's ("my husband's knee replacement
yesterday"), a plan ("root canal next week") or a question is left out here or to the assertion step.

Procedures are named by a procedure word (-ectomy, -oscopy, ...), a site and a surgery word ("cataract surgery",
"hip replacement", "carpal tunnel release"), or a few lay names (root canal, LASIK, C-section, wisdom teeth out);
vaccinations by a shot, jab, booster, vaccine or "vax" (a drug's injection — B12, cortisone, insulin — is none).
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.quantities import SPOKEN_INTEGER, parse_number
from app.ingest.narrative.sentences import SENTENCE_OPENING

_OPENING = (
    rf"{SENTENCE_OPENING}(?:(?:so|oh|and|also|just|finally|btw|update|fyi)\W+){{0,2}}"
    r"(?:(?:the|my|a|an|first|second|third|1st|2nd|3rd|annual|yearly)\s+){0,2}"
)
_PROCEDURE = (
    r"(?P<proc>(?:[a-z]+\s+)?[a-z]+(?:ectomy|otomy|ostomy|oscopy|plasty|centesis|tripsy)"
    r"|(?:[a-z-]+\s+){0,2}?(?:surgery|removal|replacement|repair|release|fusion|extraction|implant|biopsy|ablation"
    r"|cardioversion|bypass|stent)"
    r"|root canal|lasik|c-section|c section|caesarean|cesarean|amnio|cardiac cath|heart cath"
    r"|wisdom (?:teeth|tooth)(?=\s+out\b))"
)
_NOT_A_PROCEDURE = re.compile(
    r"^(?:(?:hair|stain|snow|rubbish|trash|graffiti|paint|tattoo|car|engine|window|roof|kitchen|bathroom|hip hop)\b"
    r"|(?:mood|pain|weight|stress)\b)",
    re.IGNORECASE,
)
"""Removals and repairs of no body: "snow removal today", "kitchen repair on Monday"."""
_VACCINE = (
    r"(?P<vax>(?!(?:b12|b-12|cortisone|steroid|insulin|testosterone|depo|vitamin|allergy|botox|epidural|flu\s+like)\b)"
    # the words before it name the vaccine, not a verb ("took a shot at the crossword" is none)
    r"(?:(?!(?:took|take|taking|takes|had|have|got|get|getting|gave|give|given|did|do|a|an|big|cheap|good|parting)\b)"
    r"[a-z0-9-]+\s+){0,3}?(?:shot|jab|booster|vaccine|vax|vaccination|immuni[sz]ation)s?)"
)
_WHEN = (
    r"(?:today|yesterday|tonight|this\s+(?:morning|afternoon|evening|am|pm|week)|last\s+(?:\w+)|(?:this|yesterday)\s+am"
    r"|on\s+(?:the\s+)?(?:\w+day|\d{1,2}(?:st|nd|rd|th)?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\s+\d)"
    r"|(?:back\s+)?in\s+(?:\d{4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*)"
    r"|\d+\s+(?:days?|weeks?|months?|years?|yrs?)\s+(?:ago|back)|(?:a|one|two|three|four|five|six)\s+(?:days?|weeks?"
    r"|months?|years?)\s+ago|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\b)"
)
_TAIL = (
    rf"(?=\s*(?:[,!:;-]+\s*)?(?:(?:was|is)\s+)?(?:(?:all\s+)?done\b|finished\b|complete\b|went\s+(?:fine|well|ok|great)"
    rf"|{_WHEN}|at\s+(?:the|my|a|cvs|walgreens|boots|work)\b|on\s+(?:my|the)\s+(?:left|right)\b))"
)
_NOTE = re.compile(rf"{_OPENING}(?:{_PROCEDURE}|{_VACCINE})\b(?:\s+out)?{_TAIL}", re.IGNORECASE)
_PLANNED = re.compile(
    r"\b(?:next|tomorrow|booked|scheduled|coming up|due|planned|soon|in\s+(?:a|two|three)\s+(?:days?|weeks?))\b",
    re.IGNORECASE,
)
_ANOTHERS = re.compile(
    r"^\W*(?:(?:so|oh|and|also|just|finally|btw)\W+)?(?:his|her|their|(?:my|our)\s+(?:\w+\s+)?(?:wife|husband|son"
    r"|daughter|mom|mum|dad|mother|father|kid|kids|child|baby|partner|friend|sister|brother|dog|cat)(?:'s)?)\b",
    re.IGNORECASE,
)
_CLIPPED = {"amnio": "amniocentesis", "c section": "c-section", "cardiac cath": "cardiac catheterization",
            "heart cath": "cardiac catheterization"}


def find_verbless_notes(text: str) -> list[Proposal]:
    """A surgery or a vaccination visit for each note naming one (see the module docstring)."""
    out: list[Proposal] = []
    for m in _NOTE.finditer(text):
        sentence_end = min([i for i in (text.find(c, m.end()) for c in ".!?\n") if i >= 0] or [len(text)])
        if _PLANNED.search(text, m.end(), sentence_end) or _ANOTHERS.match(text, m.start()):
            continue  # "root canal next week", "my husband's knee replacement yesterday"
        if m.group("proc"):
            said = re.sub(r"\s+", " ", m.group("proc").lower())
            if _NOT_A_PROCEDURE.match(said):
                continue
            name = "wisdom tooth extraction" if said.startswith("wisdom") else _CLIPPED.get(said, said)
            out.append(Proposal("surgery_history", {"procedure": name}, m.span("proc")))
        else:
            out.append(Proposal("clinical_visit", {"kind": "vaccination"}, m.span("vax")))
    return out


_LENGTH = (
    rf"(?P<n>\d{{1,3}}|{SPOKEN_INTEGER})\s*-?\s*(?P<u>min|mins|minutes?|hours?"
    r"|hrs?)|(?P<hour>an?\s+hour(?:\s+and\s+(?:a\s+)?half)?|a\s+full\s+hour|half\s+an\s+hour)"
)
_UNNAMED_LENGTH = re.sub(r"\(\?P<\w+>", "(?:", _LENGTH)
_ACTIVITY = (
    r"(?P<act>hot\s+yoga|yoga|pilates|zumba|crossfit(?:\s+wod)?|hiit(?:\s+class)?|barre|kickboxing|boxing|bootcamp"
    r"|boot\s+camp|spin(?:\s+class)?|spinning|peloton(?:\s+ride)?|stairmaster|rowing(?:\s+machine)?|elliptical"
    r"|treadmill|leg\s+day|swim|jog|hike|bike\s+ride|aqua\s+aerobics|water\s+aerobics|aerobics)"
)
_EXERCISE_NOTE = re.compile(
    rf"{_OPENING}(?:(?:{_LENGTH})\s+(?:of\s+)?)?{_ACTIVITY}\b"
    # where it was, before when or how long: "leg day at the gym tonight, an hour and a half"
    r"(?=(?:\s+at\s+the\s+(?:gym|y|ymca|pool|leisure\s+centre|rec\s+center|studio|club|park))?"
    rf"\s*(?:[,!:;-]+\s*)?(?:{_WHEN}|(?:{_UNNAMED_LENGTH})\b|went\s+(?:hard|all\s+out|well|great)|done\b|w/"
    r"|w\s+my\b|with\s+my))",
    re.IGNORECASE,
)
"""An exercise noted with no verb: "45 min spin class this morning", "Hot yoga yesterday, 60 min", "crossfit wod this
am, went hard", "the stairmaster, 25 minutes"."""
_LENGTH_AFTER = re.compile(rf"[^.;!?]{{0,30}}?\b(?:{_LENGTH})\b", re.IGNORECASE)


def find_exercise_notes(text: str) -> list[Proposal]:
    """An exercise for each activity noted with no verb (its length when said before or just after it)."""
    out: list[Proposal] = []
    for m in _EXERCISE_NOTE.finditer(text):
        if _ANOTHERS.match(text, m.start()) or _PLANNED.search(text, m.end(), m.end() + 40):
            continue
        fields: dict[str, object] = {"activity": re.sub(r"\s+", " ", m.group("act").lower())}
        length = m if (m.group("n") or m.group("hour")) else _LENGTH_AFTER.match(text, m.end())
        if length is not None and (length.group("n") or length.group("hour")):
            fields["duration_min"] = _minutes(length)
        out.append(Proposal("exercise", fields, m.span("act"), policy="plain"))
    return out


def _minutes(m: re.Match[str]) -> float:
    if m.group("hour"):
        hour = m.group("hour").lower()
        return 30.0 if hour.startswith("half") else 90.0 if hour.endswith("half") else 60.0
    n = parse_number(m.group("n"))
    return n * 60 if m.group("u").lower().startswith("h") else n


def note_procedure_names(text: str) -> set[str]:
    """The procedure names :func:`find_verbless_notes` reads in ``text`` (for the no-fabrication check)."""
    return {str(p.fields["procedure"]) for p in find_verbless_notes(text) if p.type == "surgery_history"}
