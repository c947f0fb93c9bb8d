"""General wording families (issue #6 record contract), each with near-miss negatives: exercise said as a noun
phrase of training units the speaker did, joined or signed up for ("did 12 hill sprints", "signed up for those
sprint interval spin classes"); a meal said by cooking a dish or a portion ("spent the afternoon making a big
pot of soup", "we're making tamales"); a test value read with the place it was read between the name and the
verb ("total cholesterol on the same sheet said 201 mg/dL") or any short span with no clause of its own ("the LDL
number they gave me over the phone was 138"); a condition over after any relative clause told by
the speaker or a clinician ("the sinusitis I saw the doctor about is completely gone"), over by itself ("sorted
itself out"), or not had for a period ("I haven't had any gout attacks since the spring")."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("did 12 hill sprints today max effort w the track guys", "hill sprints"),
        ("My trainer has me doing sprint intervals.", "sprint intervals"),
        ("I'm doing those Peloton interval rides now, all out.", "peloton interval rides"),
        ("I've also signed up for those sprint interval spin classes at the gym.", "sprint interval spin class"),
        ("Knocked out three rounds of tabata before work.", "tabata"),
        ("We joined a Tuesday night bootcamp session at the park.", "bootcamp session"),
        ("I've been doing hill repeats on Saturdays.", "hill repeats"),
        ("Then did intervals on the rowing machine.", "intervals"),
        ("I did two sets of burpees after lunch.", "burpees"),
    ],
)
def test_training_units_the_speaker_did_are_exercise(
    text: str, activity: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert activity in [e["activity"] for e in of_type(grounded_records(text, snapshot, mention), "exercise")]


@pytest.mark.parametrize(
    "text",
    [
        "My son did 12 hill sprints yesterday.",
        "Should I do sprints with my blood pressure?",
        "I signed up for a pottery class.",
        "Did a session with my accountant this morning.",
        "I didn't do my intervals this week.",
        "He wants me to do sprints but I won't.",
        "I'm going to do sprints tomorrow.",
    ],
)
def test_another_person_a_question_or_no_exercise_word_is_no_exercise(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("Spent the afternoon yesterday making a big pot of vegetable soup to freeze for the week.", "vegetable soup"),
        ("We're making tamales for my nephew's birthday tonight.", "tamales"),
        ("Baked two trays of cookies for the bake sale.", "cookies"),
        ("I cooked dinner for everyone.", "dinner"),
        ("My daughter and I whipped up a lasagna.", "lasagna"),
    ],
)
def test_a_dish_the_speaker_cooks_is_a_meal(
    text: str, food: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert food in [m["food"] for m in of_type(grounded_records(text, snapshot, mention), "meal")]


@pytest.mark.parametrize(
    "text",
    [
        "I made an appointment with my GP.",
        "I'm making progress with the diet.",
        "My wife is making lasagna tonight.",
        "Should I make soup?",
    ],
)
def test_a_thing_made_that_is_no_food_or_someone_elses_cooking_is_no_meal(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "meal") == []


@pytest.mark.parametrize(
    ("text", "loinc", "value"),
    [
        ("Total cholesterol on the same sheet said 201 mg/dL.", "2093-3", 201.0),
        ("the LDL on the printout read 138", "18262-6", 138.0),
        ("My A1c on the lab sheet came back 7.1", "4548-4", 7.1),
        ("My triglycerides in the portal show 180.", "2571-8", 180.0),
        ("HDL at the health fair was 52", "2085-9", 52.0),
        ("The LDL number they gave me over the phone was 138.", "18262-6", 138.0),
        ("My cholesterol at Tuesday's screening came to 201.", "2093-3", 201.0),
    ],
)
def test_a_value_read_at_a_place_named_between_the_test_and_its_verb(
    text: str, loinc: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    results = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [(loinc, value)]


@pytest.mark.parametrize(
    "text",
    [
        "My A1c in the past was 9.",
        "My husband's A1c on his sheet was 8.",
        "My cholesterol was high so my dose is 20.",
    ],
)
def test_a_vague_past_or_another_persons_value_is_no_result(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "test_result") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Quick update: the sinusitis I saw the doctor about is completely gone.", "sinusitis"),
        ("The gout my GP gave me pills for is gone now.", "gout"),
        ("The eczema they treated me for last spring never came back.", "eczema"),
        ("The migraines we went to the neurologist about have finally faded away.", "migraine"),
        ("My sinusitis sorted itself out.", "sinusitis"),
        ("Turns out my thyroid is back to normal, so no more hypothyroidism.", "hypothyroidism"),
        ("I haven't had any gout attacks since the spring.", "gout"),
    ],
)
def test_a_condition_over_after_a_relative_clause_told_by_the_speaker_or_a_clinician(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert {"name": name, "status": "resolved"} in of_type(grounded_records(text, snapshot, mention), "condition")


@pytest.mark.parametrize(
    "text",
    [
        "The sinusitis I hope is gone by Friday.",
        "Is the sinusitis I saw the doctor about gone?",
        "The flu my husband caught is gone.",
        "My husband hasn't had a migraine in months.",
        "Have you had a sinus infection in the past year?",
    ],
)
def test_a_wish_a_question_or_another_persons_condition_is_not_resolved(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert all(c.get("status") != "resolved" for c in conditions)


@pytest.mark.parametrize(
    "text",
    [
        "Took Biscuit round the block twice after lunch, nice slow pace, maybe 25 minutes.",
        "Taking the dog round the block last night I got a bit breathless.",
        "We strolled along the canal after dinner.",
        "Walking the dog up the hill this morning was hard work.",
    ],
)
def test_a_walk_said_by_its_route_is_exercise(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert len(of_type(grounded_records(text, snapshot, mention), "exercise")) == 1


@pytest.mark.parametrize(
    "text",
    [
        "I drove round the block twice looking for parking.",
        "My husband took the dog round the block.",
        "Took Mum to the park.",
        "Should I take the dog round the block?",
    ],
)
def test_a_drive_a_destination_or_another_persons_walk_is_no_exercise(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


@pytest.mark.parametrize(
    ("text", "systolic", "diastolic"),
    [
        ("Top number was 150 and the bottom was 95 at the chemist this morning.", 150.0, 95.0),
        ("The pharmacy machine gave me 128/79.", 128.0, 79.0),
        ("The monitor read 142 over 88 last night.", 142.0, 88.0),
        ("Systolic 138, diastolic 86.", 138.0, 86.0),
    ],
)
def test_a_blood_pressure_told_by_its_structure(
    text: str, systolic: float, diastolic: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    readings = of_type(grounded_records(text, snapshot, mention), "vital_sign")
    assert [(r["systolic"], r["diastolic"]) for r in readings] == [(systolic, diastolic)]


@pytest.mark.parametrize(
    "text", ["I scored 100/120 on the quiz.", "Appointment on 10/12.", "The machine gave me 12/10."]
)
def test_a_score_or_a_date_is_no_blood_pressure(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "vital_sign") == []


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("Fasting glucose this morning: 132.", "test_result", 132.0),
        ("Had my cholesterol done, they said it's 5.2.", "test_result", 5.2),
        ("Got weighed at the clinic, 82 kilos.", "body_measurement", 82.0),
        ("Scale says I'm down to 180 lbs this week.", "body_measurement", 180.0),
    ],
)
def test_a_value_after_a_time_a_report_or_a_weighing(
    text: str, kind: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [r["value"] for r in of_type(grounded_records(text, snapshot, mention), kind)] == [value]


def test_another_persons_weighing_is_no_measurement(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("My son got weighed at the clinic, 40 kilos.", snapshot, mention)
    assert of_type(records, "body_measurement") == []
