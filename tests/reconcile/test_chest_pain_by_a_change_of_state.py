"""Chest pain said by the chest changing state ("my chest went tight", "my chest started to feel heavy") is chest
pain to the reconciler even with no symptom name (a record fed by its quote alone), with near misses: a chest that
did not go tight, another part gone stiff."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import SNOMED, Seeder
from tests.reconcile.test_rules import CORONARY, Case, decided

CASES: list[Case] = [
    (
        "my chest went tight, with coronary disease",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "carrying the basket upstairs my chest went tight like a vice"},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "my chest started to feel heavy, with coronary disease",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "on the hill my chest started to feel really heavy"},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "my chest didn't go tight: no chest pain",
        [CORONARY],
        {"type": "symptom", "fields": {"name": "cough"}, "quote": "I coughed a lot but my chest didn't go tight"},
        ("gap", "low", False),
        set(),
    ),
    (
        "my neck went stiff is no chest pain",
        [CORONARY],
        {"type": "symptom", "fields": {"name": "neck pain"}, "quote": "my neck went stiff overnight"},
        ("gap", "low", False),
        set(),
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_chest_changing_state_is_chest_pain(
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
