"""Wordings read in round 37 (issue #6 record contract; sets 98-101's misses), each with near misses: a dose taken
and a sign soon after it (an allergy, not an intake); a sign a relative noticed on the speaker's body; a constriction
opening a note; a procedure a clinic had done; a scale or a weight reached opening a note; a spoken decimal after
"at"."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("Took a Benadryl at 3pm and within the hour I broke out in hives all over my neck. Never happened before.",
         "diphenhydramine"),
        ("I took my Allegra and an hour later I broke out in hives.", "fexofenadine"),
        ("my mom noticed hives all over my arms after I took the aleve for my ankle on tuesday. itchy as heck",
         "naproxen"),
    ],
)
def test_a_dose_then_a_sign_is_an_allergy_not_an_intake(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [a["substance"] for a in of_type(records, "allergy")] == [substance]
    assert of_type(records, "medication_intake") == []


@pytest.mark.parametrize(
    "text",
    [
        "Took a Tylenol and within the hour I felt better.",
        "My wife took a Benadryl and within the hour she broke out in hives.",
        "my mom noticed hives all over her arms after she took the aleve.",
    ],
)
def test_no_allergy_from_relief_or_anothers_reaction(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


def test_a_sign_a_relative_saw_on_the_speaker(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert [f["name"] for f in of_type(grounded_records("My wife spotted a rash on my back.", snapshot, mention),
                                       "symptom")] == ["rash"]


def test_a_constriction_opening_a_note(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Weird squeezing in the middle of my chest this evening after carrying the groceries up. Sitting down now."
    assert "chest pain" in [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


def test_a_procedure_the_clinic_had_done(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "They'd also done a cystoscopy on March 9th to check the bladder neck, not much fun."
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == [{"procedure": "cystoscopy"}]


@pytest.mark.parametrize(
    ("text", "value"),
    [("Scale this morning: 74.5 kilos, same as ever.", 74.5), ("down to 82 kg this morning!!", 82.0)],
)
def test_a_weight_noted_off_the_scale_or_reached(
    text: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "body_measurement") == [
        {"kind": "weight", "value": value, "unit": "kg"}
    ]


@pytest.mark.parametrize("text", ["My wife is down to 60 kg.", "Down to 2 pills a day."])
def test_no_weight_of_anothers_or_of_pills(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "body_measurement") == []


def test_a_spoken_decimal_after_at_is_a_value(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "the screening had my a1c at six point oh, same as before"
    assert [f["value"] for f in of_type(grounded_records(text, snapshot, mention), "test_result")] == [6.0]
    clock = "took my thyroid pill at six this morning"
    assert of_type(grounded_records(clock, snapshot, mention), "test_result") == []


@pytest.mark.parametrize(
    ("text", "activity", "minutes"),
    [
        ("45 min spin class this morning, legs are jelly", "spin class", 45.0),
        ("Hot yoga yesterday, 60 min, nearly died", "hot yoga", 60.0),
        ("crossfit wod this am, went hard", "crossfit wod", None),
        ("zumba w my sister, an hour", "zumba", 60.0),
        ("the stairmaster, 25 minutes, max level. I'm dying", "stairmaster", 25.0),
    ],
)
def test_an_exercise_noted_with_no_verb(
    text: str, activity: str, minutes: float | None, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    [exercise] = of_type(grounded_records(text, snapshot, mention), "exercise")
    assert (exercise["activity"], exercise.get("duration_min")) == (activity, minutes)


@pytest.mark.parametrize(
    "text",
    ["Spin class next week with my sister.", "My husband's yoga this morning ran late.", "Yoga is good for you."],
)
def test_no_exercise_note_of_a_plan_anothers_or_a_remark(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []
