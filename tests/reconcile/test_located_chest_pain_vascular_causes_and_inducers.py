"""Reconciler rules (issue #7), each with near misses: chest pain placed in the chest by the quote ("a squeezing
pain right in the middle of my chest"), the vascular conditions a fainting is cited against when no heart
condition is recorded (stroke signs still cite the neurological history only), a CYP3A4 inducer cited against
a hormonal contraceptive, a furry animal matched to an animal dander allergy, a condition matched by its
dictionary name ("sinus trouble" and a recorded chronic sinusitis), and a procedure grounded from the quote."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import RXNORM, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import CORONARY, HYPERTENSION, SIMVASTATIN, Case, decided
from tests.reconcile.test_supplements_precursors_and_episodes import (
    ATRIAL_FIBRILLATION,
    CARDIAC_ARREST,
    EPILEPSY,
    STROKE,
)

SEASONIQUE = resource(
    "MedicationRequest",
    "mr-seasonique",
    system=RXNORM,
    code="749762",
    display="Seasonique 91 Day Pack",
    status="active",
    event_start=t("2019-01-01"),
)
MIRENA = resource(
    "MedicationRequest",
    "mr-mirena",
    system=RXNORM,
    code="807283",
    display="Mirena 52 MG Intrauterine System",
    status="active",
    event_start=t("2019-01-01"),
)
DANDER_ALLERGY = resource(
    "AllergyIntolerance",
    "a-dander",
    system=SNOMED,
    code="232347008",
    display="Dander (animal) allergy",
    clinical_status="active",
    recorded_at=t("2010-05-01"),
)
PEANUT = resource(
    "AllergyIntolerance",
    "a-peanut",
    system=SNOMED,
    code="91935009",
    display="Allergy to peanuts",
    clinical_status="active",
    recorded_at=t("2010-05-01"),
)
CHRONIC_SINUSITIS = resource(
    "Condition",
    "c-sinusitis",
    system=SNOMED,
    code="40055000",
    display="Chronic sinusitis (disorder)",
    clinical_status="active",
    event_start=t("2012-01-01"),
)
CATARACT_SURGERY = resource(
    "Procedure",
    "p-cataract",
    system=SNOMED,
    code="110473004",
    display="Cataract surgery",
    status="completed",
    event_start=t("2020-11-01"),
)

CASES: list[Case] = [
    # --- chest pain placed in the chest by the quote ---
    (
        "a squeezing pain right in the middle of my chest with coronary disease",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "I got a tight, squeezing pain right in the middle of my chest."},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "a pain across my chest with coronary disease",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "I had a sharp pain across my chest on the stairs."},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "a pain in the middle of my back is no chest pain",
        [CORONARY],
        {"type": "symptom", "fields": {"name": "back pain"}, "quote": "a pain in the middle of my back"},
        ("gap", "low", False),
        set(),
    ),
    # --- the conditions a fainting is cited against ---
    (
        "no heart condition: a fainting cites the recorded hypertension and stroke",
        [HYPERTENSION, STROKE],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "I fainted in the queue at the chemist"},
        ("gap", "high", True),
        {("Condition", SNOMED, "38341003"), ("Condition", SNOMED, "230690007")},
    ),
    (
        "a heart condition is cited alone, not the hypertension beside it",
        [HYPERTENSION, CARDIAC_ARREST],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "I passed out"},
        ("gap", "high", True),
        {("Condition", SNOMED, "410429000")},
    ),
    (
        "no vascular or heart condition: a fainting cites the recorded epilepsy (a blackout may be a seizure)",
        [EPILEPSY],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "I blacked out"},
        ("gap", "high", True),
        {("Condition", SNOMED, "84757009")},
    ),
    # --- stroke signs and the rhythm disorder ---
    (
        "numbness and garbled words cite the stroke, not the atrial fibrillation",
        [STROKE, ATRIAL_FIBRILLATION],
        {"type": "symptom", "fields": {}, "quote": "my right hand went numb and my words came out all garbled"},
        ("gap", "high", True),
        {("Condition", SNOMED, "230690007")},
    ),
    (
        "a seizure cites the epilepsy, not the atrial fibrillation",
        [EPILEPSY, ATRIAL_FIBRILLATION],
        {"type": "symptom", "fields": {"name": "seizure"}, "quote": "I had a seizure at work"},
        ("gap", "high", True),
        {("Condition", SNOMED, "84757009")},
    ),
    (
        "stroke signs without a neurological history are no acute danger",
        [ATRIAL_FIBRILLATION],
        {"type": "symptom", "fields": {"name": "numbness"}, "quote": "my toes went numb in the cold"},
        ("gap", "low", False),
        set(),
    ),
    # --- a CYP3A4 inducer and a hormonal contraceptive ---
    (
        "St John's wort lowers a hormonal contraceptive",
        [SEASONIQUE],
        {"type": "medication_intake", "fields": {"drug": "st john's wort"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "749762")},
    ),
    (
        "St John's wort with a statin and a contraceptive cites both",
        [SEASONIQUE, SIMVASTATIN],
        {"type": "medication_intake", "fields": {"drug": "st john's wort"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "749762"), ("MedicationRequest", RXNORM, "316672")},
    ),
    (
        "a hormonal IUD acts locally: not cited",
        [MIRENA],
        {"type": "medication_intake", "fields": {"drug": "st john's wort"}},
        ("gap", "medium", False),
        set(),
    ),
    (
        "melatonin is no inducer",
        [SEASONIQUE],
        {"type": "medication_intake", "fields": {"drug": "melatonin"}},
        ("gap", "low", False),
        set(),
    ),
    # --- a furry animal and an animal dander allergy ---
    (
        "denying a cat allergy against a recorded dander allergy",
        [DANDER_ALLERGY],
        {"type": "allergy", "fields": {"substance": "cats", "substance_kind": "environment", "status": "denied"}},
        ("contradiction", "medium", False),
        {("AllergyIntolerance", SNOMED, "232347008")},
    ),
    (
        "a dog allergy agrees with the dander allergy",
        [DANDER_ALLERGY],
        {"type": "allergy", "fields": {"substance": "dogs", "substance_kind": "environment"}},
        ("agreement", None, False),
        {("AllergyIntolerance", SNOMED, "232347008")},
    ),
    (
        "peanuts do not match the dander allergy",
        [DANDER_ALLERGY, PEANUT],
        {"type": "allergy", "fields": {"substance": "peanuts", "substance_kind": "food", "status": "denied"}},
        ("contradiction", "medium", False),
        {("AllergyIntolerance", SNOMED, "91935009")},
    ),
    # --- a condition by its dictionary name, a procedure grounded from the quote ---
    (
        "sinus trouble reported gone cites the recorded chronic sinusitis",
        [CHRONIC_SINUSITIS],
        {"type": "condition", "fields": {"name": "sinus trouble", "status": "resolved"}},
        ("gap", "low", False),
        {("Condition", SNOMED, "40055000")},
    ),
    (
        "a procedure named only in the quote is grounded and matched",
        [CATARACT_SURGERY],
        {"type": "surgery_history", "fields": {}, "quote": "I had cataract surgery on my left eye", "event_time": None},
        ("agreement", None, False),
        {("Procedure", SNOMED, "110473004")},
    ),
    (
        "a procedure named only in the quote and absent from the record",
        [],
        {"type": "surgery_history", "fields": {}, "quote": "they did cataract surgery on my left eye"},
        ("gap", "medium", False),
        set(),
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_rule_decides_kind_severity_safety_and_cites(
    client: GraphClient,
    user_id: str,
    seed: Seeder,
    snapshot: DictionarySnapshot,
    resources: list[dict[str, Any]],
    record: dict[str, Any],
    expected: tuple[str, str | None, bool],
    cites: set[tuple[str, str, str]],
) -> None:
    decided(client, user_id, seed, snapshot, (resources, record, expected, cites))
