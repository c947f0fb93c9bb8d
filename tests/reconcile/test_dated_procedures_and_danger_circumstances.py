"""A chest said to be squeezed, told only in a record's quote ("my chest clamped down", "pressure behind my
breastbone"), is chest pain to the reconciler. A procedure the statement dates is that occasion: a record of the
same procedure well before that date is an earlier one, so the statement is an undocumented procedure (a medium
gap), while a record of the same day, or a statement giving no date, agrees. Lifestyle talk told in the turn of
an acute-danger sign tied to a recorded condition (the walk that brought on the chest pain, the night after it)
bears on that condition: a low gap citing it, not ``no_clinical_relevance``; without such a sign it stays
routine."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.danger_context import lifestyle_around_danger
from app.reconcile.models import Citation, Finding, Statement
from tests.reconcile.conftest import SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import CORONARY, Case, decided

COLONOSCOPY_2016 = resource(
    "Procedure",
    "p-colon",
    system=SNOMED,
    code="73761001",
    display="Colonoscopy",
    status="completed",
    event_start=t("2016-05-23"),
)
COLONOSCOPY_RECENT = resource(
    "Procedure",
    "p-colon-2",
    system=SNOMED,
    code="73761001",
    display="Colonoscopy",
    status="completed",
    event_start=t("2021-02-09"),
)
CASES: list[Case] = [
    (
        "a colonoscopy dated last week against one of 2016: undocumented occasion",
        [COLONOSCOPY_2016],
        {"type": "surgery_history", "fields": {"procedure": "colonoscopy"}, "event_time": t("2021-02-09")},
        ("gap", "medium", False),
        set(),
    ),
    (
        "a colonoscopy dated the day the record holds one: agreement",
        [COLONOSCOPY_2016, COLONOSCOPY_RECENT],
        {"type": "surgery_history", "fields": {"procedure": "colonoscopy"}, "event_time": t("2021-02-09")},
        ("agreement", None, False),
        {("Procedure", SNOMED, "73761001")},
    ),
    (
        "a chest clamped down, told only in the quote, with coronary disease",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "halfway up the stairs my chest clamped down and I had to sit"},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "pressure behind the breastbone, told only in the quote, with coronary disease",
        [CORONARY],
        {"type": "symptom", "fields": {}, "quote": "got this pressure behind my breastbone carrying the shopping"},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "a colonoscopy said without a date: agreement with the recorded one",
        [COLONOSCOPY_2016],
        {"type": "surgery_history", "fields": {"procedure": "colonoscopy"}, "event_time": None},
        ("agreement", None, False),
        {("Procedure", SNOMED, "73761001")},
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_dated_procedure_is_that_occasion(
    client: GraphClient,
    user_id: str,
    seed: Seeder,
    snapshot: DictionarySnapshot,
    resources: list[dict[str, Any]],
    record: dict[str, Any],
    expected: tuple[str, str | None, bool],
    cites: set[tuple[str, str, str]],
) -> None:
    decided(client, user_id, seed, snapshot, (resources, record, expected, cites))


WHEN = datetime(2021, 4, 13, tzinfo=UTC)
CAD = Citation(resource_type="Condition", system=SNOMED, code="53741008")


def _finding(uid: str, kind: str, *, safety: bool = False, cites: tuple[Citation, ...] = ()) -> Finding:
    severity = ("high" if safety else "low") if kind in ("gap", "contradiction") else None
    return Finding(
        kind=kind,  # type: ignore[arg-type]
        severity=severity,  # type: ignore[arg-type]
        safety_critical=safety,
        rationale="r",
        engine="rules",
        rule="test",
        cites=cites,
        record_uid=uid,
        event_start=WHEN,
    )


@pytest.mark.parametrize("lifestyle", ["exercise", "sleep", "meal", "mood_stress"])
def test_lifestyle_told_with_a_danger_sign_is_a_low_gap_citing_its_condition(lifestyle: str) -> None:
    statements = [Statement(type="symptom", uid="s"), Statement(type=lifestyle, uid="l")]
    findings = [_finding("s", "gap", safety=True, cites=(CAD,)), _finding("l", "no_clinical_relevance")]
    out = {f.record_uid: f for f in lifestyle_around_danger(statements, findings)}
    assert (out["l"].kind, out["l"].severity, out["l"].safety_critical, out["l"].cites) == ("gap", "low", False, (CAD,))
    assert out["s"] == findings[0]


@pytest.mark.parametrize(
    "danger",
    [
        _finding("s", "gap", cites=(CAD,)),  # a minor symptom of a recorded condition: no danger sign
        _finding("s", "agreement", cites=(CAD,)),
        _finding("s", "gap", safety=True),  # a danger sign tied to no recorded condition
    ],
)
def test_lifestyle_beside_no_danger_sign_stays_routine(danger: Finding) -> None:
    statements = [Statement(type="symptom", uid="s"), Statement(type="exercise", uid="l")]
    findings = [danger, _finding("l", "no_clinical_relevance")]
    assert lifestyle_around_danger(statements, findings) == findings


def test_a_danger_sign_does_not_change_a_drug_or_a_goal() -> None:
    statements = [Statement(type="symptom", uid="s"), Statement(type="goal", uid="g")]
    findings = [_finding("s", "gap", safety=True, cites=(CAD,)), _finding("g", "no_clinical_relevance")]
    assert lifestyle_around_danger(statements, findings) == findings
