"""Round 60 (issue #7, sets 194-197): terse texts, portal messages and parents' notes.

"no hctz fri thru sun" is a skip over a run of days, "on saturday and sunday" too, and "just the once" an occasional
miss; "went rigid then jerking" is a seizure; "tight across the chest" and "a tight band round my chest" are chest
pain; "I think I am allergic for Piriton" is a suspected drug allergy, recorded; "hill reps" are training units."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.matching import any_phrase
from app.reconcile.regimen_actions import OCCASIONAL_CUES, skips_a_run_of_days
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 3, 9, 8, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("no hctz fri thru sun, was out on the boat n wasnt going to be hanging off the stern", "hydrochlorothiazide"),
        ("No metformin today, felt sick", "metformin"),
    ],
)
def test_no_and_the_drug_with_a_day_is_a_skip(text: str, drug: str, snapshot: DictionarySnapshot) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, "skip")]


def test_no_drug_offered_is_no_skip(snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records("no metformin for me thanks", snapshot, AT), "regimen_change") == []


@pytest.mark.parametrize(
    ("quote", "run"),
    [
        ("no hctz fri thru sun", True),
        ("He not take his pressure tablet on saturday and sunday", True),
        ("missed it on friday", False),
    ],
)
def test_days_named_together_are_a_run(quote: str, run: bool) -> None:
    assert skips_a_run_of_days(quote) is run


@pytest.mark.parametrize(
    ("quote", "occasional"),
    [
        ("missed my hydrochlorathiazide tues, just the once, phone died so no alarm", True),
        ("only once this month did I skip the metformin", True),
        ("skipped the lisinopril on purpose", False),
    ],
)
def test_just_the_once_is_an_occasional_miss(quote: str, occasional: bool) -> None:
    assert (any_phrase(quote, OCCASIONAL_CUES) is not None) is occasional


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I went rigid then jerking for a minute or so, didn't know where I was for a good while after", "seizure"),
        ("the last 3 days I get tight across the chest when I walk up the driveway", "chest pain"),
        ("tight band round my chest walking up from the car park yesterday and it went down my left arm", "chest pain"),
    ],
)
def test_danger_told_tersely(text: str, name: str, snapshot: DictionarySnapshot) -> None:
    assert name in [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")]


def test_a_shirt_tight_across_the_chest_is_no_symptom(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("the new shirt is tight across the chest", snapshot, AT)
    assert of_type(records, "symptom") == []


@pytest.mark.parametrize(
    "text", ["I think I am allergic for Piriton, my neck came up in red bumps", "I think I'm allergic to penicillin"]
)
def test_a_suspected_drug_allergy_is_recorded(text: str, snapshot: DictionarySnapshot) -> None:
    [allergy] = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert allergy["substance_kind"] == "drug" and allergy.get("status") != "denied"


def test_a_drug_allergy_asked_is_no_allergy(snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records("am I allergic to penicillin?", snapshot, AT), "allergy") == []


def test_hill_reps_are_training(snapshot: DictionarySnapshot) -> None:
    [exercise] = of_type(grounded_records("did 8 hill reps this morning", snapshot, AT), "exercise")
    assert exercise["activity"] == "hill reps"
