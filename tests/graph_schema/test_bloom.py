"""The Bloom perspective is derived from the declarations, committed as generated, and its phrases work."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

import neo4j
from app.cli import app as cli
from app.db.client import GraphClient
from app.graph_schema.bloom import (
    INTERNAL_LABELS,
    build_perspective,
    declared_classes,
    relationship_segments,
    render_perspective,
)
from app.graph_schema.bloom_queries import SEARCH_PHRASES, SearchPhrase
from app.graph_schema.clinical import FHIR_RESOURCE_CLASSES
from app.settings import PROJECT_ROOT
from tests.graph_schema.conftest import AnalystGraph

COMMITTED = PROJECT_ROOT / "docs" / "bloom" / "selfgraph-perspective.json"
DECLARED = {cls.__label__: cls for cls in declared_classes()}
DECLARED_RELS = {
    rel.definition["relation_type"]
    for cls in DECLARED.values()
    for rel in cls.defined_properties(aliases=False, properties=False, rels=True).values()
}


def test_committed_perspective_is_what_the_declarations_generate() -> None:
    assert COMMITTED.read_text(encoding="utf-8") == render_perspective(), (
        "docs/bloom/selfgraph-perspective.json is stale: run "
        "`selfgraph schema bloom --out docs/bloom/selfgraph-perspective.json`"
    )
    assert render_perspective() == render_perspective()  # deterministic


def test_cli_prints_the_same_perspective(tmp_path: Any) -> None:
    out = tmp_path / "p.json"
    result = CliRunner().invoke(cli, ["schema", "bloom", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == render_perspective()
    printed = CliRunner().invoke(cli, ["schema", "bloom"])
    assert json.loads(printed.stdout) == build_perspective()


def test_every_label_and_relationship_type_in_it_is_declared() -> None:
    perspective = build_perspective()
    labels = [label for category in perspective["categories"] for label in category["labels"]]
    assert set(labels) <= set(DECLARED) and len(labels) == len(set(labels))
    assert set(labels) == set(DECLARED) - INTERNAL_LABELS  # and every browsable label has a category
    assert set(perspective["labels"]) == set(labels)
    assert {r["name"] for r in perspective["relationshipTypes"]} == DECLARED_RELS
    for segment in perspective["metadata"]["pathSegments"]:
        assert segment["source"] in DECLARED and segment["target"] in DECLARED
        assert segment["relationshipType"] in DECLARED_RELS
    for category in perspective["categories"]:
        (label,) = category["labels"]
        props = set(DECLARED[label].defined_properties(aliases=False, rels=False))
        assert {p["name"] for p in category["properties"]} == props
        assert set(category["captionKeys"]) <= props and category["captionKeys"], label
        assert category["color"].startswith("#") and len(category["color"]) == 7


def test_fhir_type_categories_come_first_with_the_base_properties() -> None:
    categories = build_perspective()["categories"]
    names = [c["name"] for c in categories]
    assert names[: len(FHIR_RESOURCE_CLASSES)] == list(FHIR_RESOURCE_CLASSES)
    observation = next(c for c in categories if c["name"] == "Observation")
    assert observation["captionKeys"] == ["display"]
    assert {"code", "value", "unit", "event_start"} <= {p["name"] for p in observation["properties"]}
    hidden = {p["name"] for c in categories for p in c["properties"] if p["exclude"]}
    assert "embedding" in hidden and "resource" in hidden


def test_templates_are_the_search_phrases_with_declared_suggestions() -> None:
    templates = build_perspective()["templates"]
    assert [t["text"] for t in templates] == [p.text for p in SEARCH_PHRASES]
    segments = {rel for _, rel, _ in relationship_segments()}
    for phrase, template in zip(SEARCH_PHRASES, templates, strict=True):
        named = {word[1:] for word in phrase.text.split() if word.startswith("$")}
        assert named == phrase.query.parameters == {p["name"] for p in template["params"]}, phrase.text
        for param in template["params"]:
            if param["suggestionLabel"]:
                declared = DECLARED[param["suggestionLabel"]].defined_properties(rels=False)
                assert param["suggestionProp"] in declared
    assert segments == DECLARED_RELS


def _run_paths(client: GraphClient, phrase: SearchPhrase, params: dict[str, Any]) -> tuple[set[str], ...]:
    """The uids (or user ids) of the nodes and the relationship types a phrase returns."""
    nodes: set[str] = set()
    rels: set[str] = set()
    with client.driver.session(database=client.database) as session:
        for record in session.run(phrase.query.text, params):
            for value in record.values():
                items: list[Any] = []
                if isinstance(value, neo4j.graph.Path):
                    items = [*value.nodes, *value.relationships]
                elif isinstance(value, neo4j.graph.Node | neo4j.graph.Relationship):
                    items = [value]
                for item in items:
                    if isinstance(item, neo4j.graph.Node):
                        nodes.add(item.get("uid") or item.get("key") or item["user_id"])
                    else:
                        rels.add(item.type)
    return nodes, rels


def _phrase(text: str) -> SearchPhrase:
    return next(p for p in SEARCH_PHRASES if p.text == text)


def test_search_phrases_answer_on_a_seeded_graph(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    nodes, rels = _run_paths(client, _phrase("Medications of $user"), {"user": g.user_a})
    assert {g.uid("med1"), g.uid("r4"), g.uid("r5"), g.drug_key} <= nodes
    assert g.uid("obs1") not in nodes and {"HAS_FHIR", "CODED_AS", "MAPS_TO", "TAKES"} <= rels

    nodes, _ = _run_paths(client, _phrase("Everyone on $drug"), {"drug": g.drug_display})
    assert {g.user_a, g.user_b} <= nodes

    since = {"user": g.user_a, "date": "2024-03-01"}
    nodes, _ = _run_paths(client, _phrase("Timeline of $user since $date"), since)
    assert nodes - {g.user_a} == {g.uid("obs2"), g.uid("r3")}

    nodes, rels = _run_paths(client, _phrase("Findings of $user"), {"user": g.user_a})
    assert {g.uid("f1"), g.uid("f2"), g.uid("r4"), g.uid("med1"), g.uid("obs1")} <= nodes
    assert {"ABOUT_RECORD", "CITES"} <= rels

    nodes, _ = _run_paths(client, _phrase("Open safety-critical findings"), {})
    assert g.uid("f1") in nodes and g.uid("f2") not in nodes

    trend = {"test": g.test_key, "user": g.user_a}
    nodes, rels = _run_paths(client, _phrase("Trend of $test for $user"), trend)
    assert {g.uid("r1"), g.uid("r2"), g.uid("r3")} <= nodes and "NEXT" in rels

    nodes, rels = _run_paths(client, _phrase("Profile of $user"), {"user": g.user_a})
    assert {g.uid("r5"), g.uid("med1"), g.uid("r3")} <= nodes and "DRAWS_ON" in rels


@pytest.mark.parametrize("phrase", SEARCH_PHRASES, ids=lambda p: p.query.name)
def test_search_phrase_is_read_only(client: GraphClient, phrase: SearchPhrase) -> None:
    with client.driver.session(database=client.database) as session:
        plan = session.run("EXPLAIN " + phrase.query.text).consume().plan
    assert plan is not None
    text = phrase.query.text.upper()
    assert not any(word in text for word in ("CREATE ", "MERGE ", "DELETE ", " SET ", "REMOVE "))
