"""Third round of general wordings (issue #6 record contract, issue #7 denials): a denied condition or
allergy, a medication action under a hedge, a value given for "it" after the test's own check, "they"
as the clinic, meals with company or a portion, an allergen's kind and a reaction said first, lasting
non-use as a stop, harder exercise, and sign-offs; each with near misses."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.gate import decide_retain
from app.ingest.narrative.rules_extractor import extract
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I don't have asthma.", "asthma"),
        ("I was never diabetic, that's a mistake in my chart.", "diabetes"),  # an adjective named by its noun
        ("My chart says I have COPD but I don't.", "copd"),
        ("I've never had a heart attack.", "heart attack"),
        ("I didn't have a stroke, it was a migraine.", "stroke"),
    ],
)
def test_a_first_person_denial_is_a_denied_condition(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": name, "status": "denied"}]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I don't have asthma anymore.", [{"name": "asthma", "status": "resolved"}]),  # over, not denied
        ("I don't have asthma symptoms today.", []),  # an episode, not the diagnosis
        ("I'm not sure if I have asthma.", []),  # uncertain: nothing
        ("My mom doesn't have diabetes.", []),  # another person
    ],
)
def test_denial_near_misses(
    text: str, expected: list[dict[str, Any]], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == expected


@pytest.mark.parametrize(
    ("text", "substance", "kind"),
    [
        ("I'm not allergic to penicillin, I took amoxicillin last year and was fine.", "penicillin", "drug"),
        ("I don't have a peanut allergy, that was my brother.", "peanut", "food"),
    ],
)
def test_a_denied_allergy(
    text: str, substance: str, kind: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == [
        {"substance": substance, "substance_kind": kind, "status": "denied"}
    ]


def test_an_allergen_kind_and_a_reaction_said_first(snapshot: DictionarySnapshot, mention: datetime) -> None:
    spring = "Every spring my eyes itch and water, I'm allergic to tree pollen."
    pollen = of_type(grounded_records(spring, snapshot, mention), "allergy")
    assert pollen == [{"substance": "tree pollen", "substance_kind": "environment"}]  # no tree nut
    nuts = of_type(grounded_records("I'm allergic to tree nuts.", snapshot, mention), "allergy")
    assert nuts == [{"substance": "tree nuts", "substance_kind": "food"}]
    latex = of_type(
        grounded_records("Latex gloves give me hives, I'm allergic to latex.", snapshot, mention), "allergy"
    )
    assert latex == [{"substance": "latex", "substance_kind": "environment", "reaction": "hives"}]


def test_a_hedged_medication_action_is_kept_a_hedged_diagnosis_is_not(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "Oops, I think I took my carbamazepine twice this morning, once before breakfast and again after."
    result = extract(text, snapshot, mention=mention)
    assert [(r.type, r.fields, r.time_text, r.uncertain) for r in result.records] == [
        ("medication_intake", {"drug": "carbamazepine"}, "this morning", False)
    ]
    flu = extract("I think I have the flu.", snapshot, mention=mention)
    assert flu.records == [] and [r.uncertain for r in flu.suppressed] == [True]
    asked = extract("Should I stop the metformin?", snapshot, mention=mention)
    assert asked.records == []


@pytest.mark.parametrize(
    ("text", "loinc", "value"),
    [
        ("Got my A1c checked at the pharmacy yesterday and it came back at 7.4%.", "4548-4", 7.4),
        ("I checked my sugar this morning and it was 160.", "2345-7", 160.0),
        ("I had my potassium checked and it was 5.9.", "2823-3", 5.9),
        ("They checked my blood at the clinic and my hemoglobin was down to 10.2.", "718-7", 10.2),
    ],
)
def test_a_value_given_for_the_test_checked_before(
    text: str, loinc: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    (result,) = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert (result["loinc"], result["value"]) == (loinc, value)


def test_another_persons_check_is_no_result(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert (
        of_type(grounded_records("My husband checked his sugar and it was 200.", snapshot, mention), "test_result")
        == []
    )


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("I had pancakes with my sister for breakfast this morning.", "pancakes"),
        ("Made a pot of lentil soup for dinner last night.", "lentil soup"),
        ("I had rice with beans for lunch.", "rice with beans"),  # a dish, not company
    ],
)
def test_a_meal_with_company_or_a_portion(
    text: str, food: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [m["food"] for m in of_type(grounded_records(text, snapshot, mention), "meal")] == [food]


def test_someone_elses_meal_is_not_the_speakers(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records("My sister had pancakes for breakfast.", snapshot, mention), "meal") == []


@pytest.mark.parametrize(
    ("text", "time_text"),
    [
        ("I haven't had a single metformin since March 3rd.", "since March 3rd"),
        ("Haven't touched the lisinopril in two weeks.", None),  # a span of non-use, not "in 2 weeks" ahead
    ],
)
def test_lasting_non_use_is_a_stop(
    text: str, time_text: str | None, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    (record,) = extract(text, snapshot, mention=mention).records
    assert (record.type, record.fields["action"], record.time_text) == ("regimen_change", "stop", time_text)


def test_a_harder_run_and_its_weekday(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I went for a really hard run on Sunday, pushed myself to the limit."
    (record,) = extract(text, snapshot, mention=mention).records
    assert (record.type, record.fields, record.time_text) == ("exercise", {"activity": "run"}, "on Sunday")


@pytest.mark.parametrize("text", ["ok thanks, bye for now", "take care!", "that was helpful, thanks", "ok gotta go"])
def test_sign_offs_are_not_kept(text: str) -> None:
    assert decide_retain(text).retain is False


@pytest.mark.parametrize("text", ["I have to go to the doctor now.", "I'll take my pills now."])
def test_sign_off_words_in_a_health_sentence_are_kept(text: str) -> None:
    assert decide_retain(text).retain is True
