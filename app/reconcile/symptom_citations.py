"""The recorded conditions a danger symptom is cited against, beyond the first choice of :mod:`.symptom_rules`.

- chest pain relies on every active cardiac Condition the record holds, a "History of ..." situation included
  ("Cardiac Arrest" and "History of cardiac arrest"): both say the heart history the pain is read against;
- a fainting with no heart or vascular condition recorded is read against a recorded seizure disorder (a blackout
  may be a seizure), else an active blood cause of fainting (an anaemia), when the record holds one.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from app.reconcile.context import ClinicalItem, condition_active_at
from app.reconcile.matching import any_phrase

SEIZURE_CAUSE_WORDS = ("epilepsy", "epileptic", "seizure disorder")
"""A recorded seizure disorder: what a blackout is read against before an anaemia."""
BLOOD_CAUSE_WORDS = ("anemia", "anaemia")
"""A recorded anaemia: a cause of fainting the record may hold when it holds no heart or vascular condition."""


def cardiac_conditions_relied_on(items: Sequence[ClinicalItem], t: datetime) -> list[ClinicalItem]:
    """The active cardiac Conditions among ``items`` (a "History of ..." situation included), or ``[]`` when none is
    active (the caller then falls back on what the record held)."""
    return [i for i in items if i.resource_type == "Condition" and condition_active_at(i, t)]


def other_causes_of_fainting(active: Sequence[ClinicalItem]) -> list[ClinicalItem]:
    """The active seizure disorders among the active Conditions, else the active anaemias (not a "History of ..."
    situation)."""
    for words in (SEIZURE_CAUSE_WORDS, BLOOD_CAUSE_WORDS):
        causes = [i for i in active if any_phrase(i.display, words) and not i.display.lower().startswith("history of")]
        if causes:
            return causes
    return []
