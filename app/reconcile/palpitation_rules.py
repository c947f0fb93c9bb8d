"""Palpitations told with dizziness, against a recorded heart condition.

A racing, fluttering or pounding heart said together with the speaker going dizzy, light-headed or faint ("my
heart was fluttering all over the place and I went so light-headed", "her heart's doing that racing thing and the
room keeps spinning") is a rhythm that may be failing to keep the blood pressure up. With an active cardiac
Condition on record (atrial fibrillation, a cardiac arrest history, coronary disease) it is a symptom of acute
danger tied to that condition: a high, safety-critical gap citing every active cardiac Condition (a stroke is
none). Palpitations alone, or dizziness alone, are left to the other symptom rules.
"""

from __future__ import annotations

import re
from datetime import datetime

from app.ingest.narrative.acute_signs import DIZZY_SAID, HEART_RACING_SAID
from app.reconcile.context import ClinicalContext, ClinicalItem
from app.reconcile.matching import Verdict, age_phrase, any_phrase, discrepancy
from app.reconcile.medication_rules import cardiac_items
from app.reconcile.symptom_citations import cardiac_conditions_relied_on

PALPITATION_WORDS = ("palpitations", "palpitation", "heart racing", "racing heart", "heart fluttering",
                     "pounding heart", "heart pounding", "skipped beats", "heart skipping")
DIZZY_WORDS = ("dizzy", "dizziness", "light-headed", "lightheaded", "light headed", "woozy", "giddy", "faint",
               "room spinning", "head between my knees", "near fainting")
NOT_HEART = ("stroke", "cerebrovascular")
"""Conditions the cardiac words reach that are no heart condition: not cited for a racing heart."""
_HEART_SAID = re.compile(r"\bmy (?:heart|pulse|heartbeat)(?:'s)?\b[^.;!?]{0,30}?\b(?:racing|fluttering|pounding"
                         r"|hammering|skipping|thumping|galloping|going like)\b", re.IGNORECASE)


def palpitations_with_dizziness(name: str, quote: str) -> bool:
    """The statement tells both a racing heart and the speaker going dizzy (by name, key or quote)."""
    said = f"{name} {quote}"
    racing = any_phrase(said, PALPITATION_WORDS) or HEART_RACING_SAID.search(quote) or _HEART_SAID.search(quote)
    dizzy = any_phrase(said, DIZZY_WORDS) or DIZZY_SAID.search(quote)
    return bool(racing and dizzy)


def rhythm_history(ctx: ClinicalContext, t: datetime) -> list[ClinicalItem]:
    """The active cardiac Conditions palpitations with dizziness are read against (``[]`` when none)."""
    return [i for i in cardiac_conditions_relied_on(cardiac_items(ctx), t) if not any_phrase(i.display, NOT_HEART)]


def palpitations_verdict(name: str, key: str, quote: str, ctx: ClinicalContext) -> Verdict | None:
    """The high, safety-critical gap of palpitations told with dizziness in heart disease, else ``None``."""
    t = ctx.as_of
    history = rhythm_history(ctx, t) if palpitations_with_dizziness(f"{name} {key}", quote) else []
    if not history:
        return None
    return discrepancy(
        "gap",
        "high",
        "symptom.palpitations_with_dizziness",
        f"The statement reports {name} with dizziness; the record holds {age_phrase(history[0], t)}.",
        history,
        safety=True,
    )
