"""Wordings read in round 30 (issue #6 record contract), each with near misses: a dose told done as a note; a test
done "on me"; a value alone in words; the clinic's "they" naming a diagnosis; a supplement started by the speaker
after someone's praise; never allergic at all; an entry that mixed the speaker up; a class the speaker was dragged
to; a workout after a colon."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Fosamax done this morning, first thing with a big glass of water.", "alendronate"),
        ("Metformin taken with breakfast.", "metformin"),
    ],
)
def test_a_dose_told_done(text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == [{"drug": drug}]


@pytest.mark.parametrize("text", ["Is my Fosamax done for the week?", "Mum's Fosamax done this morning."])
def test_no_dose_done_asked_or_anothers(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("So the free health fair at church did an A1c on me last Saturday, 7.2. The one at my doctor was lower?", 7.2),
        ("The doc's office ran my A1C again on Monday to double-check. Six point three this time.", 6.3),
        ("Had bloodwork at my new job's wellness screening three days ago, A1c came back six point oh.", 6.0),
    ],
)
def test_an_a1c_done_on_me_or_said_in_words(
    text: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    results = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [("4548-4", value)]


def test_the_clinics_they_naming_a_diagnosis(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Failed the 3 hour glucose test at the OB on Tuesday so now they're saying gestational diabetes 😩"
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [
        {"name": "gestational diabetes", "status": "active"}
    ]
    for near_miss in (
        "My sister failed the glucose test so now they're saying gestational diabetes.",
        "the walk-in said UTI?",
    ):
        assert of_type(grounded_records(near_miss, snapshot, mention), "condition") == []


def test_a_supplement_started_after_someones_praise(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My brother-in-law swears by red yeast rice for cholesterol so I started the capsules last Monday."
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == [
        {"drug": "red yeast rice", "action": "start"}
    ]


def test_never_allergic_and_a_mixup(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "fyi that shellfish allergy in my file isnt right, ive never been allergic to shellfish in my life."
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == [
        {"substance": "shellfish", "substance_kind": "food", "status": "denied"}
    ]
    entry = "Whoever put anemia on my chart mixed me up with someone else, my blood's always been fine."
    assert of_type(grounded_records(entry, snapshot, mention), "condition") == [{"name": "anemia", "status": "denied"}]


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("Also my buddy dragged me to CrossFit, we did a max effort workout on Thursday.", "crossfit"),
        ("Did an hour of hot yoga with my sister this evening, sooo sweaty lol", "yoga"),
        ("First workout since the cardioversion: went cycling with my grandson this morning.", "cycling"),
    ],
)
def test_a_class_dragged_to_hot_yoga_and_a_ride_after_a_colon(
    text: str, activity: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [e["activity"] for e in of_type(grounded_records(text, snapshot, mention), "exercise")] == [activity]
