"""Round 57 (issue #7, sets 182-185): what writers in their second language type. A Romance cognate of a drug or a
diagnosis is its English name ("hipotiroidismo", "naproxeno", "hipertensión",
:mod:`app.ingest.narrative.romance_cognates`); a decimal comma is a decimal ("HbA1c was 6,4 %"); "162 by 114" is a
blood pressure; "Flanax" is naproxen."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.ingest.narrative.quantities import parse_number
from app.ingest.narrative.romance_cognates import english_forms
from app.ingest.narrative.terms import term_index
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 4, 20, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("word", "form"),
    [
        ("hipotiroidismo", "hypothyroidism"),
        ("hipertensión", "hypertension"),
        ("levotiroxina", "levothyroxine"),
        ("naproxeno", "naproxen"),
        ("omeprazol", "omeprazole"),
        ("losartán", "losartan"),
    ],
)
def test_a_romance_cognate_has_its_english_spelling_among_its_forms(word: str, form: str) -> None:
    assert form in english_forms(word)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("the doctor told me i have hipotiroidismo", "the doctor told me i have hypothyroidism"),
        ("She is taking the naproxeno for the ankle", "She is taking the naproxen for the ankle"),
        ("hipertensión since years", "hypertension since years"),
        ("she put the spray of nitroglicerina under the tongue", "she put the spray of nitroglycerin under the tongue"),
    ],
)
def test_a_cognate_is_read_as_the_dictionarys_name(text: str, read: str, snapshot: DictionarySnapshot) -> None:
    view = with_known_spellings(text, snapshot)
    assert view.text == read
    assert view.span(0, len(view.text)) == text  # quoted as written


@pytest.mark.parametrize(
    "text", ["I have to sign the contrato today", "the medicina is expensive", "the farmacia was closed"]
)
def test_a_cognate_of_no_known_name_stays_as_written(text: str, snapshot: DictionarySnapshot) -> None:
    assert with_known_spellings(text, snapshot).text == text


def test_a_cognate_drug_and_diagnosis_are_recorded(snapshot: DictionarySnapshot) -> None:
    text = "the doctor told me i have hipotiroidismo and i take levotiroxina every morning"
    spelled = with_known_spellings(text, snapshot).text
    records = grounded_records(spelled, snapshot, AT)
    assert [c["name"] for c in of_type(records, "condition")] == ["hypothyroidism"]
    assert [m["drug"] for m in of_type(records, "medication_intake")] == ["levothyroxine"]


@pytest.mark.parametrize(("said", "value"), [("6,4", 6.4), ("13,7", 13.7), ("11,000", 11000.0), ("7.9", 7.9)])
def test_a_decimal_comma_is_a_decimal(said: str, value: float) -> None:
    assert parse_number(said) == value


@pytest.mark.parametrize(
    ("text", "loinc", "value"),
    [("my HbA1c was 6,4 %", "4548-4", 6.4), ("my hemoglobin was 13,7", "718-7", 13.7)],
)
def test_a_lab_value_with_a_decimal_comma(text: str, loinc: str, value: float, snapshot: DictionarySnapshot) -> None:
    [result] = of_type(grounded_records(text, snapshot, AT), "test_result")
    assert (result["loinc"], result["value"]) == (loinc, value)


def test_a_reading_told_with_by_is_a_blood_pressure(snapshot: DictionarySnapshot) -> None:
    text = "Also yesterday morning BP on the home machine was 162 by 114."
    [bp] = of_type(grounded_records(text, snapshot, AT), "vital_sign")
    assert (bp["systolic"], bp["diastolic"]) == (162, 114)
    assert of_type(grounded_records("the room is 12 by 14 feet", snapshot, AT), "vital_sign") == []


def test_flanax_is_naproxen(snapshot: DictionarySnapshot) -> None:
    assert [
        m["drug"] for m in of_type(grounded_records("I take Flanax for my knee", snapshot, AT), "medication_intake")
    ] == ["naproxen"]


def test_a_name_dictated_in_four_words_is_one_name(snapshot: DictionarySnapshot) -> None:
    text = "so i havent taken the hydro chloro thigh zide since saturday"
    view = with_known_spellings(text, snapshot)
    assert view.text == "so i havent taken the hydrochlorothiazide since saturday"
    assert with_known_spellings("i went to the hydro pool with my sister", snapshot).text.endswith(
        "hydro pool with my sister"
    )


@pytest.mark.parametrize(
    ("text", "contraceptive"),
    [
        ("She is taking the Flanax for the ankle. This afternoon after the pill her lips got swollen", False),
        ("I take metformin and the pill", True),
        ("I took the naproxen and after the pill my period was late", True),
        ("after the pill I felt sick", True),
    ],
)
def test_the_pill_after_a_named_drug_is_a_dose_of_it(
    text: str, contraceptive: bool, snapshot: DictionarySnapshot
) -> None:
    keys = [m.key for m in term_index(snapshot).find(text) if m.kind == "drug"]
    assert ("hormonal contraceptive" in keys) is contraceptive


def test_the_pill_after_a_named_drug_is_read_as_that_drug(snapshot: DictionarySnapshot) -> None:
    text = "She is taking the Flanax for the ankle. This afternoon after the pill her lips got swollen"
    pill = [m for m in term_index(snapshot).find(text) if m.text == "the pill"]
    assert [(m.kind, m.key) for m in pill] == [("drug", "naproxen")]
