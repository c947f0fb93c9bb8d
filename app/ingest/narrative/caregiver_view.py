"""Messages a caregiver writes about the person: read in the person's own first person.

A parent writes for a young child ("she's allergic to peanuts", "her ear infection has cleared up"), a relative
types for someone ("Dad here, I'm typing for him. He had his right cataract done last Tuesday"). The finders read
first-person statements ("I had", "my ear"), and ConText rightly sets "she" and "he" aside as other people. So
when the message is about the person in the third person, the write path hands the extractor a **first-person
view** of the (masked) text — the person's pronouns and the caregiver's name for them turned into "I", "me", "my",
with the verb that follows put in agreement — and maps every quote back to the words actually written
(:meth:`.rewritten_text.RewrittenText.restore`), so quotes stay verbatim and grounded.

Whose pronouns they are (:func:`spoken_of`):

- a message that declares it is typed for someone ("I'm typing for him", "writing on behalf of my mum", "this is
  his daughter", "Her son here.", "Daughter here.") is about that person: "he" / "she" of the declared sex (or, when
  the writer names only themselves, of the person's recorded sex), and the writer's own name for them ("Mum",
  "Dad", "my husband", "Gran"), taken from the relation declared;
- the messages of a child under :data:`CAREGIVER_AGE` are written by a caregiver: "she" / "he" of the child's
  recorded sex, and "my daughter" / "my son".

Pure: the person's sex, birth date and the mention time are arguments.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal, cast

from app.ingest.narrative.relative_by_age import relative_of_the_persons_age
from app.ingest.narrative.rewritten_text import RewrittenText

Sex = Literal["female", "male"]

CAREGIVER_AGE = 13
"""Below this age (in years, at the mention) a person's messages are taken to be written by a caregiver."""

_RELATION_SEX: dict[str, Sex] = {
    "him": "male",
    "dad": "male",
    "father": "male",
    "husband": "male",
    "son": "male",
    "grandpa": "male",
    "grandfather": "male",
    "granddad": "male",
    "brother": "male",
    "her": "female",
    "mum": "female",
    "mom": "female",
    "mother": "female",
    "wife": "female",
    "daughter": "female",
    "grandma": "female",
    "grandmother": "female",
    "nan": "female",
    "sister": "female",
}
_RELATION = "|".join(sorted(_RELATION_SEX, key=len, reverse=True))
_GREETING = r"(?:(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|morning|evening)(?:\s+there)?\W+)?"
"""A greeting that may open the message before the writer declares themselves ("Good morning. This is ...")."""
_DECLARED = re.compile(
    rf"(?:\b(?:i'?m|i am|i'll be|this is me)\s+|^\W*{_GREETING}|(?<=[.!?]\s))(?:just\s+)?(?:typing|writing|texting"
    r"|messaging|asking|answering)\s+(?:this\s+|these\s+)?(?:for|on behalf of)\s+(?:(?:my|our)\s+)?"
    rf"(?P<who>{_RELATION})\b"
    rf"|\bon behalf of\s+(?:(?:my|our)\s+)?(?P<who2>{_RELATION})\b"
    # the writer as the person's carer: "Hi, I look after my mother.", "I take care of my dad"
    rf"|\bi\s+(?:look\s+after|care\s+for|take\s+care\s+of|am\s+the\s+carer\s+for|'m\s+the\s+carer\s+for)\s+"
    rf"(?:my|our)\s+(?P<who4>{_RELATION})\b"
    rf"|^\W*{_GREETING}(?:it's|this is)\s+(?P<whose>his|her)\s+(?:daughter|son|wife|husband|mum|mom|dad|carer"
    r"|caregiver|sister|brother)\b"
    # the writer by the person's name and the pronoun written for: "This is Adán's wife writing for him"
    r"|\b(?:it's|this is)\s+\w+'s\s+(?:daughter|son|wife|husband|partner|mum|mom|dad|carer|caregiver|sister|brother)"
    r"\s+(?:writing|typing|texting|messaging)\s+(?:this\s+)?(?:for|on behalf of)\s+(?P<who3>him|her)\b"
    # the writer's relation said as "I'm her daughter" opening the message
    rf"|^\W*{_GREETING}(?:i'?m|i am)\s+(?P<whose2>his|her)\s+(?:daughter|son|wife|husband|carer|caregiver"
    r"|sister|brother)\b",
    re.IGNORECASE,
)
"""A message declared as typed for someone: "Dad here, I'm typing for him", "writing on behalf of my mum", "Hi,
this is her daughter", "Writing for my husband.", "I look after my mother"."""
_WRITER_ROLE = {
    "daughter": "child",
    "son": "child",
    "wife": "spouse",
    "husband": "spouse",
    "partner": "spouse",
    "granddaughter": "grandchild",
    "grandson": "grandchild",
    "grandkid": "grandchild",
    "mum": "parent",
    "mom": "parent",
    "mother": "parent",
    "dad": "parent",
    "father": "parent",
    "sister": "sibling",
    "brother": "sibling",
}
"""Who the writer is to the person, by the word they name themselves with ("her son": the person's child)."""
_WRITER = "|".join(sorted([*_WRITER_ROLE, "carer", "caregiver"], key=len, reverse=True))
_WRITER_HERE = re.compile(
    rf"^\W*{_GREETING}(?:(?:it's|this is)\s+)?(?:(?P<whose>his|her)\s+)?(?P<writer>{_WRITER})"
    r"\s+(?:here|typing|writing|texting)\b",
    re.IGNORECASE,
)
"""The writer names themselves at the start: "Her son here.", "This is his wife typing.", "Daughter here, ..."."""
_NAMED_WRITER = re.compile(
    rf"^\W*{_GREETING}(?:it's|this is|i'm|i am)\s+(?P<name>\w+)'s\s+(?P<writer>{_WRITER})\b"
    r"(?!'s|\s+of\b)",
    re.IGNORECASE,
)
"""The writer names themselves by the person's first name: "Hi, this is Adán's daughter", "I'm Rosa's husband"
(taken only when the name is the record's own first name)."""

