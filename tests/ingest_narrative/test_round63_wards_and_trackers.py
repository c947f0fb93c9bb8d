"""Round 63 (issue #7, sets 206-209): hospital wards and discharge letters, athletes' trackers.

A discharge letter's medicines list ("CHANGED: Amlodipine 5mg -> 10mg", "NEW: Atorvastatin 80mg at night"); a dose the
ward never gave ("they never gave me my clopidogrel yesterday"); "sitting with dad on the ward" on an older person's
account; breathing failing as "still cant get air in", "can only say a couple of words at a time"; a workout told by
the watch's numbers ("Max HR 199 bpm", "splits", "splat points") is exercise, and its heart rate no vital sign."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.acute_signs import BREATHING_SAID
from app.ingest.narrative.relative_by_age import parent_of_an_older_person
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 3, 9, 8, tzinfo=UTC)


def test_a_discharge_letters_medicines_list(snapshot: DictionarySnapshot) -> None:
    text = (
        "copying the meds bit of the discharge letter:\nCHANGED: Amlodipine 5mg -> 10mg once daily\n"
        "STOP: Simvastatin 20mg\nNEW: Atorvastatin 80mg at night"
    )
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [
        ("amlodipine", "dose_change"),
        ("simvastatin", "stop"),
        ("atorvastatin", "start"),
    ]


def test_a_heading_only_at_a_lines_start(snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records("The new: metformin was good", snapshot, AT), "regimen_change") == []


@pytest.mark.parametrize(
    "text",
    [
        "also they never gave me my clopidogrel yesterday, pharmacy hadnt sent it up to the ward",
        "the nurses didn't give me my clopidogrel last night",
    ],
)
def test_a_dose_the_ward_never_gave_is_a_skip(text: str, snapshot: DictionarySnapshot) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [("clopidogrel", "skip")]


def test_a_doctor_who_never_prescribed_is_no_skip(snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records("the doctor never gave me metformin", snapshot, AT), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "parent"),
    [
        ("sitting with dad on the ward. he had a fit just after the morning drug round", "dad"),
        ("hi, carla's daughter here - mom quit her Plavix last week", None),
    ],
)
def test_sitting_with_dad_on_an_older_persons_account(text: str, parent: str | None) -> None:
    assert parent_of_an_older_person(text, "male", 81) == parent


@pytest.mark.parametrize(
    ("text", "failing"),
    [
        ("had ten puffs of my blue inhaler and still cant get air in", True),
        ("I can only say a couple of words at a time", True),
        ("I can only say a few words in Spanish", False),
        ("I can get air in fine now", False),
    ],
)
def test_breathing_failing_told_by_air_and_words(text: str, failing: bool) -> None:
    assert (BREATHING_SAID.search(text) is not None) is failing


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("Workout: 10 x 400m all-out, 60s jog rest\nAvg HR 171 bpm | Max HR 199 bpm\nTime in Zone 5: 16:42", "workout"),
        ("solo mile time trial yesterday on the school track: 4:41 splits 69/71/72/69, avg hr 186", "running"),
        ("Orangetheory today: 31 splat points, max hr 188, 26 min in the orange/red zones", "orangetheory"),
    ],
)
def test_a_workout_told_by_the_watch(text: str, activity: str, snapshot: DictionarySnapshot) -> None:
    records = grounded_records(text, snapshot, AT)
    assert [e["activity"] for e in of_type(records, "exercise")] == [activity]
    assert of_type(records, "vital_sign") == []


def test_a_resting_heart_rate_stays_a_vital_sign(snapshot: DictionarySnapshot) -> None:
    vitals = of_type(grounded_records("my heart rate was 110 this morning", snapshot, AT), "vital_sign")
    assert [(v["kind"], v["value"]) for v in vitals] == [("heart_rate", 110.0)]
