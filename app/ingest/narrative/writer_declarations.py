"""How a message names its writer and the person it is about: relation words, a writer's declarations ("Her son
here.", "I'm typing for my mum", "Hi, this is Adán's daughter"), the writer's own names for the person ("Mum", "my
husband"), and the person's recorded first name used in the third person.

Tables and patterns only; :mod:`.caregiver_view` decides whose message it is and reads it in the person's first
person.
"""

from __future__ import annotations

import re
from typing import Literal

Sex = Literal["female", "male"]

RELATION_SEX: dict[str, Sex] = {
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
    "grandson": "male",
    "granddaughter": "female",
    "girl": "female",
    "boy": "male",
}
RELATION = "|".join(sorted(RELATION_SEX, key=len, reverse=True))
GREETING = (
    r"(?:(?:hi|hello|hey|hiya|dear|good\s+(?:morning|afternoon|evening)|morning|evening)"
    r"(?:\s+(?:there|doctor|doc|dr|sir|madam|nurse))?\W+)?"
)
"""A greeting that may open the message before the writer declares themselves ("Good morning. This is ...", "hello
doctor this is ...")."""
DECLARED = re.compile(
    rf"(?:\b(?:i'?m|i am|i'll be|this is me)\s+|^\W*{GREETING}|(?<=[.!?]\s))(?:just\s+)?(?:typing|writing|texting"
    r"|messaging|asking|answering)\s+(?:this\s+|these\s+)?(?:for|on behalf of)\s+(?:(?:my|our)\s+)?"
    rf"(?P<who>{RELATION})\b"
    rf"|\bon behalf of\s+(?:(?:my|our)\s+)?(?P<who2>{RELATION})\b"
    # "I'm writing on my husband's behalf", "I manage my daughter's account"
    rf"|\bon\s+(?:my|our)\s+(?P<who5>{RELATION})'s\s+behalf\b"
    rf"|\bi\s+(?:manage|run|handle|look\s+after|keep\s+track\s+of|help\s+with|sort)\s+(?:my|our)\s+"
    rf"(?P<who6>{RELATION})'s\s+(?:account|app|phone|messages|meds|medicines|medications|tablets|pills|health)\b"
    # the writer as the person's carer: "Hi, I look after my mother.", "I take care of my dad"
    rf"|\bi\s+(?:look\s+after|care\s+for|take\s+care\s+of|am\s+the\s+carer\s+for|'m\s+the\s+carer\s+for)\s+"
    rf"(?:my|our)\s+(?P<who4>{RELATION})\b"
    rf"|^\W*{GREETING}(?:it's|this is)\s+(?P<whose>his|her)\s+(?:daughter|son|wife|husband|mum|mom|dad|carer"
    r"|caregiver|sister|brother)\b"
    # the writer by the person's name and the pronoun written for: "This is Adán's wife writing for him"
    r"|\b(?:it's|this is)\s+\w+'s\s+(?:daughter|son|wife|husband|partner|mum|mom|dad|carer|caregiver|sister|brother)"
    r"\s+(?:writing|typing|texting|messaging)\s+(?:this\s+)?(?:for|on behalf of)\s+(?P<who3>him|her)\b"
    # the writer's relation said as "I'm her daughter", opening the message or later ("sorry this is long im his son,
    # dad fainted ..."), also after the writer's own name ("this is gloria his wife", "its dawn his wife by the way",
    # "(its his wife typing, ...)")
    r"|\b(?:i'?m|i am|it's|its|this is)\s+(?:(?!(?:not|just|only|also|really|actually|like|because|all)\b)"
    r"[a-z]+\s*,?\s+)?(?P<whose2>his|her)\s+(?:daughter|son|wife|husband|partner|carer|caregiver|sister|brother"
    r"|neighbou?r|granddaughter|grandson)\b(?!'s|’s|\s+(?:'s|’s|of)\b)",
    re.IGNORECASE,
)
"""A message declared as typed for someone: "Dad here, I'm typing for him", "writing on behalf of my mum", "Hi,
this is her daughter", "Writing for my husband.", "I look after my mother", "I'm writing on my husband's behalf",
"I manage my daughter's account"."""
DECLARED_WHO = ("who", "who2", "who3", "who4", "who5", "who6")
"""The groups of :data:`DECLARED` that name the person written for."""
WRITER_ROLE = {
    "daughter": "child",
    "son": "child",
    "wife": "spouse",
    "husband": "spouse",
    "partner": "spouse",
    "boyfriend": "spouse",
    "girlfriend": "spouse",
    "fiance": "spouse",
    "fiancee": "spouse",
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
    "grandmother": "grandparent",
    "grandma": "grandparent",
    "granny": "grandparent",
    "nan": "grandparent",
    "nana": "grandparent",
    "grandfather": "grandparent",
    "grandpa": "grandparent",
    "grandad": "grandparent",
    "granddad": "grandparent",
    # the grandmother's and grandfather's words of other languages: "I am Hernan's nani"
    "nani": "grandparent",
    "dadi": "grandparent",
    "abuela": "grandparent",
    "abuelo": "grandparent",
    "oma": "grandparent",
    "opa": "grandparent",
}
"""Who the writer is to the person, by the word they name themselves with ("her son": the person's child)."""
WRITER = "|".join(
    sorted(
        [*WRITER_ROLE, "carer", "caregiver", "neighbour", "neighbor", "roommate", "room mate", "room-mate", "flatmate",
         "housemate", "friend"],
        key=len,
        reverse=True,
    )
)
WRITER_HERE = re.compile(
    rf"^\W*{GREETING}(?:(?:it's|this is)\s+)?(?:(?P<whose>his|her)\s+)?(?P<writer>{WRITER})"
    r"\s+(?:here|typing|writing|texting)\b"
    # "its his wife. he had one of his fits again": whose writer, said alone
    rf"|^\W*{GREETING}(?:it's|its|this is)\s+(?P<whose2>his|her)\s+(?P<writer2>{WRITER})\s*(?:[.,:;!-]|$)",
    re.IGNORECASE,
)
"""The writer names themselves at the start: "Her son here.", "This is his wife typing.", "Daughter here, ..."."""
NAMED_WRITER = re.compile(
    # the owner's "'s" may be typed without its apostrophe: "this is reubens wife typing for him"
    # or by a title and their surname: "Good morning, its Mrs Razos daughter again"
    # or without its "s" at all, as learners write: "this is Shameka husband writing"
    rf"^\W*{GREETING}(?:it's|its|this is|i'm|im|i am)\s+(?:(?:mr|mrs|ms|miss|dr)\.?\s+)?(?P<name>\w+?)(?:'s|’s|s)?\s+"
    rf"(?P<writer>{WRITER})\b"
    r"(?!'s|\s+of\b)"
    # "maria's daughter here - ...", "Adans son typing"
    rf"|^\W*{GREETING}(?P<name4>\w+?)(?:'s|’s|s)\s+(?P<writer4>{WRITER})(?:\s+(?:here|typing|writing|texting)\b"
    r"|\s*[.:!-])"  # "Andys mom. after all the ear infections ..."
    # "I am the father of Versie", "I am mother of Oralia" (the relation before the name, as many languages say it),
    # "hello, mom of Manuel writing"
    # ... with the writer's own name first: "I am Ploy the room mate of Oralia"
    r"|\b(?:i'm|i am|im)\s+(?:(?!not\b|no\b|never\b)[A-Z]\w+\s*,?\s+)?"
    rf"(?:the\s+)?(?P<writer5>{WRITER})\s+of\s+(?:(?:mr|mrs|ms|miss|dr)\.?\s+)?(?P<name5>\w+)\b"
    rf"|^\W*{GREETING}(?:the\s+)?(?P<writer9>{WRITER})\s+of\s+(?P<name9>\w+)\s+(?:here|writing|typing|texting)\b"
    # whose the writer is, in brackets after their name: "Lorraine here (Marios wife) he has decided ..."
    rf"|\(\s*(?P<name8>\w+?)(?:'s|’s|s)\s+(?P<writer8>{WRITER})\s*\)"
    # the writer's name, then whose they are: "hi its marge, hoberts wife, im on his phone"
    # ... with a first name of two words: "This is Lupe, María Luisa's daughter"
    rf"|^\W*{GREETING}(?:it's|its|this is|i'm|im|i am)\s+\w+\s*,\s+(?P<name6>(?:\w+\s)?\w+?)(?:'s|’s|s)\s+"
    rf"(?P<writer6>{WRITER})\b"
    # a neighbour: "this is Pat from next door to Adalberto"
    r"|\bfrom\s+(?P<writer7>next\s+door)\s+(?:to\s+)?(?P<name7>\w+)\b"
    # "Quick update on Morgan from her dad:"
    rf"|^\W*{GREETING}(?:(?:a\s+)?quick\s+)?(?:update|news|note|word|message)\s+(?:on|about|re|regarding)\s+"
    rf"(?P<name2>\w+)\s+from\s+(?:his|her|their)\s+(?P<writer2>{WRITER})\b"
    # "Quick one from Adán's son.", "A message from Rosa's daughter:"
    rf"|^\W*{GREETING}(?:[\w ]{{1,25}}\s)?from\s+(?P<name3>\w+)'s\s+(?P<writer3>{WRITER})\b",
    re.IGNORECASE,
)
"""The writer names themselves by the person's first name: "Hi, this is Adán's daughter", "I'm Rosa's husband",
"Quick update on Morgan from her dad", "Quick one from Adán's son.", "maria's daughter here", "I am the father of
Versie" (taken only when the name is the record's own first name)."""
WRITING_FOR_NAMED = re.compile(
    rf"(?:^|[.!?]\s+)\W*{GREETING}(?:(?:it's|its|this is)\s+)?[a-z]+\s+(?:here\s+|again\s+|here\s+again\s+)"
    r"(?:for|re|about|on behalf of)"
    r"\s+(?:(?:mr|mrs|ms|miss|dr)\.?\s+)?(?P<name>\w+)\b"
    # a care note's heading with the person's name: "Support worker note (Kayla) re Oralia: last night she had ..."
    r"|^\W*(?:[\w-]+\s+){0,3}(?:note|notes|update|handover|log|report)\s+(?:\([^()]{1,40}\)\s+)?(?:re|regarding|for|about)"
    r"\s+(?:(?:mr|mrs|ms|miss|dr)\.?\s+)?(?P<name2>\w+)\s*[:\-]"
    # a carer saying whom they look after: "i am Larysa, carer from agency, i look after mister Adán on weekdays"
    r"|\bi\s+(?:look\s+after|am\s+looking\s+after|take\s+care\s+of|care\s+for|am\s+caring\s+for)\s+"
    r"(?:(?:mr|mrs|ms|miss|mister|missus|dr)\.?\s+)?(?P<name3>\w+)\b",
    re.IGNORECASE,
)
"""A writer who gives their own name and writes for the person by theirs: "Lorraine again for Mario.", "Sue here for
Mr Lind"; a care note headed with the person's name ("Support worker note (Kayla) re Oralia:"); a carer saying whom
they look after ("i look after mister Adán on weekdays"). Taken only when the name is the record's own."""
NAMED_WRITER_GROUPS = (("name", "writer"), ("name2", "writer2"), ("name3", "writer3"), ("name4", "writer4"),
                       ("name5", "writer5"), ("name6", "writer6"), ("name7", "writer7"), ("name8", "writer8"),
                       ("name9", "writer9"))
