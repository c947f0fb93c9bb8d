"""Wordings by their structure (issue #6 record contract), each with near misses: a drug as the subject of a
passive skip, after a discourse word ("Honestly the water pill has been getting skipped on work days"); a drug's
name said as the sentence's afterthought after its class ("blood pressure pill went down with my coffee this
morning, the amlodipine"); a test's name followed by a place or time adverb ("my a1c there was 7.1%"), by its
check ("the TSH blood test I did last week came back at two point four") or by a bare place ("did the a1c at
walgreens on June 30th, six point three"), a reading by its hundreds digit ("LDL came out one forty five"); a chest
"real tight" on exertion; a forgetting denied ("didn't forget my metformin this morning", "in
Madrid but didn't forget, blood pressure pill went down with my coffee"): a dose taken."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Honestly the water pill has been getting skipped on work days for the past ten days.", "hydrochlorothiazide"),
        ("My metformin got missed twice this week.", "metformin"),
        ("tbh the lisinopril keeps getting forgotten on weekends", "lisinopril"),
        ("Update: my warfarin was skipped last night.", "warfarin"),
    ],
)
def test_a_drug_as_the_subject_of_a_passive_skip_is_a_skip(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, "skip")]


@pytest.mark.parametrize(
    "text",
    [
        "Has the water pill been getting skipped?",
        "My wife's metformin got missed twice this week.",
        "If my warfarin gets skipped, what should I do?",
    ],
)
def test_no_skip_for_a_question_a_hypothetical_or_someone_elses_drug(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [c for c in changes if c["action"] == "skip"] == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Blood pressure pill went down with my coffee this morning, the amlodipine.", "amlodipine"),
        ("Took my cholesterol pill after dinner - the atorvastatin", "atorvastatin"),
    ],
)
def test_a_drug_named_as_an_afterthought_gives_the_class_its_name(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    intakes = of_type(grounded_records(text, snapshot, mention), "medication_intake")
    assert [i["drug"] for i in intakes] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "Took my blood pressure pill this morning, the metformin I skipped.",
        "Took my blood pressure pill this morning, then the metformin",
    ],
)
def test_a_drug_said_with_its_own_verb_or_as_a_second_dose_is_no_afterthought(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    intakes = of_type(grounded_records(text, snapshot, mention), "medication_intake")
    assert [i["drug"] for i in intakes][:1] == ["antihypertensive"]  # the class pill keeps its class


@pytest.mark.parametrize(
    ("text", "loinc", "value"),
    [
        ("my a1c there was 7.1%", "4548-4", 7.1),
        ("LDL here was 96", "18262-6", 96),
        ("my A1C again came back 7.4%", "4548-4", 7.4),
        # the check named after the test, the speaker as the one who had it done, a bare place before the date
        ("oh and the TSH blood test I did last week came back at two point four", "3016-3", 2.4),
        ("did the a1c at walgreens on June 30th, six point three. same as last time", "4548-4", 6.3),
        # a reading said by its hundreds digit, closing the clause
        ("work did a cholesterol check on wednesday, LDL came out one forty five", "18262-6", 145),
        # the value given for "the result" or "my total" after a semicolon or a comma
        ("I had a finger-prick A1C done at the fair on Saturday; the result was six point one percent.", "4548-4", 6.1),
        ("The health fair did a cholesterol check, my total was two hundred fifty-five.", "2093-3", 255),
    ],
)
def test_a_test_name_with_a_place_or_time_adverb_still_names_the_test(
    text: str, loinc: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    results = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [(loinc, value)]


@pytest.mark.parametrize(
    "text",
    [
        "took my metformin at one forty five.",
        "the blood test I did last week came back fine",
        "my appointment at one forty five, then the pharmacy",
    ],
)
def test_no_test_result_for_a_clock_time_or_an_unnamed_test(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "test_result") == []


@pytest.mark.parametrize(
    "text",
    [
        "Carrying the laundry up the stairs my chest got real tight, had to sit on the step.",
        "my chest was pretty tight walking up the hill",
    ],
)
def test_a_chest_real_or_pretty_tight_is_chest_tightness(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    names = [s["name"] for s in of_type(grounded_records(text, snapshot, mention), "symptom")]
    assert any("chest" in n for n in names)


def test_a_tight_chest_of_drawers_is_no_symptom(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "The chest of drawers is real tight against the wall."
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I didn't forget my metformin this morning", "metformin"),
        ("didnt forget to take the lisinopril today", "lisinopril"),
        (
            "Visiting my sister in Madrid but didn't forget, blood pressure pill went down with my coffee this morning,"
            " the amlodipine",
            "amlodipine",
        ),
    ],
)
def test_a_forgetting_denied_is_a_dose_taken(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [i["drug"] for i in of_type(records, "medication_intake")] == [drug]
    assert of_type(records, "regimen_change") == []


@pytest.mark.parametrize(
    "text",
    ["My wife didn't forget her metformin", "Did I forget my metformin this morning?", "I forgot my metformin today"],
)
def test_no_intake_for_anothers_dose_a_question_or_a_plain_forgetting(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []
