"""Rubric readings (issue #7): a vaccination said for a period ("at my check-up in December") agrees with a
dose recorded anywhere in it; a tree nut named by kind ("walnut") is the recorded nut allergy, a peanut is not;
a forgotten dose over a run of days ("both Saturday and Sunday") is skipping, not an occasional miss; a drug
listed for seizures (diazepam) prescribed to someone with epilepsy is their antiepileptic; a near-faint is high
like a faint with a recorded heart condition, else a minor symptom; a maximal lift is high-intensity exertion."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.regimen_actions import skips_a_run_of_days
from tests.reconcile.conftest import CVX, LOINC, RXNORM, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import BP_HIGH, HYPERTENSION, SEIZURE_DISORDER, WARFARIN, Case, decided
from tests.reconcile.test_supplements_precursors_and_episodes import ATRIAL_FIBRILLATION

TD_BOOSTER = resource(
    "Immunization",
    "i-td",
    system=CVX,
    code="113",
    display="Td (adult) preservative free",
    status="completed",
    event_start=t("2020-12-02"),
)
NUT_ALLERGY = resource(
    "AllergyIntolerance",
    "a-nut",
    system=SNOMED,
    code="91934008",
    display="Allergy to nut",
    clinical_status="active",
    recorded_at=t("2004-05-01"),
)
DIAZEPAM = resource(
    "MedicationRequest",
    "mr-diazepam",
    system=RXNORM,
    code="563026",
    display="Diazepam [Valium]",
    status="active",
    event_start=t("2019-02-01"),
)

DECEMBER = {"event_time": t("2020-12-01"), "event_end": t("2021-01-01")}
TD_SAID = {"type": "clinical_visit", "fields": {"kind": "vaccination"}, "quote": "my tetanus booster, at my check-up"}

CASES: list[Case] = [
    (
        "a booster said for a month agrees with a dose that month",
        [TD_BOOSTER],
        {**TD_SAID, **DECEMBER},
        ("agreement", None, False),
        {("Immunization", CVX, "113")},
    ),
    (
        "a booster said for a month is not a dose of an earlier year",
        [{**TD_BOOSTER, "props": {**TD_BOOSTER["props"], "event_start": t("2019-12-02")}}],
        {**TD_SAID, **DECEMBER},
        ("gap", "low", False),
        set(),
    ),
    (
        "a walnut reaction is the recorded nut allergy",
        [NUT_ALLERGY],
        {"type": "allergy", "fields": {"substance": "walnut", "substance_kind": "food"}},
        ("agreement", None, False),
        {("AllergyIntolerance", SNOMED, "91934008")},
    ),
    (
        "a peanut is not a tree nut",
        [NUT_ALLERGY],
        {"type": "allergy", "fields": {"substance": "peanut", "substance_kind": "food"}},
        ("gap", "low", False),
        set(),
    ),
    (
        "warfarin forgotten two days running is skipping",
        [WARFARIN],
        {
            "type": "regimen_change",
            "fields": {"drug": "warfarin", "action": "skip"},
            "quote": "with the grandkids over I forgot my warfarin both Saturday and Sunday",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "warfarin forgotten once is an occasional miss",
        [WARFARIN],
        {
            "type": "regimen_change",
            "fields": {"drug": "warfarin", "action": "skip"},
            "quote": "I forgot my warfarin one evening",
        },
        ("contradiction", "medium", False),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "diazepam stopped with a recorded seizure disorder",
        [DIAZEPAM, SEIZURE_DISORDER],
        {"type": "regimen_change", "fields": {"drug": "diazepam", "action": "stop"}},
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "563026")},
    ),
    (
        "a near-faint with atrial fibrillation on record",
        [ATRIAL_FIBRILLATION],
        {
            "type": "symptom",
            "fields": {"name": "near fainting"},
            "quote": "stood up and everything went grey, I nearly passed out",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "49436004")},
    ),
    (
        "a near-faint with no heart condition on record",
        [],
        {"type": "symptom", "fields": {"name": "near fainting"}, "quote": "I felt faint in the hot shop"},
        ("gap", "low", False),
        set(),
    ),
    (
        "a maximal lift with uncontrolled hypertension",
        [HYPERTENSION, BP_HIGH],
        {
            "type": "exercise",
            "fields": {"activity": "deadlift"},
            "quote": "went for a new deadlift max on Monday, held my breath and went purple",
        },
        ("gap", "medium", True),
        {("Condition", SNOMED, "38341003"), ("Observation", LOINC, "85354-9")},
    ),
    (
        "diazepam stopped without a seizure condition",
        [DIAZEPAM],
        {"type": "regimen_change", "fields": {"drug": "diazepam", "action": "stop"}},
        ("contradiction", "medium", False),
        {("MedicationRequest", RXNORM, "563026")},
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_reading(
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


@pytest.mark.parametrize(
    ("quote", "run"),
    [
        ("missed it all weekend", True),
        ("forgot the metformin three days in a row", True),
        ("haven't remembered it for the past two days", True),
        ("forgot it both mornings", True),
        ("I forget it once in a while", False),
        ("forgot it once over the weekend", False),
        ("missed a dose on Friday", False),
        (None, False),
    ],
)
def test_a_run_of_days(quote: str | None, run: bool) -> None:
    assert skips_a_run_of_days(quote) is run


def test_a_statin_is_known_by_its_class_or_its_vastatin_name_not_by_nystatin() -> None:
    from app.reconcile.matching import DrugFacts

    assert DrugFacts("pitavastatin").is_statin and DrugFacts("zocor-like", "statin").is_statin
    assert not DrugFacts("nystatin", "antifungal").is_statin
