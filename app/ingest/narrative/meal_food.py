"""Meals said by cooking, and the food phrase of a meal.

A dish the speaker cooks is meal talk whatever the verb or its order: the speaker (or a dropped subject,
or a gerund after "spent the afternoon") with a cooking verb — made, making, cooked, baking, whipped up,
roasted, batch-cooked — and as its object a portion ("a big pot of vegetable soup") or a dish ("tamales",
"a lasagna", "cookies for the bake sale"): "Spent the afternoon yesterday making a big pot of vegetable soup",
"We're making tamales for my nephew's birthday tonight", "baked two trays of cookies". A thing made that is
no food ("made an appointment", "cooked up a plan") is no meal; another person's cooking is left to the
assertion step.
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal

_COMPANY = re.compile(
    r"\s+(?:with|w/)\s+(?:my|a|the|our|some|his|her)\s+[a-z' -]+$|\s+(?:with|w/)\s+(?:friends|family|the kids|\w+)$",
    re.IGNORECASE,
)
"""Company after the food ("pancakes with my sister"): who ate with the speaker, not what was eaten
(a food phrase such as "rice with beans" keeps its "with": the words after it are no person)."""
_PEOPLE = re.compile(
    r"\b(?:my|a|the|our|his|her)\s+(?:\w+\s+)?(?:sister|brother|mom|mother|dad|father|wife|husband|partner|"
    r"friends?|kids?|son|daughter|family|coworkers?|colleagues?|boss|team|neighbou?rs?|grandkids?|parents|"
    r"girlfriend|boyfriend|aunt|uncle|cousin|grandma|grandpa)\b|\b(?:friends|family|the kids)\b",
    re.IGNORECASE,
)
_PORTION = re.compile(
    r"^(?:(?:a|an|one|two|three|\d+|some|big|small|huge|little|large|whole|half(?: a)?)\s+)*"
    r"(?:pot|bowl|bowls|plate|plates|cup|cups|glass|glasses|slice|slices|piece|pieces|serving|servings|batch"
    r"|pan|tray|trays|handful|bag|box|can|mug|loaf|loaves|dozen|sheet|casserole dish)\s+of\s+",
    re.IGNORECASE,
)
"""A portion or vessel before the food ("a pot of lentil soup", "two slices of toast"): the food is
what follows."""


def food_phrase(text: str) -> str:
    """The food of a meal phrase, without the company, the portion or a leading determiner."""
    text = text.strip()
    company = _COMPANY.search(text)
    if company is not None and _PEOPLE.search(company.group(0)):
        text = text[: company.start()]
    text = _PORTION.sub("", text)
    words = text.split()
    while words and words[0].lower() in ("a", "an", "some", "the", "my"):
        words = words[1:]
    return " ".join(words) or text.strip()


COOKED_DISHES = (
    r"soups?|stews?|chili|chilli|curry|curries|casseroles?|lasagnas?|lasagne|tamales|enchiladas|empanadas|tacos"
    r"|burritos|pizzas?|pasta|spaghetti|risotto|paella|stir[- ]?fry|omelett?es?|pancakes|waffles|cookies|biscuits"
    r"|scones|muffins|brownies|cakes?|cupcakes|pies?|bread|loaf|rolls|dumplings|pierogi|meatballs|meatloaf|roast"
    r"|ribs|steaks?|burgers|kebabs|salads?|sandwiches|porridge|oatmeal|granola|jam|smoothies|sauce|gravy|noodles"
    r"|ramen|pho|sushi|fried rice|rice and beans|beans|chicken|turkey|ham|fish|salmon|dinners?|lunch(?:es)?"
    r"|breakfasts?|suppers?|brunch|a meal|meals|food"
)
"""Dishes a cooking verb makes a meal of (a meal word itself counts: "cooked dinner for everyone")."""
_COOK = (
    r"(?:made|make|makes|making|cooked|cook|cooks|cooking|baked|bake|bakes|baking|whipped\s+up|whip\s+up"
    r"|whipping\s+up|roasted|roasting|grilled|grilling|fried|frying|prepped|prepping|meal[- ]prepped"
    r"|meal[- ]prepping|batch[- ]cooked|batch[- ]cooking|threw\s+together|throwing\s+together|put\s+together)"
)
_COOKED = re.compile(
    r"(?:\b(?:i|we|my\s+\w+\s+and\s+i)(?:'m|'re|'ve\s+been|\s+am|\s+are|\s+was|\s+were|\s+have\s+been|\s+had)?"
    r"|(?:^|(?<=[.!?]\s))(?:just\s+|also\s+|then\s+)?"
    r"|\b(?:spent|spend|spending)\s+(?:the|all|my|our|most\s+of\s+the|half\s+the)\s+(?:\w+\s+){0,3}?"
    r"|\bbusy\s+)"
    r"\s*(?:(?:just|also|finally|already|been)\s+)?" + _COOK + r"\s+"
    r"(?!(?:an?\s+)?(?:appointment|plan|plans|list|mess|decision|mistake|call|effort|point|sure|time|money|progress"
    r"|friends|it|up\s+a)\b)"
    r"(?P<food>(?:(?:a|an|the|some|my|our|two|three|a\s+few|a\s+couple\s+of|\d+)\s+)?(?:[a-z][\w'-]*\s+){0,4}"
    rf"(?:{COOKED_DISHES}))\b",
    re.IGNORECASE,
)


def find_cooked_meals(text: str, taken: list[tuple[int, int]]) -> list[Proposal]:
    """Meals said by cooking (module docstring), outside the spans other meal patterns ``taken``."""
    out = []
    for m in _COOKED.finditer(text):
        start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        ends = [i for i in (text.find(c, m.end()) for c in ".!?\n") if i >= 0]
        if any(start <= s < min(ends, default=len(text)) for s, _ in taken):
            continue  # "we had a picnic by the lake, I made egg salad sandwiches": part of the meal already told
        fields = {"food": food_phrase(m.group("food")), "kind": "meal"}
        out.append(Proposal("meal", fields, (m.start(), m.end()), policy="plain"))
        taken.append((m.start(), m.end()))
    return out
