"""Round 42 (issue #7): a vaccination told without a date the conventions pin is the latest dose when the record
holds one in the 30 days before the message (a dated one keeps its 7 days); a resolved condition told by its body
part ("my ankle has healed") is matched to the recorded Conditions of that site."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import CVX, NOW, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import Case, decided

FLU_LAST_MONTH = resource(
    "Immunization",
    "i-flu-feb",
    system=CVX,
    code="140",
    display="Influenza, seasonal, injectable, preservative free",
    status="completed",
    event_start=t("2021-02-15"),
)
FLU_LAST_SEASON = resource(
    "Immunization",
    "i-flu-oct",
    system=CVX,
    code="140",
    display="Influenza, seasonal, injectable, preservative free",
    status="completed",
    event_start=t("2020-10-01"),
)
ANKLE_SPRAIN = resource(
    "Condition",
    "c-ankle",
    system=SNOMED,
    code="44465007",
    display="Sprain of ankle",
    clinical_status="resolved",
    event_start=t("2020-11-02"),
    event_end=t("2020-12-01"),
)


def _flu_shot(**when: Any) -> dict[str, Any]:
    return {"type": "clinical_visit", "fields": {"kind": "vaccination"}, "quote": "got my flu shot", **when}


def _healed(name: str) -> dict[str, Any]:
    return {"type": "condition", "fields": {"name": name, "status": "resolved"}, "quote": f"my {name} has healed"}


UNDATED = {"event_time": None, "mention_time": NOW}

CASES: list[Case] = [
    (
        "an undated flu shot is the dose recorded three weeks before",
        [FLU_LAST_MONTH],
        _flu_shot(**UNDATED),
        ("agreement", None, False),
        {("Immunization", CVX, "140")},
    ),
    (
        "a flu shot dated today is not a dose recorded three weeks before",
        [FLU_LAST_MONTH],
        _flu_shot(event_time=NOW),
        ("gap", "low", False),
        set(),
    ),
    (
        "an undated flu shot is not last season's dose",
        [FLU_LAST_SEASON],
        _flu_shot(**UNDATED),
        ("gap", "low", False),
        set(),
    ),
    (
        "a healed ankle agrees with a resolved ankle sprain",
        [ANKLE_SPRAIN],
        _healed("ankle"),
        ("agreement", None, False),
        {("Condition", SNOMED, "44465007")},
    ),
    (
        "a healed wrist is not the ankle sprain",
        [ANKLE_SPRAIN],
        _healed("wrist"),
        ("gap", "low", False),
        set(),
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_undated_vaccines_and_healed_sites(
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
