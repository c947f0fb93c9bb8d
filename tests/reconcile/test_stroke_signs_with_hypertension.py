"""The face or the speech failing, with no neurological history and no embolic source recorded, is tied to a recorded
hypertension (the commonest cause of stroke): a high, safety-critical gap citing it. Numbness alone is not."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import SNOMED, Seeder
from tests.reconcile.test_rules import HYPERTENSION, Case, decided

CASES: list[Case] = [
    (
        "a drooping face with hypertension",
        [HYPERTENSION],
        {
            "type": "symptom",
            "fields": {"name": "facial droop"},
            "quote": "he woke up and the left side of his face is droopin and his arm is weak",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "38341003")},
    ),
    (
        "slurred speech with hypertension",
        [HYPERTENSION],
        {"type": "symptom", "fields": {"name": "dysarthria"}, "quote": "my speech was slurred for ten minutes"},
        ("gap", "high", True),
        {("Condition", SNOMED, "38341003")},
    ),
    (
        "numbness alone with hypertension is a minor symptom",
        [HYPERTENSION],
        {"type": "symptom", "fields": {"name": "numbness"}, "quote": "my toes went numb in the cold"},
        ("gap", "low", False),
        set(),
    ),
    (
        "a drooping face without hypertension or history ties to nothing",
        [],
        {"type": "symptom", "fields": {"name": "facial droop"}, "quote": "the left side of my face drooped"},
        ("gap", "low", False),
        set(),
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_face_or_speech_signs_tie_to_hypertension(
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
