"""Rubric readings (issue #7, round 23): a vaccine said by its brand ("my second Shingrix shot", "the Prevnar
jab") is read as its family, so another vaccine given the same week (a flu shot) does not agree with it; a
contraceptive said by its lay class ("my birth control pills", "the pill") is the person's own contraceptive
request; a dose spaced out to make an antihypertensive last is a change of its dose."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import CVX, RXNORM, Seeder, resource, t
from tests.reconcile.test_rules import AMLODIPINE, FLU_SHOT, METFORMIN, Case, decided

ZOSTER_DOSE = resource(
    "Immunization",
    "i-zoster",
    system=CVX,
    code="187",
    display="zoster vaccine recombinant",
    status="completed",
    event_start=t("2021-03-02"),
)
PNEUMO_DOSE = resource(
    "Immunization",
    "i-pneumo",
    system=CVX,
    code="133",
    display="Pneumococcal conjugate PCV 13",
    status="completed",
    event_start=t("2021-03-02"),
)
TRINESSA = resource(
    "MedicationRequest",
    "mr-trinessa",
    system=RXNORM,
    code="751905",
    display="Trinessa 28 Day Pack",
    status="active",
    event_start=t("2020-07-03"),
)
EARLY_MARCH = {"event_time": t("2021-03-03")}


def _vaccination(quote: str) -> dict[str, Any]:
    return {"type": "clinical_visit", "fields": {"kind": "vaccination"}, "quote": quote, **EARLY_MARCH}


def _lay_skip(quote: str) -> dict[str, Any]:
    fields = {"drug": "hormonal contraceptive", "action": "skip"}
    return {"type": "regimen_change", "fields": fields, "quote": quote}


CASES: list[Case] = [
    (
        "a Shingrix dose is not the flu shot given that week",
        [FLU_SHOT],
        _vaccination("the pharmacist gave me my second Shingrix shot"),
        ("gap", "low", False),
        set(),
    ),
    (
        "a Shingrix dose agrees with a recorded zoster dose",
        [FLU_SHOT, ZOSTER_DOSE],
        _vaccination("got the Shingrix jab at the chemist"),
        ("agreement", None, False),
        {("Immunization", CVX, "187")},
    ),
    (
        "a Prevnar jab agrees with a recorded pneumococcal dose",
        [PNEUMO_DOSE],
        _vaccination("had my Prevnar jab"),
        ("agreement", None, False),
        {("Immunization", CVX, "133")},
    ),
    (
        "a Prevnar jab is not the flu shot",
        [FLU_SHOT],
        _vaccination("the nurse gave me Prevnar"),
        ("gap", "low", False),
        set(),
    ),
    (
        "missed birth control pills are the person's contraceptive request",
        [TRINESSA],
        _lay_skip("missed two of my birth control pills this week"),
        ("contradiction", "medium", False),
        {("MedicationRequest", RXNORM, "751905")},
    ),
    (
        "a forgotten pill said as 'the pill' is the contraceptive request",
        [TRINESSA, METFORMIN],
        _lay_skip("forgot to take the pill on Tuesday"),
        ("contradiction", "medium", False),
        {("MedicationRequest", RXNORM, "751905")},
    ),
    (
        "birth control pills with no contraceptive on record",
        [METFORMIN],
        _lay_skip("missed one of my birth control pills"),
        ("gap", "medium", False),
        set(),
    ),
    (
        "amlodipine spaced out to last until the refill is a change of its dose",
        [AMLODIPINE],
        {
            "type": "regimen_change",
            "fields": {"drug": "amlodipine", "action": "dose_change"},
            "quote": "to make the amlodipine last until the refill, I've been taking it every other day",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "197361")},
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
