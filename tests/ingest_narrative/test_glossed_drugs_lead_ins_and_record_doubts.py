"""Wordings read in round 34 (issue #6 record contract), each with near misses: a drug glossed by its class and then
ditched; a procedure after a lead-in; a resolved condition said in the singular with a filler noun; a length of
training as "a full hour"; a sport; an entry denied twice in one turn, or as an event that never happened; one dose of
a vaccine series; an allergy doubted by puzzlement at the record and disproved by handling it every day."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


def test_a_drug_glossed_by_its_class_then_ditched(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "so about the plavix... the little blood thinner one. Ditched it this past Sunday, my gums bleed"
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == [
        {"drug": "clopidogrel", "action": "stop"}
    ]
    anothers = "My dad was on warfarin. Ditched it last year."
    assert of_type(grounded_records(anothers, snapshot, mention), "regimen_change") == []


def test_a_class_and_a_drug_of_another_kind_stay_two(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I take the metformin, my blood pressure pill and a statin."
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [
        "metformin",
        "antihypertensive",
    ]


def test_a_procedure_after_a_lead_in(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "oh forgot to say, had a colonoscopy done in March at a clinic near my sister's place"
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == [{"procedure": "colonoscopy"}]
    anothers = "My husband was poorly, had a colonoscopy in March."
    assert of_type(grounded_records(anothers, snapshot, mention), "surgery_history") == []


def test_a_resolved_condition_in_the_singular_with_a_filler_noun(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "Good news, dentist says the impacted molar business is all cleared up now, nothing more to do."
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [
        {"name": "impacted molars", "status": "resolved"}
    ]


@pytest.mark.parametrize(
    ("text", "activity", "minutes"),
    [
        ("Went all out on the indoor bike this morning, a full hour of cycling, heart pounding.", "cycling", 60.0),
        ("Played pickleball w my brother in law last Saturday, got absolutely destroyed haha", "pickleball", None),
    ],
)
def test_a_full_hour_of_training_and_a_sport(
    text: str, activity: str, minutes: float | None, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    [exercise] = of_type(grounded_records(text, snapshot, mention), "exercise")
    assert (exercise["activity"], exercise.get("duration_min")) == (activity, minutes)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Whoever put anemia on my chart got the wrong guy. Never been anemic in my life, my blood work is fine.",
         "anemia"),
        ("There's an overdose listed on my file from way back. That never happened, must be somebody else's chart.",
         "overdose"),
    ],
)
def test_an_entry_denied_twice_or_as_an_event_that_never_happened(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": name, "status": "denied"}]


def test_anothers_condition_denied_is_theirs(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("My brother has never been anemic.", snapshot, mention)
    assert of_type(records, "condition") == []


def test_one_dose_of_a_vaccine_series(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Got the first of the two shingles shots at CVS four days ago"
    assert of_type(grounded_records(text, snapshot, mention), "clinical_visit") == [{"kind": "vaccination"}]
    anothers = "My wife got the first of the two shingles shots yesterday."
    assert of_type(grounded_records(anothers, snapshot, mention), "clinical_visit") == []


def test_an_allergy_doubted_and_disproved_by_handling_it(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Not sure why my file says latex allergy, I wear latex gloves at work every single day with zero problems."
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == [
        {"substance": "latex", "substance_kind": "environment", "status": "denied"}
    ]
    affirmed = "My file says latex allergy and it's true, I broke out when I wore latex gloves."
    assert [a for a in of_type(grounded_records(affirmed, snapshot, mention), "allergy") if a.get("status")] == []


def test_puzzlement_is_no_hedge_on_a_complaint(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert [f["name"] for f in of_type(grounded_records("not sure why my chest hurts.", snapshot, mention),
                                       "symptom")] == ["chest pain"]
    hedged = "Not sure why but I think I might have asthma."
    assert of_type(grounded_records(hedged, snapshot, mention), "condition") == []


def test_cramping_is_a_cramp(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Still getting a bit of cramping since they put the new IUD in. Nothing major."
    assert [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")] == ["muscle cramps"]
