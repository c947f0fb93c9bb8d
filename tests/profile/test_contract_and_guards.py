"""The question contract and the guards (no database)."""

from __future__ import annotations

import pytest

from app.profile.contract import CONTRACT, ProfileContract
from app.profile.guards import GuardViolation, check_answer


def test_contract_has_the_seven_fields_in_order() -> None:
    assert CONTRACT.fields == (
        "who",
        "physical_state",
        "behavioral_state",
        "medical_constraints",
        "trajectory_goal",
        "trajectory_preference",
        "action_items",
    )
    assert 300 <= len(CONTRACT.instruction) <= 500
    assert [q.field for q in CONTRACT.questions if q.may_recommend] == ["action_items"]


def test_contract_id_changes_with_any_word() -> None:
    base = CONTRACT.contract_id
    data = CONTRACT.model_dump()
    data["questions"][1]["question"] = data["questions"][1]["question"].replace("overall", "in general")
    assert ProfileContract.model_validate(data).contract_id != base
    data = CONTRACT.model_dump()
    data["instruction"] = data["instruction"].replace("plain", "simple")
    assert ProfileContract.model_validate(data).contract_id != base
    assert ProfileContract.model_validate(CONTRACT.model_dump()).contract_id == base


EVIDENCE = '{"id": "r1", "value": 131, "unit": "mg/dL", "time": "2021-06-10"}'


@pytest.mark.parametrize(
    "text",
    [
        "Glucose is 131 mg/dL and he should stop taking metformin at once.",
        "We recommend a lower dose of metformin given the glucose of 131 mg/dL.",
        "He needs to start exercising; glucose was 131 mg/dL in June 2021.",
    ],
)
def test_recommendations_are_rejected_outside_action_items(text: str) -> None:
    with pytest.raises(GuardViolation) as caught:
        check_answer(text, may_recommend=False, evidence_text=EVIDENCE, cited_ids=["r1"], evidence_ids=["r1"])
    assert caught.value.rule == "recommendation"
    check_answer(text, may_recommend=True, evidence_text=EVIDENCE, cited_ids=["r1"], evidence_ids=["r1"])


def test_diagnosis_is_rejected_everywhere() -> None:
    with pytest.raises(GuardViolation) as caught:
        check_answer(
            "Glucose of 131 mg/dL means he likely has diabetes.",
            may_recommend=True,
            evidence_text=EVIDENCE,
            cited_ids=[],
            evidence_ids=["r1"],
        )
    assert caught.value.rule == "diagnosis"


def test_invented_numbers_and_citations_are_rejected() -> None:
    with pytest.raises(GuardViolation) as caught:
        check_answer(
            "Fasting glucose reached 145 mg/dL in June 2021.",
            may_recommend=False,
            evidence_text=EVIDENCE,
            cited_ids=["r1"],
            evidence_ids=["r1"],
        )
    assert caught.value.rule == "fabricated_number"
    with pytest.raises(GuardViolation) as caught:
        check_answer(
            "Fasting glucose reached 131 mg/dL in June 2021.",
            may_recommend=False,
            evidence_text=EVIDENCE,
            cited_ids=["r9"],
            evidence_ids=["r1"],
        )
    assert caught.value.rule == "unknown_citation"
    check_answer(
        "Fasting glucose reached 131 mg/dL in June 2021.",
        may_recommend=False,
        evidence_text=EVIDENCE,
        cited_ids=["r1"],
        evidence_ids=["r1"],
    )


def test_length_bounds() -> None:
    with pytest.raises(GuardViolation):
        check_answer("Too short.", may_recommend=False, evidence_text="", cited_ids=[], evidence_ids=[])
    with pytest.raises(GuardViolation):
        check_answer("word " * 200, may_recommend=False, evidence_text="", cited_ids=[], evidence_ids=[])
