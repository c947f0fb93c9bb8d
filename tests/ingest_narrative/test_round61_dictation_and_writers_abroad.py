"""Round 61 (issue #7, sets 198-201): dictation, writers abroad and chat.

A dictating voice's fillers and words said twice are read past ("since um since around new years", "the the
hydrochlorothiazide"); "baby time lol" is no timolol; "i havent had that since ..." after a fronted drug is a skip; a
writer's name for the person followed by a finite verb is the subject wherever it stands ("with the change of hour my
father has not taken his warfarina"); a writer naming a person of two first names ("This is Lupe, María Luisa's
daughter"); "the sinus infection from end of march is gone"; "BP tabs"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import first_person_view, spoken_of
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.ingest.narrative.spoken_disfluency import without_disfluencies
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 3, 9, 8, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("i havent had that since um since around new years", "i havent had that since around new years"),
        ("skipping my the the hydrochlorothiazide", "skipping my the hydrochlorothiazide"),
        ("uh yeah i had the uh the shingles shot", "yeah i had the shingles shot"),
        ("erm, I stopped it", "I stopped it"),
        # numbers, hyphenated words and words that only start like a filler stay
        ("took 10 10 mg", "took 10 10 mg"),
        ("two two-hundred tablets", "two two-hundred tablets"),
        ("the umbrella and the hummus", "the umbrella and the hummus"),
    ],
)
def test_a_dictating_voices_fillers_and_repeats_are_read_past(said: str, meant: str) -> None:
    assert without_disfluencies(said).text == meant


def test_the_quote_comes_back_in_the_words_as_dictated() -> None:
    said = "the sim vastatin i havent had that since um since around new years"
    view = without_disfluencies(said)
    assert view.span(0, len(view.text)) == said
    assert view.written("vastatin i havent had that since around") == "vastatin i havent had that since um since around"


def test_a_fronted_drug_not_had_since_is_a_skip(snapshot: DictionarySnapshot) -> None:
    said = "the other one the sim vastatin i havent had that since um since around new years it makes my legs ache"
    text = with_known_spellings(without_disfluencies(said).text, snapshot).text
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [("simvastatin", "skip")]


def test_that_after_a_side_effect_is_the_side_effect(snapshot: DictionarySnapshot) -> None:
    text = "I take the simvastatin every night. Had a rash in May, haven't had that since."
    assert of_type(grounded_records(text, snapshot, AT), "regimen_change") == []


def test_chat_shorthand_is_no_piece_of_a_drug_name(snapshot: DictionarySnapshot) -> None:
    assert with_known_spellings("brain still on baby time lol", snapshot).text == "brain still on baby time lol"
    assert with_known_spellings("the hydro chlorothiazide", snapshot).text == "the hydrochlorothiazide"


def test_a_writers_name_for_the_person_before_a_finite_verb_is_the_subject(snapshot: DictionarySnapshot) -> None:
    text = (
        "I am Lucia, the daughter of Adan Portillo, I write for him because he has Alzheimer. With the flight and "
        "the change of hour my father has not taken his warfarina for the past three days."
    )
    spoken = spoken_of(text, child=None, sex="male", names=("Adán", "Adan"))
    assert spoken is not None
    view = first_person_view(spoken, text).text
    assert "I have not taken my warfarina" in view
    changes = of_type(grounded_records(view, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [("warfarin", "skip")]


def test_after_a_preposition_the_name_stays_an_object() -> None:
    text = "Hi, this is Adans son. I bought a card for my father has a cat on it"
    spoken = spoken_of(text, child=None, sex="male", names=("Adán", "Adan"))
    assert spoken is not None
    assert "for me has" in first_person_view(spoken, text).text


def test_a_writer_names_a_person_of_two_first_names() -> None:
    text = (
        "Hello. This is Lupe, María Luisa's daughter - I set this up for her. Mom had a squeezing feeling in her chest"
    )
    spoken = spoken_of(text, child=None, sex="female", names=("María", "Maria"))
    assert spoken is not None and spoken.writer_role == "child"
    assert "I had a squeezing feeling in my chest" in first_person_view(spoken, text).text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("update for the record - the sinus infection from end of march is gone", "sinus infection"),
        ("oh and the gout the big toe thing is gone no flare ups since before christmas", "gout"),
    ],
)
def test_a_time_or_second_name_between_condition_and_over(text: str, name: str, snapshot: DictionarySnapshot) -> None:
    conditions = of_type(grounded_records(text, snapshot, AT), "condition")
    assert [(c["name"], c["status"]) for c in conditions] == [(name, "resolved")]


def test_bp_tabs_are_blood_pressure_medicine(snapshot: DictionarySnapshot) -> None:
    changes = of_type(grounded_records("I havent taken my BP tabs since I landed", snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [("antihypertensive", "skip")]
