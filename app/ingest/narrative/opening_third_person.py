"""A conversation opened about someone in the third person, with no one named: the person, written of by another.

"we stopped the simvistatin last wednesday, his legs ached so bad he could hardly do the stairs" on Devin's account,
then "(its his wife typing ...)" a message later; "shes been on ginko biloba for her memory" on Christin's account,
written by her husband. On the person's own account, a first message whose "he" / "she" (of the person's recorded
sex) has no one before it to stand for (no name, no relative, no clinician, no pet, no other pronoun) can only mean
the person: the writer tells the system about the one whose memory it is, and says who they are later or never.

Only the opening message of a conversation qualifies (the write path passes whether an earlier message falls in the
conversation window): later, "he" may stand for someone named a message before ("my son has a fever" then "he
threw up"). A young child's messages are read by :func:`.caregiver_view.spoken_of` on their own.

Pure: the text and the person's recorded sex are the arguments.
"""

from __future__ import annotations

import re

from app.ingest.narrative.writer_declarations import Sex

_PRONOUN: dict[Sex, re.Pattern[str]] = {
    "female": re.compile(r"\b(?:she|she's|she'd|she'll|her|hers|herself)(?![\w'])", re.IGNORECASE),
    "male": re.compile(r"\b(?:he|he's|he'd|he'll|his|him|himself)(?![\w'])", re.IGNORECASE),
}
_SOMEONE = re.compile(
    r"\b(?:man|men|woman|women|lady|guy|bloke|boy|girl|baby|kid|kids|child|children|toddler|teen|teenager"
    r"|son|daughter|husband|hubby|wife|missus|partner|boyfriend|girlfriend|fiance|fiancee|friend|mate|pal|buddy"
    r"|dad|mum|mom|mam|father|mother|brother|sister|uncle|aunt|auntie|cousin|nephew|niece|grandson|granddaughter"
    r"|grandma|grandpa|gran|granny|nan|nana|grandad|granddad|grandmother|grandfather|in-law|inlaw|family"
    r"|doctor|doc|dr|gp|nurse|midwife|pharmacist|chemist|dentist|surgeon|consultant|specialist|physio|therapist"
    r"|paramedic|receptionist|carer|caregiver|coach|trainer|teacher|boss|colleague|coworker|neighbou?r|landlord"
    r"|someone|somebody|anyone|anybody|everyone|everybody|nobody|people|person|patient|client|customer|staff"
    r"|dog|puppy|cat|kitten|horse|pet|vet|daycare|nursery|preschool|kindergarten|school"
    r"|\w+(?:ist|ian|ician|ologist))\b",
    re.IGNORECASE,
)
"""Anyone a pronoun could stand for: people by relation, role or kind, pets, a child's school, and "-ist" / "-ian"
callings."""
_PLACE_BEFORE = re.compile(r"\b(?:in|at|to|from|near|around|into|across|through|of)\s+(?:the\s+)?$", re.IGNORECASE)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;(]\s*|\s-+\s*|\n\s*)\W*$")
_NAME = re.compile(r"\b[A-Z][a-z'’]+\b")
_NOT_A_NAME = re.compile(
    r"(?:I|I'm|I've|I'd|I'll|Im|We|We're|We've|Were|You|It|It's|Its|This|That|The|A|An|My|Our|Your|Today|Yesterday"
    r"|Last|Now|Then|When|After|Before|Since|Still|Not|OK|Ok|Okay|Hi|Hey|Hello|Dear|Sorry|Thanks|Thank|Yes|No|So|And"
    r"|But|Also|Just|Well"
    r"|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August"
    r"|September|October|November|December|Christmas|Easter|Xmas|English)$"
)


def opened_about_the_person(text: str, sex: str | None) -> bool:
    """Whether an opening message speaks of the person in the third person with no one named before its first
    pronoun of their sex (see the module docstring)."""
    if sex not in ("female", "male"):
        return False
    first = _PRONOUN[sex].search(text)  # type: ignore[index]
    if first is None:
        return False
    before = text[: first.start()]
    other = _PRONOUN["male" if sex == "female" else "female"]
    if other.search(before) or _SOMEONE.search(before) or re.search(r"\bthey\b|\bthem\b", before, re.IGNORECASE):
        return False
    return not any(_a_name(before, m) for m in _NAME.finditer(before))


def _a_name(before: str, word: re.Match[str]) -> bool:
    """Whether a capitalised word before the pronoun may be someone's name: not a weekday, a month or a place after
    "in" / "at"; at a sentence's start only when someone's act or thing follows ("Tom said", "Jo's")."""
    if _NOT_A_NAME.match(word.group(0)) or _PLACE_BEFORE.search(before, 0, word.start()):
        return False
    if _SENTENCE_START.search(before, 0, word.start()):
        return bool(_SOMEONES_ACT.match(before, word.end()))
    return True


_SOMEONES_ACT = re.compile(
    r"(?:'s|’s)\b|\s+(?:said|says|told|tells|thinks|thought|asked|asks|wants|wanted|went|goes|had|has|was|is|got"
    r"|took|takes|came|comes|called|rang|texted|gave|gives|keeps|kept|did|does|can't|won't|didn't|doesn't|isn't"
    r"|wasn't|and\s+I)\b",
    re.IGNORECASE,
)
"""What follows a name opening a sentence ("Tom said", "Jo's"), not a word like "Funny thing" or "The lift"."""
