"""Wordings read in round 29 (issue #6 record contract), each with near misses: a date between a test and its value;
"had my A1c redone, 6.1"; a growth had cut off; a condition's "front"; an entry listed on the profile and called
wrong; an allergy put in the chart and "got it wrong"; a symptom after a dash lead-in; "weeks along"; hard sets;
an extraction named with the subject dropped; chat fillers after an allergen."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "loinc", "value"),
    [
        ("urologist's office called - my PSA from the 12th of March came back 0.1, basically undetectable", "2857-1",
         0.1),
        ("My A1c from the lab at work on Feb 16 was 6.2%, so pretty much where it was", "4548-4", 6.2),
        ("Had my A1c redone yesterday, 6.1 - pretty much where it was before.", "4548-4", 6.1),
    ],
)
def test_a_value_with_a_date_or_a_redo_between(
    text: str, loinc: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    results = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [(loinc, value)]


def test_another_number_between_still_breaks(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My A1c was checked 3 times last year and my weight is 80 kilos."
    assert of_type(grounded_records(text, snapshot, mention), "test_result") == []


def test_a_growth_had_cut_off(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Also had a mole cut off my back at the dermatologist last week. Stitches come out Friday"
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == [{"procedure": "mole removal"}]
    anothers = "My wife had a mole cut off her back last week."
    assert of_type(grounded_records(anothers, snapshot, mention), "surgery_history") == []


def test_a_conditions_front_cleared_up(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Good news on the gout front, it's completely cleared up. The toe's back to normal."
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": "gout", "status": "resolved"}]


def test_an_entry_listed_on_the_profile_and_called_wrong(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Saw migraine listed on my profile. That's wrong, never had a migraine in my life."
    assert {"name": "migraine", "status": "denied"} in of_type(grounded_records(text, snapshot, mention), "condition")
    lived = "Saw migraine listed on my profile. I get them every month, awful."
    assert all(c.get("status") != "denied" for c in of_type(grounded_records(lived, snapshot, mention), "condition"))


def test_an_allergy_put_in_the_chart_got_wrong(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Whoever put cat allergy in my chart got it wrong. Grew up with two cats, never so much as a sneeze"
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == [
        {"substance": "cat", "substance_kind": "environment", "status": "denied"}
    ]


def test_an_allergy_still_held_with_a_chat_filler(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "still super allergic to peanuts btw. my friend opened a PB cookie at lunch and I had to move tables lol"
    assert [a["substance"] for a in of_type(grounded_records(text, snapshot, mention), "allergy")] == ["peanuts"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Scary thing - fainted in the kitchen this afternoon and came to on the floor.", "fainting"),
        ("Quick update - headache since Monday.", "headache"),
        ("Only thing now is a scratchy sore throat since this morning, nbd.", "sore throat"),
    ],
)
def test_a_complaint_after_a_lead_in(text: str, name: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert [s["name"] for s in of_type(grounded_records(text, snapshot, mention), "symptom")] == [name]


def test_anothers_complaint_after_a_dash_is_theirs(snapshot: DictionarySnapshot, mention: datetime) -> None:
    for text in ("My husband - fainted twice yesterday.", "So my neighbour - she fainted yesterday."):
        assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


def test_weeks_along_is_a_pregnancy(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Got my Tdap shot at the OB on Monday. 25 weeks along now"
    assert of_type(grounded_records(text, snapshot, mention), "pregnancy_status") == [
        {"status": "pregnant", "week": 25}
    ]
    assert of_type(grounded_records("My sister is 25 weeks along.", snapshot, mention), "pregnancy_status") == []


def test_hard_sets_are_exercise(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Since March we're doing all-out sprint intervals three times a week"
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == [{"activity": "sprint intervals"}]
    talked = "Nephew talked me into CrossFit, we're doing all-out sprint intervals three times a week"
    assert of_type(grounded_records(talked, snapshot, mention), "exercise") == [{"activity": "crossfit"}]
    kids = "The kids are doing sprints at school."
    assert of_type(grounded_records(kids, snapshot, mention), "exercise") == []


def test_an_extraction_named_with_the_subject_dropped(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Had the wisdom tooth extraction on October 2nd, glad that's behind me."
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == [
        {"procedure": "wisdom tooth extraction"}
    ]


def test_a_common_misspelling_of_the_water_pill(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "only been taking half of the hydrochlorathiazide since last Monday"
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == [
        {"drug": "hydrochlorothiazide", "action": "dose_change"}
    ]
