"""Pain said through a body part, not by its name: "my chest was really hurting", "a tight
squeezing pain in my chest", "my knee aches".

The reading is general: a body part with a pain verb (hurt, hurting, ache, aching, killing me) or
a pain noun (pain, ache, pressure, tightness, discomfort, or a feeling said by a pain quality: "a tight,
squeezing feeling across my chest") becomes the dictionary's pain symptom
of that site, found by looking up "<site> pain" in the dictionary ("chest pain", "knee pain",
"stomach pain"); so does a part said to be stiff, sore or tight ("my knee's been stiff"). When the
dictionary has no pain symptom for the site ("my heart was hurting",
"my legs ache") nothing is proposed: no record without a dictionary entry. The pain noun may sit
"right in the middle of", "across" or "in the centre of" the part; the bare "pain" inside such a
span is then no condition of its own (the rules extractor drops it).

Acute-danger signs told by what happened ("the next thing I knew I was on the floor", "my words came out
all jumbled") are read the same way, by :mod:`.acute_signs`, and proposed here.

The body part must be the speaker's ("my chest", "in my chest"); a negated verb ("my chest
wasn't hurting") or an injury said with the verb first ("I hurt my back") is not read here.
"""

from __future__ import annotations

import re

from app.ingest.narrative.acute_signs import acute_sign_keys, failing_part
from app.ingest.narrative.models import Policy, Proposal
from app.ingest.narrative.terms import Vocabulary

_PART = (
    r"(?:(?:left|right|lower|upper) )?"
    r"(?P<part>head|chest|back|neck|throat|stomach|belly|tummy|abdomen|knees?|joints?|muscles?|ears?|teeth|tooth"
    r"|shoulders?|hips?|wrists?|feet|foot|ankles?|elbows?|hands?|legs?|arms?)"
)
_PAIN_VERB = re.compile(
    rf"\bmy {_PART}(?:\s*[,-]\s*(?:it|they|that))?"
    r"(?:'s| (?:is|was|has been|had been|keeps|kept|started|starts|began|has|had))?"
    r"(?: (?:really|so|very|pretty|kind of|kinda|still|just|been|a bit|a little))*"
    r" (?:hurting|hurts|hurt|aching|aches|ache|ached|killing me)\b",
    re.IGNORECASE,
)
_PAIN_NOUN = re.compile(
    r"\b(?:pain|ache|aching|pressure|tightness|discomfort)"
    r"(?: (?:right|just|somewhere))?"
    r" (?:in|across|through|on)(?: (?:the )?(?:middle|centre|center|front|left side|right side) of)?"
    rf" my {_PART}\b",
    re.IGNORECASE,
)
PAIN_QUALITY_FEELING = (
    r"\b(?:tight|tightening|squeezing|crushing|pressing|gripping|heavy|burning|stabbing|sharp|aching|throbbing)"
    r"(?:,?\s+(?:\w+)){0,2}?,?\s+(?:feeling|sensation)"
)
"""A feeling said by a pain quality ("a tight, squeezing feeling", "this heavy squeezing sensation"): a pain
noun; a feeling with no pain quality ("a fluttery feeling", "a funny feeling") is not."""
_PAIN_FEELING = re.compile(
    rf"{PAIN_QUALITY_FEELING}(?: (?:right|just|somewhere))?"
    r" (?:in|across|through|on)(?: (?:the )?(?:middle|centre|center|front|left side|right side) of)?"
    rf" my {_PART}\b",
    re.IGNORECASE,
)
_SORE_PART = re.compile(
    # the possessive may be dropped at the start of a sentence: "Throat's been a little scratchy since yesterday"
    rf"(?:\bmy |(?:^|(?<=[.!?]\s))(?=(?:(?:left|right|lower|upper) )?[A-Za-z]+(?:'s|'re) )){_PART}"
    # the part taken back by "it" (round 26): "just my left knee, it's been a bit sore", "my back - it's stiff"
    r"(?:\s*[,-]\s*(?:it|they|that))?"
    r"(?:'s|'re| (?:is|are|was|were|has been|have been|had been|feels?|felt|got|gets|keeps? getting"
    # a change of state: "my chest went tight", "my back seized up and turned stiff", "started feeling tight"
    r"|went|goes|go|turned|became|grew|(?:was|is|kept|started|began) getting|(?:started|began) (?:to (?:get|feel)"
    r"|getting|feeling)))"
    r"(?: (?:really|so|very|pretty|kind of|kinda|still|just|been|a bit|a little|quite|super|all))*"
    r" (?P<how>stiff|sore|achy|aching|tight|scratchy|raw|awful|terrible|agony|murder|dreadful|horrendous"
    r"|playing up|acting up"
    r"|giving me (?:grief|gyp|jip|hell|trouble))\b(?! (?:news|luck|weather|company|cook|cooking|at\b))",
    re.IGNORECASE,
)
"""A body part said to be stiff, sore or tight ("my right knee's been a little stiff", "my chest is so tight"):
the discomfort of that part, read as its pain symptom as the dictionary reads "stiff neck" or "tight chest";
"tight" only of the chest, throat, neck, back and muscles."""
SWOLLEN_PART = re.compile(
    r"\bmy (?P<part>ankles?|feet|legs?)(?:'s|'re| (?:is|are|was|were|have been|has been|had been|keep|kept|keeps"
    r"|started|get|got|gets|always|just|went|go|goes|had))*(?: (?:all|really|so|very|badly|a bit|a little))*"
    r" (?:swollen|swelled(?: up)?|swelling(?: up)?|swell(?:s)?(?: up)?|puff(?:s|ed|ing)? up|puffy|blew up|blown up"
    r"|blow up|ballooned|balloon(?:s|ing)?(?: up)?|fat and puffy|up like (?:balloons|footballs|elephants'?))\b",
    re.IGNORECASE,
)
"""The speaker's ankles, feet or legs said to swell by any verb or image ("my ankles puff up like balloons by the
evening", "my feet have been swollen"): the dictionary's leg swelling."""
_SWOLLEN_ALIAS = {
    "ankle": "swollen ankles",
    "ankles": "swollen ankles",
    "foot": "swollen feet",
    "feet": "swollen feet",
    "leg": "swollen legs",
    "legs": "swollen legs",
}
_NEGATION_INSIDE = re.compile(r"n't\b|\bnot\b|\bbarely\b|\bhardly\b", re.IGNORECASE)
_TIGHT_PARTS = frozenset({"chest", "throat", "neck", "back", "muscle", "muscles"})
_PLURAL = {
    "knees": "knee",
    "joints": "joint",
    "muscles": "muscle",
    "ears": "ear",
    "teeth": "tooth",
    "shoulders": "shoulder",
    "hips": "hip",
    "wrists": "wrist",
    "feet": "foot",
    "ankles": "ankle",
    "elbows": "elbow",
    "hands": "hand",
    "legs": "leg",
    "arms": "arm",
}


