"""The deterministic extractor: one utterance per record type, and the ConText assertions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.models import ExtractionResult
from app.ingest.narrative.rules_extractor import RulesExtractor, extract

# (utterance, type, expected fields (a subset), expected time_text)
EACH_TYPE: list[tuple[str, str, dict[str, Any], str | None]] = [
    ("I'm a woman, by the way.", "sex", {"value": "female"}, None),
    ("I am 54 years old.", "birth_date", {"age_years": 54}, None),
    ("I was born on March 3, 1970.", "birth_date", {"date": "1970-03-03"}, None),
    ("I am 178 cm tall.", "height", {"value": 178.0, "unit": "cm"}, None),
    ("My blood type is O negative.", "blood_type", {"abo": "O", "rh": "-"}, None),
    (
        "I'm allergic to penicillin, it gives me hives.",
        "allergy",
        {"substance_kind": "drug", "reaction": "hives"},
        None,
    ),
    ("I'm allergic to peanuts.", "allergy", {"substance": "peanuts", "substance_kind": "food"}, None),
    (
        "My mother has diabetes.",
        "family_history",
        {"relative": "mother", "condition": "diabetes"},
        None,
    ),
    (
        "I was diagnosed with type 2 diabetes in 2019.",
        "condition",
        {"name": "type 2 diabetes", "status": "active"},
        "in 2019",
    ),
    (
        "I had my gallbladder removed in 2015.",
        "surgery_history",
        {"procedure": "cholecystectomy"},
        "in 2015",
    ),
    (
        "I quit smoking last year.",
        "lifestyle_baseline",
        {"habit": "smoking", "status": "former"},
        "last year",
    ),
    ("I'm 34 weeks pregnant.", "pregnancy_status", {"status": "pregnant", "week": 34}, None),
    (
        "My fasting sugar was 131 mg/dL yesterday.",
        "test_result",
        {"loinc": "1558-6", "name": "fasting sugar", "value": 131.0, "unit": "mg/dL"},
        "yesterday",
    ),
    ("My HbA1c came back at 7.9%.", "test_result", {"loinc": "4548-4", "value": 7.9, "unit": "%"}, None),
    (
        "BP was 150/95 this morning.",
        "vital_sign",
        {"kind": "blood_pressure", "systolic": 150.0, "diastolic": 95.0},
        "this morning",
    ),
    (
        "My pulse was 110 after climbing the stairs.",
        "vital_sign",
        {"kind": "heart_rate", "value": 110.0},
        None,
    ),
    ("I weigh 80 kg now.", "body_measurement", {"kind": "weight", "value": 80.0, "unit": "kg"}, None),
    ("I slept from 1 to 6 last night.", "sleep", {}, None),
    ("I slept 6 hours.", "sleep", {"duration_min": 360.0}, None),
    (
        "I have a bad headache since this morning.",
        "symptom",
        {"name": "headache", "severity": "bad"},
        "since this morning",
    ),
    (
        "I took 500 mg of metformin this morning.",
        "medication_intake",
        {"drug": "metformin", "dose": 500.0, "unit": "mg"},
        "this morning",
    ),
    (
        "The doctor prescribed amoxicillin 500 mg three times a day, a ten-day supply.",
        "prescription",
        {
            "drug": "amoxicillin",
            "dose": 500.0,
            "unit": "mg",
            "frequency": "three times a day",
            "supply_days": 10,
        },
        None,
    ),
    (
        "I stopped metformin last week because of nausea.",
        "regimen_change",
        {"drug": "metformin", "action": "stop", "reason": "nausea"},
        "last week",
    ),
    ("I started lisinopril on Monday.", "regimen_change", {"drug": "lisinopril", "action": "start"}, None),
    (
        "I skipped my lisinopril yesterday.",
        "regimen_change",
        {"drug": "lisinopril", "action": "skip"},
        "yesterday",
    ),
    ("I doubled my metformin.", "regimen_change", {"drug": "metformin", "action": "dose_change"}, None),
    (
        "I walked for 30 minutes this morning.",
        "exercise",
        {"activity": "walking", "duration_min": 30.0},
        None,
    ),
    (
        "I ran 5 km yesterday.",
        "exercise",
        {"activity": "running", "distance": 5.0, "unit": "km"},
        "yesterday",
    ),
    ("I ate oatmeal for breakfast.", "meal", {"food": "oatmeal", "kind": "meal"}, None),
    ("I'm really stressed about work.", "mood_stress", {"kind": "stress", "level": "really stressed"}, None),
    ("I saw my cardiologist last Tuesday.", "clinical_visit", {"kind": "appointment"}, "last Tuesday"),
    ("I got my flu shot today.", "clinical_visit", {"kind": "vaccination"}, "today"),
    ("I want to lose 5 kg by summer.", "goal", {"target": "lose 5 kg by summer", "status": "stated"}, None),
]


def _records_of(result: ExtractionResult, record_type: str) -> list[dict[str, Any]]:
    return [r.fields for r in result.records if r.type == record_type]


@pytest.mark.parametrize(
    ("text", "record_type", "fields", "time_text"), EACH_TYPE, ids=[e[0][:40] for e in EACH_TYPE]
)
def test_each_record_type(
    text: str,
    record_type: str,
    fields: dict[str, Any],
    time_text: str | None,
    snapshot: DictionarySnapshot,
    mention: datetime,
) -> None:
    result = extract(text, snapshot, mention=mention)
    found = [r for r in result.records if r.type == record_type]
    assert found, f"no {record_type} in {[r.type for r in result.records]}"
    record = found[0]
    assert fields.items() <= record.fields.items()
    assert record.quote in text
    assert record.extractor == "rules"
    if time_text is not None:
        assert record.time_text == time_text


def test_every_extractable_type_is_covered() -> None:
    from app.ingest.narrative.record_types import EXTRACTABLE_TYPES

    assert {e[1] for e in EACH_TYPE} == EXTRACTABLE_TYPES


def test_two_values_in_one_sentence(snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = extract("My fasting sugar was 131 mg/dL and my HbA1c 7.9%.", snapshot, mention=mention)
    assert [(r.fields["name"], r.fields["value"]) for r in result.records] == [
        ("fasting sugar", 131.0),
        ("HbA1c", 7.9),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I have no chest pain today.",
        "No headache since Monday.",
        "I denied any nausea.",
    ],
)
def test_negated_findings_are_not_records(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = extract(text, snapshot, mention=mention)
    assert result.records == []
    assert all(r.negated for r in result.suppressed)


def test_a_negated_symptom_is_kept_aside_with_its_flag(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    result = extract("I have no chest pain today.", snapshot, mention=mention)
    assert [(r.type, r.fields["name"], r.negated, r.admissible) for r in result.suppressed] == [
        ("symptom", "chest pain", True, False)
    ]


@pytest.mark.parametrize(
    ("text", "relative", "condition"),
    [
        ("My mother has diabetes.", "mother", "diabetes"),
        ("My father's asthma got worse.", "father", None),
        ("Diabetes runs in my family.", "family", "diabetes"),
    ],
)
def test_family_history_is_not_a_condition(
    text: str, relative: str, condition: str | None, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    result = extract(text, snapshot, mention=mention)
    assert _records_of(result, "condition") == []
    history = _records_of(result, "family_history")
    assert len(history) == 1 and history[0]["relative"] == relative
    if condition:
        assert history[0]["condition"] == condition


def test_family_scope_ends_at_first_person(snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = extract("My mom has diabetes and I have a headache.", snapshot, mention=mention)
    assert _records_of(result, "family_history")
    assert _records_of(result, "symptom") == [{"name": "headache"}]
    assert _records_of(result, "condition") == []


@pytest.mark.parametrize(
    "text",
    [
        "If I stop metformin, will my sugar go up?",
        "Should I start taking lisinopril?",
        "What if I skip my metformin tomorrow",
        "I'm thinking about stopping metformin.",
        "Maybe I have diabetes.",
        "My friend John takes metformin.",
    ],
)
def test_hypotheticals_questions_and_others_are_not_records(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    result = extract(text, snapshot, mention=mention)
    assert [
        r.type for r in result.records if r.type in ("regimen_change", "medication_intake", "condition")
    ] == []


def test_unknown_test_name_is_blocked_not_stored(snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = extract("My sugar thingy was 140 this morning.", snapshot, mention=mention)
    assert result.records == []
    assert [(b.kind, b.name) for b in result.blocked] == [("test", "sugar thingy")]
    assert result.blocked[0].quote in "My sugar thingy was 140 this morning."


def test_unknown_drug_at_a_dose_is_blocked(snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = extract("I started taking zorbexil 20 mg.", snapshot, mention=mention)
    assert [(b.kind, b.name) for b in result.blocked] == [("drug", "zorbexil")]
    assert [r for r in result.records if r.type in ("medication_intake", "regimen_change")] == []


def test_non_lab_numbers_are_neither_records_nor_blocked(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    for text in (
        "My goal is 7000 a day",
        "I have over 2000 steps already",
        "11,000 tomorrow",
        "Call me at 4pm",
    ):
        result = extract(text, snapshot, mention=mention)
        # a goal, or a step count as walking ("over 2000" states no count), but no lab value or vital
        assert [r.type for r in result.records if r.type not in ("goal", "exercise")] == []
        assert all("distance" not in r.fields for r in result.records if r.type == "exercise")
        assert result.blocked == []


def test_residue_is_what_no_record_came_from(snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = extract("My HbA1c was 7.9%. The weather is lovely.", snapshot, mention=mention)
    assert result.conversation_residue == "The weather is lovely."
    assert extract("Hi there", snapshot, mention=mention).conversation_residue == "Hi there"


def test_the_extractor_class_is_the_function(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I stopped metformin yesterday."
    assert RulesExtractor().extract(text, snapshot, mention=mention) == extract(
        text, snapshot, mention=mention
    )
