"""Two results of one test at the same instant: which one is "the latest" is no fact of the record.

Synthea writes two haemoglobins at 23:45:08 on one day (13.9 and 11.8 g/dL). The verdict on "my hemoglobin was only
eleven point nine" used to depend on the order the database returned them (agreement on one run, contradiction on the
next). Now a value agrees when it agrees with one of the tied results, and the order is by uid whatever the input
order."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.context import ClinicalContext, ClinicalItem
from app.reconcile.models import Statement
from app.reconcile.observation_rules import observation_verdict

AS_OF = datetime(2020, 11, 9, 12, tzinfo=UTC)
TAKEN = datetime(2020, 10, 29, 23, 45, 8, tzinfo=UTC)


def _hemoglobin(uid: str, value: float, when: datetime = TAKEN) -> ClinicalItem:
    return ClinicalItem(
        uid=uid,
        resource_type="Observation",
        fhir_id=uid,
        display="Hemoglobin [Mass/volume] in Blood",
        code_system="http://loinc.org",
        code="718-7",
        value=value,
        unit="g/dL",
        event_start=when,
    )


def _context(*observations: ClinicalItem) -> ClinicalContext:
    return ClinicalContext(AS_OF, observations, {"718-7": observations}, sex="female", age_years=40)


def _statement(value: float) -> Statement:
    return Statement(
        type="test_result",
        fields={"loinc": "718-7", "value": value, "unit": "g/dL", "name": "hemoglobin"},
        quote=f"my hemoglobin was {value}",
        mention_time=AS_OF,
    )


@pytest.mark.parametrize("order", [("a", "b"), ("b", "a")])
def test_tied_results_come_back_by_uid_whatever_the_input_order(order: tuple[str, str]) -> None:
    values = {"a": 13.9, "b": 11.8}
    ctx = _context(*(_hemoglobin(uid, values[uid]) for uid in order))
    assert [o.uid for o in ctx.latest_observations(["718-7"])] == ["a", "b"]
    assert ctx.latest_observation(["718-7"]).uid == "a"  # type: ignore[union-attr]


def test_an_older_result_is_not_tied() -> None:
    older = _hemoglobin("c", 15.6, datetime(2014, 10, 9, tzinfo=UTC))
    ctx = _context(older, _hemoglobin("a", 13.9))
    assert [o.uid for o in ctx.latest_observations(["718-7"])] == ["a"]


@pytest.mark.parametrize("order", [("a", "b"), ("b", "a")])
def test_a_value_agreeing_with_one_tied_result_is_an_agreement_citing_it(
    order: tuple[str, str], snapshot: DictionarySnapshot
) -> None:
    values = {"a": 13.9, "b": 11.8}
    ctx = _context(*(_hemoglobin(uid, values[uid]) for uid in order))
    verdict = observation_verdict(_statement(11.9), snapshot, ctx)
    assert verdict is not None and verdict.kind == "agreement"
    assert [c.fhir_id for c in verdict.cites] == ["b"]


def test_a_value_agreeing_with_none_is_a_contradiction_citing_the_first(snapshot: DictionarySnapshot) -> None:
    ctx = _context(_hemoglobin("b", 11.8), _hemoglobin("a", 13.9))
    verdict = observation_verdict(_statement(8.2), snapshot, ctx)
    assert verdict is not None and verdict.kind == "contradiction"
    assert [c.fhir_id for c in verdict.cites] == ["a"]
