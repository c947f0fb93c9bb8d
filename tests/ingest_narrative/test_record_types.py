"""The record-type contract: the issue's tables, as data, and their storage on ``Record``."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.graph_schema.registry import RECORD_PROPERTIES
from app.ingest.narrative.record_types import (
    DERIVED_TYPES,
    EPISODIC_TYPES,
    RECORD_TYPES,
    STATIC_TYPES,
    CandidateRecord,
    undeclared_properties,
)

ISSUE_FIELDS = {
    "sex": {"value"},
    "birth_date": {"date", "age_years"},
    "height": {"value", "unit"},
    "blood_type": {"abo", "rh"},
    "allergy": {"substance", "substance_kind", "reaction"},
    "family_history": {"relative", "condition"},
    "condition": {"name", "status"},
    "surgery_history": {"procedure"},
    "lifestyle_baseline": {"habit", "status"},
    "pregnancy_status": {"status", "week"},
    "test_result": {"loinc", "value", "unit", "name"},
    "vital_sign": {"kind", "systolic", "diastolic", "value", "unit"},
    "body_measurement": {"kind", "value", "unit"},
    "sleep": {"start", "end", "duration_min", "quality"},
    "symptom": {"name", "severity", "body_site"},
    "medication_intake": {"drug", "dose", "unit"},
    "prescription": {"drug", "dose", "unit", "frequency", "supply_days"},
    "regimen_change": {"drug", "action", "reason"},
    "exercise": {"activity", "duration_min", "distance", "unit"},
    "meal": {"food", "kind"},
    "mood_stress": {"kind", "level"},
    "clinical_visit": {"kind"},
    "goal": {"target", "status"},
}


def test_categories_match_the_issue() -> None:
    assert len(STATIC_TYPES) == 10
    assert len(EPISODIC_TYPES) == 13
    assert {
        "metric_trend",
        "current_medication",
        "risk_factor_profile",
        "goal_trajectory",
        "report_coverage",
    } == DERIVED_TYPES
    assert RECORD_TYPES["conversation_event"].category == "conversation"


@pytest.mark.parametrize("name", sorted(ISSUE_FIELDS))
def test_key_fields_are_the_issues(name: str) -> None:
    declared = set(RECORD_TYPES[name].model.model_fields)
    assert ISSUE_FIELDS[name] <= declared
    # test_result may carry a non-numeric result; an allergy may be denied ("I'm not allergic to X")
    assert declared - ISSUE_FIELDS[name] <= {"value_text", "status"} and (
        "status" not in declared - ISSUE_FIELDS[name] or name == "allergy"
    )


def test_every_field_has_a_record_property() -> None:
    assert undeclared_properties() == []
    assert "stated_status" in RECORD_PROPERTIES


def test_candidate_validates_its_fields() -> None:
    ok = CandidateRecord(
        type="regimen_change",
        fields={"drug": "metformin", "action": "stop", "reason": None},
        quote="I stopped metformin",
        extractor="rules",
        confidence=0.9,
    )
    assert ok.fields == {"drug": "metformin", "action": "stop"}
    with pytest.raises(ValidationError):
        CandidateRecord(
            type="regimen_change",
            fields={"drug": "metformin", "action": "pause"},
            quote="x",
            extractor="rules",
            confidence=0.9,
        )
    with pytest.raises(ValidationError):
        CandidateRecord(
            type="symptom",
            fields={"name": "headache", "colour": "red"},
            quote="x",
            extractor="rules",
            confidence=0.9,
        )
    with pytest.raises(ValidationError):
        CandidateRecord(
            type="metric_trend",
            fields={"standard_key": "hba1c"},
            quote="x",
            extractor="rules",
            confidence=0.9,
        )
    with pytest.raises(ValidationError):
        CandidateRecord(
            type="symptom", fields={"name": "headache"}, quote="  ", extractor="rules", confidence=0.9
        )


def test_properties_use_storage_names() -> None:
    goal = CandidateRecord(
        type="goal",
        fields={"target": "lose 5 kg"},
        quote="I want to lose 5 kg",
        extractor="rules",
        confidence=0.9,
    )
    assert goal.properties() == {"target": "lose 5 kg", "stated_status": "stated"}
    sex = CandidateRecord(
        type="sex", fields={"value": "female"}, quote="I'm a woman", extractor="rules", confidence=0.9
    )
    assert sex.properties() == {"value_text": "female"}
