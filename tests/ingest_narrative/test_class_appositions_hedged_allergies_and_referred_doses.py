"""Wording tests by structure: a drug named by its class and its own name in one phrase is one drug (the
specific one); a drug allergy said as "an allergy to <drug>" (hedged verdicts kept); an allergy said by a
participle ("Being allergic to X, ..."); a recorded allergy denied after an adverb ("but honestly I'm not");
a speaker's action on a drug after a refill was named; a dose "had" or "been having" of a drug named before.
Near misses: other people, questions, hypotheticals, negations."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "record_type", "drug"),
    [
        ("The doctor said it's an allergic reaction to my blood pressure pill, the hydrochlorothiazide.", "allergy",
         "hydrochlorothiazide"),
        ("I'm still on my Trinessa birth control as well.", "medication_intake", "norgestimate"),
        ("I took my water pill (HCTZ) this morning.", "medication_intake", "hydrochlorothiazide"),
        ("I stopped my cholesterol pill, I mean the Zocor, on Friday.", "regimen_change", "simvastatin"),
    ],
)
def test_a_class_and_its_drug_in_one_phrase_are_the_drug(
    snapshot: DictionarySnapshot, mention: datetime, text: str, record_type: str, drug: str
) -> None:
    records = of_type(grounded_records(text, snapshot, mention), record_type)
    names = [r.get("drug") or r.get("substance") for r in records]
    assert names == [drug]


def test_a_class_on_its_own_stays_a_class(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = of_type(grounded_records("I took my blood pressure pill at 8.", snapshot, mention), "medication_intake")
    assert [r["drug"] for r in records] == ["antihypertensive"]


@pytest.mark.parametrize(
    "text",
    [
        "I broke out in a rash and the pharmacist said it's most likely an allergy to the simvastatin.",
        "I came out in welts on Tuesday; the nurse reckons that's probably an allergy to my Lipitor.",
        "Hives all over since Monday. The GP thinks it's an allergy to the amoxicillin.",
    ],
)
def test_an_allergy_to_a_drug_said_by_a_verdict(snapshot: DictionarySnapshot, mention: datetime, text: str) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert len(allergies) == 1 and allergies[0]["substance_kind"] == "drug"
    assert allergies[0].get("status") != "denied"


@pytest.mark.parametrize(
    "text",
    [
        "My wife broke out in hives and the doctor thinks it's an allergy to the amoxicillin.",
        "Is it possible I have an allergy to the lisinopril?",
        "If I ever got a rash it might be an allergy to the metformin.",
    ],
)
def test_no_drug_allergy_for_others_questions_or_hypotheticals(
    snapshot: DictionarySnapshot, mention: datetime, text: str
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("Being allergic to bee stings, I wear long gloves in the garden.", "bee stings"),
        ("Being so allergic to latex, I always ask the dentist for vinyl gloves.", "latex"),
    ],
)
def test_an_allergy_said_by_a_participle(
    snapshot: DictionarySnapshot, mention: datetime, text: str, substance: str
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(a["substance"], a.get("status")) for a in allergies] == [(substance, None)]


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("Funny thing is my chart says I'm allergic to cats, but honestly I'm not.", "cats"),
        ("My file says I'm allergic to eggs, though frankly, I'm not.", "eggs"),
        ("So I don't think I'm really allergic to bees after all.", "bees"),
    ],
)
def test_a_recorded_allergy_denied_after_an_adverb(
    snapshot: DictionarySnapshot, mention: datetime, text: str, substance: str
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(a["substance"], a.get("status")) for a in allergies] == [(substance, "denied")]


def test_someone_else_being_allergic_is_no_allergy(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My husband, being allergic to latex, asks for vinyl gloves."
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


def test_a_chart_entry_not_denied_stays_unsaid(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My chart says I'm allergic to cats, but honestly I'm not sure how bad it is."
    assert all(a.get("status") != "denied" for a in of_type(grounded_records(text, snapshot, mention), "allergy"))


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("The pharmacy never got the refill through for my Plavix, so I just stopped taking it on Sunday.",
         "clopidogrel", "stop"),
        ("The doctor prescribed Lipitor last month and I quit taking them after a week.", "atorvastatin", "stop"),
    ],
)
def test_an_action_after_a_refill_is_the_speakers(
    snapshot: DictionarySnapshot, mention: datetime, text: str, drug: str, action: str
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    [
        "They renewed my Eliquis prescription, I haven't stopped it.",
        "The doctor prescribed my husband Lipitor and he stopped taking it.",
    ],
)
def test_no_stop_when_denied_or_someone_elses(snapshot: DictionarySnapshot, mention: datetime, text: str) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("My daughter read that ginkgo is good for the memory, so she brought me a bottle and I've been having one "
         "capsule every morning.", "ginkgo biloba"),
        ("My neighbour says turmeric helps joints, so I've had two capsules a day since Monday.", "turmeric"),
        ("My friend recommended melatonin. I have it at bedtime now.", "melatonin"),
    ],
)
def test_a_dose_had_of_a_drug_named_before(
    snapshot: DictionarySnapshot, mention: datetime, text: str, drug: str
) -> None:
    intakes = of_type(grounded_records(text, snapshot, mention), "medication_intake")
    assert [i["drug"] for i in intakes] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "My daughter takes ginkgo, she has one capsule every morning.",
        "The pharmacist mentioned fish oil. I haven't had a capsule yet.",
        "Should I be having one capsule of the ginkgo my daughter bought?",
    ],
)
def test_no_dose_had_by_others_denied_or_asked(snapshot: DictionarySnapshot, mention: datetime, text: str) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []
