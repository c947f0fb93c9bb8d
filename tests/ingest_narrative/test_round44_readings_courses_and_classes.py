"""Rounds 44 and 45 (issue #7): a reading said as digits in words with "oh" ("one oh nine") or "on" between ("one fifty
eight on one oh nine"); a decimal of two-digit wholes in words ("ninety four point five kilos") and "kilos" written
as UCUM's kg; a part "all good now" or clear "ever since"; training said by its kind ("started CrossFit", "signed up
for a HIIT bootcamp", "just back from bootcamp", "but did a spin class"); a writer named by place, agency or
apposition ("this is Pat from next door to Adalberto", "the carer from the agency for Mrs Eura Treutel", "its marge,
hoberts wife", "im his son") and the person's name or kin with an owner's "s" typed without its apostrophe ("brants
words", "dads tablets")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import first_person_view, spoken_of
from app.ingest.narrative.exercise_phrases import exercise_phrases
from app.ingest.narrative.healed_parts import find_healed_parts
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.ingest.narrative.quantities import parse_number
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 4, 15, 15, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "value"),
    [("one oh nine", 109.0), ("two oh five", 205.0), ("one fifty eight", 158.0), ("ninety four point five", 94.5),
     ("twelve point nine", 12.9)],
)
def test_spoken_numbers(said: str, value: float) -> None:
    assert parse_number(said) == value


@pytest.mark.parametrize(
    ("text", "systolic", "diastolic"),
    [
        ("Did the cuff on the chemist machine this morning, one fifty eight on one oh nine", 158.0, 109.0),
        ("the blood pressure machine at the gym said one oh eight over sixty eight on saturday", 108.0, 68.0),
        ("home cuff just said one fifty two over one oh one. i did it twice", 152.0, 101.0),
        ("my blood pressure was 158 on 92 at the pharmacy", 158.0, 92.0),
    ],
)
def test_a_reading_said_in_words_or_with_on(
    snapshot: DictionarySnapshot, text: str, systolic: float, diastolic: float
) -> None:
    vitals = of_type(grounded_records(text, snapshot, AT), "vital_sign")
    assert [(v["systolic"], v["diastolic"]) for v in vitals] == [(systolic, diastolic)]


def test_a_day_and_a_time_are_no_reading(snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records("I came home on Monday at two", snapshot, AT), "vital_sign") == []


@pytest.mark.parametrize(
    "text", ["weighed myself this morning ninety four point five kilos", "my weight was 94.5 kilos"]
)
def test_a_weight_in_kilos_is_in_kg(snapshot: DictionarySnapshot, text: str) -> None:
    weights = of_type(grounded_records(text, snapshot, AT), "body_measurement")
    assert weights == [{"kind": "weight", "value": 94.5, "unit": "kg"}]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("my sinuses have been clear ever since the endoscopy last year, touch wood", "sinuses"),
        ("my ankle is all good now, no limp at all", "ankle"),
    ],
)
def test_a_part_all_good_now_or_clear_ever_since_is_resolved(text: str, name: str) -> None:
    assert [(p.fields["name"], p.fields["status"]) for p in find_healed_parts(text)] == [(name, "resolved")]


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("ngl doc wont love this but did a spin class yesterday, the hard one", "spin class"),
        ("just back from bootcamp this evening, hill sprints and burpees flat out", "bootcamp"),
        ("I signed up for a HIIT bootcamp - first class was this morning", "hiit bootcamp"),
        ("Started CrossFit yesterday!! max effort deadlifts then burpees", "crossfit"),
        ("I've joined a CrossFit gym and am doing all-out sprint sessions", "crossfit gym"),
        ("We joined a Tuesday night bootcamp session at the park.", "bootcamp session"),
    ],
)
def test_training_said_by_its_kind(text: str, activity: str) -> None:
    assert [a for _, _, a in exercise_phrases(text)][:1] == [activity]


@pytest.mark.parametrize(
    "text", ["I joined a gym.", "I'm back from the gym shop", "but did a tax return yesterday"]
)
def test_no_training_without_a_kind(text: str) -> None:
    assert exercise_phrases(text) == []


# --- round 45: more ways a writer names themselves ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "sex", "names", "surnames", "said"),
    [
        ("Hello, this is Pat from next door to Adalberto. About an hour ago he had to sit down", "male",
         ("Adalberto",), ("Hartmann",), "About an hour ago I had to sit down"),
        ("I am Blessing, the carer from the agency for Mrs Eura Treutel. I must report she refuse her warfarin",
         "female", ("Eura",), ("Treutel",), "I refuse my warfarin"),
        ("hi its marge, hoberts wife, im on his phone. he took his hctz at 7", "male", ("Hobert",), ("Murazik",),
         "I took my hctz"),
        ("sorry this is long im his son, dad fainted in the bathroom", "male", ("Adan",), ("Portillo",),
         "I fainted in the bathroom"),
        ("brants words came out all jumbled last night and the left side of his mouth was drooping", "male",
         ("Brant",), ("Jacobson",), "my words came out all jumbled"),
        ("hi its Tanners daughter, Im sorting out dads tablets.", "male", ("Tanner",), ("Smith",),
         "sorting out my tablets"),
    ],
)
def test_a_writer_named_by_place_agency_or_apposition(
    text: str, sex: str, names: tuple[str, ...], surnames: tuple[str, ...], said: str
) -> None:
    spoken = spoken_of(text, child=None, sex=sex, names=names, age=80, surnames=surnames)
    assert spoken is not None and said in first_person_view(spoken, text).text


@pytest.mark.parametrize(
    "text",
    [
        "this is Pat from next door to the shop, I bought milk",  # no name of the person's
        "I am Blessing, the carer from the agency for Mrs Eura Jones.",  # another surname
        "im his biggest fan lol",  # no writer word
    ],
)
def test_no_writer_without_the_persons_name_or_a_relation(text: str) -> None:
    assert spoken_of(text, child=None, sex="female", names=("Eura",), age=80, surnames=("Treutel",)) is None


def test_simva_is_simvastatin(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("I missed my simva twice this week", snapshot, AT)
    assert of_type(records, "regimen_change") == [{"drug": "simvastatin", "action": "skip"}]


@pytest.mark.parametrize(
    ("text", "sex", "born", "names", "said"),
    [
        ("Good morning, I am the home carer of Mr Adán. This morning he fell down", "male", 80, ("Adán",),
         "This morning I fell down"),
        ("I am writing on behalf of my grandson Burton. He received his tetanus booster on Monday.", "male", 11,
         ("Burton",), "I received my tetanus booster"),
        ("I am Hernan's nani, I am looking after him. Two days ago he ate cake with egg.", "male", 5, ("Hernan",),
         "Two days ago I ate cake"),
        ("Andys mom. after all the ear infections the ENT put grommets in both his ears", "male", 9, ("Andy",),
         "in both my ears"),
    ],
)
def test_a_carer_by_title_and_first_name_a_grandparent_or_a_name_and_a_stop(
    text: str, sex: str, born: int, names: tuple[str, ...], said: str
) -> None:
    spoken = spoken_of(text, child=sex if born < 13 else None, sex=sex, names=names, age=born, surnames=("Lee",))
    assert spoken is not None and said in first_person_view(spoken, text).text


def test_a_two_word_drug_name_and_a_spoken_teen_reading(snapshot: DictionarySnapshot) -> None:
    view = with_known_spellings("I stopped the hydro chlorothiazide tablets", snapshot).text
    assert "hydrochlorothiazide tablets" in view
    assert with_known_spellings("hydro therapy helped", snapshot).text == "hydro therapy helped"
    vitals = of_type(grounded_records("The machine gave my pressure one-eighteen over seventy-six.", snapshot, AT),
                     "vital_sign")
    assert [(v["systolic"], v["diastolic"]) for v in vitals] == [(118.0, 76.0)]
