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
  recorded sex, "my daughter" / "my son", "the child" and the child's recorded first name;
- the person named with the writer's relation to them ("My daughter Morgan bit into a cookie"), a writer who names
  themselves by the person's name ("Hi, this is Tanner's daughter", "Quick update on Morgan from her dad"), a
  relative given the person's own age or a parent's recent event on an older person's account
  (:mod:`.relative_by_age`), and the writer's spouse of the person's sex ("my wife is about 4 months pregnant" on
  her account) are the person;
- a message in a conversation whose writer declared themselves in the message before, within
  :data:`CONVERSATION_GAP`, is read the same way (:func:`continued`; the write path stores the writer's role on the
  utterance).

Declarations and relation words live in :mod:`.writer_declarations`.

Pure: the person's sex, birth date and the mention time are arguments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import cast

from app.ingest.narrative.opening_third_person import opened_about_the_person
from app.ingest.narrative.relative_by_age import parent_of_an_older_person, relative_of_the_persons_age
from app.ingest.narrative.rewritten_text import RewrittenText
from app.ingest.narrative.writer_declarations import (
    DECLARED,
    DECLARED_WHO,
    NAMED_WRITER,
    NAMED_WRITER_GROUPS,
    RELATION_SEX,
    RELATIVE_NAMED,
    ROLE_OF_PERSON,
    SPOUSE,
    SPOUSE_SEX,
    WRITER_HERE,
    WRITER_ROLE,
    WRITING_FOR_NAMED,
    Sex,
    is_their_name,
    kin_names,
    name_said,
    named_in_third_person,
    titled_forms,
    titled_person,
    writer_role_in,
)

CAREGIVER_AGE = 13
"""Below this age (in years, at the mention) a person's messages are taken to be written by a caregiver."""
CARER = "carer"
"""The writer's role when they say they write for the person but not what they are to them ("typing for him")."""
CONVERSATION_GAP = timedelta(hours=2)
"""How long after a writer's declaration their next message is still taken to be theirs (:func:`continued`)."""


@dataclass(frozen=True, slots=True)
class SpokenOf:
    """Whom a caregiver's message is about: the person's sex, whether a child, the writer's names for them."""

    sex: Sex
    child: bool
    kin: str | None = None
    """A regex of the writer's own names for the person ("mum|mom|mother"), or ``None``."""
    declaration: tuple[int, int] = (0, 0)
    """Where the writer declares themselves ("It's his wife here"): its words are the writer's, left as written."""
    writer_role: str | None = None
    """Who the writer is to the person ("child", "spouse", ... or :data:`CARER`) when the message says so; a later
    message of the same conversation is read the same way (:func:`continued`)."""


_PRONOUNS: dict[Sex, str] = {
    "female": r"she's|she'd|she'll|she|herself|hers|her",
    "male": r"he's|he'd|he'll|he|himself|his|him",
}
_CHILD_NOUNS: dict[Sex, str] = {
    "female": r"(?:my|our)\s+(?:little\s+|youngest\s+|eldest\s+)?(?:daughter|girl)(?:'s)?"
    r"|the\s+(?:child|little\s+one|little\s+girl)(?:'s)?",
    "male": r"(?:my|our)\s+(?:little\s+|youngest\s+|eldest\s+)?(?:son|boy)(?:'s)?"
    r"|the\s+(?:child|little\s+one|little\s+boy)(?:'s)?",
}
_PARTICIPLE = re.compile(
    r"\s+(?:(?:also|just|already|still|never|not|finally|always|\w+ly)\s+)?"
    r"(?:been|had|got|gotten|taken|done|seen|gone|stopped|started|missed|finished|skipped|quit|forgotten|run|lost"
    r"|tried|used|changed|cut|doubled|refused|switched|decided|eaten|fallen|broken|thrown|left|given|passed|developed"
    r"|noticed|complained|woken|slept|stayed|vomited|put|begun|swallowed|hurt|twisted|sprained|bumped|banged)\b",
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
    r"\s*(?:[.,;:!?)]|$|\s(?:to|at|in|into|on|onto|up|off|out|down|over|from|with|for|about|and|but|so|a|an|the"
    r"|again|home|too|today|yesterday|another|more|extra|some|one|two|a second)\b)"
)
"""What follows "her" as an object ("gave her a pill", "took her to the doctor"), not as a possessive ("her ear")."""


