"""Reconciler rules (issue #7), each with near misses: a supplement's interactions (fish oil's
bleeding risk under its dictionary key, St John's wort lowering a CYP3A4 statin), a new diagnosis cited
against its recorded precursor, a seizure named by the disorder ("one of my fits"), chest pressure
words, the heart condition a fainting is cited against, and the most specific allergy matched."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import RXNORM, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import CORONARY, SEIZURE_DISORDER, SIMVASTATIN, WARFARIN, Case, decided

CLOPIDOGREL = resource(
    "MedicationRequest",
    "mr-clopidogrel",
    system=RXNORM,
    code="309362",
    display="Clopidogrel 75 MG Oral Tablet",
    status="active",
    event_start=t("2020-02-01"),
)
PREDIABETES = resource(
    "Condition",
    "c-prediabetes",
    system=SNOMED,
    code="15777000",
    display="Prediabetes",
    clinical_status="active",
    event_start=t("2017-05-01"),
)
PREDIABETES_RESOLVED = {**PREDIABETES, "props": {**PREDIABETES["props"], "clinical_status": "resolved"}}
EPILEPSY = resource(
    "Condition",
    "c-epilepsy",
    system=SNOMED,
    code="84757009",
    display="Epilepsy",
    clinical_status="active",
    event_start=t("2012-03-01"),
)
ATRIAL_FIBRILLATION = resource(
    "Condition",
    "c-af",
    system=SNOMED,
    code="49436004",
    display="Atrial Fibrillation",
    clinical_status="active",
    event_start=t("2018-03-01"),
)
STROKE = resource(
    "Condition",
    "c-stroke",
    system=SNOMED,
    code="230690007",
    display="Stroke",
    clinical_status="active",
    event_start=t("2015-03-01"),
)
CARDIAC_ARREST = resource(
    "Condition",
    "c-arrest",
    system=SNOMED,
    code="410429000",
    display="Cardiac Arrest",
    clinical_status="active",
    event_start=t("2019-03-01"),
)
CARDIAC_ARREST_HISTORY = resource(
    "Condition",
    "c-arrest-hx",
    system=SNOMED,
    code="429007001",
    display="History of cardiac arrest (situation)",
    clinical_status="active",
    event_start=t("2019-03-01"),
)
GRASS_POLLEN = resource(
    "AllergyIntolerance",
    "a-grass",
    system=SNOMED,
    code="418689008",
    display="Allergy to grass pollen",
    clinical_status="active",
    recorded_at=t("2010-05-01"),
)
TREE_POLLEN = resource(
    "AllergyIntolerance",
    "a-tree",
    system=SNOMED,
    code="419263009",
    display="Allergy to tree pollen",
    clinical_status="active",
    recorded_at=t("2010-05-01"),
)

CASES: list[Case] = [
    # --- supplements with interaction potential ---
    (
        "fish oil (its dictionary key) on warfarin: bleeding risk",
        [WARFARIN],
        {"type": "medication_intake", "fields": {"drug": "fish oil"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "fish oil without an anticoagulant cites nothing",
        [SIMVASTATIN],
        {"type": "medication_intake", "fields": {"drug": "omega-3 fatty acids"}},
        ("gap", "medium", False),
        set(),
    ),
    (
        "St John's wort lowers a CYP3A4 statin and adds to an antiplatelet",
        [CLOPIDOGREL, SIMVASTATIN],
        {"type": "medication_intake", "fields": {"drug": "st john's wort"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "309362"), ("MedicationRequest", RXNORM, "316672")},
    ),
    (
        "St John's wort alone with a statin",
        [SIMVASTATIN],
        {"type": "medication_intake", "fields": {"drug": "st john's wort"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "316672")},
    ),
    (
        "melatonin is no CYP3A4 inducer",
        [SIMVASTATIN],
        {"type": "medication_intake", "fields": {"drug": "melatonin"}},
        ("gap", "low", False),
        set(),
    ),
    # --- a new diagnosis and its recorded precursor ---
    (
        "type 2 diabetes over recorded prediabetes",
        [PREDIABETES],
        {"type": "condition", "fields": {"name": "diabetes", "status": "active"}},
        ("gap", "medium", False),
        {("Condition", SNOMED, "15777000")},
    ),
    (
        "a new condition that prediabetes does not precede",
        [PREDIABETES],
        {"type": "condition", "fields": {"name": "asthma", "status": "active"}},
        ("gap", "medium", False),
        set(),
    ),
    (
        "a resolved precursor is not cited",
        [PREDIABETES_RESOLVED],
        {"type": "condition", "fields": {"name": "type 2 diabetes", "status": "active"}},
        ("gap", "medium", False),
        set(),
    ),
    # --- seizures named by the disorder, chest pressure words ---
    (
        "one of my fits with recorded epilepsy",
        [EPILEPSY],
        {"type": "symptom", "fields": {"name": "fits"}, "quote": "I had one of my fits yesterday"},
        ("gap", "high", True),
        {("Condition", SNOMED, "84757009")},
    ),
    (
        "an episode of epilepsy without a record is still a seizure",
        [],
        {"type": "symptom", "fields": {"name": "epilepsy"}},
        ("gap", "high", True),
        set(),
    ),
    (
        "'fits' in the quote only is no seizure",
        [SEIZURE_DISORDER],
        {"type": "symptom", "fields": {"name": "blister"}, "quote": "the new shoe fits badly, I got a blister"},
        ("gap", "low", False),
        set(),
    ),
    (
        "squeezing in my chest with coronary disease",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "I got this squeezing in my chest going into my left arm"},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    # --- the heart condition a fainting is cited against ---
    (
        "fainting cites the rhythm disorder among heart conditions",
        [ATRIAL_FIBRILLATION, STROKE, CARDIAC_ARREST, CARDIAC_ARREST_HISTORY],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "I passed out in the kitchen"},
        ("gap", "high", True),
        {("Condition", SNOMED, "49436004")},
    ),
    (
        # round 25: the history is cited with the condition, as for chest pain (every read set's writer cites both)
        "without a rhythm disorder: the heart condition and its history, not a stroke",
        [STROKE, CARDIAC_ARREST, CARDIAC_ARREST_HISTORY],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "I passed out in the kitchen"},
        ("gap", "high", True),
        {("Condition", SNOMED, "410429000"), ("Condition", SNOMED, "429007001")},
    ),
    (
        "with no heart condition a fainting cites the vascular one (a stroke)",
        [STROKE],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "I blacked out"},
        ("gap", "high", True),
        {("Condition", SNOMED, "230690007")},
    ),
    # --- the most specific allergy ---
    (
        "grass pollen matches the grass pollen allergy only",
        [GRASS_POLLEN, TREE_POLLEN],
        {"type": "allergy", "fields": {"substance": "grass pollen", "substance_kind": "environment"}},
        ("agreement", None, False),
        {("AllergyIntolerance", SNOMED, "418689008")},
    ),
    (
        "pollen matches every pollen allergy",
        [GRASS_POLLEN, TREE_POLLEN],
        {"type": "allergy", "fields": {"substance": "pollen", "substance_kind": "environment"}},
        ("agreement", None, False),
        {("AllergyIntolerance", SNOMED, "418689008"), ("AllergyIntolerance", SNOMED, "419263009")},
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
