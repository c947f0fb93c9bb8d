"""Round 52 (issue #7, the safety-critical misses of sets 158-161): "that one" is never a drug name joined with a slip;
"I appear to have become allergic to Aleve"; "I have deliberately not taken my hydrochlorothiazide"; two doses "back
to back" or "same night"; a roommate, a friend or a son "of Mr <name>" writing for the person."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import spoken_of
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.reconcile.double_dose import said_double_dose
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 4, 15, 15, tzinfo=UTC)


def test_two_english_words_are_never_joined_into_a_drug_with_a_slip(snapshot: DictionarySnapshot) -> None:
    said = "then i swallowed that one too without thinking"
    assert with_known_spellings(said, snapshot).text == said  # not "thalitone"
    assert "my fosamax about" in with_known_spellings("I quit my fossa max about a week ago", snapshot).text


def test_a_formal_hedge_on_a_new_drug_allergy(snapshot: DictionarySnapshot) -> None:
    text = "I wish to report that I appear to have become allergic to Aleve (naproxen), which my doctor has me on."
    assert [a["substance"] for a in of_type(grounded_records(text, snapshot, AT), "allergy")] == ["naproxen"]


def test_a_dose_deliberately_not_taken_is_a_skip(snapshot: DictionarySnapshot) -> None:
    text = "For the past five days I have deliberately not taken my hydrochlorothiazide, because we are travelling"
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [("hydrochlorothiazide", "skip")]


@pytest.mark.parametrize(
    ("quote", "double"),
    [
        ("the sunday slot had another dose so i took that too yesterday. so thats two doses back to back.", True),
        ("So two tablets same night.", True),
        ("I take two every morning, the same day each week", False),
    ],
)
def test_two_doses_back_to_back_or_the_same_night(quote: str, double: bool) -> None:
    assert said_double_dose(quote, "methotrexate") is double


@pytest.mark.parametrize(
    ("text", "name", "sex", "role"),
    [
        ("hi, Im Oralias roommate, she asked me to write this in her app", "Oralia", "female", "carer"),
        ("Boa noite. I am the son of Mr Tanner Ondricka, I live in Porto", "Tanner", "male", "child"),
    ],
)
def test_a_roommate_or_a_son_of_mr_name_writes_for_the_person(text: str, name: str, sex: str, role: str) -> None:
    spoken = spoken_of(text, child=None, sex=sex, names=(name,), age=40, surnames=("Ondricka",))
    assert spoken is not None and spoken.writer_role == role
    assert spoken_of("my friend said I should try yoga", child=None, sex="male", names=("Tanner",), age=40) is None
