"""Wordings read in round 35 (issue #6 record contract; sets 90-93's misses and the blind paraphrase corpora), each
with near misses: danger signs told the way people text them; a statement ending "??" opened by an auxiliary with its
subject dropped; the event named for what it was; a complaint opening a note with when or where it came; a denial of
an allergy outgrown or in the speaker's words; regimen shorthand (typos, back on, no more, from one dose to another,
fewer puffs, a drug fronted before a dash)."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


def _symptoms(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[str]:
    return [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("my wife says I went white and just dropped at dinner last night. I don't remember any of it", "fainting"),
        ("Swooned at the bus stop lol, literally. Hit the pavement, grazed my elbow", "fainting"),
        ("nearly keeled over standing up from the sofa, had to grab the wall", "near fainting"),
        ("Another fit this morning. Mum timed it at about two minutes.", "seizure"),
        ("my son found me on the kitchen floor jerking, bit my tongue, so i guess that was a fit", "seizure"),
        ("Pretty sure it was a seizure, first one in years.", "seizure"),
        ("Speech all garbled on the phone earlier, my sister thought I was drunk.", "dysarthria"),
        ("words came out all slurred for about 15 min this afternoon, my daughter noticed", "dysarthria"),
        ("couldn't lift my right arm properly for a bit earlier, it just felt dead and heavy", "weakness"),
        ("Left side of my face went droopy in the mirror, cleared up after maybe ten mins.", "facial droop"),
        ("there's an elephant sitting on my chest since about 5 am", "chest pain"),
        ("burning pressure across the chest after climbing 2 flights, which never used to happen", "chest pain"),
        ("heartburn-ish ache behind the breastbone when I walk uphill, goes away when I stop", "chest pain"),
        ("cant catch my breath lying flat, have to prop up on 3 pillows", "shortness of breath"),
        ("Puffed out after half a flight of stairs. I used to run these.", "shortness of breath"),
        ("breathing's been really laboured all day, can only say a few words before i need air", "shortness of breath"),
    ],
)
def test_a_danger_sign_told_the_way_people_text_it(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert name in _symptoms(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "My dad nearly keeled over at the wedding.",
        "The kid had another fit of giggles.",
        "Another fit test kit arrived in the post.",
        "My husband's speech was slurred after the wine.",
        "There's an elephant in the room at work.",
        "If I went white and dropped, what should my wife do?",
        "Do people with angina feel pressure across the chest?",
        "She couldn't lift her right arm.",
        "My son had a turn, it was a seizure.",
        "I think it was a seizure.",
    ],
)
def test_no_danger_sign_of_anothers_a_question_or_a_hedge(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _symptoms(text, snapshot, mention) == []


def test_a_surprised_statement_opened_by_an_auxiliary_is_no_question(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "Had bloodwork at the clinic on Tuesday and my A1C was eight point one?? thats way up from before isnt it"
    assert [f["value"] for f in of_type(grounded_records(text, snapshot, mention), "test_result")] == [8.1]
    for asked in ("Is my A1C of 8.1 bad?", "Did my A1C of 8.1 come back high?", "Does lisinopril cause hives?"):
        assert of_type(grounded_records(asked, snapshot, mention), "test_result") == []
    asked_stop = "Can stopping metformin cause chest pain?"
    assert of_type(grounded_records(asked_stop, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Kinda nauseous in the mornings since Saturday, nothing crazy.", ["nausea"]),
        ("Wheezy and breathless since the weekend, inhaler not doing much", ["wheezing", "shortness of breath"]),
        ("SOB on the stairs again today", ["shortness of breath"]),
        ("Tight chest & sweaty when I carried the shopping up, sat down and it passed", ["chest pain", "sweating"]),
    ],
)
def test_a_complaint_opening_a_note_with_when_or_where(
    text: str, names: list[str], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _symptoms(text, snapshot, mention) == names


@pytest.mark.parametrize(
    "text",
    [
        "Chest pain is a common symptom of heart attacks.",
        "Chest pain on exertion is what my dad had.",
        "Headache medicine is so expensive now.",
        "My wife is kinda nauseous since Saturday.",
    ],
)
def test_no_complaint_in_a_remark_or_anothers_note(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _symptoms(text, snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("my chart says i'm allergic to fish but that's wrong, im not allergic to fish at all. mom mixed me up",
         "fish"),
        ("That dairy allergy in my file is outdated, I grew out of it when I was little. Not allergic to milk at all "
         "anymore.", "dairy"),
    ],
)
def test_an_allergy_denied_outgrown_or_in_the_speakers_words(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(a["substance"], a["status"]) for a in allergies] == [(substance, "denied")]


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("skiped synthroid this morning cause I had coffee first lol", "levothyroxine", "skip"),
        ("i stoped my blood pressure pills, felt dizzy all the time", "antihypertensive", "stop"),
        ("Went back on the Allegra this spring when the sneezing started", "fexofenadine", "start"),
        ("Back on the Coumadin since tuesday after my procedure", "warfarin", "start"),
        ("Day 3 of no Norvasc. Honestly feel the same", "amlodipine", "stop"),
        ("no more amlodipine for me as of yesterday - ankles were swelling up like balloons", "amlodipine", "stop"),
        ("I ran out of plavix last week and just kinda never restarted", "clopidogrel", "stop"),
        ("Ran out of lisinopril friday and haven't been able to refill, so nothing since", "lisinopril", "stop"),
        ("atorvastatin went from 40 to 80 this week per the cardiologist", "atorvastatin", "dose_change"),
        ("Cut back to one puff of the Pulmicort instead of two since last week", "budesonide", "dose_change"),
        ("I've been taking the metoprolol only once a day instead of twice since the weekend", "metoprolol",
         "dose_change"),
        ("new pill: lisinopril 10mg. Started it this week for my bp", "lisinopril", "start"),
        ("The lisinopril - stopped it about a week ago cause of the cough", "lisinopril", "stop"),
    ],
)
def test_regimen_shorthand(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    ["My dad went back on his warfarin.", "I want no more drama.", "Does lisinopril cause hives?"],
)
def test_no_regimen_change_of_anothers_or_of_no_drug(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


def test_a_reason_is_not_read_from_as_of(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "no more amlodipine for me as of yesterday - ankles were swelling up like balloons"
    [change] = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert "reason" not in change or not str(change["reason"]).startswith("of ")


def test_a_drug_misspelt_prescription_and_a_mole_taken_off(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "the doc there wrote me a perscription for Imitrex 50mg, one when it starts."
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "prescription")] == ["sumatriptan"]
    mole = "oh and the dermatologist took off that mole on my back on June 19th, came back benign"
    assert of_type(grounded_records(mole, snapshot, mention), "surgery_history") == [{"procedure": "mole removal"}]
