"""Wordings read since session 10 (issue #6 record contract), each with near misses: a drug's jab or shot
received; a growth cut off with the particle after it; a condition over after a place on the body or "seems to be
gone"; a recorded allergy flatly denied; a chart entry's author with "the wrong fellow"; a fit or a drop to the
floor; a squeezing in the middle of the chest; a daily drug taken only on some days; "haven't stopped taking it";
a value said alone after the test; a diagnosis given as a result; a catching verb with its subject dropped; a bike
ridden and a class joined."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.double_dose import said_double_dose
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    "text",
    [
        "Nurse did my B12 jab last Friday, same as every month.",
        "Popped into the clinic this morning for my B12 jab, the nurse had me in and out in five minutes.",
        "I got my B12 shot yesterday.",
    ],
)
def test_a_drugs_jab_received_is_an_intake_not_a_vaccination(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert of_type(records, "medication_intake") == [{"drug": "cyanocobalamin"}]
    assert of_type(records, "clinical_visit") == []


@pytest.mark.parametrize(
    "text",
    ["I'm due my B12 jab next week.", "My husband got his B12 shot yesterday.", "Should I go in for my B12 jab?"],
)
def test_no_intake_for_a_jab_due_anothers_or_asked_about(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


def test_a_vaccines_shot_stays_a_vaccination(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("I got the second of those shingles shots on Tuesday.", snapshot, mention)
    assert of_type(records, "clinical_visit") == [{"kind": "vaccination"}]
    assert of_type(records, "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("For the file: the dermatologist cut a mole off my back on December 10th.", "mole removal"),
        ("The dermatologist took a mole off my left shoulder blade last Friday.", "mole removal"),
        ("Oh, and the skin doctor cut a mole off my shoulder a fortnight ago.", "mole removal"),
        ("I should have said: an eye surgeon down in Tampa took a cataract out of my left eye.", "cataract surgery"),
    ],
)
def test_a_growth_or_part_taken_off_with_the_particle_after_it(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == [{"procedure": procedure}]


@pytest.mark.parametrize(
    "text",
    [
        "The dermatologist wants to cut a mole off my back next week.",
        "The dermatologist cut a mole off my husband's back yesterday.",
    ],
)
def test_no_removal_planned_or_anothers(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The sinus trouble I've had for years seems to be gone for good: not one infection.", "sinus trouble"),
        ("Good news, the gout in my big toe has cleared up completely, the doctor said it's gone.", "gout"),
        ("The chronic sinusitis I've had forever has been completely quiet for months.", "chronic sinusitis"),
    ],
)
def test_a_condition_over_after_a_body_place_or_a_seeming(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert conditions == [{"name": name, "status": "resolved"}]


@pytest.mark.parametrize(
    "text",
    [
        "The psoriasis I've had for years seems to be getting worse.",
        "My asthma has been quiet lately but I still carry the inhaler.",
    ],
)
def test_no_resolution_for_a_worsening_or_a_quiet_spell(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert all(c.get("status") != "resolved" for c in conditions)


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("Also, that cat allergy on my file? I'm honestly not allergic. My aunt has two cats.", "cat"),
        ("Can we fix my chart? It says I have a peanut allergy and I honestly don't.", "peanut"),
        (
            "My chart says I'm allergic to cat dander, but I adopted a kitten last month. Not one sneeze. I really"
            " don't think that allergy is a thing for me anymore.",
            "cat dander",
        ),
    ],
)
def test_a_recorded_allergy_flatly_denied(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(a["substance"], a["status"]) for a in allergies] == [(substance, "denied")]


@pytest.mark.parametrize(
    "text",
    [
        "The chart says I'm allergic to penicillin and I really don't want to find out.",
        "My file says peanut allergy. I don't know where that came from but I avoid them anyway.",
        "My wife says I have a shellfish allergy and she's right, I don't touch the stuff.",
    ],
)
def test_no_denial_without_one(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert all(a.get("status") != "denied" for a in allergies)


def test_an_entry_whose_author_has_the_wrong_fellow_is_denied(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "Whoever wrote that I've got chronic sinus trouble has the wrong fellow, my sinuses never bother me."
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [
        {"name": "chronic sinusitis", "status": "denied"}
    ]
    near_miss = "I've got chronic sinus trouble and it has the wrong name in my chart."
    assert of_type(grounded_records(near_miss, snapshot, mention), "condition") == [
        {"name": "chronic sinusitis", "status": "active"}
    ]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My wife says I had a fit on Sunday evening, on the sofa, shaking for maybe a minute.", "seizure"),
        ("Yesterday afternoon I just dropped in the kitchen. Out cold for a few seconds.", "fainting"),
        ("Coming back up the stairs I got this squeezing in the middle of my chest.", "chest pain"),
    ],
)
def test_an_acute_sign_told_not_named(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert name in [s.get("name") for s in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    "text",
    [
        "I just dropped my phone in the kitchen.",
        "I dropped in on my sister yesterday.",
        "My son had a fit on Sunday.",
        "That dress was a good fit.",
    ],
)
def test_no_acute_sign_in_a_dropped_thing_or_anothers_fit(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    names = [s.get("name") for s in of_type(grounded_records(text, snapshot, mention), "symptom")]
    assert "fainting" not in names and "seizure" not in names


def test_a_fit_of_coughing_is_a_cough(snapshot: DictionarySnapshot, mention: datetime) -> None:
    names = [s.get("name") for s in of_type(grounded_records("I had a fit of coughing.", snapshot, mention), "symptom")]
    assert names == ["cough"]


def test_a_double_dose_with_the_drug_as_an_appositive() -> None:
    said = "I swallowed the little blood pressure pill, the amlodipine, twice yesterday: once at breakfast."
    assert said_double_dose(said, "amlodipine")
    assert not said_double_dose("I take the little blood pressure pill, the amlodipine, twice a day.", "amlodipine")


def test_a_daily_drug_taken_only_on_some_days_is_a_skip(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Since last Monday I only take the water pill on days I'm home. Hydrochlorothiazide, that one."
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == [
        {"drug": "hydrochlorothiazide", "action": "skip"}
    ]


def test_havent_stopped_taking_it_is_no_stop(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Urgent care thinks it's my hydrochlorothiazide. I haven't stopped taking it yet, I want my doctor's say."
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


def test_a_value_said_alone_after_its_test(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Clinic re-ran my A1c two days ago. 6.2. About where it was before."
    results = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [("4548-4", 6.2)]
    anothers = "My husband had his A1c done. 7.1. He was upset."
    assert of_type(grounded_records(anothers, snapshot, mention), "test_result") == []


def test_my_total_is_the_speakers_whoever_ran_the_booth(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "They had a free cholesterol booth at the county fair on Wednesday, and my total came out at 251."
    results = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [("2093-3", 251.0)]


def test_a_diagnosis_given_as_a_result(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Got the results from the overnight sleep study at the hospital: moderate obstructive sleep apnea."
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [
        {"name": "obstructive sleep apnea", "status": "active"}
    ]
    for near_miss in ("The scan showed no sleep apnea.", "Will the sleep study show sleep apnea?"):
        assert of_type(grounded_records(near_miss, snapshot, mention), "condition") == []


def test_complaints_caught_with_the_subject_dropped(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Picked up a scratchy throat and a runny nose yesterday afternoon, probably from my grandson."
    names = sorted(s["name"] for s in of_type(grounded_records(text, snapshot, mention), "symptom"))
    assert names == ["runny nose", "sore throat"]


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("Rode my bike out to the lighthouse and back this morning.", "cycling"),
        ("I've joined the chair yoga group at the library.", "yoga"),
    ],
)
def test_a_bike_ridden_or_a_class_joined(
    text: str, activity: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [e["activity"] for e in of_type(grounded_records(text, snapshot, mention), "exercise")] == [activity]


def test_no_exercise_for_anothers_ride(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records("My son rode his bike to school.", snapshot, mention), "exercise") == []