_KIN_BY_WRITER: dict[str, dict[Sex, str]] = {
    "child": {
        "female": r"(?:my\s+)?(?:mum|mom|mother|mam|mummy|mommy|ma|mamá|mami|mama)",
        "male": r"(?:my\s+)?(?:dad|father|daddy|papa|pa|papá|papi)",
    },
    "spouse": {"female": r"my\s+wife|(?:the\s+)?missus", "male": r"my\s+husband|(?:my\s+)?hubby"},
    "grandchild": {"female": r"grandma|gran|granny|nan|nana|nanna", "male": r"grandpa|grandad|granddad|gramps"},
    "parent": {"female": r"my\s+daughter|my\s+girl", "male": r"my\s+son|my\s+boy"},
    "sibling": {"female": r"my\s+sister", "male": r"my\s+brother"},
}
"""The writer's names for the person, by who the writer is to them and the person's sex."""
_ROLE_OF_PERSON = {  # "typing for my mum": the writer is her child
    "mum": "child",
    "mom": "child",
    "mother": "child",
    "dad": "child",
    "father": "child",
    "husband": "spouse",
    "wife": "spouse",
    "grandma": "grandchild",
    "grandmother": "grandchild",
    "nan": "grandchild",
    "grandpa": "grandchild",
    "grandfather": "grandchild",
    "granddad": "grandchild",
    "son": "parent",
    "daughter": "parent",
    "sister": "sibling",
    "brother": "sibling",
}


@dataclass(frozen=True, slots=True)
class SpokenOf:
    """Whom a caregiver's message is about: the person's sex, whether a child, the writer's names for them."""

    sex: Sex
    child: bool
    kin: str | None = None
    """A regex of the writer's own names for the person ("mum|mom|mother"), or ``None``."""
    declaration: tuple[int, int] = (0, 0)
    """Where the writer declares themselves ("It's his wife here"): its words are the writer's, left as written."""