def site_pain_keys(text: str, vocabulary: Vocabulary) -> list[tuple[str, tuple[int, int]]]:
    """``(symptom key, span)`` of each site pain said in ``text`` (see the module docstring)."""
    out = []
    for rx in (_PAIN_VERB, _PAIN_NOUN, _PAIN_FEELING, _SORE_PART):
        for m in rx.finditer(text):
            part = m.group("part").lower()
            if rx is _SORE_PART and m.group("how").lower() == "tight" and part not in _TIGHT_PARTS:
                continue
            if rx is _SORE_PART and m.group("how").lower() in ("scratchy", "raw") and part != "throat":
                continue  # a scratchy or raw throat is sore; a "raw" knee is a graze
            entry = vocabulary.lookup("symptom", f"{_PLURAL.get(part, part)} pain")
            if entry is not None:
                out.append((entry.key, (m.start(), m.end())))
    for m in SWOLLEN_PART.finditer(text):
        swollen = vocabulary.lookup("symptom", _SWOLLEN_ALIAS[m.group("part").lower()])
        if swollen is not None:
            out.append((swollen.key, (m.start(), m.end())))
    return out + acute_sign_keys(text, vocabulary)  # acute signs told by what happened: :mod:`.acute_signs`


def find_site_pain(text: str, vocabulary: Vocabulary, said: set[str]) -> list[Proposal]:
    """Symptom proposals for site pains whose symptom is not already said by name (``said``: the
    symptom keys matched as dictionary terms), one per symptom."""
    out: list[Proposal] = []
    seen = set(said)
    for key, anchor in site_pain_keys(text, vocabulary):
        if key in seen:
            continue
        seen.add(key)
        site = failing_part(text[anchor[0] : anchor[1]]) or _said_part(text[anchor[0] : anchor[1]])
        fields: dict[str, object] = {"name": key, "severity": None, "body_site": site}
        # "my hand wouldn't grip", "I couldn't breathe": the negation is the sign itself
        negated_sign = _NEGATION_INSIDE.search(text[anchor[0] : anchor[1]]) is not None
        policy: Policy = "negation_is_content" if negated_sign else "clinical"
        out.append(Proposal("symptom", fields, anchor, policy=policy, extra={"site_pain": True}))
    return out


def _said_part(span_text: str) -> str | None:
    """The body part a site pain or swelling opens with ("my knees have been awful" -> knee), else ``None``."""
    m = re.match(r"my (?:(?:left|right|lower|upper) )?(?P<part>[a-z]+)", span_text, re.IGNORECASE)
    if m is None:
        return None
    part = m.group("part").lower()
    single = _PLURAL.get(part) or {"ankles": "ankle", "legs": "leg"}.get(part, part)
    return single if single in span_text.lower() else part
