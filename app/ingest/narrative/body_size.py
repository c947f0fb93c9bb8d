"""Weight and height said with their own verbs: "I weighed myself: 95 kg", "Stepped on the scale this
morning, 93 kilos", "I'm 5'10" tall". A kilogram spelled out ("kilos") is written as UCUM's ``kg``; other
units as said. The name-then-value measurements are :mod:`.measurements`'.
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.quantities import NUMBER, NUMBER_CORE, SPOKEN_DECIMAL, SPOKEN_INTEGER, parse_number

_WEIGH = re.compile(
    # "weighed myself this morning after a week of tacos and its fifty four kilos", "the coach weighed me at 58 kg"
    rf"\b(?:i|i've|i have)?\s*(?:weigh|weighed|weighing|weighs)\s+(?:myself\b[^.;!?\d]{{0,80}}?[:,-]?\s*"
    rf"|me\s+(?:in\s+)?at\s+"
    # a learner's "I am weighing on the gym scale 96 kilo exactly"
    rf"|(?:on|at)\s+(?:the|my|a|our)\s+(?:[a-z]+(?:'s)?\s+){{0,2}}?scales?\s*[:,-]?\s*)?"
    rf"(?:in\s+at\s+)?(?:about\s+|around\s+|exactly\s+|right\s+at\s+)?"
    rf"(?P<num>{NUMBER_CORE}|{SPOKEN_DECIMAL}|{SPOKEN_INTEGER})\s?(?P<unit>kgs?|kilos?|kilograms?|lbs?|pounds?|st|stone)\b",
    re.IGNORECASE,
)
_SCALE_LEAD = (
    # any scale, wherever it stands: "stood on the pharmacy scale while I waited: 74 kg", "hopped on the gym's
    # scales after my class, 80 kilos", "got on a scale at the chemist ... 12 stone"
    # or someone else's, the speaker the one on it: "made me get on his fancy scale yesterday, 79 kilos"
    r"\b(?:(?:stepped|got|hopped|jumped|stood|climbed|get|step|stand|hop|climb|getting|stepping|standing|hopping|climbing)\s+on\s+"
    r"(?:(?P<whose>his|her|their|my\s+\w+'s)|the|my|our|a)\s+(?:[a-z]+(?:'s)?\s+){0,2}?scales?\b"
    r"(?:[^.;!?\d]{0,80}?(?:[:,-]|\b(?:said|says|showed|shows|read|reads|was|gave me|at))\s*)?"
    # a scale anywhere, read by its own verb: "the scale at the hostel said", "the hotel scale says I'm", "the scales
    # in the gym changing room showed", "the bathroom scale at work had me at"
    r"|(?:\b(?:the|my|our|a)\s+|(?:^|(?<=[.!?]\s)))(?:[a-z]+(?:'s)?\s+){0,2}?scales?"
    r"(?:\s+(?:at|in|from|on)(?:\s+[a-z]+(?:'s)?){1,4}?)?\s+(?:this\s+\w+\s+|today\s+)?"
    r"(?:said|says|showed|shows|read|reads|was|had\s+me\s+at|put\s+me\s+at)\s+(?:(?:i'm|i am|i was|me at)\s+)?"
    r"(?:(?:down|up)\s+to\s+)?"
    # a scale opening a note, or the weight said reached: "Scale this morning: 74.5 kilos", "down to 82 kg this
    # morning!!" (a weight unit must follow)
    r"|(?:^|(?<=[.!?]\s))\W*(?:the\s+|my\s+)?scales?(?:\s+(?:this\s+\w+|today|at\s+\w+))?\s*[:,\u2013\u2014-]\s*"
    r"|(?:^|(?<=[.!?]\s))\W*(?:(?:finally|now|so)\s+)?(?:down|up)\s+to\s+"
    # weighed by someone, the place between: "Got weighed at the clinic, 82 kilos", "was weighed in at 91 kg"
    r"|\b(?:got|get|was|been|being)\s+weighed\b(?:\s+in)?[^.;!?\d]{0,30}?"
    r"(?:[:,-]|\bat\b|\b(?:and|so)\s+(?:i'm|i was)\b)\s*)"
)
_SCALE = re.compile(
    _SCALE_LEAD
    + rf"(?:about\s+|around\s+|exactly\s+)?(?P<num>{NUMBER_CORE}|{SPOKEN_DECIMAL}|{SPOKEN_INTEGER})\s?"
    + r"(?P<unit>kgs?|kilos?|kilograms?|lbs?|pounds?|st|stone)\b",
    re.IGNORECASE,
)
"""A weight read off the scale: "Stepped on the scale this morning too, 93 kilos", "the scale said 201 lbs", "Scale
says I'm down to 180 lbs"; or weighed by someone: "Got weighed at the clinic, 82 kilos"."""
_ON_SCALE = re.compile(
    rf"\b(?:i\s+was|i'm|i\s+am|i\s+came\s+in\s+at|i\s+weighed\s+in\s+at)\s+(?:about\s+|around\s+|exactly\s+)?"
    rf"(?P<num>{NUMBER_CORE}|{SPOKEN_DECIMAL}|{SPOKEN_INTEGER})\s?(?P<unit>kgs?|kilos?|kilograms?|lbs?|pounds?|st|stone)\s+(?:on|according\s+to)\s+"
    r"(?:the|their|his|her|my|a|that|this|our)\s+(?:[a-z]+(?:'s)?\s+){0,2}?scales?\b",
    re.IGNORECASE,
)
"""The weight first, the scale after: "I was 75.8 kilos on their scale", "I'm 90 kg according to the gym scales"."""
_BARE_WEIGHT = (
    r"(?:about\s+|around\s+|exactly\s+|right\s+at\s+)?(?P<num>\d{2,3}(?:\.\d)?)(?P<unit>)"
    r"(?![\d:/]|\.\d|\s*(?:%|am\b|pm\b|a\.m|p\.m|o'clock|minutes?|mins?|hours?|times?|steps?|cal|calories|mg|ml|bpm"
    r"|beats|over|years?|yrs?|days?|dollars?|bucks|cents?|degrees?)\b)"
)
"""A weight said without its unit ("hopped on their scale, 187 with my boots on", "weighed in at 174"): two or
three digits that are no time, count, dose, pressure or price; the reconciler reads it in the nearer unit."""
_SCALE_BARE = re.compile(_SCALE_LEAD + _BARE_WEIGHT, re.IGNORECASE)
_WEIGHED_IN_BARE = re.compile(r"\bweigh(?:ed|s)?\s+in\s+at\s+" + _BARE_WEIGHT, re.IGNORECASE)
_WEIGHED_BARE = re.compile(r"(?:\bi\s+|^|(?<=[.!?]\s))(?:weighed|weigh)\s+" + _BARE_WEIGHT, re.IGNORECASE)
"""A bare weight after "weighed" only with the speaker as the subject ("Weighed 190 at the doctor's")."""
_ON_SCALE_BARE = re.compile(
    r"\b(?:i\s+was|i'm|i\s+am|i\s+came\s+in\s+at)\s+"
    + _BARE_WEIGHT
    + r"(?=\s+(?:on|according\s+to)\s+(?:the|their|his|her|my|a|that|this|our)\s+(?:[a-z]+(?:'s)?\s+){0,2}?scales?\b)",
    re.IGNORECASE,
)
"""The bare weight first, the scale after: "I'm 182 on the gym scale"."""
_ANOTHERS_SCALE = re.compile(r"\b(?:my|our)\s+\w+'s\s+(?:[a-z]+\s+)?scales?\b", re.IGNORECASE)
"""A relative's scale read by its own verb ("my daughter's fancy scale says 176"): the device is theirs, the weight
the speaker's."""
_PLAUSIBLE_WEIGHT = (70.0, 450.0)
"""A bare number read as a weight only in this range (pounds or kilograms of an adult)."""
_SPEAKER_ON_IT = re.compile(
    r"\b(?:i|me)\s+(?:(?:\w+|to)\s+){0,2}$|(?:^|[.!?]\s+)(?:(?:then|so|also|finally|just)\s+)?$", re.IGNORECASE
)
"""The speaker is the one on another person's scale: "made me get on", "I finally stepped on", "had me stand on"."""
_KILO_SPELLINGS = frozenset({"kgs", "kilo", "kilos", "kilogram", "kilograms"})
"""Spellings of the kilogram written as UCUM's ``kg`` (the contract's unit strings)."""
_HEIGHT = re.compile(
    rf"\b(?:i'?m|i am|my height is|height(?: is|:)?)\s+(?P<num>{NUMBER})\s?(?P<unit>cm|centimeters?|m|"
    rf"meters?|"
    rf"inches|in|ft|feet)\b(?:\s+tall)?"
    rf"|\b(?:i'?m|i am)\s+(?P<ft>\d)\s?(?:'|ft|feet|foot)\s?(?P<inch>\d{{1,2}})?\s?(?:\"|''|in|"
    rf"inches)?\s+tall\b",
    re.IGNORECASE,
)