_PRONOUNS: dict[Sex, str] = {
    "female": r"she's|she'd|she'll|she|herself|hers|her",
    "male": r"he's|he'd|he'll|he|himself|his|him",
}
_CHILD_NOUNS: dict[Sex, str] = {
    "female": r"(?:my|our)\s+(?:little\s+|youngest\s+|eldest\s+)?(?:daughter|girl)(?:'s)?",
    "male": r"(?:my|our)\s+(?:little\s+|youngest\s+|eldest\s+)?(?:son|boy)(?:'s)?",
}
_PARTICIPLE = re.compile(
    r"\s+(?:(?:also|just|already|still|never|finally|always|\w+ly)\s+)?"
    r"(?:been|had|got|gotten|taken|done|seen|gone|stopped|started|missed|finished)\b",
    re.IGNORECASE,
)
_VERB_AGREEMENT = {
    "has": "have",
    "hasn't": "haven't",
    "is": "am",
    "isn't": "am not",
    "was": "was",
    "does": "do",
    "doesn't": "don't",
    "takes": "take",
    "gets": "get",
    "feels": "feel",
    "keeps": "keep",
    "needs": "need",
    "says": "say",
    "seems": "seem",
}
_NEXT_WORD = re.compile(r"\s+(?P<w>[a-z']+)", re.IGNORECASE)
_OBJECT_FOLLOWS = re.compile(
    r"\s*(?:[.,;:!?)]|$|\s(?:to|at|in|on|up|off|out|down|over|from|with|for|and|but|so|a|an|the)\b)"
)
"""What follows "her" as an object ("gave her a pill", "took her to the doctor"), not as a possessive ("her ear")."""


def child_sex(sex: str | None, birth_date: date | None, at: datetime) -> Sex | None:
    """The recorded sex of a person young enough for a caregiver to write for them, else ``None``."""
    age = person_age(birth_date, at)
    if age is None or sex not in ("female", "male"):
        return None
    return cast(Sex, sex) if 0 <= age < CAREGIVER_AGE else None


def spoken_of(
    text: str, *, child: Sex | None, sex: str | None = None, names: tuple[str, ...] = (), age: int | None = None
) -> SpokenOf | None:
    """Whom the message speaks of in the third person (see the module docstring); ``None`` when the message is the
    person's own. ``sex`` is the person's recorded sex, used when the writer names only themselves; ``names`` their
    first names, by which a declared writer may call them ("It's his wife here. Adalberto keeps ..."); ``age`` their
    age at the message, by which a writer may name them ("My dad is 83", :mod:`.relative_by_age`)."""
    declared = _DECLARED.search(text)
    if declared is not None:
        who = (
            declared.group("who") or declared.group("who2") or declared.group("who3") or declared.group("who4") or ""
        ).lower()
        if who in _RELATION_SEX:
            kin = _kin(_ROLE_OF_PERSON.get(who), _RELATION_SEX[who], names)
            return SpokenOf(_RELATION_SEX[who], False, kin, declared.span())
        whose = (declared.group("whose") or declared.group("whose2") or "").lower()
        declared_sex: Sex = "male" if whose == "his" else "female"
        writer = re.search(r"(\w+)\W*$", declared.group(0))
        role = _WRITER_ROLE.get(writer.group(1).lower()) if writer else None
        return SpokenOf(declared_sex, False, _kin(role, declared_sex, names), declared.span())
    here = _WRITER_HERE.search(text)
    if here is not None:
        whose = (here.group("whose") or "").lower()
        named = {"his": "male", "her": "female"}.get(whose) or sex
        if named in ("female", "male"):
            typed = cast(Sex, named)
            kin = _kin(_WRITER_ROLE.get(here.group("writer").lower()), typed, names)
            return SpokenOf(typed, False, kin, here.span())
    named_writer = _NAMED_WRITER.search(text)
    if named_writer is not None and sex in ("female", "male") and _is_their_name(named_writer.group("name"), names):
        typed_sex = cast(Sex, sex)
        kin = _kin(_WRITER_ROLE.get(named_writer.group("writer").lower()), typed_sex, names)
        return SpokenOf(typed_sex, False, kin, named_writer.span())
    relative = relative_of_the_persons_age(text, sex, age)
    if relative is not None:  # "My dad is 83 and a bit forgetful. He swallowed a second Coumadin"
        return SpokenOf(cast(Sex, sex), False, _kin(_ROLE_OF_PERSON.get(relative), cast(Sex, sex), names))
    by_name = named_in_third_person(text, names)
    if child is not None and (by_name or re.search(rf"\b(?:{_PRONOUNS[child]})\b|{_CHILD_NOUNS[child]}", text, re.I)):
        return SpokenOf(child, True, _kin(None, child, names) if by_name else None)
    if by_name and sex in ("female", "male"):  # "ardith went swimming at the Y yesterday": someone writes about her
        return SpokenOf(cast(Sex, sex), False, _kin(None, cast(Sex, sex), names))
    return None