def child_sex(sex: str | None, birth_date: date | None, at: datetime) -> Sex | None:
    """The recorded sex of a person young enough for a caregiver to write for them, else ``None``."""
    age = person_age(birth_date, at)
    if age is None or sex not in ("female", "male"):
        return None
    return cast(Sex, sex) if 0 <= age < CAREGIVER_AGE else None


def spoken_of(
    text: str,
    *,
    child: Sex | None,
    sex: str | None = None,
    names: tuple[str, ...] = (),
    age: int | None = None,
    surnames: tuple[str, ...] = (),
) -> SpokenOf | None:
    """Whom the message speaks of in the third person (see the module docstring); ``None`` when the message is the
    person's own. ``sex`` is the person's recorded sex, used when the writer names only themselves; ``names`` their
    first names, by which a declared writer may call them ("It's his wife here. Adalberto keeps ..."); ``age`` their
    age at the message, by which a writer may name them ("My dad is 83", :mod:`.relative_by_age`); ``surnames`` the
    record's surnames, by which a carer may call them with a title ("Evening shift here for Mr Portillo")."""
    declared = DECLARED.search(text)
    if declared is not None:
        who = next((w for g in DECLARED_WHO if (w := declared.group(g))), "").lower()
        if who in RELATION_SEX:
            # "typing for my mum": her child; "This is Adán's wife writing for him": the writer's word
            role = ROLE_OF_PERSON.get(who) or writer_role_in(declared.group(0))
            sex_of = RELATION_SEX[who]
            return SpokenOf(sex_of, child == sex_of, kin_names(role, sex_of, names), declared.span(), role or CARER)
        whose = (declared.group("whose") or declared.group("whose2") or "").lower()
        declared_sex: Sex = "male" if whose == "his" else "female"
        role = writer_role_in(declared.group(0))
        kin = kin_names(role, declared_sex, names)
        return SpokenOf(declared_sex, child == declared_sex, kin, declared.span(), role or CARER)
    here = WRITER_HERE.search(text)
    if here is not None:
        whose = (here.group("whose") or here.group("whose2") or "").lower()
        named = {"his": "male", "her": "female"}.get(whose) or sex
        if named in ("female", "male"):
            typed = cast(Sex, named)
            role = WRITER_ROLE.get((here.group("writer") or here.group("writer2")).lower())
            return SpokenOf(typed, child == typed, kin_names(role, typed, names), here.span(), role or CARER)
    if sex not in ("female", "male"):
        return _a_childs(text, child, names)
    typed_sex = cast(Sex, sex)
    named_writer = NAMED_WRITER.search(text)
    said_name, said_writer = next(
        ((named_writer[n], named_writer[w]) for n, w in NAMED_WRITER_GROUPS if named_writer and named_writer[n]),
        (None, None),
    )
    # the writer by the person's name, or by the kin word the family calls them: "Hi, it's Marisol, Dad's daughter"
    if named_writer is not None and said_name and said_writer and (
        is_their_name(said_name, names + surnames) or RELATION_SEX.get(said_name.lower()) == typed_sex
    ):
        role = WRITER_ROLE.get(said_writer.lower())
        kin = kin_names(role, typed_sex, names)
        return SpokenOf(typed_sex, child == typed_sex, kin, named_writer.span(), role or CARER)
    writing_for = WRITING_FOR_NAMED.search(text)
    if writing_for is not None and is_their_name(
        writing_for["name"] or writing_for["name2"] or writing_for["name3"], names + surnames
    ):  # "Lorraine again for Mario."
        return SpokenOf(typed_sex, child == typed_sex, kin_names(None, typed_sex, names), writing_for.span(), CARER)
    titled = titled_person(text, surnames, typed_sex, names)
    if titled is not None:  # "Evening shift here for Mr Portillo. I gave him his coumadin at 6"
        # every titled form of them: "on behalf of Mrs Eura Treutel ... Mrs Treutel has declined her verapamil"
        forms = (titled_forms(surnames, names), re.escape(titled.group(0)), kin_names(None, typed_sex, names))
        kin = "|".join(w for w in forms if w)
        return SpokenOf(typed_sex, child == typed_sex, kin, writer_role=CARER)
    for relative_named in RELATIVE_NAMED.finditer(text):  # "My daughter Morgan bit into a cookie"
        relation = relative_named.group("relation").lower()
        if RELATION_SEX[relation] == typed_sex and is_their_name(relative_named.group("name"), names):
            kin = kin_names(ROLE_OF_PERSON.get(relation), typed_sex, names)
            said = re.escape(relative_named.group(0)) + (f"|{kin}" if kin else "")
            return SpokenOf(typed_sex, child == typed_sex, said, writer_role=ROLE_OF_PERSON.get(relation) or CARER)
    relative = relative_of_the_persons_age(text, sex, age) or parent_of_an_older_person(text, sex, age)
    if relative is not None:  # "My dad is 83 and a bit forgetful. He swallowed a second Coumadin"
        role = ROLE_OF_PERSON.get(relative)
        return SpokenOf(typed_sex, False, kin_names(role, typed_sex, names), writer_role=role or CARER)
    spouse = SPOUSE.search(text) if child is None else None
    if spouse is not None and SPOUSE_SEX[(spouse.group("spouse") or "missus").lower()] == typed_sex:
        # "my wife" on her account: her
        return SpokenOf(typed_sex, False, kin_names("spouse", typed_sex, names), writer_role="spouse")
    found = _a_childs(text, child, names)
    said_name_alone = name_said(text, names) if found is None else None
    if said_name_alone is not None:  # "ardith went swimming at the Y yesterday", "Bert ended up with a double dose"
        # someone else writes, and may go on in their next message ("now he has decided he's fit again")
        by_name = "|".join(w for w in (kin_names(None, typed_sex, names), re.escape(said_name_alone)) if w)
        return SpokenOf(typed_sex, False, by_name, writer_role=CARER)
    return found


