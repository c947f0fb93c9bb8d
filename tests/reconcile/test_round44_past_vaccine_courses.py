"""Round 44 (issue #7): a vaccination told as long past or as a finished course ("he had both of his shingles jabs
years ago", "all three of his HPV shots") agrees with any recorded dose of that vaccine, whatever its age; told
without such words, an undated vaccination is still read against the last 30 days only."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import CVX, Seeder, resource, t
from tests.reconcile.test_rules import Case, decided

ZOSTER_2015 = resource(
    "Immunization",
    "i-zoster-2015",
    system=CVX,
    code="121",
    display="zoster",
    status="completed",
    event_start=t("2015-05-01"),
)
HPV_2012 = resource(
    "Immunization",
    "i-hpv-2012",
    system=CVX,
    code="62",
    display="HPV, quadrivalent",
    status="completed",
    event_start=t("2012-05-01"),
)
_ZOSTER = {("Immunization", CVX, "121")}

CASES: list[Case] = [
    (
        "both shingles jabs years ago agree with a dose of 2015",
        [ZOSTER_2015],
        {"type": "clinical_visit", "fields": {"kind": "vaccination"}, "event_time": None,
         "quote": "Also for your records, I had both of my shingles jabs years ago."},
        ("agreement", None, False),
        _ZOSTER,
    ),
    (
        "all three HPV shots agree with a dose of 2012",
        [HPV_2012],
        {"type": "clinical_visit", "fields": {"kind": "vaccination"}, "event_time": None,
         "quote": "I checked my vaccination card and I had all three of my HPV shots."},
        ("agreement", None, False),
        {("Immunization", CVX, "62")},
    ),
    (
        "a shingles shot told as recent is not the dose of 2015",
        [ZOSTER_2015],
        {"type": "clinical_visit", "fields": {"kind": "vaccination"}, "event_time": None,
         "quote": "got my shingles shot at the pharmacy the other day"},
        ("gap", "low", False),
        set(),
    ),
    (
        "a course of another vaccine is not this one",
        [ZOSTER_2015],
        {"type": "clinical_visit", "fields": {"kind": "vaccination"}, "event_time": None,
         "quote": "I had all three of my HPV shots as a teenager."},
        ("gap", "low", False),
        set(),
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_past_course_against_the_immunizations(
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
