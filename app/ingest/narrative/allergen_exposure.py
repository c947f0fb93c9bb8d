"""An environmental or food allergy said by an exposure and the speaker's reaction in one sentence.

"My sister's cat stayed with us all weekend and my eyes streamed the entire time", "we mowed the grass and I
couldn't stop sneezing", "the dog slept on my bed and I was wheezing all night": an animal or pollen met and the
speaker's eyes, nose or breathing reacting; "I stayed away from the prawns, my throat starts itching just from the
smell", "had a bite of the walnut cake and my lips swelled up": a food met and the speaker's mouth, throat or skin
reacting (kind food). The substance is the allergen as said, the kind environment; the
anchor is the reaction, so ConText judges the speaker's clause (another person's sneezing, a reaction denied or
asked about is not admitted).
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Policy, Proposal

ANAPHYLAXIS_RESCUE = frozenset({"epinephrine"})
"""Drugs used only in anaphylaxis: the quote of their use runs on into the next sentence, which tells what they
answered ("Had to use my EpiPen at lunch. A cookie had peanut butter in it"), so the allergen is read with it."""
_ALLERGEN = re.compile(
    r"\b(?P<sub>cats?|kittens?|dogs?|pupp(?:y|ies)|horses?|rabbits?|hamsters?|guinea pigs?|(?:grass|tree|birch|oak"
    r"|ragweed)?\s?pollen|ragweed|grass|hay|dust(?: mites?)?|mou?ld)\b",
    re.IGNORECASE,
)
_FOOD_ALLERGEN = re.compile(
    r"\b(?P<sub>shellfish|shrimps?|prawns?|crabs?|lobsters?|mussels?|clams?|scallops?|oysters?|peanuts?|peanut butter"
    r"|tree nuts|walnuts?|cashews?|almonds?|hazelnuts?|pecans?|pistachios?|sesame|strawberr(?:y|ies)|kiwis?)\b",
    re.IGNORECASE,
)
"""Foods a reaction is often tied to: the allergy's kind is food."""
_REACTION = re.compile(
    r"\bmy (?:eyes|nose)\s+(?:were\s+|was\s+|kept\s+|started\s+|have been\s+|had been\s+)?"
    r"(?:stream(?:ed|ing)?|water(?:ed|ing)?|itch(?:ed|ing|y)?|puff(?:ed|ing)? up|swell(?:ed|ing)?(?: up)?|ran|running"
    r"|burn(?:ed|ing|t)|(?:went|were|got) (?:red|puffy|itchy|streaming))\b"
    r"|\bi\s+(?:was\s+|kept\s+|couldn't stop\s+|could not stop\s+|started\s+|have been\s+|had been\s+)?"
    r"(?:sneez(?:ed|ing)|wheez(?:ed|ing))\b"
    r"|\bmy (?:throat|mouth|lips?|tongue|face|skin)\s+(?:(?:starts?|started|begins?|began|gets?|got|goes|went|was"
    r"|were|is|kept|would)\s+)?(?:to\s+)?(?:itch(?:es|ed|ing|y)?|swell(?:s|ed|ing)?(?: up)?|swollen"
    r"|tingl(?:e|es|ed|ing|y)|clos(?:e|es|ed|ing)(?: up)?|tight(?:ens|ened|ening)?|burn(?:s|ed|ing)?"
    r"|(?:all\s+)?(?:scratchy|prickly|tingly|itchy|swollen|puffy)|blew up|blown up|puffed up|ballooned(?: up)?)\b"
    r"|\bi\s+(?:break|broke|breaking|have broken|started breaking|came)\s+out\s+in\s+(?:hives|welts|a rash)\b"
    r"|\bmy (?:allergies|hay fever)\s+"
    r"(?:flared(?: up)?|kicked in|went (?:crazy|wild|nuts)|were (?:awful|terrible|bad))",
    re.IGNORECASE,
)

_CANT_STOP = re.compile(r"\b(?:couldn't|could not) stop\b", re.IGNORECASE)


def find_exposure_reactions(text: str, sentences: list[tuple[int, int]]) -> list[Proposal]:
    """One environmental allergy per sentence where an allergen is met and the speaker reacts."""
    out = []
    for i, (start, end) in enumerate(sentences):
        reaction = _REACTION.search(text, start, end)
        food = _FOOD_ALLERGEN.search(text, start, end)
        if reaction is not None and food is None and _ALLERGEN.search(text, start, end) is None and i > 0:
            food = _eaten_before(text, *sentences[i - 1])  # "I had a bite of a walnut brownie. My throat went itchy"
        allergen = food or _ALLERGEN.search(text, start, end)
        if reaction is None or allergen is None:
            continue
        said = " ".join(allergen.group("sub").lower().split())
        fields = {"substance": said, "substance_kind": "food" if food else "environment", "reaction": None}
        # the sign itself is the anchor ("sneezing" of "I couldn't stop sneezing": no negation of the reaction)
        sign = reaction.group(0).split()[-1]
        # "couldn't stop sneezing" says the reaction went on: its negation is the content
        policy: Policy = "negation_is_content" if _CANT_STOP.search(reaction.group(0)) else "clinical"
        out.append(Proposal("allergy", fields, (reaction.end() - len(sign), reaction.end()), policy=policy))
    return out


_ATE = re.compile(
    r"\b(?:i|i'd|i've|i\s+had)\s+(?:(?:just|only|accidentally|stupidly|already|then)\s+)?"
    r"(?:ate|eaten|had|tried|tasted|nibbled|bit into|scoffed|swallowed)\b[^.;!?]{0,60}$",
    re.IGNORECASE,
)
"""The speaker eating just before the food is named ("I had a bite of the", "I'd eaten two of the")."""


def _eaten_before(text: str, start: int, end: int) -> re.Match[str] | None:
    """A food the speaker ate in the sentence before a reaction with no allergen of its own; the food may come
    first ("Someone brought walnut brownies in and I had a bite")."""
    food = _FOOD_ALLERGEN.search(text, start, end)
    if food is None:
        return None
    if _ATE.search(text, start, food.start()) is not None:
        return food
    after = text[food.end() : end]
    return food if _ATE_AFTER.search(after) is not None else None


_ATE_AFTER = re.compile(
    r"\b(?:and|so|,)\s+i\s+(?:(?:just|only|accidentally|stupidly|then)\s+)?(?:ate|had|tried|tasted|nibbled|scoffed)"
    r"\s+(?:a|one|some|two|half|a\s+bite|a\s+piece|a\s+slice|a\s+mouthful|it|them)\b",
    re.IGNORECASE,
)
"""The food named first and the speaker eating some after it ("brought walnut brownies in and I had a bite")."""