"""The (person's name, writer's word) group pairs of :data:`NAMED_WRITER`."""
RELATIVE_NAMED = re.compile(rf"\b(?:my|our)\s+(?P<relation>{RELATION})\s+(?P<name>\w+)\b", re.IGNORECASE)
"""The person named with the writer's relation to them: "My daughter Morgan bit into a cookie", "our son Gerardo"
(taken only when the name is the record's own first name)."""
SPOUSE = re.compile(r"\bmy\s+(?P<spouse>wife|husband|hubby)\b|\bthe\s+(?P<missus>missus)\b", re.IGNORECASE)
"""The writer's spouse: on the account of a person of that sex, the person ("my wife is about 4 months pregnant and
this evening she got a pounding headache", written by her husband)."""
SPOUSE_SEX: dict[str, Sex] = {"wife": "female", "missus": "female", "husband": "male", "hubby": "male"}
"""The sex of the spouse each :data:`SPOUSE` word names."""

TITLE_SEX: dict[str, Sex | None] = {"mr": "male", "mrs": "female", "ms": "female", "miss": "female", "dr": None}
"""The sex each title names (a doctor's title names none: "Carer for Dr Lind here")."""
TITLED = re.compile(r"\b(?P<title>mr|mrs|ms|miss|dr)\.?\s+(?P<surname>[^\W\d_]+(?:[-'’][^\W\d_]{2,})*)", re.IGNORECASE)
"""A title and a surname: "Mr Portillo", "Mrs. Kertzmann"."""
TITLED_FULL = re.compile(
    r"\b(?P<title>mr|mrs|ms|miss)\.?\s+[^\W\d_]+\s+(?P<surname>[^\W\d_]+(?:[-'’][^\W\d_]{2,})*)", re.IGNORECASE
)
"""A title, a first name and a surname: "the carer from the agency for Mrs Eura Treutel"."""

