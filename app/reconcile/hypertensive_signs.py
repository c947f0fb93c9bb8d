"""A headache with disturbed vision, against a recorded pregnancy, (pre-)eclampsia or high blood pressure.

A severe headache told together with the sight going wrong ("pounding headache and I keep seeing sparkly spots",
"my head is killing me and everything's blurry") is the warning sign of pre-eclampsia in a pregnancy or just after
one, and of a hypertensive crisis in high blood pressure. With an active pregnancy, a (pre-)eclampsia or
gestational hypertension on record, or an active hypertension, it is a symptom of acute danger tied to those: a
high, safety-critical gap citing each active one (a (pre-)eclampsia of the past year is cited when nothing is
active, since the danger lasts weeks after the birth). A headache alone, or with no such record, is left to the
other symptom rules; so is a migraine's aura told as a diagnosis ("the neurologist said they are migraines with
aura").
"""

from __future__ import annotations

import re
from datetime import timedelta

from app.reconcile.context import ClinicalContext, ClinicalItem, condition_active_at
from app.reconcile.matching import Verdict, age_phrase, any_phrase, discrepancy

HEADACHE_WORDS = ("headache", "headaches", "head ache", "migraine", "head is pounding", "head pounding",
                  "head is killing me", "head was killing me", "head is splitting", "splitting head")
VISION_SAID = re.compile(
    r"\b(?:seeing|see|seen|saw)\s+(?:(?:little|tiny|bright|black|white|these|those"
    r"|some|sparkly|sparkling|flashing|flickering|wavy|zigzag|zig-zag|weird|funny)\s+){0,2}"
    r"(?:spots|stars|sparkles|sparks|flashes|flashing lights|lights|zigzags|zig-zags|floaters|squiggles)\b"
    r"|\b(?:sparkly|sparkling|flashing|flickering|shimmering|zigzag|zig-zag|wavy)\s+(?:spots|lights|lines|zigzags"
    r"|zig-zags|stars|flashes)\b"
    # "theres like sparkly zigzags in my vision"
    r"|\b(?:spots|stars|sparkles|flashes|lights|zigzags|zig-zags|floaters|squiggles)\s+(?:in|across)\s+(?:my|her|his)"
    r"\s+(?:vision|eyes|sight)\b"
    r"|\bspots\s+(?:in|before|in front of)\s+(?:my|her|his)\s+eyes\b"
    r"|\b(?:blurry|blurred|blurring|double|fuzzy|cloudy|spotty)\s+vision\b"
    r"|\b(?:vision|eyesight|sight|eyes)\s+(?:is|was|are|were|went|goes|going|gone|got|getting|has gone|keeps going)\s+"
    r"(?:(?:all|a bit|kind of|kinda|really|so)\s+)?(?:blurry|blurred|fuzzy|funny|weird|spotty|dim|dark|cloudy|wavy)\b"
    r"|\beverything(?:'s| is| was| looks| looked| went)\s+(?:(?:all|a bit|really|so)\s+)?(?:blurry|blurred|fuzzy)\b",
    re.IGNORECASE,
)
"""The sight disturbed, said in the quote: spots, stars or flashing lights seen, blurred or double vision."""
AURA_AS_DIAGNOSIS = re.compile(r"\bmigraines?\s+with\s+(?:an\s+)?aura\b", re.IGNORECASE)
""""migraines with aura": a diagnosis told, not a warning sign felt."""
PREGNANCY_WORDS = ("pregnancy", "pregnant")
ECLAMPSIA_WORDS = ("eclampsia", "pre-eclampsia", "preeclampsia", "gestational hypertension", "hellp",
                   "pregnancy-induced hypertension", "toxemia", "toxaemia")
HYPERTENSION_WORDS = ("hypertension", "hypertensive", "high blood pressure")
RECENT_ECLAMPSIA = timedelta(days=365)
"""A (pre-)eclampsia this recent is cited when nothing is active (the danger outlasts the birth by weeks)."""


def headache_with_vision_signs(name: str, quote: str) -> bool:
    """The statement tells a headache and the sight disturbed (by name, key or quote), not an aura as a diagnosis."""
    said = f"{name} {quote}"
    return bool(any_phrase(said, HEADACHE_WORDS) and VISION_SAID.search(quote) and not AURA_AS_DIAGNOSIS.search(quote))


def pressure_history(ctx: ClinicalContext) -> list[ClinicalItem]:
    """The Conditions the warning sign is tied to: each active pregnancy, (pre-)eclampsia and hypertension; else a
    (pre-)eclampsia of the past year."""
    t = ctx.as_of
    conditions = ctx.of_type("Condition")
    tied = [
        i
        for i in conditions
        if condition_active_at(i, t)
        and not i.display.lower().startswith("history of")
        and (
            any_phrase(i.display, PREGNANCY_WORDS)
            or any_phrase(i.display, ECLAMPSIA_WORDS)
            or any_phrase(i.display, HYPERTENSION_WORDS)
        )
    ]
    if tied:
        return tied
    return [
        i
        for i in conditions
        if any_phrase(i.display, ECLAMPSIA_WORDS) and i.when is not None and t - RECENT_ECLAMPSIA <= i.when <= t
    ]


def hypertensive_signs_verdict(name: str, key: str, quote: str, ctx: ClinicalContext) -> Verdict | None:
    """The high, safety-critical gap of a headache with disturbed vision on such a record, else ``None``."""
    if not headache_with_vision_signs(f"{name} {key}", quote):
        return None
    history = pressure_history(ctx)
    if not history:
        return None
    return discrepancy(
        "gap",
        "high",
        "symptom.headache_with_vision_signs",
        f"The statement reports {name} with disturbed vision, a warning sign of pre-eclampsia or a hypertensive "
        f"crisis; the record holds {age_phrase(history[0], ctx.as_of)}.",
        history,
        safety=True,
    )
