"""Round 55 (issue #7, sets 174-177): drug names as people from Brazil, Spain and Latin America write them are the
dictionary's aliases ("Marevan", "warfarina", "hidroclorotiazida", "amlodipino"); a driveway done "with the big steel
shovel" is snow shovelling."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 2, 2, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I take the Marevan at lunch every day", "warfarin"),
        ("I take the warfarina every evening", "warfarin"),
        ("I take the hidroclorotiazida every morning", "hydrochlorothiazide"),
        ("I take the amlodipino for the pressure", "amlodipine"),
    ],
)
def test_an_international_drug_name_is_the_dictionarys(text: str, drug: str, snapshot: DictionarySnapshot) -> None:
    assert [r["drug"] for r in of_type(grounded_records(text, snapshot, AT), "medication_intake")] == [drug]


def test_a_driveway_done_with_the_shovel_is_snow_shovelling(snapshot: DictionarySnapshot) -> None:
    text = "this morning I went out around six with the big steel shovel and did the whole driveway"
    assert [e["activity"] for e in of_type(grounded_records(text, snapshot, AT), "exercise")] == ["snow shoveling"]
    assert (
        of_type(grounded_records("I did the whole driveway with a new coat of sealant", snapshot, AT), "exercise") == []
    )