KIN_BY_WRITER: dict[str, dict[Sex, str]] = {
    "child": {
        "female": r"(?:my\s+)?(?:mum|mom|mother|mam|mummy|mommy|ma|mamá|mami|mama)",
        "male": r"(?:my\s+)?(?:dad|father|daddy|papa|pa|papá|papi)",
    },
    "spouse": {"female": r"my\s+wife|(?:the\s+)?missus", "male": r"my\s+husband|(?:my\s+)?hubby"},
    "grandchild": {"female": r"grandma|gran|granny|nan|nana|nanna", "male": r"grandpa|grandad|granddad|gramps"},
    "parent": {"female": r"my\s+daughter|my\s+girl", "male": r"my\s+son|my\s+boy"},
    "sibling": {"female": r"my\s+sister", "male": r"my\s+brother"},
    "grandparent": {"female": r"my\s+granddaughter|my\s+grandchild", "male": r"my\s+grandson|my\s+grandchild"},
}
"""The writer's names for the person, by who the writer is to them and the person's sex."""
ROLE_OF_PERSON = {  # "typing for my mum": the writer is her child
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
    "grandson": "grandparent",
    "granddaughter": "grandparent",
    "girl": "parent",
    "boy": "parent",
}


def writer_role_in(words: str) -> str | None:
    """Who the writer is to the person, by the first word in ``words`` they name themselves with ("This is Adán's
    wife writing for him": spouse)."""
    for m in re.finditer(rf"\b(?:{WRITER})\b", words, re.IGNORECASE):
        if (role := WRITER_ROLE.get(m.group(0).lower())) is not None:
            return role
    return None


