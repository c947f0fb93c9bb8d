"""Omeprazole or esomeprazole with clopidogrel in force: the PPI blocks CYP2C19, which activates clopidogrel, so an
undocumented PPI is a medium gap citing the clopidogrel request; with no clopidogrel in force it cites nothing and
stays low."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import RXNORM, Seeder
from tests.reconcile.test_rules import SIMVASTATIN, Case, decided
from tests.reconcile.test_supplements_precursors_and_episodes import CLOPIDOGREL

CASES: list[Case] = [
    (
        "omeprazole with clopidogrel in force",
        [CLOPIDOGREL],
        {"type": "medication_intake", "fields": {"drug": "omeprazole"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "309362")},
    ),
    (
        "esomeprazole with clopidogrel in force",
        [CLOPIDOGREL, SIMVASTATIN],
        {"type": "regimen_change", "fields": {"drug": "esomeprazole", "action": "start"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "309362")},
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_ppi_blunts_clopidogrel(
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


def test_a_ppi_without_clopidogrel_is_a_low_gap(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    record = {"type": "medication_intake", "fields": {"drug": "omeprazole"}}
    decided(client, user_id, seed, snapshot, ([SIMVASTATIN], record, ("gap", "low", False), set()))
