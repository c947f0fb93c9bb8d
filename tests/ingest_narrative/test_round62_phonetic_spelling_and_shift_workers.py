"""Round 62 (issue #7, sets 198-205): phonetic spelling, shift workers, carers, older people's words.

The words danger signs are told in are read through a slip ("a heavy presure in the middle of her chest",
"alergic", "shelfish") and a dropped g ("droopin", "wheezin"); a texter's bare body part is the speaker's ("lips went
a bit blue"); a parent named at a clause's opening on an older person's account is the person ("handover ran late.
dad had a seizure"; "ran late" is no "the late"); "I got the egg allergy"; "allergic to them" is the food named
before (none if none is); "creatinine was reported as 0.9"; "118 sobre 76"; "a hundred and one point four"; a shift
worker's "slept 0800 to 1400" and a British "half past ten till seven" are sleep windows, and a sleep's own window
is its time; an hour of boxing circuits, parkrun and snow "shoveled out" are exercise."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.grounding import to_canonical
from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.dropped_subjects import with_own_body_parts
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.ingest.narrative.quantities import QUANTITY, parse_number
from app.ingest.narrative.relative_by_age import parent_of_an_older_person
from app.ingest.narrative.rules_extractor import extract
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 3, 9, 8, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("shes got a heavy presure in the middle of her chest", "shes got a heavy pressure in the middle of her chest"),
        ("im not alergic to shelfish after all", "im not allergic to shellfish after all"),
        ("he got the egg alergy", "he got the egg allergy"),
        ("her breathin is bad and she is wheezin", "her breathing is bad and she is wheezing"),
        ("the left side of his face is droopin", "the left side of his face is drooping"),
        # names and English words ending in -in stay as written
        ("aspirin and heparin and insulin", "aspirin and heparin and insulin"),
        ("my cousin in Berlin", "my cousin in Berlin"),
    ],
)
def test_sign_words_through_a_slip_or_a_dropped_g(said: str, read: str, snapshot: DictionarySnapshot) -> None:
    view = with_known_spellings(said, snapshot)
    assert view.text == read
    assert view.span(0, len(view.text)) == said


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("couldnt finish a sentence, lips went a bit blue", "couldnt finish a sentence, my lips went a bit blue"),
        ("head pounding and vision blurry", "my head pounding and my vision blurry"),
        ("she said lips went blue", "she said lips went blue"),
        ("back on nights tonight", "back on nights tonight"),
    ],
)
def test_a_texters_bare_body_part_is_the_speakers(said: str, read: str) -> None:
    view = with_own_body_parts(said)
    assert view.text == read
    assert view.span(0, len(view.text)) == said


def test_blue_lips_told_bare_are_cyanosis(snapshot: DictionarySnapshot) -> None:
    text = with_own_body_parts("worst asthma attack in years, lips went a bit blue").text
    assert [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")] == ["cyanosis"]


@pytest.mark.parametrize(
    ("text", "sex", "parent"),
    [
        ("came off shift at 0730, handover ran late. dad had a seizure this morning", "male", "dad"),
        ("blister pack ran out, dad hasnt had his clopidogrel since last thursday", "male", "dad"),
        ("night carer rang me at work, mum fainted on the way to the loo, shes back in bed now", "female", "mum"),
        ("my late dad had a stroke this morning", "male", None),
    ],
)
def test_a_parent_opening_a_clause_on_an_older_persons_account(text: str, sex: str, parent: str | None) -> None:
    assert parent_of_an_older_person(text, sex, 81) == parent


@pytest.mark.parametrize(
    ("text", "substance"),
    [("yes we know I got the egg allergy", "egg"), ("turns out i got a peanut allergy", "peanut")],
)
def test_i_got_an_allergy(text: str, substance: str, snapshot: DictionarySnapshot) -> None:
    assert [a["substance"] for a in of_type(grounded_records(text, snapshot, AT), "allergy")] == [substance]


def test_allergic_to_them_is_the_food_named_before(snapshot: DictionarySnapshot) -> None:
    text = "The new one is strawberries. I came out in hives and the GP reckons I am allergic to them."
    allergies = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert [(a["substance"], a["substance_kind"]) for a in allergies] == [("strawberries", "food")]


def test_allergic_to_them_with_no_allergen_named_is_none(snapshot: DictionarySnapshot) -> None:
    text = "I came out in big red hives round my mouth and the GP reckons I am allergic to them."
    assert of_type(grounded_records(text, snapshot, AT), "allergy") == []


def test_a_value_reported_as(snapshot: DictionarySnapshot) -> None:
    text = "At my screening my creatinine was reported as 0.9 mg/dL, which the consultant called normal."
    results = of_type(grounded_records(text, snapshot, AT), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [("2160-0", 0.9)]


def test_a_pressure_read_sobre(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("the farmacia took my pressure yesterday, 118 sobre 76", snapshot, AT)
    vitals = of_type(records, "vital_sign")
    assert [(v["systolic"], v["diastolic"]) for v in vitals] == [(118.0, 76.0)]


@pytest.mark.parametrize(("said", "value"), [("a hundred and one point four", 101.4), ("one hundred point two", 100.2)])
def test_a_decimal_over_a_hundred_in_words(said: str, value: float) -> None:
    found = QUANTITY.search(said)
    assert found is not None and parse_number(found.group("num")) == value


@pytest.mark.parametrize(
    ("text", "window"),
    [
        ("slept 0800 to 1400, body clock still thinks im on nights", "slept 0800 to 1400"),
        ("last night i slept from half past ten till seven", "slept from half past ten till seven"),
    ],
)
def test_a_sleep_window_is_the_sleeps_own_time(text: str, window: str, snapshot: DictionarySnapshot) -> None:
    sleeps = [r for r in extract(text, snapshot, mention=AT).records if r.type == "sleep"]
    assert [s.time_text for s in sleeps] == [window]


def test_hours_of_sleep_are_no_window(snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records("I slept two to three hours", snapshot, AT), "sleep") == []


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("did an hour of boxing circuits yesterday before my shift, flat out", "boxing circuits"),
        ("did parkrun this morning straight after nights, 5k in 29 minutes", "running"),
        ("yesterday i shoveled out the whole driveway, heavy wet snow", "snow shoveling"),
    ],
)
def test_a_shift_workers_exercise(text: str, activity: str, snapshot: DictionarySnapshot) -> None:
    assert [e["activity"] for e in of_type(grounded_records(text, snapshot, AT), "exercise")] == [activity]


@pytest.mark.parametrize("unit", ["stone", "stones", "st"])
def test_a_weight_in_stone_converts_to_kilograms(unit: str, snapshot: DictionarySnapshot) -> None:
    entry = snapshot.test_by_loinc("29463-7")
    assert entry is not None
    kilograms, assumed, recognised = to_canonical(entry, 11, unit)
    assert (round(kilograms or 0, 1), assumed, recognised) == (69.9, False, True)
