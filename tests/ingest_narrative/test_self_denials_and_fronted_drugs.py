"""Wordings read in round 32 (issue #6 record contract), each with near misses: an allergy the speaker denies with
the reason for it; an entry denied with the subject dropped or "I don't get X, never have"; a procedure had with no
article; a drug fronted as the topic before "been cutting those in half"."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("btw im not really allergic to peanuts, pretty sure that was a mix up from when i was a baby", "peanuts"),
        ("Honestly don't think I'm allergic to cats. My roommate has two and I'm totally fine around them", "cats"),
    ],
)
def test_an_allergy_denied_with_its_reason(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(a["substance"], a["status"]) for a in allergies] == [(substance, "denied")]


def test_anothers_allergy_denied_is_theirs(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My son is not allergic to cats, he is fine around them."
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Never had a stroke, whatever the computer says. That was my brother, they always get us confused", "stroke"),
        ("Why does my chart say migraine?? I don't get migraines, never have. Regular headache twice a year",
         "migraine"),
    ],
)
def test_an_entry_denied_in_the_speakers_words(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert {"name": name, "status": "denied"} in of_type(grounded_records(text, snapshot, mention), "condition")


def test_a_procedure_had_with_no_article(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Had lithotripsy four days ago at the county hospital to break up a kidney stone, all went fine"
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == [{"procedure": "lithotripsy"}]


def test_a_drug_fronted_before_been_cutting_those(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Oh and the norvasc, been cutting those in half since Saturday. figured my pressure is fine now"
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == [
        {"drug": "amlodipine", "action": "dose_change"}
    ]
    anothers = "My husband, been taking his Norvasc every day."
    assert of_type(grounded_records(anothers, snapshot, mention), "medication_intake") == []
