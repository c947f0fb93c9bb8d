"""A complaint texted with the subject dropped ("Felt dizzy all morning", "Been coughing since Sunday") is the
speaker's symptom; a dropped subject with no complaint, or another person's complaint, is not."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Felt dizzy all morning.", "dizziness"),
        ("Been coughing since Sunday.", "cough"),
        ("Still feeling sick after lunch.", "nausea"),
        ("Felt faint in the queue at the bank.", "near fainting"),
        ("Feeling faint again today.", "near fainting"),
        ("Just felt really dizzy all evening.", "dizziness"),
    ],
)
def test_a_subject_dropped_complaint_is_the_speakers(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [r["name"] for r in of_type(grounded_records(text, snapshot, mention), "symptom")] == [name]


@pytest.mark.parametrize(
    "text",
    ["Felt great after my run.", "Went to see my mum, she has a bad cough.", "Been reading about migraines."],
)
def test_no_complaint_of_the_speaker_is_no_symptom(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []
