"""Round 25 (issue #7), scope V4: a weight said without its unit ("187 on their scale") is read in the unit nearest
the record even when grounding already stored an assumed canonical value for it (the kilogram), so a weight in
pounds is no false contradiction; a bare number far from the record in either unit still differs, and a value said
with its unit is compared in that unit."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import LOINC, Seeder
from tests.reconcile.test_rules import Case, decided
from tests.reconcile.test_told_acute_signs_and_reported_values import WEIGHT

CITED = {("Observation", LOINC, "29463-7")}

CASES: list[Case] = [
    (
        "pounds without a unit, grounded as kilograms, agree with the kilograms recorded",
        [WEIGHT],
        {"type": "body_measurement", "fields": {"kind": "weight", "value": 181, "value_canonical": 181.0}},
        ("agreement", None, False),
        CITED,
    ),
    (
        "a bare weight far from the record in either unit differs",
        [WEIGHT],
        {"type": "body_measurement", "fields": {"kind": "weight", "value": 120, "value_canonical": 120.0}},
        ("contradiction", "medium", False),
        CITED,
    ),
    (
        "a weight said in kilograms is compared in kilograms",
        [WEIGHT],
        {
            "type": "body_measurement",
            "fields": {"kind": "weight", "value": 181, "unit": "kg", "value_canonical": 181.0},
        },
        ("contradiction", "medium", False),
        CITED,
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_unitless_weight_is_read_in_the_nearer_unit(
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
