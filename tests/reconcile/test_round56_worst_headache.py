"""Round 56 (issue #7, set 180): a headache told as the worst ever or as a blow is the red flag of a bleed; with a
recorded migraine (a headache unlike the usual one) or high blood pressure it is a high, safety-critical gap citing
them (:mod:`app.reconcile.thunderclap_headache`). A bad headache without those words stays a low gap."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.thunderclap_headache import WORST_OR_BLOW_SAID
from tests.reconcile.conftest import SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import HYPERTENSION, Case, decided

MIGRAINE = resource(
    "Condition",
    "c-migraine",
    system=SNOMED,
    code="124171000119105",
    display="Chronic intractable migraine without aura",
    clinical_status="active",
    event_start=t("1995-01-01"),
)
BAT = (
    "woke up around 3 with a headache like somebody swung a bat at the back of my head. worst one ive ever had "
    "and ive had migranes 30 yrs"
)

CASES: list[Case] = [
    (
        "a headache like a bat swung at the head with a migraine on record cites the migraine",
        [MIGRAINE, HYPERTENSION],
        {"type": "symptom", "fields": {"name": "headache"}, "quote": BAT},
        ("gap", "high", True),
        {("Condition", SNOMED, "124171000119105")},
    ),
    (
        "the worst headache of my life in high blood pressure cites the hypertension",
        [HYPERTENSION],
        {"type": "symptom", "fields": {"name": "headache"}, "quote": "worst headache of my life came on at the gym"},
        ("gap", "high", True),
        {("Condition", SNOMED, "38341003")},
    ),
    (
        "the worst headache with nothing on record is a low gap",
        [],
        {"type": "symptom", "fields": {"name": "headache"}, "quote": "worst headache of my life came on at the gym"},
        ("gap", "low", False),
        set(),
    ),
    (
        "a bad headache told plainly with a migraine on record is no red flag",
        [MIGRAINE],
        {"type": "symptom", "fields": {"name": "headache"}, "quote": "bad headache again today"},
        ("gap", "low", False),
        set(),
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_worst_ever_headache_against_the_record(
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
    ("quote", "told"),
    [
        ("like being hit on the head with a hammer", True),
        ("a thunderclap headache out of nowhere", True),
        ("felt like something exploded in my head", True),
        ("the worst part was the waiting", False),
        ("hit my head on the cupboard", False),
    ],
)
def test_a_headache_told_as_the_worst_or_a_blow(quote: str, told: bool) -> None:
    assert (WORST_OR_BLOW_SAID.search(quote) is not None) is told
