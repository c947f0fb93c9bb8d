"""Wordings by their structure (issue #6 record contract), each with near misses: a procedure the speaker "did",
the subject dropped and its time said ("Did the colonoscopy two weeks ago"); an organ the speaker had a clinician
take out ("had the oral surgeon pull those impacted wisdom teeth"); a vaccine "grabbed" at a pharmacy; a steroid
shot given by any clinician ("Ortho gave me a cortisone shot in the left knee"); a supply run out and not renewed,
typed without an apostrophe ("havent bothered refilling it") or said as the pharmacy not reached ("just haven't
made it to the pharmacy")."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("Did the colonoscopy two weeks ago, the prep was the worst part honestly.", "colonoscopy"),
        ("Finally did my colonoscopy yesterday.", "colonoscopy"),
        ("Just did the endoscopy. Throat is a bit sore.", "endoscopy"),
    ],
)
def test_a_procedure_the_speaker_did_with_its_time_is_done(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    done = of_type(grounded_records(text, snapshot, mention), "surgery_history")
    assert [d["procedure"] for d in done] == [procedure]


@pytest.mark.parametrize(
    "text",
    [
        "Did the colonoscopy show anything?",
        "Did the colonoscopy two weeks ago find polyps?",
        "My husband did the colonoscopy prep wrong.",
        "They want me to do the colonoscopy next month.",
    ],
)
def test_no_procedure_for_a_question_or_a_plan(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


@pytest.mark.parametrize(
    "text",
    [
        "Finally had the oral surgeon pull those impacted wisdom teeth the day before yesterday.",
        "I had the dentist take out my bottom wisdom teeth on Friday.",
    ],
)
def test_an_organ_the_speaker_had_a_clinician_take_out_is_its_procedure(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    done = of_type(grounded_records(text, snapshot, mention), "surgery_history")
    assert [d["procedure"] for d in done] == ["wisdom tooth extraction"]


@pytest.mark.parametrize(
    "text",
    [
        "My son had the dentist pull his wisdom teeth on Friday.",
        "Should I have the oral surgeon pull my wisdom teeth?",
    ],
)
def test_no_extraction_for_someone_else_or_a_question(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


def test_a_flu_shot_grabbed_at_a_pharmacy_is_a_vaccination(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("Grabbed a flu shot at walgreens on my lunch break today", snapshot, mention)
    assert [f["kind"] for f in of_type(records, "clinical_visit")] == ["vaccination"]


def test_a_coffee_grabbed_is_no_vaccination(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("Grabbed a coffee at walgreens, then a booster seat for the car.", snapshot, mention)
    assert [f for f in of_type(records, "clinical_visit") if f["kind"] == "vaccination"] == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        (
            "ran out of the water pill last Thursday and tbh havent bothered refilling it, sick of running to the"
            " bathroom every hour",
            "hydrochlorothiazide",
        ),
        (
            "ugh so I ran out of my Plavix like five days ago and just haven't made it to the pharmacy, the copay went"
            " up again",
            "clopidogrel",
        ),
    ],
)
def test_a_supply_run_out_and_not_renewed_is_a_stop(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, "stop")]


@pytest.mark.parametrize(
    "text",
    [
        "I ran out of my Plavix yesterday but I'm going to the pharmacy after work.",
        "Ran out of the water pill last night, picked up the refill this morning.",
    ],
)
def test_a_supply_renewed_is_no_stop(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [c for c in changes if c["action"] == "stop"] == []


@pytest.mark.parametrize(
    "text",
    [
        "Ortho gave me a cortisone shot in the left knee last Thursday.",
        "Doc gave me a steroid injection in my shoulder on Monday",
        "The sports medicine doctor gave me a cortisone injection yesterday.",
    ],
)
def test_a_steroid_shot_from_any_clinician_is_a_procedure(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    done = of_type(grounded_records(text, snapshot, mention), "surgery_history")
    assert [d["procedure"] for d in done] == ["steroid injection"]


@pytest.mark.parametrize(
    "text", ["My ortho gave my wife a cortisone shot.", "The ortho said a cortisone shot might help."]
)
def test_no_steroid_shot_for_someone_else_or_a_suggestion(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []
