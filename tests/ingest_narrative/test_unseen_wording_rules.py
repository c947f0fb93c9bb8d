"""General lay wordings from the blind held-out review (issue #6 record contract): a symptom as the
subject of an onset clause, a test value after a time phrase or "they drew", British stopping idioms,
an allergy said as a possession, "played a game of X"; each with near-miss negatives."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.rules_extractor import extract
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "name", "time_text"),
    [
        ("Chest pain woke me up at 4 this morning.", "chest pain", "at 4 this morning"),
        ("Dizziness hit me when I stood up yesterday.", "dizziness", "yesterday"),
        ("Nausea kicked in around noon, so I skipped my lunch.", "nausea", None),
    ],
)
def test_a_symptom_opening_an_onset_clause_about_the_speaker_is_a_symptom(
    text: str, name: str, time_text: str | None, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    result = extract(text, snapshot, mention=mention)
    symptoms = [r for r in result.records if r.type == "symptom"]
    assert [r.fields["name"] for r in symptoms] == [name]
    if time_text is not None:
        assert symptoms[0].time_text == time_text


@pytest.mark.parametrize(
    "text",
    [
        "Chest pain woke him up at 4.",  # not the speaker
        "My husband's chest pain woke me up.",  # another person's symptom
        "If chest pain wakes me up again I will call.",  # hypothetical
        "Chest pain didn't wake me up last night.",  # negated
        "Headache started after lunch.",  # no first person in the clause
        "Shortness of breath is a side effect.",  # no onset verb
    ],
)
def test_an_onset_clause_not_about_the_speakers_symptom_is_no_symptom(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


@pytest.mark.parametrize(
    ("text", "name", "value"),
    [
        ("My A1c from last Monday came back at 8.4%.", "A1c", 8.4),
        ("My A1c from Tuesday came back 7.1.", "A1c", 7.1),
        ("The potassium they drew was 5.9.", "potassium", 5.9),
    ],
)
def test_a_time_phrase_or_they_drew_between_test_and_value_keeps_the_result(
    text: str, name: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    results = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert [(r["name"], r["value"]) for r in results] == [(name, value)]


@pytest.mark.parametrize(
    "text",
    [
        "My sister's A1c from last Monday came back at 8.4%.",  # another person's result
        "The bus from last Monday was 15 minutes late.",  # no test
        "The potassium they drew was fine.",  # no value
    ],
)
def test_no_result_without_the_speakers_test_and_value(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "test_result") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I packed in the verapamil last week.", "verapamil"),
        ("I gave up the metformin in June.", "metformin"),
        ("I knocked the atorvastatin on the head.", "atorvastatin"),
    ],
)
def test_stopping_idioms_are_a_stop(text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert changes == [{"drug": drug, "action": "stop"}]


@pytest.mark.parametrize(
    "text",
    [
        "My dad gave up the warfarin.",  # another person
        "I knocked my knee on the table.",  # no drug
        "I gave up on the metformin diet plan.",  # "gave up on" is not stopping a drug
    ],
)
def test_stopping_idiom_near_misses_are_no_stop(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "substance", "kind"),
    [
        ("I've got a bad peanut allergy.", "peanut", "food"),
        ("I have a severe penicillin allergy.", "penicillin", "drug"),
        ("I have a severe allergy to penicillin.", "penicillin", "drug"),
        ("I have a latex allergy.", "latex", "environment"),
    ],
)
def test_an_allergy_said_as_a_possession_is_an_allergy(
    text: str, substance: str, kind: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(a["substance"], a["substance_kind"]) for a in allergies] == [(substance, kind)]


@pytest.mark.parametrize(
    "text",
    [
        "My son has a peanut allergy.",  # another person: never "son has a" as the allergen
        "My daughter's got a bad peanut allergy.",
        "I've got a bad feeling about this allergy season.",
        "My allergy medicine ran out.",
    ],
)
def test_allergy_possession_near_misses_are_no_allergy(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("I played basketball for an hour.", {"activity": "basketball", "duration_min": 60.0}),
        ("I played a game of tennis yesterday.", {"activity": "tennis"}),
        ("I walked for half an hour.", {"activity": "walking", "duration_min": 30.0}),
        ("Played full-court basketball for an hour.", {"activity": "basketball", "duration_min": 60.0}),
    ],
)
def test_played_a_sport_is_exercise(
    text: str, fields: dict[str, Any], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == [fields]


@pytest.mark.parametrize(
    "text", ["My son played basketball.", "I watched basketball for an hour.", "I watched full-court basketball."]
)
def test_watching_or_someone_else_playing_is_no_exercise(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


def test_red_yeast_rice_and_ginkgo_are_supplements(snapshot: DictionarySnapshot, mention: datetime) -> None:
    intakes = of_type(grounded_records("I take ginkgo and red yeast rice.", snapshot, mention), "medication_intake")
    assert [i["drug"] for i in intakes] == ["ginkgo biloba", "red yeast rice"]
    entry = snapshot.lookup("drug", "red yeast rice")
    assert entry is not None and entry.kind == "supplement"


def test_swallowed_is_an_intake_of_the_speaker(snapshot: DictionarySnapshot, mention: datetime) -> None:
    said = "I swallowed two metoprolol this morning, I took one and then forgot and took another."
    assert of_type(grounded_records(said, snapshot, mention), "medication_intake") == [{"drug": "metoprolol"}]
    assert of_type(grounded_records("My son swallowed my metformin.", snapshot, mention), "medication_intake") == []
