"""The recorded conditions a danger symptom is cited against, beyond the first choice of :mod:`.symptom_rules`.

- chest pain relies on every active cardiac Condition the record holds, a "History of ..." situation included
  ("Cardiac Arrest" and "History of cardiac arrest"): both say the heart history the pain is read against;
- a seizure, and a fainting with no heart condition recorded (a blackout may be a seizure), rely on every active
  seizure entry when a seizure disorder is recorded, its "History of ..." situation included;
- a fainting with no heart, seizure or vascular condition recorded is read against an active blood cause of fainting
  (an anaemia), when the record holds one;
- a fainting's heart causes are the rhythm disorders when there are any, else every heart condition
  (:func:`syncope_causes`); with none, the vascular conditions it bears on (``VASCULAR_WORDS``);
- a face or speech failing with no neurological history and no embolic source recorded is read against a recorded
  hypertension (:func:`stroke_risk_conditions`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from app.reconcile.context import ClinicalItem, condition_active_at
from app.reconcile.matching import any_phrase

SEIZURE_WORDS = ("epilepsy", "epileptic", "seizure", "seizures")
"""A recorded seizure entry: a disorder, or its "History of single seizure" situation."""
BLOOD_CAUSE_WORDS = ("anemia", "anaemia")
"""A recorded anaemia: a cause of fainting the record may hold when it holds no heart or vascular condition."""


def cardiac_conditions_relied_on(items: Sequence[ClinicalItem], t: datetime) -> list[ClinicalItem]:
    """The active cardiac Conditions among ``items`` (a "History of ..." situation included), or ``[]`` when none is
    active (the caller then falls back on what the record held)."""
    return [i for i in items if i.resource_type == "Condition" and condition_active_at(i, t)]


def seizure_conditions_relied_on(items: Sequence[ClinicalItem], t: datetime) -> list[ClinicalItem]:
    """The active seizure entries among ``items`` when a seizure disorder is among them: the disorder and its "History
    of ..." situation ("Seizure disorder" with "History of single seizure"), as chest pain cites the heart's; else
    ``[]``."""
    active = [i for i in items if i.resource_type == "Condition" and condition_active_at(i, t)]
    entries = [i for i in active if any_phrase(i.display, SEIZURE_WORDS)]
    disorder = any(not i.display.lower().startswith("history of") for i in entries)
    return entries if disorder else []


def blood_causes_of_fainting(active: Sequence[ClinicalItem]) -> list[ClinicalItem]:
    """The active anaemias among the active Conditions (not a "History of ..." situation)."""
    return [
        i
        for i in active
        if any_phrase(i.display, BLOOD_CAUSE_WORDS) and not i.display.lower().startswith("history of")
    ]


RHYTHM_WORDS = (
    "fibrillation",
    "flutter",
    "arrhythmia",
    "heart block",
    "atrioventricular block",
    "tachycardia",
    "bradycardia",
    "sick sinus",
    "long qt",
)
"""Rhythm disorders, the first cardiac cause of fainting: cited alone when the record holds one."""
NOT_HEART_WORDS = ("stroke", "cerebrovascular")
VASCULAR_WORDS = ("hypertension", "hypertensive", "stroke", "cerebrovascular", "transient ischemic")
"""With no heart condition recorded, a fainting is cited against the vascular conditions it bears on
(a recorded hypertension, a stroke)."""


def syncope_causes(heart: Sequence[ClinicalItem]) -> list[ClinicalItem]:
    """The active heart conditions a fainting is cited against: the rhythm disorders when there are any,
    else every heart condition, its "History of ..." situation included ("Cardiac arrest" with "History of
    cardiac arrest", as chest pain cites them; a stroke is no heart condition)."""
    cardiac = [i for i in heart if not any_phrase(i.display, NOT_HEART_WORDS)]
    rhythm = [i for i in cardiac if any_phrase(i.display.lower(), RHYTHM_WORDS)]
    disorders = [i for i in rhythm if not i.display.lower().startswith("history of")]
    return disorders or rhythm or cardiac


FACE_OR_SPEECH_SIGNS = (
    "face drooping",
    "facial droop",
    "face drooped",
    "drooping face",
    "face is drooping",
    "slurred speech",
    "trouble speaking",
    "dysarthria",
    "slurred",
    "slurring",
    "garbled",
)
"""Stroke signs of the face or the speech (numbness alone is not one of them)."""
STROKE_RISK = ("hypertension", "hypertensive")
"""A recorded hypertension, the commonest cause of stroke: a face or speech failing is tied to it when no
neurological history and no embolic source is recorded."""


def stroke_risk_conditions(conditions: Sequence[ClinicalItem], t: datetime) -> list[ClinicalItem]:
    """The active recorded hypertension (:data:`STROKE_RISK`) a face or speech failing is tied to when nothing closer
    to a stroke is recorded."""
    return [i for i in conditions if condition_active_at(i, t) and any_phrase(i.display, STROKE_RISK)]
