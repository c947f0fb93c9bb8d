"""Medication, condition and procedure wordings by their structure (round 21), each with near misses: a count
swallowed once in the past "instead of one" is a double dose (an intake), also after a lapse of attention said
negatively; a dose of a drug named before said not had ("haven't had one", "haven't taken any") is a skip; a dose
"done" by the speaker ("I do my Fosamax every Monday") is an intake; a complaint found or named to be a condition
("turned out to be", "ended up being", "she said the headaches are migraines") is the condition; a procedure named as
the speaker's, by "my" or by when it was done, with its result ("last month's colonoscopy came back clean") was
done."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 3, 10, 18, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I took two of my hydrochlorothiazide at breakfast instead of one.", "hydrochlorothiazide"),
        ("Accidentally swallowed 2 of the metformin tonight instead of one.", "metformin"),
        ("Silly me, I popped both of my lisinopril tablets at breakfast instead of one.", "lisinopril"),
        ("This morning I had two of my amlodipine instead of just one, I wasn't thinking.", "amlodipine"),
        ("I grabbed two of the Eliquis instead of one last night by mistake.", "apixaban"),
        ("I wasn't concentrating and swallowed two of my metformin tonight instead of one.", "metformin"),
        ("Wasn't really thinking, took 2 of the lisinopril at lunch instead of one.", "lisinopril"),
        ("I wasn't paying attention, so I took my warfarin twice last night.", "warfarin"),
    ],
)
def test_a_count_swallowed_once_instead_of_one_is_a_double_dose_intake(
    text: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, AT)
    assert [c["drug"] for c in of_type(records, "medication_intake")] == [drug]
    assert of_type(records, "regimen_change") == []


@pytest.mark.parametrize(
    "text",
    [
        "My husband took two of his metformin instead of one this morning.",  # someone else
        "Should I take two of my metformin instead of one?",  # a question
    ],
)
def test_a_double_count_of_someone_else_or_asked_is_no_intake(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "medication_intake") == []


def test_an_ongoing_count_instead_of_one_stays_a_change_of_the_dose(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("I've been taking 2 of my 10 mg amlodipine instead of one.", snapshot, AT)
    assert [(c["drug"], c["action"]) for c in of_type(records, "regimen_change")] == [("amlodipine", "dose_change")]


def test_a_lapse_of_attention_does_not_unsay_a_negated_symptom(snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records("I wasn't thinking about my chest pain at all.", snapshot, AT), "symptom") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("We're away at my sister's and the Eliquis is still on the kitchen table, so I haven't had one since Friday.",
         "apixaban"),
        ("I left my metformin at home so I haven't taken any since Friday.", "metformin"),
        ("My Eliquis is still sitting on the bathroom shelf at home, and I haven't had any since Sunday.", "apixaban"),
        ("The warfarin is back at the cottage, so I've not had a single dose since Tuesday.", "warfarin"),
        ("My atorvastatin got left behind at my daughter's, I haven't had it for two days.", "atorvastatin"),
        ("Lost my bag with the lisinopril in it on the train. Haven't had one all week.", "lisinopril"),
    ],
)
def test_a_dose_of_a_drug_named_before_said_not_had_is_a_skip(
    text: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, "skip")]


@pytest.mark.parametrize(
    "text",
    [
        "I've been on Plavix since the heart attack and I haven't had one since.",  # the event's "one"
        "I take metformin every morning and I haven't had any side effects.",  # a noun follows
        "My husband left his Plavix at home so he hasn't had one for three days.",  # someone else
        "The Plavix is at home, should I worry that I haven't had one today?",  # a question
        "I take lisinopril. I haven't had one of those dizzy spells this week.",  # "one of" an event
    ],
)
def test_an_event_not_had_or_someone_elses_lapse_is_no_skip(text: str, snapshot: DictionarySnapshot) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [c for c in changes if c["action"] == "skip"] == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I do my alendronate every Sunday morning with a big glass of water.", "alendronate"),
        ("I always do my insulin before dinner.", "insulin"),
        ("Every Sunday morning I do the Fosamax before breakfast.", "alendronate"),
        ("I did my Humira pen on Saturday as usual.", "adalimumab"),
        ("I usually do my Ozempic on Friday nights.", "semaglutide"),
        ("We do the metformin with breakfast every day.", "metformin"),
    ],
)
def test_a_dose_done_by_the_speaker_is_an_intake(text: str, drug: str, snapshot: DictionarySnapshot) -> None:
    assert [c["drug"] for c in of_type(grounded_records(text, snapshot, AT), "medication_intake")] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "I did my research on Fosamax before starting.",  # reading about it
        "What do my Fosamax tablets look like?",  # a question, no subject
        "My mum does her Fosamax on Mondays.",  # someone else
        "Should I do my Ozempic on Friday?",  # a question
    ],
)
def test_research_a_question_or_someone_elses_dose_is_no_intake(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The blisters across my back turned out to be shingles.", "shingles"),
        ("My sore big toe ended up being gout, according to the GP.", "gout"),
        ("Turns out the tiredness was anemia all along.", "anemia"),
        ("The doctor told me this itchy patch on my elbow is eczema.", "eczema"),
        ("I went to the walk-in clinic and the nurse said the pounding headaches I get are migraines.", "migraine"),
        ("The GP reckons my itchy elbows are eczema.", "eczema"),
    ],
)
def test_a_complaint_found_or_named_to_be_a_condition_is_the_condition(
    text: str, name: str, snapshot: DictionarySnapshot
) -> None:
    conditions = of_type(grounded_records(text, snapshot, AT), "condition")
    assert [(c["name"], c["status"]) for c in conditions] == [(name, "active")]


@pytest.mark.parametrize(
    "text",
    [
        "If it turns out to be shingles I'll need antivirals.",  # a hypothetical
        "The rash turned out not to be shingles after all.",  # denied
        "She said the headaches are not migraines.",  # negated
        "Is it possible the headaches are migraines?",  # a question
        "My husband's cough turned out to be pneumonia.",  # someone else
    ],
)
def test_a_diagnosis_hoped_denied_asked_or_of_someone_else_is_no_active_condition(
    text: str, snapshot: DictionarySnapshot
) -> None:
    conditions = of_type(grounded_records(text, snapshot, AT), "condition")
    assert [c for c in conditions if c["status"] == "active"] == []


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("Last week's endoscopy at the hospital came back all clear.", "endoscopy"),
        ("My colonoscopy in March showed a couple of small polyps.", "colonoscopy"),
        ("The results from Tuesday's endoscopy came back normal.", "endoscopy"),
        ("Yesterday's cystoscopy went fine, just a bit sore now.", "cystoscopy"),
        ("My routine colonoscopy last autumn was all clear.", "colonoscopy"),
        ("The colonoscopy I had in January came back clean.", "colonoscopy"),
    ],
)
def test_a_procedure_named_as_the_speakers_with_its_result_was_done(
    text: str, procedure: str, snapshot: DictionarySnapshot
) -> None:
    surgeries = of_type(grounded_records(text, snapshot, AT), "surgery_history")
    assert [s["procedure"] for s in surgeries] == [procedure]


@pytest.mark.parametrize(
    "text",
    [
        "My husband's colonoscopy came back clean.",  # someone else
        "Next month's colonoscopy will hopefully come back clear.",  # a plan
        "Will my colonoscopy come back clean?",  # a question
        "My dad's endoscopy showed nothing.",  # a relative
        "The colonoscopy I had booked for May got cancelled.",  # never done
    ],
)
def test_a_procedure_of_someone_else_planned_or_asked_is_no_history(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "surgery_history") == []