_SELF_NAMED_BEFORE = re.compile(
    r"\b(?:i'm|im|i\s+am|this\s+is|it's|its|my\s+name\s+is|call\s+me|from|love|regards|cheers|thanks)\W*$",
    re.IGNORECASE,
)
"""Words before a name that make it the writer's own ("Hi, it's Ardith", "love, Ardith")."""
_ABOUT_THEM_AFTER = re.compile(
    r"(?:'s|’s)\b|\s+(?:\w+ed|went|had|has|was|is|got|took|fell|felt|keeps|kept|did|does|broke|threw|woke|seems"
    r"|can't|cannot|couldn't|won't|wouldn't|didn't|doesn't|hasn't|isn't|wasn't|still|just|also|finally)\b",
    re.IGNORECASE,
)
"""What follows the person's name when the message is about them: an owner's "'s" or a verb ("Max's ankle",
"ardith went"), not "Ardith here" or a name alone."""


def named_in_third_person(text: str, names: tuple[str, ...]) -> bool:
    """Whether the message speaks of the person by their recorded first name, as a subject or an owner ("ardith went
    swimming yesterday", "Max's ankle sprain is healed", "I'm sure Alexis is allergic to his Claritin"); not the
    writer's own name ("Hi, it's Ardith")."""
    for name in names:
        for m in re.finditer(rf"\b{re.escape(name)}\b", text, re.IGNORECASE):
            if not _SELF_NAMED_BEFORE.search(text, 0, m.start()) and _ABOUT_THEM_AFTER.match(text, m.end()):
                return True
    return False


def _is_their_name(said: str, names: tuple[str, ...]) -> bool:
    """The record's first name or a short form of it ("Bert" for Adalberto, "Gio" for Giovanni)."""
    said = said.lower()
    return any(said == n.lower() or (len(said) >= 3 and said in n.lower()) for n in names)


def person_age(birth_date: date | None, at: datetime) -> int | None:
    """The person's age in whole years at ``at`` (None without a birth date)."""
    if birth_date is None:
        return None
    day = at.date()
    return day.year - birth_date.year - ((day.month, day.day) < (birth_date.month, birth_date.day))


def _kin(role: str | None, sex: Sex, names: tuple[str, ...] = ()) -> str | None:
    words = [_KIN_BY_WRITER[role][sex]] if role in _KIN_BY_WRITER else []
    words += [re.escape(n) for n in names]
    return "|".join(words) or None


def first_names(record_names: Iterable[str]) -> tuple[str, ...]:
    """The first names a clinical record gives the person ("Adalberto916 Hartmann983" -> "Adalberto"; Synthea
    numbers its names), at least three letters long."""
    found: list[str] = []
    for name in record_names:
        first = re.sub(r"\d+", "", str(name).split()[0]) if str(name).split() else ""
        if len(first) >= 3 and first.isalpha() and first not in found:
            found.append(first)
    return tuple(found)