def kin_names(role: str | None, sex: Sex, names: tuple[str, ...] = ()) -> str | None:
    words = [KIN_BY_WRITER[role][sex]] if role in KIN_BY_WRITER else []
    words += [re.escape(n) for n in names]
    return "|".join(words) or None


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
    """Whether the message speaks of the person by name in the third person (:func:`name_said`)."""
    return name_said(text, names) is not None


def name_said(text: str, names: tuple[str, ...]) -> str | None:
    """Whether the message speaks of the person by their recorded first name or its short form, as a subject or an
    owner ("ardith went swimming yesterday", "Max's ankle sprain is healed", "brants words came out all jumbled",
    "I'm sure Alexis is allergic to his Claritin", "Pat has asked me ..." for Patria); not the writer's own name
    ("Hi, it's Ardith"): the name as written, without an owner's "s", or ``None``."""
    for m in _WORD.finditer(text):
        word = m.group(0)
        owner = word[-1:].lower() == "s" and _short_form_of(word[:-1], names)
        if not owner and not _short_form_of(word, names):
            continue
        if _SELF_NAMED_BEFORE.search(text, 0, m.start()):
            continue
        if owner or _ABOUT_THEM_AFTER.match(text, m.end()):  # "brants words came out all jumbled"
            return word[:-1] if owner else word
    return None