def find_body_size(text: str, consumed: list[tuple[int, int]]) -> list[Proposal]:
    """Weights and heights in ``text``, skipping numbers inside ``consumed`` spans (a blood pressure)."""
    proposals: list[Proposal] = []
    found = [*_WEIGH.finditer(text), *_SCALE.finditer(text), *_ON_SCALE.finditer(text)]
    found += [*_SCALE_BARE.finditer(text), *_WEIGHED_IN_BARE.finditer(text), *_WEIGHED_BARE.finditer(text)]
    found += _ON_SCALE_BARE.finditer(text)
    for m in found:
        if any(start <= m.start("num") < end for start, end in [*consumed, *(p.anchor for p in proposals)]):
            continue
        if not m.group("unit") and not _PLAUSIBLE_WEIGHT[0] <= parse_number(m.group("num")) <= _PLAUSIBLE_WEIGHT[1]:
            continue
        if m.groupdict().get("whose") and not _SPEAKER_ON_IT.search(text, max(0, m.start() - 40), m.start()):
            continue  # "my husband got on his scale, 90 kilos": his weight
        unit = "kg" if m.group("unit").lower() in _KILO_SPELLINGS else m.group("unit") or None
        fields = {"kind": "weight", "value": parse_number(m.group("num")), "unit": unit}
        mine = {"speaker_subject": True} if m.groupdict().get("whose") else {}  # another's scale, the speaker on it
        if _ANOTHERS_SCALE.search(m.group(0)) and not re.search(r"\b(?:he|she|his|her)\b", m.group(0), re.I):
            mine = {"speaker_subject": True}
        proposals.append(Proposal("body_measurement", fields, (m.start(), m.end()), extra=mine))
    for m in _HEIGHT.finditer(text):
        if m.group("ft"):
            feet, inches = int(m.group("ft")), int(m.group("inch") or 0)
            height: dict[str, object] = {"value": float(feet * 12 + inches), "unit": "in"}
        else:
            height = {"value": parse_number(m.group("num")), "unit": m.group("unit")}
        proposals.append(Proposal("height", height, (m.start(), m.end()), policy="plain"))
    return proposals