def first_person_view(spoken: SpokenOf, text: str) -> RewrittenText:
    """The text with the person's third person (for a child also "my daughter" / "my son"; for a declared writer
    their own names for the person, "Mum", "my husband") in the first person."""
    words = _PRONOUNS[spoken.sex] + (f"|{_CHILD_NOUNS[spoken.sex]}" if spoken.child else "")
    kin = re.compile(rf"(?:{spoken.kin})(?:'s)?", re.IGNORECASE) if spoken.kin else None
    if kin is not None:
        words += rf"|(?:{spoken.kin})(?:'s)?"
    pattern = re.compile(rf"\b(?:{words})(?![\w'])", re.IGNORECASE)
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0

    def put(piece: str, start: int, end: int, *, copied: bool) -> None:
        for i, ch in enumerate(piece):
            out.append(ch)
            starts.append(start + i if copied else start)
            ends.append(start + i + 1 if copied else end)

    for m in pattern.finditer(text):
        if spoken.declaration[0] <= m.start() < spoken.declaration[1]:
            continue  # the writer's own words about themselves ("his wife here")
        put(text[pos : m.start()], pos, m.start(), copied=True)
        said = m.group(0)
        if kin is not None and kin.fullmatch(said):
            first, agree = _kin_first_person(said.lower(), text, m.start(), m.end())
        else:
            first, agree = _first_person(said.lower(), text, m.end())
        if said[0].isupper() and _SENTENCE_START.search(text, 0, m.start()):  # "Mum's pills" -> "My pills"
            first = first[0].upper() + first[1:]
        put(first, m.start(), m.end(), copied=False)
        pos = m.end()
        if agree is not None:  # "she has" -> "I have": the verb right after, in agreement
            verb = _NEXT_WORD.match(text, pos)
            assert verb is not None
            put(text[pos : verb.start("w")], pos, verb.start("w"), copied=True)
            put(agree, verb.start("w"), verb.end("w"), copied=False)
            pos = verb.end("w")
    put(text[pos:], pos, len(text), copied=True)
    return RewrittenText("".join(out), text, tuple(starts), tuple(ends))


def _first_person(word: str, text: str, end: int) -> tuple[str, str | None]:
    """The first-person form of a pronoun (or a child noun) and the agreeing form of the verb after it, if any."""
    if word.endswith("'s") and not word.startswith(("my", "our")):  # she's / he's: "has" before a participle
        return ("I've" if _PARTICIPLE.match(text, end) else "I'm"), None
    if word.endswith(("'d", "'ll")):
        return "I" + word[word.index("'") :], None
    if word in ("herself", "himself"):
        return "myself", None
    if word == "hers":
        return "mine", None
    if word == "his" or word.endswith("'s"):  # "his ear", "my daughter's ear"
        return "my", None
    if word == "him":
        return "me", None
    if word == "her":
        return ("me" if _OBJECT_FOLLOWS.match(text, end) else "my"), None
    # a subject: "she", "he", "my daughter"
    verb = _NEXT_WORD.match(text, end)
    agree = _VERB_AGREEMENT.get(verb.group("w").lower()) if verb is not None else None
    return "I", agree


_SENTENCE_START = re.compile(r"(?:^|[.!?]\s*)$")
_SUBJECT_SLOT = re.compile(
    r"(?:^|[.!?,;:(]\s*|\b(?:and|but|so|because|since|when|that|then|while|if|as|now|today|yesterday"
    # a clause after a verb of belief: "I'm pretty sure Alexis is allergic", "I think Mum fell"
    r"|sure|think|thought|guess|reckon|believe|worried|afraid|scared|seems like|looks like)\s+)$",
    re.IGNORECASE,
)
"""Where a name stands as a subject: at the start of a sentence or clause ("Mum takes ...", "so Dad stopped ...",
"I'm pretty sure Alexis is ...")."""
_STATE_AFTER = re.compile(
    r"\s+(?:not|still|fine|ok|okay|better|worse|on|off|back|out|up|down|very|really|quite|so|a|an|also|always"
    r"|never|just|now|\w+ing)\b",
    re.IGNORECASE,
)
"""What follows "Mum's" when it is "Mum is" ("Mum's still dizzy", "Dad's taking it"), not "Mum's warfarin"."""


def _kin_first_person(word: str, text: str, start: int, end: int) -> tuple[str, str | None]:
    """The first person of a writer's name for the person: "my" for "Mum's warfarin", "I've" / "I'm" for "Mum's
    been" / "Mum's still", "I" as a subject (with the verb after in agreement), "me" as an object."""
    if word.endswith("'s"):
        if _PARTICIPLE.match(text, end):
            return "I've", None
        return ("I'm" if _STATE_AFTER.match(text, end) else "my"), None
    if not _SUBJECT_SLOT.search(text, 0, start):
        return "me", None  # "took Mum to the GP"
    verb = _NEXT_WORD.match(text, end)
    return "I", (_VERB_AGREEMENT.get(verb.group("w").lower()) if verb is not None else None)
