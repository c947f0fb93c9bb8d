"""Round 24 (issue #7): a procedure told as a part taken out is a medium gap when no Procedure names it, even with a
related Condition on record (impacted molars are no extraction; they are cited as what it treats), and agrees with a
Procedure that names it; a stated creatinine (serum LOINC 2160-0) is compared with a record that holds the blood
creatinine (38483-4); a sore throat is a minor symptom of its own, not covered by a recorded chronic pain (a back
ache still is)."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import LOINC, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import Case, decided

IMPACTED_MOLARS = resource(
    "Condition",
    "c-molars",
    system=SNOMED,
    code="196416002",
    display="Impacted molars",
    clinical_status="active",
    event_start=t("2019-03-01"),
)
WISDOM_EXTRACTION = resource(
    "Procedure",
    "p-wisdom",
    system=SNOMED,
    code="0000001",
    display="Extraction of wisdom tooth",
    status="completed",
    event_start=t("2021-03-04"),
)
CHRONIC_PAIN = resource(
    "Condition",
    "c-chronic-pain",
    system=SNOMED,
    code="82423001",
    display="Chronic pain",
    clinical_status="active",
    event_start=t("2015-01-01"),
)
BLOOD_CREATININE = resource(
    "Observation",
    "o-creat-blood",
    system=LOINC,
    code="38483-4",
    display="Creatinine [Mass/volume] in Blood",
    status="final",
    value=1.1,
    unit="mg/dL",
    event_start=t("2021-01-10"),
)

CASES: list[Case] = [
    (
        "wisdom teeth out with only the impacted molars on record: an undocumented procedure citing them",
        [IMPACTED_MOLARS],
        {"type": "surgery_history", "fields": {"procedure": "wisdom tooth extraction"}},
        ("gap", "medium", False),
        {("Condition", SNOMED, "196416002")},
    ),
    (
        "a cataract taken out with no Procedure on record, an unrelated condition not cited",
        [IMPACTED_MOLARS],
        {"type": "surgery_history", "fields": {"procedure": "cataract surgery"}},
        ("gap", "medium", False),
        set(),
    ),
    (
        "wisdom teeth out with the extraction on record",
        [WISDOM_EXTRACTION],
        {"type": "surgery_history", "fields": {"procedure": "wisdom tooth extraction"}},
        ("agreement", None, False),
        {("Procedure", SNOMED, "0000001")},
    ),
    (
        "a stated serum creatinine against a recorded blood creatinine of the same value",
        [BLOOD_CREATININE],
        {"type": "test_result", "fields": {"loinc": "2160-0", "value": 1.1, "unit": "mg/dL", "name": "creatinine"}},
        ("agreement", None, False),
        {("Observation", LOINC, "38483-4")},
    ),
    (
        "a sore throat with chronic pain on record: a minor symptom",
        [CHRONIC_PAIN],
        {"type": "symptom", "fields": {"name": "sore throat"}},
        ("gap", "low", False),
        set(),
    ),
    (
        "a back ache with chronic pain on record: consistent",
        [CHRONIC_PAIN],
        {"type": "symptom", "fields": {"name": "back pain"}},
        ("agreement", None, False),
        {("Condition", SNOMED, "82423001")},
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_removals_and_blood_creatinine(
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
