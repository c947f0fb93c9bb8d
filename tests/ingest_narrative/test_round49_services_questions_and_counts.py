"""Round 49 (issue #7): a disease naming a service ("my diabetes prevention group") is no diagnosis; "and its six
point two" gives the test's value; "i dont smoke anymore" is a former smoker; a question about a fact told inside it
("is it ok that ive been taking advil?") keeps the fact; "22 wks pregnant"; double doses counted ("took 2x HCTZ ...
didn't notice", "Two in one evening") or given by mistake ("didn't know and gave her another one at bedtime");
"sparkly zigzags in my vision" with a headache on a pregnancy."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.double_dose import said_double_dose
from app.reconcile.hypertensive_signs import headache_with_vision_signs
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2020, 11, 6, 15, tzinfo=UTC)


def test_a_disease_naming_a_service_is_no_diagnosis_and_its_value_is_read(snapshot: DictionarySnapshot) -> None:
    text = "had the a1c done at my diabetes prevention group on the 2nd of november and its six point two"
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "condition") == []
    assert [(r["loinc"], r["value"]) for r in of_type(records, "test_result")] == [("4548-4", 6.2)]
    said = of_type(grounded_records("I have diabetes and go to a support group", snapshot, AT), "condition")
    assert [c["name"] for c in said] == ["diabetes"]


@pytest.mark.parametrize(
    ("text", "habit", "status"),
    [
        ("oh and i don't smoke anymore, quit junior year of high school", "smoking", "former"),
        ("I no longer smoke", "smoking", "former"),
        ("I don't smoke", "smoking", "never"),
        ("I don't drink anymore since the baby", "alcohol", "former"),
    ],
)
def test_no_longer_is_former_not_never(snapshot: DictionarySnapshot, text: str, habit: str, status: str) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "lifestyle_baseline") == [{"habit": habit, "status": status}]


def test_a_question_about_a_fact_told_inside_it_keeps_the_fact(snapshot: DictionarySnapshot) -> None:
    told = grounded_records("is it ok that I've been taking advil for my knee?", snapshot, AT)
    assert [r["drug"] for r in of_type(told, "medication_intake")] == ["ibuprofen"]
    asked = grounded_records("is it ok if I take two advil?", snapshot, AT)
    assert of_type(asked, "medication_intake") == []


def test_weeks_of_pregnancy_abbreviated(snapshot: DictionarySnapshot) -> None:
    text = "sorry to bother but I'm 22 wks pregnant and i have the worst headache of my life"
    assert of_type(grounded_records(text, snapshot, AT), "pregnancy_status") == [{"status": "pregnant", "week": 22}]


@pytest.mark.parametrize(
    ("quote", "drug", "double"),
    [
        ("Sat 9am - I took 2x HCTZ 25 (one from the old box, one from the new box, didn't notice)", "hctz", True),
        ("Two in one evening, I am only two, should I be worried", "fexofenadine", True),
        (
            "I took my Allegra at 7 with my supper and my mummy didn't know and gave me another one at bedtime.",
            "fexofenadine",
            True,
        ),
        ("I take one in the morning and another one at bedtime", "metformin", False),  # a split regimen
        ("should I take another one at bedtime? I forgot", "metformin", False),  # a question
        ("I took 2 of my metformin with dinner as usual", "metformin", False),  # no mistake: the dose
    ],
)
def test_a_double_dose_counted_or_given_by_mistake(quote: str, drug: str, double: bool) -> None:
    assert said_double_dose(quote, drug) is double


def test_sparkly_zigzags_in_the_vision_with_a_headache() -> None:
    quote = "i have the worst headache of my life and theres like sparkly zigzags in my vision"
    assert headache_with_vision_signs("headache", quote)
    assert not headache_with_vision_signs("headache", "i have a headache, my vision is fine")


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I not take the amlodipine since Saturday", "amlodipine"),  # a learner's negation
        ("I no take the metformin since two days", "metformin"),
        ("I have declined my verapamil for three days", "verapamil"),  # a care home's refusal
    ],
)
def test_a_learners_negation_or_a_refusal_declined_is_the_stop(
    snapshot: DictionarySnapshot, text: str, drug: str
) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, "stop")]
    assert of_type(
        grounded_records("my health has declined since I started the metformin", snapshot, AT), "regimen_change"
    ) == [{"drug": "metformin", "action": "start"}]
