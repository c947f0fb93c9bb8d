"""Reconciler rules (issue #7), each with near misses: chest pain said as a feeling with a pain quality ("a tight,
squeezing feeling across my chest") is the acute danger with a cardiac history, a feeling with no pain quality
is not; an accidental double dose said by a count swallowed ("I swallowed two warfarin") or by a first dose
forgotten ("I'd forgotten I already had the first one"), not by a forgotten appointment; signs of an allergic
reaction after the allergen of a recorded allergy ("a bee got me ... my throat feels tight") are an acute danger
citing that allergy, the same signs without the allergen are not; a bleeding-risk supplement cites an NSAID in
force ("ginkgo" with naproxen), a supplement without that risk does not; a device implanted or a steroid injected
is an undocumented procedure; a shellfish named by its kind matches a recorded shellfish allergy, a fish does
not; a fever under chemotherapy with a recorded cancer is an acute danger citing the cancer, a fever without
chemotherapy or a normal temperature is not."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import RXNORM, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import CORONARY, WARFARIN, Case, decided

BEE_VENOM = resource(
    "AllergyIntolerance",
    "a-bee",
    system=SNOMED,
    code="424213003",
    display="Allergy to bee venom",
    clinical_status="active",
    recorded_at=t("2012-05-01"),
)
SHELLFISH = resource(
    "AllergyIntolerance",
    "a-shellfish",
    system=SNOMED,
    code="300913006",
    display="Shellfish (substance)",
    clinical_status="active",
    recorded_at=t("2012-05-01"),
)

NAPROXEN = resource(
    "MedicationRequest",
    "mr-naproxen",
    system=RXNORM,
    code="849574",
    display="Naproxen sodium 220 MG Oral Tablet",
    status="active",
    event_start=t("2019-11-22"),
)

PROSTATE_NEOPLASM = resource(
    "Condition",
    "c-prostate",
    system=SNOMED,
    code="126906006",
    display="Neoplasm of prostate",
    clinical_status="active",
    event_start=t("2019-02-01"),
)

CASES: list[Case] = [
    # --- chest pain said as a feeling with a pain quality ---
    (
        "a tight, squeezing feeling across my chest with coronary disease",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "I woke up with a tight, squeezing feeling across my chest."},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "a heavy squeezing sensation in the middle of my chest with coronary disease",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "I got this heavy squeezing sensation in the middle of my chest"},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "a crushing feeling in my chest without a cardiac history",
        [],
        {"type": "symptom", "fields": {}, "quote": "there was a crushing feeling in my chest on the stairs"},
        ("gap", "medium", False),
        set(),
    ),
    (
        "a funny feeling in my chest has no pain quality",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "I had a funny feeling in my chest after the coffee"},
        ("gap", "low", False),
        set(),
    ),
    (
        "a squeezing feeling in my hand is no chest pain",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "a tight squeezing feeling in my hand when I write"},
        ("gap", "low", False),
        set(),
    ),
    # --- signs of an allergic reaction after a recorded allergen ---
    (
        "a bee sting with a tight throat and tingling lips",
        [BEE_VENOM],
        {
            "type": "symptom",
            "fields": {"name": "throat pain"},
            "quote": "A bee got me on the neck and now my throat feels tight and my lips are tingling.",
        },
        ("gap", "high", True),
        {("AllergyIntolerance", SNOMED, "424213003")},
    ),
    (
        "shellfish eaten and trouble breathing",
        [SHELLFISH, BEE_VENOM],
        {"type": "symptom", "fields": {}, "quote": "Had shellfish at lunch and now I can't breathe properly"},
        ("gap", "high", True),
        {("AllergyIntolerance", SNOMED, "300913006")},
    ),
    (
        "a tight throat with no allergen named",
        [BEE_VENOM],
        {"type": "symptom", "fields": {"name": "throat pain"}, "quote": "My throat feels tight after the cold."},
        ("gap", "low", False),
        set(),
    ),
    (
        "a bee sting with only a sore arm",
        [BEE_VENOM],
        {"type": "symptom", "fields": {"name": "arm pain"}, "quote": "A bee stung my arm and it is sore."},
        ("gap", "low", False),
        set(),
    ),
    # --- a bleeding-risk supplement with an NSAID in force ---
    (
        "ginkgo with naproxen in force",
        [NAPROXEN],
        {"type": "medication_intake", "fields": {"drug": "ginkgo biloba"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "849574")},
    ),
    (
        "fish oil with naproxen in force",
        [NAPROXEN],
        {"type": "medication_intake", "fields": {"drug": "fish oil"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "849574")},
    ),
    (
        "melatonin does not add to naproxen",
        [NAPROXEN],
        {"type": "medication_intake", "fields": {"drug": "melatonin"}},
        ("gap", "low", False),
        set(),
    ),
    # --- a fever under chemotherapy with a recorded cancer ---
    (
        "a thermometer reading of 39.2 a week after an infusion",
        [PROSTATE_NEOPLASM],
        {
            "type": "vital_sign",
            "fields": {"kind": "temperature", "value": 39.2},
            "quote": "the thermometer says 39.2. My last docetaxel infusion was a week ago.",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "126906006")},
    ),
    (
        "a fever in Fahrenheit on chemo",
        [PROSTATE_NEOPLASM],
        {
            "type": "vital_sign",
            "fields": {"kind": "temperature", "value": 101.5},
            "quote": "I'm running 101.5 since my chemo on Monday",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "126906006")},
    ),
    (
        "a fever symptom on chemo",
        [PROSTATE_NEOPLASM],
        {"type": "symptom", "fields": {"name": "fever"}, "quote": "I've had a fever since the chemo yesterday"},
        ("gap", "high", True),
        {("Condition", SNOMED, "126906006")},
    ),
    (
        "a normal temperature on chemo",
        [PROSTATE_NEOPLASM],
        {
            "type": "vital_sign",
            "fields": {"kind": "temperature", "value": 37.1},
            "quote": "temperature 37.1 after the chemo",
        },
        ("gap", "low", False),
        set(),
    ),
    (
        "a fever without chemotherapy",
        [PROSTATE_NEOPLASM],
        {"type": "vital_sign", "fields": {"kind": "temperature", "value": 38.6}, "quote": "my temp is 38.6"},
        ("gap", "low", False),
        set(),
    ),
    (
        "a fever on chemo without a recorded cancer",
        [],
        {"type": "vital_sign", "fields": {"kind": "temperature", "value": 38.6}, "quote": "38.6 after my infusion"},
        ("gap", "low", False),
        set(),
    ),
    # --- a shellfish named by its kind ---
    (
        "shrimp matches the recorded shellfish allergy",
        [SHELLFISH],
        {"type": "allergy", "fields": {"substance": "shrimp", "substance_kind": "food"}},
        ("agreement", None, False),
        {("AllergyIntolerance", SNOMED, "300913006")},
    ),
    (
        "crab denied against the recorded shellfish allergy",
        [SHELLFISH],
        {"type": "allergy", "fields": {"substance": "crab", "substance_kind": "food", "status": "denied"}},
        ("contradiction", "medium", False),
        {("AllergyIntolerance", SNOMED, "300913006")},
    ),
    (
        "salmon is no shellfish",
        [SHELLFISH],
        {"type": "allergy", "fields": {"substance": "salmon", "substance_kind": "food"}},
        ("gap", "low", False),
        set(),
    ),
    # --- a device implanted or a steroid injected ---
    (
        "a loop recorder implanted",
        [],
        {"type": "surgery_history", "fields": {"procedure": "loop recorder implant"}},
        ("gap", "medium", False),
        set(),
    ),
    (
        "a steroid injection in the hip",
        [],
        {"type": "surgery_history", "fields": {"procedure": "steroid injection"}},
        ("gap", "medium", False),
        set(),
    ),
    # --- an accidental double dose said by a count or a forgotten first dose ---
    (
        "two warfarin swallowed at once",
        [WARFARIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "warfarin"},
            "quote": "it turns out I swallowed two warfarin yesterday evening",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "the first dose forgotten",
        [WARFARIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "warfarin"},
            "quote": "I had my warfarin after supper, I'd forgotten I already had the first one",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "a forgotten appointment is no double dose",
        [WARFARIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "warfarin"},
            "quote": "I took my warfarin with supper, I forgot I already had an appointment tomorrow",
        },
        ("agreement", None, False),
        {("MedicationRequest", RXNORM, "855332")},
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
