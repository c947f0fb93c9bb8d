"""Round 56 (issue #7, sets 178-181): a switch told with the two drugs apart ("switched him off the warfarin onto
Eliquis", "took him off the clopidogrel on tuesday and put him on brilinta instead", "they swapped it for labetalol")
stops the first and starts the second; a clinician's instruction reported by a pronoun ("she said double the simva")
is the speaker's change; "I've had migraines 30 yrs" is an ongoing migraine."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 4, 20, 9, tzinfo=UTC)


def _changes(text: str, snapshot: DictionarySnapshot) -> list[tuple[str, str]]:
    return [(r["drug"], r["action"]) for r in of_type(grounded_records(text, snapshot, AT), "regimen_change")]


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("the new heart specialist switched me off the warfarin onto Eliquis 5mg twice a day", "warfarin", "apixaban"),
        (
            "so the heart doctor took me off the clopidogrel on tuesday and put me on brilinta instead",
            "clopidogrel",
            "ticagrelor",
        ),
        ("I came off the lisinopril and onto losartan last month", "lisinopril", "losartan"),
        ("my GP replaced my simvastatin with atorvastatin in March", "simvastatin", "atorvastatin"),
    ],
)
def test_a_switch_with_the_drugs_apart_stops_one_and_starts_the_other(
    text: str, old: str, new: str, snapshot: DictionarySnapshot
) -> None:
    assert sorted(_changes(text, snapshot)) == sorted([(old, "stop"), (new, "start")])


def test_the_drug_swapped_in_for_one_just_stopped_is_started(snapshot: DictionarySnapshot) -> None:
    text = (
        "the midwife and my GP agreed I should come off the hydrochlorothiazide while I'm breastfeeding, "
        "so they swapped it for labetalol 100 mg twice daily"
    )
    assert sorted(_changes(text, snapshot)) == [("hydrochlorothiazide", "stop"), ("labetalol", "start")]


def test_two_drugs_taken_together_are_no_switch(snapshot: DictionarySnapshot) -> None:
    text = "took me off the metformin for the scan and I still take the lisinopril with breakfast"
    changes = _changes(text, snapshot)
    assert ("metformin", "stop") in changes and ("lisinopril", "start") not in changes


@pytest.mark.parametrize(
    "text",
    [
        "rang dr Ng and she said double the simva to 20 starting tonight",
        "saw the nurse this morning, she told me to halve the simvastatin",
        "saw the nurse, she wants me to double the simvastatin",
    ],
)
def test_a_pronouns_instruction_is_the_speakers_change(text: str, snapshot: DictionarySnapshot) -> None:
    assert _changes(text, snapshot) == [("simvastatin", "dose_change")]


def test_a_relatives_own_stop_stays_hers(snapshot: DictionarySnapshot) -> None:
    assert _changes("my wife said she stopped her simvastatin", snapshot) == []


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("worst one ive ever had and I've had migraines 30 yrs", "active"),
        ("I've had asthma like 20 years", "active"),
        ("I've had shingles 2 years ago", "resolved"),
    ],
)
def test_a_condition_had_for_years_told_without_for_is_ongoing(
    text: str, status: str, snapshot: DictionarySnapshot
) -> None:
    assert [c["status"] for c in of_type(grounded_records(text, snapshot, AT), "condition")] == [status]


@pytest.mark.parametrize(
    ("text", "sign"),
    [
        ("since 30 minute my mouth is going down on one side", "facial droop"),
        ("my smile dropped down on the left side at dinner", "facial droop"),
        ("Please help, I speak strange since this morning", "dysarthria"),
        ("I am talking funny, my wife noticed", "dysarthria"),
    ],
)
def test_a_stroke_sign_told_plainly(text: str, sign: str, snapshot: DictionarySnapshot) -> None:
    assert sign in [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")]


def test_a_mouth_going_down_the_road_is_no_sign(snapshot: DictionarySnapshot) -> None:
    text = "my mouth is dry and I went down to the shops on one side of town"
    assert "facial droop" not in [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")]
