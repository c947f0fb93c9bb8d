"""The dictionary subgraph: codes, terms, links, the active version and the version guard."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.db.client import GraphClient
from app.db.cypher import Query
from app.dictionary import DictionarySnapshot, DictionaryVersionMismatch, load_snapshot
from app.dictionary import queries as q
from app.dictionary.loader import active_version, code_uid, ensure_dictionary_version, load_dictionary
from app.dictionary.models import LOINC_SYSTEM, RXNORM_SYSTEM, SNOMED_SYSTEM, TestEntry
from app.errors import Conflict

CODE_TARGET = Query(
    "test_code_target",
    "MATCH (c:Code {uid: $uid})-[:MAPS_TO]->(t) RETURN labels(t) AS labels, t.key AS key ORDER BY key",
)
TERM_LINKS = Query(
    "test_term_links",
    """
    MATCH (t:TestTerm {key: $test})
    OPTIONAL MATCH (t)-[:HAS_RANGE]->(r:ReferenceRange)
    WITH t, count(r) AS ranges
    OPTIONAL MATCH (t)-[:TAGGED]->(c:Concept)
    WITH t, ranges, collect(c.key) AS concepts
    MATCH (d:DrugTerm {key: $drug})-[:INDICATED_FOR]->(k:ConditionTerm)
    RETURN ranges, concepts, collect(k.key) AS indications
    """,
)
OWN_SUBGRAPH = Query(
    "test_own_subgraph",
    """
    MATCH (t:TestTerm {version: $version}) WHERE t.key IN $keys
    OPTIONAL MATCH (t)-[:HAS_RANGE]->(r:ReferenceRange)
    WITH count(DISTINCT t) AS tests, count(r) AS ranges
    MATCH (a:Alias {version: $version})-[:ALIAS_OF]->(t:TestTerm) WHERE t.key IN $keys
    WITH tests, ranges, count(a) AS aliases
    MATCH (c:Code)-[m:MAPS_TO]->(x:TestTerm {version: $version}) WHERE x.key IN $keys
    RETURN tests, ranges, aliases, count(DISTINCT c) AS codes, count(m) AS code_links
    """,
)
ACTIVE_COUNT = Query("test_active_count", "MATCH (v:DictionaryVersion {active: true}) RETURN count(v) AS n")


def test_codes_map_to_terms(client: GraphClient, dictionary: DictionarySnapshot) -> None:
    def target(system: str, code: str) -> list[tuple[str, str]]:
        return [
            (row["labels"][0], row["key"])
            for row in client.read(CODE_TARGET, {"uid": code_uid(system, code)})
        ]

    assert target(LOINC_SYSTEM, "4548-4") == [("TestTerm", "hba1c")]
    assert target(LOINC_SYSTEM, "2339-0") == [("TestTerm", "glucose")]  # another LOINC of the same test
    assert target(RXNORM_SYSTEM, "316672") == [("DrugTerm", "simvastatin")]  # product
    assert target(RXNORM_SYSTEM, "36567") == [("DrugTerm", "simvastatin")]  # ingredient
    assert target(RXNORM_SYSTEM, "1049221") == [("DrugTerm", "acetaminophen"), ("DrugTerm", "oxycodone")]
    assert target(SNOMED_SYSTEM, "44054006") == [("ConditionTerm", "type_2_diabetes")]


def test_terms_carry_ranges_tags_and_indications(client: GraphClient, dictionary: DictionarySnapshot) -> None:
    row = client.read(TERM_LINKS, {"test": "hdl_cholesterol", "drug": "metformin"})[0]
    assert row["ranges"] == len(dictionary.all_ranges("hdl_cholesterol"))
    assert {"lipid", "cardiovascular", "metabolic_syndrome"} <= set(row["concepts"])
    assert "type_2_diabetes" in row["indications"]


def test_graph_alias_lookup_agrees_with_the_snapshot(
    client: GraphClient, dictionary: DictionarySnapshot
) -> None:
    for kind, name in (("test", "HbA1c"), ("drug", "Lipitor"), ("condition", "sugar diabetes")):
        entry = dictionary.lookup(kind, name)  # type: ignore[arg-type]
        rows = client.read(q.LOOKUP_ALIAS, {"norm": name.lower(), "kind": kind})
        assert entry is not None and [r["key"] for r in rows] == [entry.key]
    assert client.read(q.LOOKUP_ALIAS, {"norm": "lipitorr", "kind": "drug"}) == []


def test_reload_is_idempotent(client: GraphClient, dictionary: DictionarySnapshot) -> None:
    # other sessions' tests may add terms of their own: count this snapshot's subgraph
    params = {"version": dictionary.version, "keys": [t.key for t in dictionary.entries("test")]}
    before = client.read(OWN_SUBGRAPH, params)[0]
    report = load_dictionary(client, dictionary)
    after = client.read(OWN_SUBGRAPH, params)[0]
    assert before == after
    assert after["tests"] == report.counts["tests"] and after["ranges"] == report.counts["reference_bands"]
    assert after["aliases"] == report.counts["test_aliases"]
    tests = [t for t in dictionary.entries("test") if isinstance(t, TestEntry)]
    assert after["code_links"] == sum(len(t.codes) for t in tests)
    assert client.read(ACTIVE_COUNT)[0]["n"] == 1
    assert active_version(client) == dictionary.version


def test_version_mismatch_is_refused(
    client: GraphClient, dictionary: DictionarySnapshot, data_copy: Path
) -> None:
    assert ensure_dictionary_version(client, dictionary) == dictionary.version
    with (data_copy / "accepted_aliases.csv").open("a", encoding="utf-8") as handle:
        handle.write("drug,metformin,metformin pill,another version\n")
    other = load_snapshot(data_copy)
    with pytest.raises(DictionaryVersionMismatch) as caught:
        ensure_dictionary_version(client, other)
    assert isinstance(caught.value, Conflict) and caught.value.status_code == 409
    assert caught.value.details == {"graph_version": dictionary.version, "process_version": other.version}
    assert "selfgraph dictionary load" in caught.value.message
