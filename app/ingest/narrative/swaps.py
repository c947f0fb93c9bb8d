"""Habits told as a swap: one food for another, or a walk or ride in place of the car.

People report a change of habit by what it replaced, not by a meal or a workout:

- **a food swapped in**: "I've swapped my morning toast for porridge", "switched from crisps to nuts",
  "replaced the biscuits with fruit", "I have porridge now instead of toast", "traded my fizzy drinks for
  sparkling water": a meal, the food taken up (the one dropped is no meal); one side must be a food or a
  meal word, so "swapped my car for a bike" is no meal;
- **a walk or ride in place of a vehicle**: "I walk to the shops instead of taking the car", "cycling to
  work rather than getting the bus", "I leave the car at home and walk to town": an exercise (walking or
  cycling).

The speaker is the subject ("I", "we", or a dropped subject opening the sentence); another person's swap is
not read.
"""

from __future__ import annotations

import re

from app.ingest.narrative.lifestyle import SPEAKER_SUBJECT
from app.ingest.narrative.models import Proposal

_FOODS = (
    r"toast|bread|white bread|porridge|oatmeal|oats|cereal|granola|muesli|fruit|nuts|crisps|chips|biscuits|cookies"
    r"|cake|sweets|candy|chocolate|yogh?urt|salad|soup|eggs|bacon|sausages?|fry-?ups?|pastr(?:y|ies)|croissants?"
    r"|muffins?|doughnuts?|donuts?|soda|pop|fizzy drinks?|cola|coke|juice|water|sparkling water|tea|coffee|beer"
    r"|wine|milk|butter|margarine|rice|brown rice|pasta|potatoes|veg|vegetables|snacks?|takeaways?|takeouts?"
    r"|fish|chicken|red meat|meat|beans|lentils|hummus|smoothies?|breakfast|lunch|dinner|supper|dessert|pudding"
)
_FOOD_PHRASE = rf"(?:(?:\w+\s+){{0,2}}?(?:{_FOODS}))"
_SUBJECT = r"(?:\b(?:i|we)(?:'ve|\s+have|'d|\s+had)?(?:\s+(?:now|just|also|finally|since))?|(?:^|(?<=[.!?]\s)))"
_FOOD_SWAPPED = re.compile(
    rf"{_SUBJECT}\s*(?:swapped|switched|traded|changed|swapping|switching|trading|replaced|replacing)\s+"
    rf"(?:(?:from|out)\s+)?(?:my|the|our|all\s+my)?\s*(?P<old>{_FOOD_PHRASE})\s+"
    rf"(?:for|to|with|over\s+to)\s+(?:an?\s+|some\s+)?(?P<new>{_FOOD_PHRASE})\b"
    rf"|{_SUBJECT}\s*(?:have|eat|drink|am having|'m having|started having|now have|have switched to)\s+"
    rf"(?:an?\s+|some\s+)?(?P<new2>{_FOOD_PHRASE})\s+(?:now\s+)?(?:instead of|rather than|in place of)\s+"
    rf"(?:my\s+|the\s+)?(?P<old2>{_FOOD_PHRASE})\b",
    re.IGNORECASE,
)
"""A food swapped in for another (see the module docstring)."""
_FOOD_WORD = re.compile(rf"\b(?:{_FOODS})\b", re.IGNORECASE)
_WALK_FOR_CAR = re.compile(
    rf"{_SUBJECT}\s*(?:(?:usually|always|now|mostly|try to|started|start|have started)\s+)?"
    r"(?P<verb>walk|walked|walking|cycle|cycled|cycling|bike|biked|biking)\s+(?:to|into|down to|up to|over to)\s+"
    r"(?:the\s+|my\s+)?(?:\w+\s+){0,2}?(?:shops?|store|supermarket|work|office|station|school|town|village|church"
    r"|pub|library|market|post office|gym|doctor'?s|surgery|pharmacy|chemist)\b[^.;!?]{0,20}?"
    r"\b(?:instead of|rather than|not)\s+(?:taking|driving|getting|using|catching|in)?\s*(?:the\s+|a\s+|my\s+)?"
    r"(?:car|bus|taxi|cab|train|tram|uber|drive|driving)\b"
    r"|\b(?:i|we)(?:'ve|\s+have)?\s+(?:started\s+)?(?:leav(?:e|ing)|left|ditch(?:ed|ing)?)\s+the\s+car(?:\s+at\s+home)?"
    r"\s+and\s+(?P<verb2>walk|walked|walking|cycle|cycled|cycling|bike|biked)\b",
    re.IGNORECASE,
)
"""A walk or ride in place of a vehicle (see the module docstring)."""


def find_swaps(text: str) -> list[Proposal]:
    """Meals and exercise told as a swap (see the module docstring)."""
    out: list[Proposal] = []
    for m in _FOOD_SWAPPED.finditer(text):
        new, old = (m.group("new"), m.group("old")) if m.group("new") else (m.group("new2"), m.group("old2"))
        if not (_FOOD_WORD.search(new) and _FOOD_WORD.search(old)):
            continue  # "swapped my car for a bike": no food on both sides
        food = re.sub(r"^(?:my|the|some|an?)\s+", "", new.strip(), flags=re.IGNORECASE).lower()
        anchor = (m.start("new") if m.group("new") else m.start("new2"), m.end())
        out.append(Proposal("meal", {"food": food, "kind": "meal"}, anchor, policy="plain", extra=SPEAKER_SUBJECT))
    for m in _WALK_FOR_CAR.finditer(text):
        verb = (m.group("verb") or m.group("verb2")).lower()
        activity = "walking" if verb.startswith("walk") else "cycling"
        verb_at = m.start("verb") if m.group("verb") else m.start("verb2")
        anchor = (verb_at, verb_at + len(verb))  # the walk itself: "rather than driving" negates no walk
        out.append(Proposal("exercise", {"activity": activity}, anchor, policy="plain", extra=SPEAKER_SUBJECT))
    return out