def continued(writer_role: str, sex: str | None, *, child: Sex | None, names: tuple[str, ...] = ()) -> SpokenOf | None:
    """A message in a conversation whose writer declared themselves in an earlier message, within
    :data:`CONVERSATION_GAP` ("Hello, I'm Lauren's son ..." then "Oh and Mum still has her water tablet every
    morning"): about the person written for, by the writer's names for them."""
    if sex not in ("female", "male"):
        return None
    typed = cast(Sex, sex)  # a carer's role names no kin ("typing for him"): the person's names alone
    return SpokenOf(typed, child == typed, kin_names(writer_role, typed, names), writer_role=writer_role)


def opening_about_the_person(text: str, sex: str | None, *, names: tuple[str, ...] = ()) -> SpokenOf | None:
    """An opening message about the person as "he" / "she" with no one named before
    (:mod:`.opening_third_person`): read as written for them by someone unnamed."""
    if sex not in ("female", "male") or not opened_about_the_person(text, sex):
        return None
    typed = cast(Sex, sex)
    return SpokenOf(typed, False, kin_names(None, typed, names), writer_role=CARER)


def _a_childs(text: str, child: Sex | None, names: tuple[str, ...]) -> SpokenOf | None:
    """A young child's message, about them in the third person (by name, pronoun or "my daughter"), if so."""
    if child is None:
        return None
    by_name = named_in_third_person(text, names)
    if by_name or re.search(rf"\b(?:{_PRONOUNS[child]})\b|{_CHILD_NOUNS[child]}", text, re.I):
        return SpokenOf(child, True, kin_names(None, child, names))  # "my wife gave Versie her Allegra"
    return None


def person_age(birth_date: date | None, at: datetime) -> int | None:
    """The person's age in whole years at ``at`` (None without a birth date)."""
    if birth_date is None:
        return None
    day = at.date()
    return day.year - birth_date.year - ((day.month, day.day) < (birth_date.month, birth_date.day))


