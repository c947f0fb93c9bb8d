"""Extraction rules, each family with varied positives and near misses (questions, other people, hypotheticals,
negations): a barbell lift said by the lift, a class said with "one of those" or a kind before its kind, a length
hedged inside an event ("jerking for maybe a minute"), a condition said gone with an adverb ("basically gone"),
adherence said as a habit ("I'm good about the Fosamax"), calcium chews by their lay name, a doubted past
allergy, a reaction the same sentence calls an allergy, a reading taken by a cuff, a body part said stiff, sore
or tight, a device part changed and teeth pulled as procedures, and a drug kept up with "still doing"."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

# --- exercise: lifts and classes ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("Last night I went for a new deadlift max, pulled 405 and my face went beet red.", "deadlift"),
        ("I squatted 225 this morning.", "squat"),
        ("Did heavy squats at the gym tonight.", "squat"),
        ("I finally hit a bench press PR yesterday.", "bench press"),
        ("My nephew dragged me to one of those boot-camp sprint classes yesterday.", "sprint class"),
        ("I went to an interval class on Monday.", "interval class"),
    ],
)
def test_a_lift_or_a_class_is_exercise(
    text: str, activity: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["activity"] for f in of_type(grounded_records(text, snapshot, mention), "exercise")] == [activity]


@pytest.mark.parametrize(
    "text",
    [
        "Should I go for a deadlift max?",
        "My brother deadlifted 500 yesterday.",
        "I didn't do any squats today.",
        "I never deadlifted in my life.",
        "My wife went to a spin class.",
    ],
)
def test_a_lift_asked_denied_or_of_someone_else_is_none(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


# --- a hedged length does not hedge the event ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I had a seizure yesterday, my arm kept jerking for maybe a minute.", "seizure"),
        ("I had dizziness for maybe a few minutes.", "dizziness"),
        ("My chest hurt for probably half an hour.", "chest pain"),
    ],
)
def test_a_hedged_length_keeps_the_event(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")] == [name]


@pytest.mark.parametrize(
    "text", ["Maybe I had a seizure, I'm not sure.", "I think maybe it was a seizure.", "Maybe a seizure, who knows."]
)
def test_a_hedged_event_is_none(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


# --- a condition said gone ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Good news on one front: the migraines are basically gone.",
        "My migraines are gone.",
        "My eczema is now basically cleared up.",
    ],
)
def test_a_condition_said_gone_is_resolved(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert [c["status"] for c in conditions] == ["resolved"]


@pytest.mark.parametrize(
    "text", ["Are my migraines gone?", "My migraines are not gone.", "I hope the migraines are gone soon."]
)
def test_a_condition_asked_denied_or_wished_gone_is_not_resolved(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert all(c["status"] != "resolved" for c in conditions)


# --- medications: adherence, taken together, kept up ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        ("I'm good about the Fosamax. Every Monday first thing, big glass of water.", ["alendronate"]),
        ("I'm really religious about my metformin.", ["metformin"]),
        ("I've been pretty consistent with taking my Synthroid.", ["levothyroxine"]),
        ("My neighbor swears by calcium chews, so I've been taking two of them every morning.", ["calcium carbonate"]),
        ("Still doing the Flovent every morning and every night, two puffs each time.", ["fluticasone"]),
        ("I've been doing my Symbicort twice a day.", ["budesonide"]),
    ],
)
def test_adherence_lay_names_and_keeping_up_are_intakes(
    text: str, drugs: list[str], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    intakes = of_type(grounded_records(text, snapshot, mention), "medication_intake")
    assert sorted(f["drug"] for f in intakes) == sorted(drugs)


@pytest.mark.parametrize(
    "text",
    [
        "I'm not good about my metformin.",
        "Am I good about my metformin?",
        "I'm good with the metformin, thanks.",
        "I'm still not doing the Flovent.",
        "Is it ok if I keep doing the Flovent?",
    ],
)
def test_adherence_denied_asked_or_only_agreed_is_no_intake(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


# --- allergies: a doubted past allergy, a reaction called an allergy ----------------------------


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("Honestly I don't think I was ever allergic to nuts.", "nuts"),
        ("I don't believe I've ever been allergic to penicillin.", "penicillin"),
        ("I honestly don't think I'm allergic to latex at all.", "latex"),
    ],
)
def test_a_doubted_allergy_is_a_denial(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(a["substance"], a["status"]) for a in allergies] == [(substance, "denied")]


@pytest.mark.parametrize(
    "text",
    [
        "I don't think I was ever allergic to penicillin, but I'm not sure.",
        "Do you think I was ever allergic to nuts?",
        "My son doesn't think he was ever allergic to nuts.",
    ],
)
def test_an_unsure_asked_or_other_doubt_is_no_denial(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


def test_a_reaction_the_sentence_calls_an_allergy_is_an_allergy(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "The doctor there thinks it's a reaction to my hydrochlorothiazide and put it down as a drug allergy."
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(a["substance"], a.get("status")) for a in allergies] == [("hydrochlorothiazide", None)]


@pytest.mark.parametrize(
    "text",
    [
        "It turned out to be a reaction to my lisinopril.",
        "My son had a reaction to amoxicillin, they called it an allergy.",
        "Could it be a reaction to my lisinopril, like an allergy?",
        "It wasn't a reaction to the penicillin, so no allergy.",
    ],
)
def test_a_reaction_not_called_an_allergy_or_not_the_speakers_is_none(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


# --- a reading taken by a cuff ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("My daughter bought me one of those automatic cuffs, so I tried it. It said 128 over 78.", (128, 78)),
        ("Tried the new wrist cuff at lunch, 135/85.", (135, 85)),
        ("My home monitor read 142 over 90 last night.", (142, 90)),
    ],
)
def test_a_pair_read_by_a_cuff_is_blood_pressure(
    text: str, pair: tuple[int, int], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    vitals = of_type(grounded_records(text, snapshot, mention), "vital_sign")
    assert [(v["systolic"], v["diastolic"]) for v in vitals] == [pair]


@pytest.mark.parametrize(
    "text",
    [
        "Should I buy a cuff? Anything under 130 over 80 is fine.",
        "My rotator cuff is sore, I did 3 sets of 12 over 10 minutes.",
    ],
)
def test_a_target_or_a_rotator_cuff_is_no_reading(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "vital_sign") == []


# --- a body part said stiff, sore or tight ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My right knee's been a little stiff the last couple of mornings.", "knee pain"),
        ("Can barely get a sentence out, my chest is so tight.", "chest pain"),
        ("My back is really sore after gardening.", "back pain"),
    ],
)
def test_a_stiff_sore_or_tight_part_is_its_pain(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")] == [name]


@pytest.mark.parametrize(
    "text",
    [
        "My knee isn't stiff anymore.",
        "Is my knee stiff because of the cold?",
        "My husband's knee is stiff.",
        "My knees are tight.",
        "If my chest gets tight, what do I do?",
    ],
)
def test_a_stiff_part_denied_asked_or_of_someone_else_is_none(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


# --- procedures: a device part changed, teeth pulled --------------------------------------------


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("They swapped out the generator on my defibrillator on Monday.", "defibrillator generator replacement"),
        ("The cardiologist replaced the battery in my pacemaker last week.", "pacemaker battery replacement"),
        ("Finally got those impacted wisdom teeth yanked out last Tuesday.", "wisdom tooth extraction"),
        ("I had my wisdom teeth pulled out in college.", "wisdom tooth extraction"),
    ],
)
def test_a_device_part_changed_or_teeth_pulled_is_a_procedure(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    surgeries = of_type(grounded_records(text, snapshot, mention), "surgery_history")
    assert [s["procedure"] for s in surgeries] == [procedure]


@pytest.mark.parametrize(
    "text",
    [
        "They want to swap out the battery on my pacemaker next month.",
        "Did they replace the battery in my pacemaker?",
        "They replaced the battery in my smoke detector.",
    ],
)
def test_a_planned_asked_or_other_replacement_is_no_procedure(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []
