"""Structured retrieval across both streams, concept expansion and trends (real Neo4j)."""

from __future__ import annotations

from app.db.client import GraphClient
from app.retrieval.service import search
from tests.retrieval.conftest import NOW


def _values(result) -> list[tuple[str, float | None]]:  # type: ignore[no-untyped-def]
    return [(item.stream, item.fields.get("value")) for item in result.items]


def test_last_three_readings_newest_first_across_streams(client: GraphClient, seeded_user: str) -> None:
    result = search(client, seeded_user, "my last three glucose readings", at=NOW)
    assert result.route == "structured"
    assert _values(result) == [("clinical", 118.0), ("narrative", 120.0), ("narrative", 130.0)]
    assert result.items[1].provenance.quote == "my glucose was 120"
    assert result.items[1].context is not None and result.items[1].context.previous is not None
    assert result.items[1].context.previous.value == 130.0  # the NEXT chain of the same metric


def test_weight_over_three_months_with_trend(client: GraphClient, seeded_user: str) -> None:
    result = search(client, seeded_user, "weight over three months", at=NOW)
    assert result.route == "structured"
    assert [v for _, v in _values(result)] == [85.0, 86.5, 88.0]  # the 150-day-old 90 kg is outside
    assert result.trend is not None
    assert (result.trend.first, result.trend.last, result.trend.change) == (88.0, 85.0, -3.0)
    assert result.trend.direction == "falling" and result.trend.unit == "kg"


def test_current_medications_both_streams_without_ended(client: GraphClient, seeded_user: str) -> None:
    result = search(client, seeded_user, "what are my current medications?", at=NOW)
    found = {(item.stream, item.fields.get("drug") or item.fields.get("display")) for item in result.items}
    assert found == {
        ("narrative", "Metformin"),
        ("clinical", "Metformin 500 MG"),
    }  # rosuvastatin ended/stopped


def test_allergies_and_active_conditions(client: GraphClient, seeded_user: str) -> None:
    allergies = search(client, seeded_user, "list my allergies", at=NOW)
    assert {(i.stream, i.fields.get("substance") or i.fields.get("display")) for i in allergies.items} == {
        ("narrative", "penicillin"),
        ("clinical", "Peanut"),
    }
    conditions = search(client, seeded_user, "my active conditions", at=NOW)
    names = {i.fields.get("name") or i.fields.get("display") for i in conditions.items}
    assert names == {"type 2 diabetes", "Type 2 diabetes mellitus"}  # resolved ones left out in both streams


def test_concept_expansion_reaches_every_tagged_test(client: GraphClient, seeded_user: str) -> None:
    result = search(client, seeded_user, "show my diabetes numbers", at=NOW, k=20)
    assert result.route == "structured"
    keys = {(i.stream, i.fields.get("standard_key") or i.fields.get("display")) for i in result.items}
    assert keys == {("narrative", "glucose"), ("narrative", "hba1c"), ("clinical", "Glucose")}
    panel = search(client, seeded_user, "how are my liver numbers", at=NOW)
    assert [(i.stream, i.fields.get("display"), i.fields.get("value")) for i in panel.items] == [
        ("clinical", "Alanine aminotransferase", 42.0)
    ]
