"""Extraction rules, each family with varied positives and near misses: a pain placed in the chest ("right in
the middle of my chest"), a drug gone without since a time, a dose left out, a spray or puff of a drug, a drug
someone gives the speaker, a stop dated by its "since" over a later plan, a clinician's start with a dose as a
prescription, a spelled-out percent, a modifier before a test's name, a result given as "my total", a
suppressed mention that holds no time, and a diagnosis dated by the visit it was made at."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.rules_extractor import extract
from tests.ingest_narrative.extracted import grounded_records, of_type


def _times(text: str, snapshot: DictionarySnapshot, mention: datetime) -> dict[str, str | None]:
    return {r.type: r.time_text for r in extract(text, snapshot, mention=mention).records}


# --- a pain placed in the chest -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Climbing the stairs this afternoon I got a tight, squeezing pain right in the middle of my chest.",
        "I've had a sharp pain across my chest since lunch.",
        "Got a crushing pain in my chest walking up the hill.",
        "There was a dull ache in the centre of my chest all morning.",
    ],
)
def test_a_pain_placed_in_the_chest_is_chest_pain_and_no_bare_pain_condition(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert of_type(records, "symptom") == [{"name": "chest pain"}]
    assert of_type(records, "condition") == []


@pytest.mark.parametrize(
    "text",
    [
        "My husband had a pain in the middle of his chest.",
        "I didn't have any pain in my chest.",
        "If I get a pain across my chest, should I call someone?",
    ],
)
def test_a_chest_pain_of_someone_else_denied_or_supposed_is_none(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


# --- regimens -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("I ran out of the Valium on Friday and the pharmacy has none, so I've had none since.", "diazepam", "stop"),
        ("Ran out of my lisinopril last week, I've taken none since.", "lisinopril", "stop"),
        ("I also leave out the amlodipine on weekends because my ankles swell.", "amlodipine", "skip"),
        ("I left out my metformin yesterday.", "metformin", "skip"),
        ("I went without my warfarin on Sunday.", "warfarin", "skip"),
        ("I ran out of my metformin yesterday.", "metformin", "skip"),
    ],
)
def test_doing_without_a_drug_is_a_stop_or_a_skip(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [(f["drug"], f["action"]) for f in of_type(grounded_records(text, snapshot, mention), "regimen_change")] == [
        (drug, action)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I never leave out the lisinopril.",
        "My husband went without his metformin for a week.",
        "Should I leave out the amlodipine on weekends?",
    ],
)
def test_doing_without_never_said_or_of_someone_else_is_no_record(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("One spray of the nitroglycerin under my tongue and it let go.", "nitroglycerin"),
        ("Two puffs of my albuterol and I could breathe again.", "albuterol"),
        ("My daughter has been giving me two turmeric capsules with breakfast since Monday.", "turmeric"),
        ("My wife gives me a melatonin at bedtime.", "melatonin"),
    ],
)
def test_a_spray_a_puff_or_a_drug_given_to_the_speaker_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "I missed a dose of metformin yesterday.",  # the skip verb still governs
        "She's been giving me a hard time about the metformin.",
    ],
)
def test_a_dose_or_giving_that_is_no_intake(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


def test_a_stop_is_dated_by_its_since_not_by_a_later_plan(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My dentist wants me off the Plavix before she pulls a tooth next week, so I haven't taken it since Sunday."
    assert _times(text, snapshot, mention)["regimen_change"] == "since Sunday"
    assert _times("I'm stopping the warfarin next week.", snapshot, mention)["regimen_change"] == "next week"


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        (
            "The rheumatologist added hydroxychloroquine on Friday, 200 mg twice a day.",
            {"drug": "hydroxychloroquine", "dose": 200.0, "unit": "mg", "frequency": "twice a day"},
        ),
        (
            "The neurologist started me on Keppra afterwards, 500 mg twice a day.",
            {"drug": "levetiracetam", "dose": 500.0, "unit": "mg", "frequency": "twice a day"},
        ),
        (
            "The doctor started me on amlodipine 5 mg once a day.",
            {"drug": "amlodipine", "dose": 5.0, "unit": "mg", "frequency": "once a day"},
        ),
        ("They put me on Cipro, 500 twice a day for a week.", {"drug": "ciprofloxacin", "frequency": "twice a day"}),
    ],
)
def test_a_clinician_starting_a_drug_at_a_dose_is_a_prescription(
    text: str, fields: dict[str, object], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert of_type(records, "prescription") == [fields]
    assert of_type(records, "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("My neurologist started me on levetiracetam two weeks ago.", "levetiracetam"),  # no dose: a start
        ("I started metformin 500 mg twice a day.", "metformin"),  # the speaker's own start
        ("I added fish oil 1000 mg daily.", "omega-3 fatty acids"),
    ],
)
def test_a_start_without_a_dose_or_by_the_speaker_stays_a_start(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [(f["drug"], f["action"]) for f in of_type(records, "regimen_change")] == [(drug, "start")]
    assert of_type(records, "prescription") == []


# --- tests ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "loinc", "value", "unit"),
    [
        ("My new employer did a blood panel and the A1c came back at 7.8 percent.", "4548-4", 7.8, "%"),
        ("The finger-prick A1c came out at 8.1%, which I was not expecting.", "4548-4", 8.1, "%"),
        ("Did a finger-prick cholesterol check on Thursday and my total came out at 198.", "2093-3", 198.0, None),
        ("I got my A1c checked and my result came back at 7.4%.", "4548-4", 7.4, "%"),
    ],
)
def test_a_value_with_a_spelled_percent_a_modifier_or_said_for_my_total(
    text: str, loinc: str, value: float, unit: str | None, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    [result] = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert (result["loinc"], result["value"], result.get("unit")) == (loinc, value, unit)


@pytest.mark.parametrize(
    "text",
    [
        "My total came out at 198.",  # no test named before
        "my kidney score came out at 45",  # a lab-like name stays blocked
        "I lost 5 percent of my weight.",
    ],
)
def test_no_test_result_without_a_test_named(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "test_result") == []


def test_a_non_modifier_is_not_dropped(snapshot: DictionarySnapshot, mention: datetime) -> None:
    results = of_type(grounded_records("my non-fasting glucose was 140", snapshot, mention), "test_result")
    assert [r["loinc"] for r in results] != ["1558-6"]  # never the fasting glucose


# --- times --------------------------------------------------------------------------------------


def test_a_suppressed_mention_holds_no_time(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "They had a free diabetes screening at the health fair two days ago. The A1c came out at 8.1%."
    assert _times(text, snapshot, mention)["test_result"] == "two days ago"


def test_a_diagnosis_is_dated_by_the_visit_it_was_made_at(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I went to urgent care on March 6th, and the doctor there said it's atrial fibrillation."
    assert _times(text, snapshot, mention) == {"condition": "March 6th", "clinical_visit": "March 6th"}
    other = "I stopped metformin, yesterday I felt dizzy."  # another record's clause still holds its time
    assert _times(other, snapshot, mention)["regimen_change"] is None
