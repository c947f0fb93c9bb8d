"""Food (and, still in force, environmental) allergies confirmed or ruled out in words the "allergic to" patterns
miss (round 25).

Confirmed (a stated allergy, the anchor the speaker's clause, so ConText judges it):
- the allergy named as a noun and affirmed: "sesame allergy strikes again", "the egg allergy is definitely real";
- the allergen still ruled out of the speaker's life: "latex still a no-go btw", "shellfish is still a no for me";
- the rescue pen used after a food: "the walnuts in that salad ... had to use my EpiPen";
- a food said to do "this" to the speaker with an allergic sign: "eggs always do this to me, hives and itching".

Ruled out (``status: denied``, the negation is the content):
- the food eaten and nothing happened, told in one sentence opening with the food: "Peanut butter on toast every
  morning this month and not a single hive", "Ate prawns all weekend, no reaction";
- a doubt: "I really doubt I'm allergic to shellfish";
- an allergy test come back negative: "the skin prick test for peanuts came back negative", "peanuts came up
  negative on the allergist's tests".

Not admitted: a question, another person's pen or test, a plan ("in case I need my EpiPen"), a positive test.
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal

_FOOD = (
    r"shellfish|shrimps?|prawns?|crabs?|lobsters?|fish|salmon|tuna|peanuts?|tree nuts?|nuts|walnuts?|cashews?"
    r"|almonds?|pecans?|pistachios?|hazelnuts?|eggs?|milk|dairy|wheat|gluten|soy|sesame|strawberr(?:y|ies)|kiwis?"
)
_NOUN_AFFIRMED = re.compile(
    rf"\b(?P<sub>{_FOOD})\s+allergy\s+(?:(?:has\s+)?(?:strikes|struck|striking)\b|is\s+(?:(?:very|definitely|still|so"
    r"|clearly|totally|100%)\s+)*(?:real|back|a thing)\b|(?:kicked|kicks)\s+in\b|(?:is\s+)?acting up\b)",
    re.IGNORECASE,
)
_ENVIRONMENT = r"latex|cats?|dogs?|(?:grass\s+|tree\s+)?pollen|dust(?:\s+mites?)?|mou?ld|bees?|wasps?|dander"
_STILL_A_NO = re.compile(
    rf"\b(?:(?P<sub>{_FOOD})|(?P<env>{_ENVIRONMENT}))(?:\s+(?:allergy|thing|one))?\s+(?:(?:is|are)\s+|'s\s+)?"
    r"(?:still|definitely)\s+(?:a\s+(?:big\s+|hard\s+|firm\s+)?no(?:-go|\s+go)?\b|off\s+limits\b"
    r"|off\s+the\s+(?:menu|table)\b|a\s+problem\b|an\s+issue\b|very\s+real\b|a\s+thing\b)",
    re.IGNORECASE,
)
"""An allergy still in force, said of the allergen alone: "latex still a no-go btw", "shellfish is still a no for
me", "the peanut thing is still very real"."""
_PEN_USED = re.compile(
    r"\b(?:i\s+)?(?:had to|needed to|have to|did)\s+(?:use|jab|stab)\s+(?:my|the)\s+(?:epi-?pen|epinephrine(?: pen)?"
    r"|auto-?injector)\b|\bi\s+(?:used|jabbed|stabbed|needed)\s+(?:my|the)\s+(?:epi-?pen|epinephrine(?: pen)?"
    r"|auto-?injector)\b",
    re.IGNORECASE,
)
_FOOD_IN_SENTENCE = re.compile(rf"\b(?P<sub>{_FOOD})\b", re.IGNORECASE)
_DOES_THIS_TO_ME = re.compile(
    rf"\b(?P<sub>{_FOOD})\s+(?:(?:always|every time|just|still)\s+)?(?:does|do|did)\s+(?:this|that)\s+to\s+me\b"
    r"(?=[^.;!?]*\b(?:rash|hives|welts|itch(?:y|ing)?|swell(?:ing|s|ed)?|swollen|blotch(?:es|y))\b)",
    re.IGNORECASE,
)
_DOUBTED = re.compile(
    r"\bi\s+(?:(?:really|honestly|seriously|very much|strongly)\s+)?doubt\s+(?:that\s+)?"
    r"i(?:'m|\s+am|\s+was|'ve\s+ever\s+been|\s+have\s+ever\s+been)\s+(?:(?:really|actually|even|still|truly)\s+)?"
    rf"allergic\s+to\s+(?P<sub>{_FOOD})\b",
    re.IGNORECASE,
)
_EATEN_FIRST = re.compile(
    r"\s*(?:(?:i(?:'ve|\s+have)?\s+)?(?:ate|eaten|had|been eating|eat|tried)\s+)?(?:(?:some|a|the|lots of|plenty of"
    rf"|a plate of|a bowl of)\s+)?(?P<sub>{_FOOD})\b(?!\s+(?:is|are|was|were|has|have|can|could|may|might)\b)",
    re.IGNORECASE,
)
_NO_REACTION = re.compile(
    r"\b(?:no|zero|not\s+(?:a|one|even\s+a|even\s+one|so\s+much\s+as\s+an?)|without\s+(?:an?|any)"
    r"|never\s+(?:had|got)\s+(?:an?|any))\s+(?:single\s+)?(?:\w+\s+)?"
    r"(?:itch|hives?|rash|reaction|swelling|welts?|tingle|sniffle|spot|bump)\b",
    re.IGNORECASE,
)
"""No allergic sign at all after the food (not "no problems with my stomach")."""
"""A sentence opening with the speaker's food ("Ate prawns all weekend", "Fish and chips every Friday")."""
_UNSURE_AFTER = re.compile(r"[^.;!?]*\b(?:not sure|unsure|might be|may be|could be|maybe)\b", re.IGNORECASE)
_TEST_NEGATIVE = re.compile(
    rf"\b(?P<sub>{_FOOD})\s+(?:(?:test|tests|testing)\s+)?(?:came up|came back|come back|was|were|tested|showed up)\s+"
    r"(?:as\s+)?(?:completely\s+|totally\s+|clearly\s+)?negative\b"
    rf"|\b(?:test|tests|testing)\s+(?:for|to)\s+(?P<sub2>{_FOOD})\s+(?:came up|came back|was|were|is)\s+"
    r"(?:completely\s+|totally\s+)?negative\b"
    rf"|\bnegative\s+(?:for|to)\s+(?P<sub3>{_FOOD})\b",
    re.IGNORECASE,
)
_ALLERGY_TESTING = re.compile(r"\b(?:skin prick|prick test|patch test|allergy test|allergist|scratch test|ige)", re.I)
_ANOTHERS = re.compile(
    r"\b(?:his|her|their|he|him|they)\b|\b(?:my|our)\s+(?:son|daughter|wife|husband|mom|mum|dad|kids?|child|baby"
    r"|partner|friend|sister|brother)(?:'s)?\b|\b(?:in case|if|might|may need|whether)\b",
    re.IGNORECASE,
)


def find_allergy_verdicts(text: str, sentences: list[tuple[int, int]]) -> list[Proposal]:
    """Food allergies confirmed (noun affirmed, pen used after a food, "does this to me") or ruled out (a doubt,
    a negative allergy test)."""
    out: list[Proposal] = []
    for m in _NOUN_AFFIRMED.finditer(text):
        out.append(_food_allergy(m.group("sub"), (m.start(), m.end())))
    for m in _STILL_A_NO.finditer(text):
        sentence = next(((s, e) for s, e in sentences if s <= m.start() < e), (0, len(text)))
        if _ANOTHERS.search(text, sentence[0], sentence[1]) or text[m.end() : sentence[1]].rstrip().endswith("?"):
            continue  # "shellfish is still a no for him", "is latex still a problem?"
        if m.group("sub"):
            still = _food_allergy(m.group("sub"), (m.start(), m.end()))
        else:
            fields: dict[str, object] = {"substance": m.group("env").lower(), "substance_kind": "environment"}
            still = Proposal("allergy", {**fields, "reaction": None}, (m.start(), m.end()))
        still.policy = "negation_is_content"  # the "no" of "a no-go" is the allergy, not a denial of it
        out.append(still)
    for m in _DOES_THIS_TO_ME.finditer(text):
        # "I knew I shouldn't have, eggs always do this to me": the regret is no denial of the reaction
        does = _food_allergy(m.group("sub"), (m.start(), m.end()))
        does.policy = "negation_is_content"
        out.append(does)
    for index, (start, end) in enumerate(sentences):
        pen = _PEN_USED.search(text, start, end)
        if pen is None or _ANOTHERS.search(text, start, end):
            continue
        earlier = sentences[index - 1][0] if index > 0 else start
        food = _FOOD_IN_SENTENCE.search(text, start, end) or _FOOD_IN_SENTENCE.search(text, earlier, start)
        if food is not None:  # the anchor is the food: the pen's own use stays an intake of its own
            out.append(_food_allergy(food.group("sub"), (food.start(), food.end())))
    for start, end in sentences:
        eaten = _EATEN_FIRST.match(text, start, end)
        if eaten is None or _ANOTHERS.search(text, start, end) or text[start:end].rstrip().endswith("?"):
            continue
        calm = _NO_REACTION.search(text, eaten.end(), end)
        if calm is not None:  # "Fish and chips every Friday and not so much as an itch"
            out.append(_food_allergy(eaten.group("sub"), (calm.start(), calm.end()), denied=True))
    for m in _DOUBTED.finditer(text):
        if _UNSURE_AFTER.match(text, m.end()):
            continue  # "I doubt I'm allergic to nuts, but I'm not sure": no denial
        doubted = _food_allergy(m.group("sub"), (m.start(), m.end()), denied=True)
        doubted.extra["hedge_tolerant"] = True  # the doubt is the denial, not a hedge on it
        out.append(doubted)
    for index, (start, end) in enumerate(sentences):
        for m in _TEST_NEGATIVE.finditer(text, start, end):
            before = text[sentences[index - 1][0] if index > 0 else start : m.start()]
            if not _ALLERGY_TESTING.search(text, start, end) and not _ALLERGY_TESTING.search(before):
                continue
            if _ANOTHERS.search(text, start, m.start()):
                continue
            sub = m.group("sub") or m.group("sub2") or m.group("sub3")
            out.append(_food_allergy(sub, (m.start(), m.end()), denied=True))
    return out


def _food_allergy(said: str, anchor: tuple[int, int], *, denied: bool = False) -> Proposal:
    """A food allergy to the food as said, a plural nut or shellfish in the singular ("cashews" -> cashew)."""
    food = " ".join(said.lower().split())
    if food.endswith("ies"):
        food = food[:-3] + "y"
    elif food.endswith("s") and food not in ("shellfish", "nuts", "tree nuts"):
        food = food[:-1]
    fields: dict[str, object] = {"substance": food, "substance_kind": "food", "reaction": None}
    if denied:
        fields["status"] = "denied"
        return Proposal("allergy", fields, anchor, policy="negation_is_content")
    return Proposal("allergy", fields, anchor)
