"""Wordings read in round 36 (issue #6 record contract; the blind paraphrase corpus of conditions), each with near
misses: a diagnosis a clinician found, confirmed or put a name on; a diagnosis opening its sentence with the clinician
named after it; a condition said over in a note ("Bronchitis: gone.", "Kidney stone passed", "my anemia's fixed")."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("so the dermatologist confirmed psoriasis on both elbows", "psoriasis"),
        ("eye doc found glaucoma in both eyes, the pressure kind, caught it early at least", "glaucoma"),
        ("The rheumatologist finally put a name on it: rheumatoid arthritis.", "rheumatoid arthritis"),
        ("pink eye per the urgent care nurse so im home with drops", "pink eye"),
        ("Plantar fasciitis, says the sports med guy. Heel's been killing me every morning for months",
         "plantar fasciitis"),
    ],
)
def test_a_diagnosis_a_clinician_found_or_named(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert {"name": name, "status": "active"} in of_type(grounded_records(text, snapshot, mention), "condition")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Kidney stone passed last night. Done with that, hopefully forever", "kidney stone"),
        ("Bronchitis: gone. Cough stopped around Tuesday.", "bronchitis"),
        ("my anemia's fixed, hemoglobin back to normal according to the hematologist", "anemia"),
        ("my asthma is sorted.", "asthma"),
    ],
)
def test_a_condition_said_over_in_a_note(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": name, "status": "resolved"}]


@pytest.mark.parametrize(
    "text",
    [
        "My son's doctor found asthma.",
        "The doctor said it might be gout.",
        "Is the gout gone for good?",
        "Asthma per the guidelines needs an inhaler.",
    ],
)
def test_no_diagnosis_of_anothers_a_hedge_a_question_or_a_guideline(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == []


def test_back_pain_sorted_out_is_no_resolved_condition(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("my back pain got sorted out by the physio.", snapshot, mention)
    assert of_type(records, "condition") == []


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("root canal yesterday, upper left molar. ouch", "root canal"),
        ("Cataract surgery on the left eye done! everything is so bright now", "cataract surgery"),
        ("hysterectomy in 2015, if that matters for anything", "hysterectomy"),
        ("endoscopy done this am, throat a bit sore from the tube", "endoscopy"),
        ("Skin tag removal at the derm this afternoon, quick thing", "skin tag removal"),
        ("wisdom teeth out friday. face like a chipmunk tbh", "wisdom tooth extraction"),
        ("The amnio was this morning, waiting on results now", "amniocentesis"),
    ],
)
def test_a_procedure_noted_with_no_verb(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert {"procedure": procedure} in of_type(grounded_records(text, snapshot, mention), "surgery_history")


@pytest.mark.parametrize(
    "text",
    [
        "covid booster yesterday. tired and achy today",
        "HPV shot at the clinic today, last in the series",
        "yellow fever vax done tues. also picked up malaria pills",
    ],
)
def test_a_vaccination_noted_with_no_verb(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert {"kind": "vaccination"} in of_type(grounded_records(text, snapshot, mention), "clinical_visit")


@pytest.mark.parametrize(
    "text",
    [
        "took a shot at the crossword, gave up lol",
        "my husband's knee replacement yesterday went fine",
        "root canal next week, dreading it",
        "snow removal today was brutal",
    ],
)
def test_no_noted_event_of_anothers_a_plan_or_no_body(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert of_type(records, "surgery_history") == []
    assert of_type(records, "clinical_visit") == []


def test_a_diagnosis_by_the_doctor_there(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Went to urgent care last Thursday for my big toe and the doctor there diagnosed gout."
    assert {"name": "gout", "status": "active"} in of_type(grounded_records(text, snapshot, mention), "condition")


def test_a_value_said_by_a_dropped_reporter(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Doc at urgent care ran an A1c on Monday when I went in. Said it was 8.1 and I should follow up"
    assert [f["value"] for f in of_type(grounded_records(text, snapshot, mention), "test_result")] == [8.1]


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        ("Amlodipine and the water pill both went down first thing this morning, same as every day.",
         ["amlodipine", "hydrochlorothiazide"]),
        ("Metoprolol and HCTZ taken w/ lunch today", ["metoprolol", "hydrochlorothiazide"]),
    ],
)
def test_two_drugs_swallowed_together(
    text: str, drugs: list[str], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == drugs
    assert of_type(grounded_records("The metformin and my mood went down the drain.", snapshot, mention),
                   "medication_intake") == []


def test_a_faint_out_of_a_chair_and_no_severity_from_a_length(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "She says I went blank and stiff for a bit and then fainted right out of my chair."
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == [{"name": "fainting"}]


def test_snow_shovelled_with_the_subject_dropped_and_a_complaint_ever_since(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "Shoveled the whole driveway yesterday, heavy wet snow, two hours straight no breaks."
    assert [f["activity"] for f in of_type(grounded_records(text, snapshot, mention), "exercise")] == [
        "snow shoveling"
    ]
    sore = "sore throat ever since, prob from the breathing tube. nothing major"
    assert [f["name"] for f in of_type(grounded_records(sore, snapshot, mention), "symptom")] == ["sore throat"]
