"""A dose missed on a single occasion ("I missed my amlodipine one day last week") is an occasional missed dose,
a medium contradiction (issue #7 rubric); a run of skipped days said without a single occasion stays the
deliberate skip the rules judge as before."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import RXNORM, Seeder
from tests.reconcile.test_rules import AMLODIPINE, Case, decided, run

CASES: list[Case] = [
    (
        "missed one day last week",
        [AMLODIPINE],
        {
            "type": "regimen_change",
            "fields": {"drug": "amlodipine", "action": "skip"},
            "quote": "To be honest I missed my amlodipine one day last week.",
        },
        ("contradiction", "medium", False),
        {("MedicationRequest", RXNORM, "197361")},
    ),
    (
        "one evening dose missed",
        [AMLODIPINE],
        {
            "type": "regimen_change",
            "fields": {"drug": "amlodipine", "action": "skip"},
            "quote": "the Norvasc slipped my mind one evening while we had guests",
        },
        ("contradiction", "medium", False),
        {("MedicationRequest", RXNORM, "197361")},
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_single_missed_dose_is_occasional(
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


def test_days_skipped_on_purpose_are_not_occasional(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    seed([AMLODIPINE])
    record = {
        "type": "regimen_change",
        "fields": {"drug": "amlodipine", "action": "skip"},
        "quote": "I've skipped my amlodipine for the last three days on purpose.",
    }
    finding = run(client, user_id, snapshot, record)
    assert finding.kind == "contradiction" and finding.severity != "medium"
