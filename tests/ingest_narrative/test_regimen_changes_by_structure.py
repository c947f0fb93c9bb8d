"""Regimen changes by their structure (issue #6 record contract), each with near misses: a tablet split said of a
drug named before or put first, a pause said as a break, a dose gone without with a dropped subject, a dose moved
with a particle, a switch said of the speaker, the drug or its dose as the subject of a change or a hold, a drug
said absent for a time, rationing, a drug taken only on a condition, idioms of a drug dropped or let slide."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("The amlodipine makes my ankles puff up, so I've been snapping each tablet in half.", "amlodipine"),
        ("And the amlodipine I've been cutting in half because my ankles keep puffing up.", "amlodipine"),
        ("My metoprolol, I've been splitting the pills in half.", "metoprolol"),
        ("I got metoprolol last month. I've been breaking the pills in half.", "metoprolol"),
    ],
)
def test_a_tablet_split_is_a_dose_change(text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, "dose_change")]


@pytest.mark.parametrize(
    "text",
    [
        "The doctor gave me metoprolol. I've been breaking it down for my wife.",  # no tablet split
        "My husband's lisinopril he cuts in half.",  # someone else's
    ],
)
def test_no_dose_change_without_a_tablet_split_of_the_speakers(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [f for f in changes if f["action"] == "dose_change"] == []


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("Honestly I've been taking a break from the simvastatin for a couple of weeks.", "simvastatin", "stop"),
        ("I'm on a break from my lisinopril.", "lisinopril", "stop"),
        ("The simvastatin I stopped last month.", "simvastatin", "stop"),
        ("I left my metformin at home. Went without it for two days.", "metformin", "skip"),
        ("I forgot my bone pill one day last week.", "alendronate", "skip"),
    ],
)
def test_a_break_a_fronted_drug_and_a_dose_gone_without(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    [
        "My wife is taking a break from her metformin.",  # someone else
        "Should I take a break from the statin?",  # a question
        "My dad takes warfarin. Went without it on Sunday, he said.",  # the dropped subject is the dad
        "I took my metformin. I never went without it.",  # a double negation
    ],
)
def test_no_stop_or_skip_of_the_speakers_in_near_misses(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("The doctor bumped my metformin up to 1000 mg.", "metformin", "dose_change"),
        ("She knocked my lisinopril down a notch.", "lisinopril", "dose_change"),
        ("I dropped my lisinopril down to 5 mg on my own.", "lisinopril", "dose_change"),
        ("She stopped my lisinopril.", "lisinopril", "stop"),
    ],
)
def test_a_dose_moved_with_a_particle_or_the_speakers_drug_changed_by_a_clinician(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    [
        "I took my metformin up to the cabin.",  # a place, not a dose
        "He stopped his lisinopril.",  # someone else's drug
        "Should she stop my lisinopril?",  # a question
    ],
)
def test_no_dose_move_or_change_of_the_speakers_in_near_misses(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


def test_a_switch_said_of_the_speaker_stops_one_drug_and_starts_the_other(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "My pharmacist switched me from Zocor to Lipitor."
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [("simvastatin", "stop"), ("atorvastatin", "start")]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Been a week without my lisinopril.", "lisinopril"),
        ("We spent two days without the metformin because the pharmacy was closed.", "metformin"),
    ],
)
def test_a_period_without_the_drug_is_a_skip(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, "skip")]


def test_another_persons_days_without_the_drug_are_no_skip(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("My husband went two days without his metformin.", snapshot, mention)
    assert of_type(records, "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("I take my lisinopril every other day now to make it last.", "lisinopril", "dose_change"),
        ("No metformin for three days now.", "metformin", "skip"),
        ("No insulin since yesterday morning, the pen ran out.", "insulin", "stop"),
        ("I've had no Eliquis today.", "apixaban", "skip"),
    ],
)
def test_rationing_or_a_drug_said_absent_for_a_time(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    [
        "No aspirin for me, I'm allergic.",  # no time of absence
        "I had no trouble with my metformin.",  # "no" is about the trouble
        "I've had no side effects from the lisinopril.",  # "no" is about the side effects
        "My dad has had no insulin since Monday.",  # someone else
    ],
)
def test_no_skip_from_a_no_about_something_else(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("The Plavix is on hold until after my dental work.", "clopidogrel", "stop"),  # an open hold (round 25)
        ("The metformin was stopped at the hospital.", "metformin", "stop"),
    ],
)
def test_the_drug_as_the_subject_of_a_hold_or_a_stop(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, action)]


def test_a_drug_working_well_is_no_regimen_change(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("The metformin is working well.", snapshot, mention)
    assert of_type(records, "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("Pharmacy was out of stock so no Eliquis for me this weekend.", "apixaban", "skip"),
        ("I keep forgetting my evening metformin.", "metformin", "skip"),
        ("Life got busy and the Lipitor fell by the wayside.", "atorvastatin", "stop"),
        ("I've let my blood pressure meds slide.", "antihypertensive", "skip"),
    ],
)
def test_idioms_of_a_drug_dropped_or_let_slide(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    [
        "My husband keeps forgetting his metformin.",  # someone else
        "I never let my insulin slide.",  # negated
        "Let my metformin go to the pharmacy.",  # no lapse
    ],
)
def test_no_lapse_of_the_speakers_in_near_misses(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("I'm now on losartan instead of lisinopril.", [("losartan", "start"), ("lisinopril", "stop")]),
        (
            "They changed my lisinopril to losartan because of the cough.",
            [("lisinopril", "stop"), ("losartan", "start")],
        ),
        ("My metformin got upped to twice a day.", [("metformin", "dose_change")]),
        ("My dose of levothyroxine went up to 100 mcg.", [("levothyroxine", "dose_change")]),
        ("The lisinopril dose was cut in half.", [("lisinopril", "dose_change")]),
    ],
)
def test_a_switch_by_instead_of_or_change_to_and_a_dose_changed_as_the_subject(
    text: str, changes: list[tuple[str, str]], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    got = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in got] == changes


@pytest.mark.parametrize(
    "text",
    [
        "They changed my lisinopril to 20 mg.",  # a dose said as a switch target: no switch
        "The metformin went down well.",  # swallowed, not a dose lowered
        "My husband's metformin got upped.",  # someone else's
        "He changed his lisinopril to losartan.",  # someone else's
    ],
)
def test_no_switch_or_dose_change_in_near_misses(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("I only take the Eliquis when I remember.", "apixaban", "skip"),
        ("I take my blood pressure pill only when my pressure is high.", "antihypertensive", "dose_change"),
        ("Can't afford the Januvia anymore so I stopped.", "sitagliptin", "stop"),
        ("I've been taking 2 of my 5mg lisinopril instead of one.", "lisinopril", "dose_change"),
    ],
)
def test_a_drug_taken_only_on_a_condition_unaffordable_or_instead_of_the_usual_dose(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    [
        "I only take ibuprofen when I need it.",  # as needed is its regimen
        "Took my metformin instead of one of the vitamins.",  # no dose instead
        "My mom can't afford her insulin.",  # someone else
    ],
)
def test_as_needed_use_another_pill_or_anothers_cost_is_no_regimen_change(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []
