"""Round 59 (issue #7, sets 189-193): care-home charts, carers who name themselves another way, short names with a
doubled letter, and danger told in other words.

"Simvastatin 10mg nocte omitted x4 nights" is a skip and "Hydrochlorothiazide 25mg OD signed as given 0800" an intake;
"a 2nd tab given at 10:30" and "so she got double" are double doses; "Alleve" is Aleve and "Alegra" Allegra; "shaking
all over ... bit my tongue" is a seizure; "an elephant sitting on me" and "rubbing my chest ... tight" are chest pain,
and Portuguese "dor no peito" negates nothing; "this is Shameka husband writing" and "I am Ploy the room mate of
Oralia" declare the writer; "the aleve i take for my knee gave me hives" is an allergy to it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import spoken_of
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.reconcile.double_dose import said_double_dose
from app.reconcile.regimen_actions import skips_a_run_of_days
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 1, 12, 10, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "kind", "fields"),
    [
        (
            "Simvastatin 10mg nocte omitted x4 nights - resident spitting tabs out",
            "regimen_change",
            ("simvastatin", "skip"),
        ),
        (
            "Hydrochlorothiazide 25mg OD signed as given 0800 by day nurse",
            "medication_intake",
            ("hydrochlorothiazide",),
        ),
    ],
)
def test_a_care_home_chart_entry(text: str, kind: str, fields: tuple[str, ...], snapshot: DictionarySnapshot) -> None:
    [record] = of_type(grounded_records(text, snapshot, AT), kind)
    assert (record["drug"], record.get("action"))[: len(fields)] == fields


@pytest.mark.parametrize(
    "text",
    [
        "Hydrochlorothiazide 25mg OD signed as given 0800 by day nurse, then a 2nd tab given at 10:30 by agency staff",
        "we did not know the other one give already, so I got double.",
        "then at lunch my son give me one more because he dont know I already give. So I take two today.",
    ],
)
def test_a_second_dose_in_a_carers_words(text: str) -> None:
    assert said_double_dose(text)


@pytest.mark.parametrize("text", ["I got double vision after the drops", "the nurse gave me one more blanket"])
def test_no_second_dose_without_one(text: str) -> None:
    assert not said_double_dose(text)


def test_a_skip_over_all_these_days_is_a_run() -> None:
    assert skips_a_run_of_days("i forget the box at home so i skip it all these days no tablet for the pressure")
    assert not skips_a_run_of_days("i forgot it once this week")


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("taking Alleve from the drugstore", "taking aleve from the drugstore"),
        ("I take Alegra daily", "I take allegra daily"),
        ("the coffee was good", "the coffee was good"),
        ("I was at the mall", "I was at the mall"),
    ],
)
def test_a_short_name_with_a_letter_doubled_or_undoubled(text: str, read: str, snapshot: DictionarySnapshot) -> None:
    view = with_known_spellings(text, snapshot)
    assert view.text == read
    assert view.span(0, len(view.text)) == text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("found me on the kitchen floor shaking all over for maybe two minutes, I bit my tongue", "seizure"),
        ("last night i wake up with dor no peito like an elephant sitting on me going to the left arm", "chest pain"),
        ("I keep rubbing my chest n saying its 'tight' when we walk down to the mailbox", "chest pain"),
    ],
)
def test_danger_told_in_other_words(text: str, name: str, snapshot: DictionarySnapshot) -> None:
    assert name in [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")]


def test_shaking_all_over_from_the_cold_is_no_seizure(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("I was shaking all over from the cold at the bus stop", snapshot, AT)
    assert "seizure" not in [s["name"] for s in of_type(records, "symptom")]


def test_a_drug_the_speaker_takes_gave_them_hives(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("the aleve i take for my knee gave me hives", snapshot, AT)
    assert [(a["substance"], a["substance_kind"]) for a in of_type(records, "allergy")] == [("naproxen", "drug")]


def test_a_tablet_named_after_its_time_and_a_comma(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("I quit the cholesterol tablet last night, the simvastatin", snapshot, AT)
    assert [(c["drug"], c["action"]) for c in of_type(records, "regimen_change")] == [("simvastatin", "stop")]


@pytest.mark.parametrize(
    ("text", "sex", "names"),
    [
        ("hello doctor this is Shameka husband writing, she is 24 week pregnant", "female", ("Shameka",)),
        ("sawasdee ka, I am Ploy the room mate of Oralia. Tonight she have chak", "female", ("Oralia",)),
    ],
)
def test_a_writer_declared_in_a_learners_words(text: str, sex: str, names: tuple[str, ...]) -> None:
    spoken = spoken_of(text, child=None, sex=sex, names=names)
    assert spoken is not None and spoken.sex == sex


def test_i_am_not_the_mother_declares_no_one() -> None:
    assert spoken_of("I am not the mother of Oralia", child=None, sex="female", names=("Oralia",)) is None


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I take Telfast every morning for the hay fever", "fexofenadine"),
        ("they gave me Apranax 220 for the ankle", "naproxen"),
        ("I take ginko biloba for my memory", "ginkgo biloba"),
        ("I went without my contraception pill the day before yesterday", "hormonal contraceptive"),
    ],
)
def test_brands_and_words_of_other_countries(text: str, drug: str, snapshot: DictionarySnapshot) -> None:
    records = grounded_records(text, snapshot, AT)
    drugs = [f["drug"] for t, f in records if t in ("medication_intake", "regimen_change", "prescription")]
    assert drug in drugs
