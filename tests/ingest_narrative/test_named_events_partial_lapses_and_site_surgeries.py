"""Wordings read in round 33 (issue #6 record contract), each with near misses: someone's name for what the
speaker had; a state the speaker was found in; a class's length said before it; a lapse typed without its
apostrophe or kept to some days; a lapse after a comma or a drug fronted before a dash; a count of a drug as a
verbless note; a clinic diagnosing a condition; a surgery by its site with the subject dropped and a clipped
procedure name; the doses behind a new allergy; a refill not bothered with."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


def _symptoms(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[str]:
    return [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


def test_what_a_relative_thinks_the_speaker_had_is_the_speakers(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert "seizure" in _symptoms("Two days ago I had what my wife thinks was a seizure.", snapshot, mention)
    # the relative had it; or the name is only a guess
    assert _symptoms("My wife had what the doctor thinks was a seizure.", snapshot, mention) == []
    assert _symptoms("Two days ago I had what my wife thinks might be a seizure.", snapshot, mention) == []


def test_a_state_the_speaker_was_found_in_is_the_speakers(snapshot: DictionarySnapshot, mention: datetime) -> None:
    found = "She found me passed out on the kitchen floor and I'd bitten my tongue."
    assert "fainting" in _symptoms(found, snapshot, mention)
    assert _symptoms("She found him passed out on the floor.", snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "activity", "minutes"),
    [
        ("Did a 45 minute spin class this afternoon, max effort teh whole way", "spin class", 45.0),
        ("Went to an hour-long yoga class last night.", "yoga class", 60.0),
        ("Did a spin class this afternoon.", "spin class", None),
    ],
)
def test_a_class_with_its_length_said_before_it(
    text: str, activity: str, minutes: float | None, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    [exercise] = of_type(grounded_records(text, snapshot, mention), "exercise")
    assert (exercise["activity"], exercise.get("duration_min")) == (activity, minutes)


def test_a_class_of_no_exercise_is_none(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Did a 45 minute pottery class this afternoon."
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("havent been taking my ritalin on weekends since December 5th, mom said its fine", "skip"),
        ("I dont take my ritalin on weekends anymore.", "skip"),
        ("I haven't been taking my ritalin since December 5th.", "stop"),
        ("havent been taking my ritalin since December 5th", "stop"),
        ("I don't take aspirin anymore.", "stop"),
        ("didnt take my lisinopril yesterday", "skip"),
    ],
)
def test_a_lapse_typed_without_its_apostrophe_or_kept_to_some_days(
    text: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [r["action"] for r in of_type(records, "regimen_change")] == [action]
    assert of_type(records, "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("Been kinda spotty with the Flovent though, missed it maybe two or three times this week.", "fluticasone",
         "skip"),
        ("The simvastatin - been snapping those in half for the past ten days.", "simvastatin", "dose_change"),
    ],
)
def test_a_drug_named_before_a_comma_or_a_dash_and_its_lapse(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == [{"drug": drug, "action": action}]


def test_a_comma_before_another_missed_thing_is_no_lapse(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Picked up the Flovent at the pharmacy, missed the bus home though."
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


def test_a_count_of_a_drug_as_a_note_is_its_intake(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "One Claritin every morning, same as always. Keeps the tree pollen sneezing away"
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [
        "loratadine"
    ]
    asked = "One aspirin a day, is that enough?"
    assert of_type(grounded_records(asked, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Sleep clinic diagnosed obstructive sleep apnea last Thursday.", "obstructive sleep apnea"),
        ("Urgent care diagnosed a UTI yesterday.", "uti"),
    ],
)
def test_a_clinic_diagnosing_the_condition_itself(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert {"name": name, "status": "active"} in of_type(grounded_records(text, snapshot, mention), "condition")


def test_a_clinic_diagnosing_a_relative_is_theirs(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("The doctor diagnosed my mom with diabetes.", snapshot, mention)
    assert of_type(records, "condition") == []
    assert of_type(records, "family_history") == [{"relative": "mom", "condition": "diabetes"}]


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("Had gallbladder surgery on the 22nd of December at the hospital near my sister's place.",
         "gallbladder surgery"),
        ("had an amnio done last thursday at the hospital across town", "amniocentesis"),
    ],
)
def test_a_surgery_by_its_site_or_a_clipped_name(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == [{"procedure": procedure}]


def test_anothers_site_surgery_is_theirs(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My sister had gallbladder surgery on the 22nd of December."
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


def test_the_doses_behind_a_new_allergy_are_no_intake(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Think I'm allergic to my allegra?? got itchy hives both times I took it this week"
    records = grounded_records(text, snapshot, mention)
    assert [f["substance"] for f in of_type(records, "allergy")] == ["fexofenadine"]
    assert of_type(records, "medication_intake") == []
    other = "I'm allergic to penicillin but I took amoxicillin yesterday."
    assert [f["drug"] for f in of_type(grounded_records(other, snapshot, mention), "medication_intake")] == [
        "amoxicillin"
    ]


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("Ran out of the Plavix on Sunday and honestly havent bothered to refill it yet, the line is crazy.", "stop"),
        ("Ran out of the Plavix on Sunday.", "skip"),
    ],
)
def test_a_refill_not_bothered_with_makes_the_lapse_a_stop(
    text: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == [
        {"drug": "clopidogrel", "action": action}
    ]
