"""Round 62 (issue #7, sets 202-205): an allergic reaction told with "her lips had swelled up" or wheezing after the
recorded allergen, and a reliever failing in dialect ("the blue puffer aint doin nothin", "it barely touched it"), are
high, safety-critical gaps citing the allergy or the airway disease."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import SNOMED, Seeder
from tests.reconcile.test_chest_feelings_and_forgotten_doses import BEE_VENOM
from tests.reconcile.test_rules import Case, decided
from tests.reconcile.test_told_acute_signs_and_reported_values import ASTHMA

CASES: list[Case] = [
    (
        "lips that had swelled up after a bee sting",
        [BEE_VENOM],
        {
            "type": "symptom",
            "fields": {"name": "swelling of the lips or face"},
            "quote": "she got stung by a bee on her hand and within minutes her lips had swelled up",
        },
        ("gap", "high", True),
        {("AllergyIntolerance", SNOMED, "424213003")},
    ),
    (
        "wheezing and fighting for breath after a bee sting",
        [BEE_VENOM],
        {
            "type": "symptom",
            "fields": {"name": "wheezing"},
            "quote": "stung by a bee out in the yard and she was wheezing and fighting for breath",
        },
        ("gap", "high", True),
        {("AllergyIntolerance", SNOMED, "424213003")},
    ),
    (
        "wheezing with no allergen named is no reaction",
        [BEE_VENOM],
        {"type": "symptom", "fields": {"name": "wheezing"}, "quote": "a bit wheezy after the cold weather"},
        ("gap", "low", False),
        set(),
    ),
    (
        "a reliever that aint doin nothin in asthma",
        [ASTHMA],
        {
            "type": "symptom",
            "fields": {"name": "wheezing"},
            "quote": "hes wheezin real loud and the blue puffer aint doin nothin",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "233678006")},
    ),
    (
        "ten puffs that barely touched it in asthma",
        [ASTHMA],
        {
            "type": "symptom",
            "fields": {"name": "wheezing"},
            "quote": "did 10 puffs of ventolin and it barely touched it",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "233678006")},
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_reactions_and_failing_relievers(
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
