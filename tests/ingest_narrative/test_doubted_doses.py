"""A dose taken while unsure whether it had been taken already is the speaker's intake; the doubt alone, someone
else's doubt and a question are not."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.double_dose import said_double_dose
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I couldn't remember if I'd had my warfarin, the box was a mess, so I took one to be safe.", "warfarin"),
        ("Couldn't remember if I had my Eliquis at breakfast, so I had one at lunch to be safe.", "apixaban"),
        ("Wasn't sure whether I'd taken the metoprolol this morning and I took another just in case.", "metoprolol"),
        ("I really can't recall if I did my insulin at supper, so I did another.", "insulin"),
        ("Not sure if I'd already had my Coumadin, so I just took one.", "warfarin"),
    ],
)
def test_a_dose_taken_in_doubt_is_an_intake_and_a_possible_double_dose(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    intakes = of_type(grounded_records(text, snapshot, mention), "medication_intake")
    assert [r["drug"] for r in intakes] == [drug]
    assert said_double_dose(text, drug)


@pytest.mark.parametrize(
    "text",
    [
        "My husband couldn't remember if he'd had his warfarin so he took one.",
        "I can't remember if I took my metformin, should I take one?",
        "I couldn't remember if I had taken my warfarin so I left it for the day.",
        "If I can't remember whether I've had my warfarin, should I take another?",
    ],
)
def test_no_dose_of_the_speaker_is_no_intake(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []
    assert not said_double_dose(text, "warfarin")
