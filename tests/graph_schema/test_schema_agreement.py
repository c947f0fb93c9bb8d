"""cypher/schema.cypher, the database and the neomodel declarations agree."""

from __future__ import annotations

import re

from neomodel import StructuredNode
from neomodel.properties import Property

import app.graph_schema  # noqa: F401  (registers every declared class)
from app.db.client import GraphClient
from app.db.cypher import load_cypher_file
from app.db.schema import SHOW_CONSTRAINTS, SHOW_INDEXES, apply_schema

CONSTRAINT = re.compile(r"CREATE CONSTRAINT (\w+) IF NOT EXISTS FOR \(n:(\w+)\) REQUIRE n\.(\w+) IS UNIQUE")
RANGE = re.compile(r"CREATE INDEX (\w+) IF NOT EXISTS FOR \(n:(\w+)\) ON \(n\.(\w+)\)")
COMPOSITE = re.compile(r"CREATE INDEX (\w+) IF NOT EXISTS FOR \(n:(\w+)\) ON \(n\.(\w+), n\.(\w+)\)")
MARKER_LABELS = {"Retrievable", "PendingEmbedding"}
"""Labels a node carries beside its class label (no neomodel class of their own)."""
FULLTEXT = re.compile(
    r"CREATE FULLTEXT INDEX (\w+) IF NOT EXISTS FOR \(n:(\w+)\) ON EACH \[((?:n\.\w+(?:, )?)+)\]"
)
DROP = re.compile(r"DROP INDEX (\w+) IF EXISTS")
VECTOR = re.compile(
    r"CREATE VECTOR INDEX (\w+) IF NOT EXISTS FOR \(n:(\w+)\) ON n\.(\w+) OPTIONS .*`vector\.dimensions`: (\d+)"
)


def _file_schema() -> dict[str, set[tuple[str, str, str]]]:
    found: dict[str, set[tuple[str, str, str]]] = {
        "unique": set(),
        "range": set(),
        "fulltext": set(),
        "vector": set(),
        "composite": set(),
        "dropped": set(),
    }
    for query in load_cypher_file("schema"):
        text = " ".join(query.text.split())
        for kind, pattern in (
            ("unique", CONSTRAINT),
            ("range", RANGE),
            ("composite", COMPOSITE),
            ("dropped", DROP),
            ("fulltext", FULLTEXT),
            ("vector", VECTOR),
        ):
            match = pattern.fullmatch(text) or pattern.match(text)
            if match:
                groups = match.groups()
                if kind == "composite":
                    found[kind].add((groups[0], groups[1], ",".join(groups[2:])))
                elif kind == "fulltext":
                    found[kind].add((groups[0], groups[1], groups[2].replace("n.", "").replace(" ", "")))
                elif kind == "dropped":
                    found[kind].add((groups[0], "", ""))
                else:
                    found[kind].add(groups[:3])
                break
        else:
            raise AssertionError(f"unrecognised schema statement: {text}")
    return found


def _declared_schema() -> dict[str, set[tuple[str, str]]]:
    def subclasses(cls: type) -> list[type]:
        out: list[type] = []
        for sub in cls.__subclasses__():
            out += [sub, *subclasses(sub)]
        return out

    declared: dict[str, set[tuple[str, str]]] = {"unique": set(), "range": set(), "retrievable": set()}
    for cls in subclasses(StructuredNode):
        if not cls.__module__.startswith("app.graph_schema"):
            continue
        for name, prop in vars(cls).items():
            if not isinstance(prop, Property):
                continue
            if prop.unique_index:
                declared["unique"].add((cls.__label__, name))
            elif prop.index:
                declared["range"].add((cls.__label__, name))
        if "Retrievable" in getattr(cls, "__optional_labels__", []):
            declared["retrievable"].add((cls.__label__, "search_text"))
    return declared


def test_file_matches_declarations() -> None:
    file_schema = _file_schema()
    declared = _declared_schema()
    assert {(label, prop) for _, label, prop in file_schema["unique"]} == declared["unique"]
    file_ranges = {(label, prop) for _, label, prop in file_schema["range"] if label not in MARKER_LABELS}
    assert file_ranges == declared["range"]
    assert {(label, prop) for _, label, prop in file_schema["fulltext"]} == {("Retrievable", "search_text,user_token")}
    assert {(label, prop) for _, label, prop in file_schema["vector"]} == {("Retrievable", "embedding")}
    assert {(label, props) for _, label, props in file_schema["composite"]} == {
        ("Retrievable", "user_id,embedding_seq"),
        ("Record", "series_key,series_at"),
        ("Record", "user_id,series_at"),
    }
    # every class carrying the Retrievable label declares the indexed properties
    for label, _ in declared["retrievable"]:
        cls = next(c for c in StructuredNode.__subclasses__() if c.__label__ == label)
        assert {"user_id", "user_token", "search_text", "embedding"} <= set(cls.defined_properties(rels=False))


def test_database_holds_what_the_file_declares(client: GraphClient) -> None:
    file_schema = _file_schema()
    constraints = {row["name"]: row for row in client.read(SHOW_CONSTRAINTS)}
    indexes = {row["name"]: row for row in client.read(SHOW_INDEXES)}
    for name, label, prop in file_schema["unique"]:
        assert constraints[name]["type"] == "UNIQUENESS"
        assert (constraints[name]["labelsOrTypes"], constraints[name]["properties"]) == ([label], [prop])
    for kind, index_type in (("range", "RANGE"), ("fulltext", "FULLTEXT"), ("vector", "VECTOR")):
        for name, label, prop in file_schema[kind]:
            assert indexes[name]["type"] == index_type, name
            assert (indexes[name]["labelsOrTypes"], indexes[name]["properties"]) == ([label], prop.split(","))
            assert indexes[name]["state"] == "ONLINE"
    for name, _, _ in file_schema["dropped"]:
        assert name not in indexes
    for name, label, props in file_schema["composite"]:
        assert indexes[name]["type"] == "RANGE", name
        assert (indexes[name]["labelsOrTypes"], indexes[name]["properties"]) == ([label], props.split(","))
        assert indexes[name]["state"] == "ONLINE"


def test_schema_apply_is_idempotent(client: GraphClient) -> None:
    before = client.read(SHOW_INDEXES)
    report = apply_schema(client)
    after = client.read(SHOW_INDEXES)
    assert before == after
    assert report.statements == len(load_cypher_file("schema"))