def first_person_view(spoken: SpokenOf, text: str) -> RewrittenText:
    """The text with the person's third person (for a child also "my daughter" / "my son"; for a declared writer
    their own names for the person, "Mum", "my husband") in the first person."""
    words = _PRONOUNS[spoken.sex] + (f"|{_CHILD_NOUNS[spoken.sex]}" if spoken.child else "")
    kin = re.compile(rf"(?:{spoken.kin})(?:'s)?", re.IGNORECASE) if spoken.kin else None
    if kin is not None:  # the owner's "'s" may be typed without its apostrophe: "dads tablets", "brants words"
        words += rf"|(?:{spoken.kin})(?:'s|s)?"
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
        if spoken.declaration[0] <= m.start() < spoken.declaration[1] and not _RELATIVE_CLAUSE.match(text, m.end()):
            continue  # the writer's own words about themselves ("his wife here"), not "my wife, who underwent ..."
        put(text[pos : m.start()], pos, m.start(), copied=True)
        said = m.group(0)
        if kin is not None and not kin.fullmatch(said) and said[-1:].lower() == "s" and kin.fullmatch(said[:-1]):
            said = said[:-1] + "'s"  # "dads tablets": "dad's tablets"
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
    return _doses_given(RewrittenText("".join(out), text, tuple(starts), tuple(ends)))


_GIVEN_ME = re.compile(
    r"\b(?P<giver>I|we)\s+(?:(?P<aux>have|had|'ve|'d)\s+)?(?:(?:just|already|also|then)\s+)?"
    r"(?P<verb>gave|given|give|giving)\s+(?:to\s+)?me\b"
    r"(?=\s+(?:my|his|her|the|a|an|another|one|two|a second|an extra)\b)",
    re.IGNORECASE,
)
"""The writer giving the person a dose, once the person is "me": "I gave him his coumadin" reads "I gave me my
coumadin", which is the person's dose ("I took my coumadin"); a clinician's "gave me" stays a prescription."""
_TOOK = {"gave": "took", "given": "taken", "give": "take", "giving": "taking"}


def _doses_given(view: RewrittenText) -> RewrittenText:
    """``view`` with the writer's doses given to the person read as the person's own (:data:`_GIVEN_ME`)."""
    text, starts, ends = view.text, list(view.starts), list(view.ends)
    for m in reversed(list(_GIVEN_ME.finditer(text))):
        aux = f"{m['aux']} " if m["aux"] else ""
        said = f"I {aux}{_TOOK[m['verb'].lower()]}"
        start, end = m.start(), m.end()
        text = text[:start] + said + text[end:]
        starts[start:end] = [view.starts[start]] * len(said)
        ends[start:end] = [view.ends[end - 1]] * len(said)
    return RewrittenText(text, view.original, tuple(starts), tuple(ends))


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


_RELATIVE_CLAUSE = re.compile(r",?\s+who\b", re.IGNORECASE)
"""A relative clause about the person the declaration names: "writing on behalf of my wife, who underwent ..."."""
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s*)$")
_SUBJECT_SLOT = re.compile(
    r"(?:^|[.!?,;:(\u2013\u2014]\s*|\s-+\s*|\b(?:and|but|so|because|since|when|that|then|while|if|as|now|today|yesterday"
    # a clause after a verb of belief: "I'm pretty sure Alexis is allergic", "I think Mum fell"
    r"|sure|think|thought|guess|reckon|believe|worried|afraid|scared|seems like|looks like)\s+)$",
    re.IGNORECASE,
)
"""Where a name stands as a subject: at the start of a sentence or clause ("Mum takes ...", "so Dad stopped ...",
"his son here - Papi took ...", "I'm pretty sure Alexis is ...")."""
_FINITE_AFTER = frozenset(
    {"has", "hasn't", "is", "isn't", "was", "wasn't", "does", "doesn't", "did", "didn't", "had", "hadn't", "can't",
     "cannot", "couldn't", "won't", "wouldn't", "will", "would", "can", "could", "should"}
)
"""A finite verb after the writer's name for the person makes it the subject wherever it stands: "with the change of
hour my father has not taken his warfarina"."""
_OBJECT_SLOT = re.compile(
    r"\b(?:to|for|with|from|of|about|at|by|on|gave|give|told|tell|asked|ask|took|take|let|made|make|saw|see|help"
    r"|helped)\s+$",
    re.IGNORECASE,
)
"""A preposition or a verb just before the name: it is the object there, whatever follows ("a card for Mum is on
the table")."""
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
    verb = _NEXT_WORD.match(text, end)
    finite_after = verb is not None and verb.group("w").lower() in _FINITE_AFTER
    if not _SUBJECT_SLOT.search(text, 0, start) and not (finite_after and not _OBJECT_SLOT.search(text, 0, start)):
        return "me", None  # "took Mum to the GP"
    return "I", (_VERB_AGREEMENT.get(verb.group("w").lower()) if verb is not None else None)