_WORD = re.compile(r"\b[^\W\d_]{3,}\b")


def _short_form_of(word: str, names: tuple[str, ...]) -> bool:
    """The record's first name, or the start of it written with a capital ("Pat" for Patria) or at least four letters
    long ("maxi" for Maximina), or four letters of it or more written with a capital ("Bert" for Adalberto)."""
    said = word.lower()
    return any(
        said == n.lower()
        or (n.lower().startswith(said) and (word[0].isupper() or len(said) >= 4))
        or (word[0].isupper() and len(said) >= 4 and said in n.lower())
        for n in names
    )


def is_their_name(said: str, names: tuple[str, ...]) -> bool:
    """The record's first name or a short form of it ("Bert" for Adalberto, "Gio" for Giovanni, "Nikki" for
    Nicholle: the same first three sounds)."""
    said = said.lower()
    return any(
        said == n.lower() or (len(said) >= 3 and (said in n.lower() or _sounds(said)[:3] == _sounds(n.lower())[:3]))
        for n in names
    )


def _sounds(name: str) -> str:
    """A name's letters as said, for nicknames spelt otherwise ("nikki" and "nicholle" both start "nic")."""
    spelt = re.sub(r"ck|k|q", "c", re.sub(r"ph", "f", name)).replace("y", "i")
    return re.sub(r"(.)\1+", r"\1", spelt)


def titled_person(text: str, surnames: tuple[str, ...], sex: Sex, names: tuple[str, ...] = ()) -> re.Match[str] | None:
    """The person called by a title of their sex and their recorded surname or first name, as a carer or a care home
    writes ("Evening shift here for Mr Portillo", "This is Maria, Mrs Kertzmann's carer", "the agency for Mrs Eura
    Treutel", "the home carer of Mr Adán"); ``None`` otherwise."""
    family = {name.lower() for name in surnames}
    given = {name.lower() for name in names}  # "the home carer of Mr Adán"
    for pattern in (TITLED, TITLED_FULL):
        for m in pattern.finditer(text):
            said = m["surname"].lower()
            title_sex = TITLE_SEX[m["title"].lower()]
            if title_sex not in (None, sex) or said not in family | given:
                continue
            after = _NEXT_NAME.match(text, m.end())
            if said not in family and after is not None and after[1].lower() not in family:
                continue  # "Mrs Eura Jones": the person's first name, another person's surname
            return m
    return None


def titled_forms(surnames: tuple[str, ...], names: tuple[str, ...]) -> str:
    """A regex of the person called by a title: with their first name, their surname or both ("Mrs Eura Treutel",
    "Mrs Treutel", "Mr Adán")."""
    title = r"(?:mr|mrs|ms|miss|dr)\.?\s+"
    family = "|".join(re.escape(s) for s in surnames)
    given = "|".join(re.escape(n) for n in names)
    forms = [rf"{title}(?:(?:{given})\s+)?(?:{family})" if given else rf"{title}(?:{family})"] if family else []
    return "|".join(forms + ([rf"{title}(?:{given})"] if given else []))


_NEXT_NAME = re.compile(r"\s+([A-Z][\w'’-]+)")
