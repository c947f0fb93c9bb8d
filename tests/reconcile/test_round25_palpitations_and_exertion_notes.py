"""Round 25 reconciler rules (issue #7), symptoms and exertion, each with near misses: palpitations told with
dizziness against an active cardiac Condition (high, safety-critical, citing it), palpitations or dizziness alone
staying low; exertion said by its effort ("full pelt", "all out", a PB, too breathless to talk) or by a race-length
distance against an uncontrolled hypertension, a walk of the same length not."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import LOINC, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import BP_HIGH, HYPERTENSION, Case, decided

AFIB = resource(
    "Condition",
    "c-afib",
    system=SNOMED,
    code="49436004",
    display="Atrial fibrillation",
    clinical_status="active",
    event_start=t("2014-03-01"),
)
HTN_AND_BP = {("Condition", SNOMED, "38341003"), ("Observation", LOINC, "85354-9")}

CASES: list[Case] = [
    (
        "palpitations with the room spinning in atrial fibrillation",
        [AFIB],
        {
            "type": "symptom",
            "fields": {"name": "palpitations"},
            "quote": "My heart's doing that racing thing again and the room keeps spinning on me.",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "49436004")},
    ),
    (
        "dizziness with a fluttering heart in atrial fibrillation",
        [AFIB],
        {
            "type": "symptom",
            "fields": {"name": "dizziness"},
            "quote": "My heart was fluttering on the bus and I went so light-headed I had to sit down.",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "49436004")},
    ),
    (
        "palpitations with dizziness and no heart condition stay low",
        [HYPERTENSION],
        {
            "type": "symptom",
            "fields": {"name": "palpitations"},
            "quote": "My heart was racing and I felt dizzy after three coffees.",
        },
        ("gap", "low", False),
        set(),
    ),
    (
        "dizziness alone in atrial fibrillation is no palpitations finding",
        [AFIB],
        {"type": "symptom", "fields": {"name": "dizziness"}, "quote": "I felt dizzy getting out of the bath."},
        ("gap", "low", False),
        set(),
    ),
    (
        "a race best at full pelt with uncontrolled blood pressure",
        [HYPERTENSION, BP_HIGH],
        {
            "type": "exercise",
            "fields": {"activity": "running", "distance": 5, "unit": "km"},
            "quote": "I smashed my parkrun PB on Saturday, full pelt all 5k.",
        },
        ("gap", "medium", True),
        HTN_AND_BP,
    ),
    (
        "a swim too breathless to talk after with uncontrolled blood pressure",
        [HYPERTENSION, BP_HIGH],
        {
            "type": "exercise",
            "fields": {"activity": "swimming"},
            "quote": "Couldn't get a word out for five minutes after the last rep at the pool.",
        },
        ("gap", "medium", True),
        HTN_AND_BP,
    ),
    (
        "a race-length distance with uncontrolled blood pressure",
        [HYPERTENSION, BP_HIGH],
        {
            "type": "exercise",
            "fields": {"activity": "13.1 miles", "distance": 13.1, "unit": "mi"},
            "quote": "13.1 miles in the rain yesterday.",
        },
        ("gap", "medium", True),
        HTN_AND_BP,
    ),
    (
        "a driveway shovelled, told in the past tense with no activity named",
        [HYPERTENSION, BP_HIGH],
        {
            "type": "exercise",
            "fields": {},
            "quote": "This morning I shovelled the whole driveway myself, heavy wet snow.",
        },
        ("gap", "medium", True),
        HTN_AND_BP,
    ),
    (
        "a long walk is no race",
        [HYPERTENSION, BP_HIGH],
        {
            "type": "exercise",
            "fields": {"activity": "walking", "distance": 14, "unit": "mi"},
            "quote": "I walked 14 miles along the coast path yesterday.",
        },
        ("no_clinical_relevance", None, False),
        set(),
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
