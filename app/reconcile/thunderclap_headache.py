"""A headache told as the worst ever or as a blow, against a recorded headache disorder or high blood pressure.

A headache that comes like a blow or is the worst of a life ("a headache like somebody swung a bat at the back of my
head", "worst one I've ever had and I've had migraines 30 yrs", "like being hit with a hammer", "a thunderclap") is the
red flag of a bleed around the brain. In a person with a recorded migraine or headache disorder it is a headache
unlike their usual one; in recorded high blood pressure it may be a bleed or a crisis. Either way it is a symptom of
acute danger tied to those: a high, safety-critical gap citing each active one. A bad headache without those words,
or with no such record, is left to the other symptom rules.
"""

from __future__ import annotations

import re

from app.reconcile.context import ClinicalContext, ClinicalItem, condition_active_at
from app.reconcile.hypertensive_signs import HEADACHE_WORDS, HYPERTENSION_WORDS
from app.reconcile.matching import Verdict, age_phrase, any_phrase, discrepancy

WORST_OR_BLOW_SAID = re.compile(
    r"\bworst\s+(?:headache|head\s*ache|migraine|one|pain|head\s+pain)\s+(?:of\s+my\s+(?:whole\s+)?life"
    r"|(?:i(?:'ve|\s+have|ve)?\s+)?(?:ever\s+)?(?:had|felt|known)|ever)\b"
    r"|\blike\s+(?:being\s+)?(?:hit|struck|smacked|whacked|kicked|clubbed)\s+(?:(?:on|in|over)\s+the\s+head\s+)?"
    r"(?:with|by)\b"
    r"|\blike\s+(?:somebody|someone|something|a\s+(?:truck|bus|brick|hammer|bat))\s+(?:had\s+)?(?:hit|swung|smashed"
    r"|whacked|struck|kicked|slammed|exploded)\b"
    r"|\bthunder\s?clap\b|\b(?:exploded|exploding|burst|bursting)\s+in(?:side)?\s+my\s+head\b",
    re.IGNORECASE,
)
"""A headache told as the worst ever or as a sudden blow (see the module docstring)."""
HEADACHE_DISORDER_WORDS = ("migraine", "headache")


def thunderclap_history(ctx: ClinicalContext) -> list[ClinicalItem]:
    """The active Conditions the red flag is tied to: a migraine or headache disorder, else high blood pressure."""
    active = [
        i
        for i in ctx.of_type("Condition")
        if condition_active_at(i, ctx.as_of) and not i.display.lower().startswith("history of")
    ]
    return [i for i in active if any_phrase(i.display, HEADACHE_DISORDER_WORDS)] or [
        i for i in active if any_phrase(i.display, HYPERTENSION_WORDS)
    ]


def thunderclap_verdict(name: str, key: str, quote: str, ctx: ClinicalContext) -> Verdict | None:
    """The high, safety-critical gap of a worst-ever or blow-like headache on such a record, else ``None``."""
    if not (any_phrase(f"{name} {key} {quote}", HEADACHE_WORDS) and WORST_OR_BLOW_SAID.search(quote)):
        return None
    history = thunderclap_history(ctx)
    if not history:
        return None
    return discrepancy(
        "gap",
        "high",
        "symptom.thunderclap_headache",
        f"The statement reports {name} told as the worst ever or as a sudden blow, a red flag of a bleed; the record "
        f"holds {age_phrase(history[0], ctx.as_of)}.",
        history,
        safety=True,
    )
