"""Wordings read in round 28 (issue #6 record contract), each with near misses: numbers said in words (a reading,
a weight, a lab value, a pregnancy week); discourse markers and places that ConText took for a negation or another
person ("not gonna lie", "at my daughter's place", "mine came out", "St. John's wort"); a record's entry disputed with
the subject dropped; a clinician opening a sentence with no article; a lay lapse ("spaced on"); hedged and chained
complaint cues."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.quantities import parse_number
from app.ingest.narrative.sentences import sentence_spans
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("ninety-eight", 98.0),
        ("seventy five", 75.0),
        ("nineteen", 19.0),
        ("a hundred and forty", 140.0),
        ("one hundred twelve", 112.0),
        ("one fifty-eight", 158.0),
        ("six point two", 6.2),
    ],
)
def test_a_number_said_in_words(words: str, value: float) -> None:
    assert parse_number(words) == value


@pytest.mark.parametrize(
    ("text", "systolic", "diastolic"),
    [
        ("The drugstore machine had me at one fifty-eight over ninety-six this afternoon.", 158.0, 96.0),
        ("My blood pressure was a hundred and forty over ninety this morning.", 140.0, 90.0),
    ],
)
def test_a_blood_pressure_said_in_words(
    text: str, systolic: float, diastolic: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    vitals = of_type(grounded_records(text, snapshot, mention), "vital_sign")
    assert [(v["systolic"], v["diastolic"]) for v in vitals] == [(systolic, diastolic)]


def test_a_weight_and_a_lab_value_said_in_words(snapshot: DictionarySnapshot, mention: datetime) -> None:
    weight = "bathroom scale said ninety-eight kilos this morning, about the same as at my physical"
    assert of_type(grounded_records(weight, snapshot, mention), "body_measurement") == [
        {"kind": "weight", "value": 98.0, "unit": "kg"}
    ]
    lab = "the a1c they did a week ago came back six point two percent, same as before pretty much"
    results = of_type(grounded_records(lab, snapshot, mention), "test_result")
    assert [(r["loinc"], r["value"], r["unit"]) for r in results] == [("4548-4", 6.2, "%")]


@pytest.mark.parametrize(
    ("text", "week"),
    [
        ("Also nineteen weeks pregnant now and the baby's kicking like crazy", 19),
        ("I am twenty-two weeks pregnant with twins.", 22),
        ("I'm 12 weeks pregnant.", 12),
    ],
)
def test_a_pregnancy_week_in_digits_or_words(
    text: str, week: int, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "pregnancy_status") == [
        {"status": "pregnant", "week": week}
    ]


@pytest.mark.parametrize(
    "text",
    ["My grandma is ninety-eight years old.", "I walked for forty minutes with the dog."],
)
def test_no_reading_from_an_age_or_a_duration(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records(text, snapshot, mention)
    assert of_type(records, "body_measurement") == [] and of_type(records, "vital_sign") == []


def test_not_gonna_lie_is_no_negation(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Not gonna lie, quit the Zocor last Sunday. My sister read something scary about statins."
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == [
        {"drug": "simvastatin", "action": "stop"}
    ]
    assert of_type(grounded_records("I did not quit the Zocor.", snapshot, mention), "regimen_change") == []


def test_a_relatives_place_is_where_not_whose(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Tried the new wrist cuff this morning at my daughter's place - 164 over 88."
    vitals = of_type(grounded_records(text, snapshot, mention), "vital_sign")
    assert [(v["systolic"], v["diastolic"]) for v in vitals] == [(164.0, 88.0)]
    for anothers in ("My daughter's blood pressure was 164 over 88.", "At my son's wedding my dad had chest pain."):
        records = grounded_records(anothers, snapshot, mention)
        assert of_type(records, "vital_sign") == [] and of_type(records, "symptom") == []


def test_mine_makes_the_value_the_speakers(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "They were doing A1c's at the church health fair yesterday, mine came out 6.3."
    results = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [("4548-4", 6.3)]


def test_a_saints_name_is_no_person(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Picked up St. John's wort at the health food store and started it two weeks ago for my mood."
    assert {"drug": "st john's wort", "action": "start"} in of_type(
        grounded_records(text, snapshot, mention), "regimen_change"
    )
    assert len(sentence_spans("Dr. Patel said so. I agreed.")) == 2


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Why does my chart say seizure disorder?? Never had a seizure in my life, somebody must've mixed me up"
            " with another patient.",
            "epilepsy",
        ),
        ("also why does my portal say anemia?? never been anemic in my life", "anemia"),
    ],
)
def test_an_entry_disputed_with_the_subject_dropped(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": name, "status": "denied"}]


def test_an_entry_asked_about_and_then_lived_is_no_denial(snapshot: DictionarySnapshot, mention: datetime) -> None:
    conditions = of_type(grounded_records("Why does my chart say asthma?? I need a new inhaler.", snapshot, mention),
                         "condition")
    assert all(c.get("status") != "denied" for c in conditions)


def test_an_allergy_entry_called_bogus(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "That fish allergy on my file is bogus. Never had any reaction to fish in my whole life"
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == [
        {"substance": "fish", "substance_kind": "food", "status": "denied"}
    ]
    real = "The fish allergy is real, I never had any fish since I was a kid."
    assert all(a.get("status") != "denied" for a in of_type(grounded_records(real, snapshot, mention), "allergy"))


def test_a_clinician_opening_the_sentence_without_an_article(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Urologist did a cystoscopy the day before yesterday. Said the bladder looks clean."
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == [{"procedure": "cystoscopy"}]


def test_spaced_on_a_pill_is_a_skip(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Totally spaced on my water pill last Thursday, just the one day. Been good about it otherwise"
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == [
        {"drug": "hydrochlorothiazide", "action": "skip"}
    ]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Kind of a scratchy sore throat since yesterday too, nothing major, no fever.", "sore throat"),
        ("Scary one - got up off the couch too fast last night and had a fainting spell.", "fainting"),
    ],
)
def test_a_complaint_after_a_hedge_or_a_chained_verb(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [s["name"] for s in of_type(grounded_records(text, snapshot, mention), "symptom")] == [name]


def test_a_hedged_question_is_no_complaint(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Kind of a weird question, but is a sore throat contagious?"
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


def test_a_kit_between_the_test_and_its_reading(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "oh and the finger-prick A1c kit I did yesterday read 6.1 percent"
    results = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [("4548-4", 6.1)]
