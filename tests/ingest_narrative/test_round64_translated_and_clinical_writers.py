"""Round 64 (issue #7, sets 210-213): messages through a translation app and clinical-sounding writers.

"the pills for pressure", "the pill of the pressure" are blood-pressure medicine (not the contraceptive pill); "to take
only the half of the pill" is a dose change; "the sinus infection from the last doctor visit is fully gone now" is
over; "Suspect fexofenadine allergy", "wrote down amoxicillin allergy" are allergies; "put the amlodipine up to ten"
is a dose change (a number in words after "up to")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 3, 9, 8, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("for the past 5 days I did not take the pills for pressure, I left them at home", "antihypertensive", "skip"),
        ("I started to take only the half of the pill of the pressure", "antihypertensive", "dose_change"),
        ("I started to take only the half of the pill for the pressure", "antihypertensive", "dose_change"),
    ],
)
def test_blood_pressure_medicine_in_translated_words(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot
) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, action)]


def test_the_pill_alone_stays_the_contraceptive(snapshot: DictionarySnapshot) -> None:
    intakes = of_type(grounded_records("I take the pill every morning", snapshot, AT), "medication_intake")
    assert [i["drug"] for i in intakes] == ["hormonal contraceptive"]


def test_a_condition_from_a_visit_is_over(snapshot: DictionarySnapshot) -> None:
    text = "the sinus infection from the last doctor visit is fully gone now, no blocked nose"
    conditions = of_type(grounded_records(text, snapshot, AT), "condition")
    assert [(c["name"], c["status"]) for c in conditions] == [("sinus infection", "resolved")]


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("urticarial rash trunk + limbs. Suspect fexofenadine allergy, will call GP", "fexofenadine"),
        ("he switched me to something else and wrote down amoxicillin allergy", "amoxicillin"),
    ],
)
def test_an_allergy_suspected_or_written_down(text: str, substance: str, snapshot: DictionarySnapshot) -> None:
    allergies = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert [(a["substance"], a["substance_kind"]) for a in allergies] == [(substance, "drug")]


@pytest.mark.parametrize(
    "text",
    [
        "the heart doctor I saw two days ago put the amlodipine up to ten",
        "the heart doctor put the amlodipine up to ten, no, sorry, from five up to ten milligrams",
    ],
)
def test_a_dose_put_up_to_a_number_in_words(text: str, snapshot: DictionarySnapshot) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [("amlodipine", "dose_change")]
