"""A small two-user graph for the analyst queries and the Bloom search phrases.

User A has both streams (Observations and a MedicationRequest; test results chained by NEXT,
medication records, derived trend and coverage records), findings, profile fields and operations;
user B only a MedicationStatement on the same ingredient and an unmapped Observation. Dictionary-like
nodes (TestTerm, DrugTerm, Code, Candidate) get keys unique to the session and are removed by key.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from app.db.client import GraphClient
from app.db.cypher import Query
from app.users.service import delete_user, ensure_self

LOINC = "http://loinc.org"
RXNORM = "http://www.nlm.nih.gov/research/umls/rxnorm"


@dataclass(frozen=True)
class AnalystGraph:
    user_a: str
    user_b: str
    test_key: str
    drug_key: str
    drug_display: str
    loinc_mapped: str
    loinc_unmapped: str
    candidate_kind: str

    def uid(self, name: str) -> str:
        """The uid of a seeded node of user A (``obs1``, ``r1``, ``f1``...)."""
        fhir = {"obs1": "Observation|o1", "obs2": "Observation|o2", "obs3": "Observation|o3",
                "med1": "MedicationRequest|m1"}
        return f"{self.user_a}|{fhir[name]}" if name in fhir else f"{self.user_a}:{name}"


SEED_DICTIONARY = Query(
    "test_analyst_seed_dictionary",
    """
    CREATE (t:TestTerm {key: $test_key, loinc: $loinc_mapped, display: 'Zz glucose', unit: 'mmol/L'})
    CREATE (d:DrugTerm {key: $drug_key, display: $drug_display, rxcui: $rx_code})
    CREATE (c1:Code {uid: $loinc_system + '|' + $loinc_mapped, system: $loinc_system, code: $loinc_mapped,
                     display: 'Zz glucose'})
    CREATE (:Code {uid: $loinc_system + '|' + $loinc_unmapped, system: $loinc_system, code: $loinc_unmapped,
                   display: 'Zz unmapped test'})
    CREATE (c3:Code {uid: $rx_system + '|' + $rx_code, system: $rx_system, code: $rx_code,
                     display: 'Zz drug'})
    CREATE (c1)-[:MAPS_TO]->(t)
    CREATE (c3)-[:MAPS_TO]->(d)
    CREATE (:Candidate {uid: $candidate_kind + ':often', kind: $candidate_kind, norm: 'often', count: 5,
                        last_seen: datetime('2024-03-01T00:00:00Z')})
    CREATE (:Candidate {uid: $candidate_kind + ':rare', kind: $candidate_kind, norm: 'rare', count: 2,
                        last_seen: datetime('2024-04-01T00:00:00Z')})
    """,
)

SEED_FHIR = Query(
    "test_analyst_seed_fhir",
    """
    UNWIND $rows AS row
    MATCH (s:Self {user_id: row.user_id})
    CREATE (r:FhirResource:Retrievable {uid: row.uid, user_id: row.user_id, resource_type: row.type,
            fhir_id: row.fhir_id, display: row.display, status: row.status, code_system: row.system,
            code: row.code, value: row.value, unit: row.unit, event_start: datetime(row.at)})
    CREATE (s)-[:HAS_FHIR]->(r)
    FOREACH (_ IN CASE WHEN row.type = 'Observation' THEN [1] ELSE [] END | SET r:Observation)
    FOREACH (_ IN CASE WHEN row.type = 'MedicationRequest' THEN [1] ELSE [] END | SET r:MedicationRequest)
    FOREACH (_ IN CASE WHEN row.type = 'MedicationStatement' THEN [1] ELSE [] END | SET r:MedicationStatement)
    WITH r, row
    MATCH (c:Code {uid: row.system + '|' + row.code})
    CREATE (r)-[:CODED_AS {role: 'code'}]->(c)
    """,
)

SEED_RECORDS = Query(
    "test_analyst_seed_records",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $rows AS row
    CREATE (r:Record:Retrievable)
    SET r = row.props, r.user_id = $user_id,
        r.event_start = CASE WHEN row.at IS NULL THEN null ELSE datetime(row.at) END,
        r.mention_time = CASE WHEN row.said IS NULL THEN null ELSE datetime(row.said) END
    CREATE (s)-[:HAS_RECORD]->(r)
    """,
)

SEED_LINKS = Query(
    "test_analyst_seed_links",
    """
    MATCH (s:Self {user_id: $user_id})
    MATCH (t:TestTerm {key: $test_key}), (d:DrugTerm {key: $drug_key})
    MATCH (r1:Record {uid: $p + 'r1'}), (r2:Record {uid: $p + 'r2'}), (r3:Record {uid: $p + 'r3'})
    MATCH (r4:Record {uid: $p + 'r4'}), (r5:Record {uid: $p + 'r5'}), (mt:Record {uid: $p + 'mt'})
    MATCH (obs1:FhirResource {uid: $user_id + '|Observation|o1'})
    MATCH (med1:FhirResource {uid: $user_id + '|MedicationRequest|m1'})
    CREATE (r1)-[:NEXT]->(r2), (r2)-[:NEXT]->(r3)
    CREATE (r1)-[:ABOUT]->(t), (r2)-[:ABOUT]->(t), (r3)-[:ABOUT]->(t), (r4)-[:ABOUT]->(d)
    CREATE (mt)-[:DERIVED_FROM]->(r1), (mt)-[:DERIVED_FROM]->(r3)
    CREATE (s)-[:TAKES]->(d)
    CREATE (f1:Finding {uid: $p + 'f1', user_id: $user_id, kind: 'contradiction', severity: 'high',
                        safety_critical: true, status: 'open', engine: 'rules', rule: 'zz_rule',
                        created_at: datetime('2024-04-02T00:00:00Z')})
    CREATE (f2:Finding {uid: $p + 'f2', user_id: $user_id, kind: 'agreement', severity: 'low',
                        safety_critical: false, status: 'open', engine: 'rules', rule: 'zz_rule',
                        created_at: datetime('2024-04-03T00:00:00Z')})
    CREATE (s)-[:HAS_FINDING]->(f1), (s)-[:HAS_FINDING]->(f2)
    CREATE (f1)-[:ABOUT_RECORD]->(r4), (f1)-[:CITES]->(med1)
    CREATE (f2)-[:ABOUT_RECORD]->(r1), (f2)-[:CITES]->(obs1)
    CREATE (p1:ProfileField {uid: $user_id + '|medications', user_id: $user_id, field: 'medications',
                             status: 'current', evidence_ids: [$p + 'r5', med1.uid, 'gone-id']})
    CREATE (p2:ProfileField {uid: $user_id + '|state', user_id: $user_id, field: 'state', status: 'current',
                             evidence_ids: [$p + 'r3']})
    CREATE (s)-[:HAS_PROFILE_FIELD]->(p1), (s)-[:HAS_PROFILE_FIELD]->(p2)
    CREATE (p1)-[:DRAWS_ON]->(r5), (p1)-[:DRAWS_ON]->(med1), (p2)-[:DRAWS_ON]->(r3)
    CREATE (:Operation {uid: $p + 'op1', user_id: $user_id, kind: 'turn', actor: 'test',
                        at: datetime('2024-01-06T00:00:00Z'), target_ids: [$p + 'r1']})
    CREATE (:Operation {uid: $p + 'op2', user_id: $user_id, kind: 'reconcile', actor: 'test',
                        at: datetime('2024-04-02T00:00:00Z'), target_ids: [$p + 'f1', $p + 'f2']})
    """,
)

DELETE_DICTIONARY = Query(
    "test_analyst_delete_dictionary",
    """
    OPTIONAL MATCH (t:TestTerm {key: $test_key})
    OPTIONAL MATCH (d:DrugTerm {key: $drug_key})
    OPTIONAL MATCH (c:Code) WHERE c.uid IN $code_uids
    OPTIONAL MATCH (q:Candidate {kind: $candidate_kind})
    WITH collect(t) + collect(d) + collect(c) + collect(q) AS nodes
    UNWIND nodes AS n
    DETACH DELETE n
    """,
)


def _records(graph: AnalystGraph) -> list[dict[str, object]]:
    series = f"{graph.user_a}|test:{graph.test_key}"
    reading = {"type": "test_result", "name": "glucose", "loinc": graph.loinc_mapped, "unit": "mmol/L",
               "standard_key": graph.test_key, "series_key": series, "status": "current"}
    rows: list[tuple[str, dict[str, object], str | None, str | None]] = [
        ("r1", {**reading, "value": 5.8, "abnormal": "normal", "quote": "zz r1"}, "2024-01-05T08:00:00Z",
         "2024-01-06T09:00:00Z"),
        ("r2", {**reading, "value": 6.5, "abnormal": "high", "quote": "zz r2"}, "2024-02-15T08:00:00Z", None),
        ("r3", {**reading, "value": 7.0, "abnormal": "high", "quote": "zz r3"}, "2024-04-01T08:00:00Z", None),
        ("r4", {"type": "medication_intake", "drug": "zz metformin", "status": "current",
                "quote": "I take my zz metformin"}, "2024-01-20T08:00:00Z", None),
        ("r5", {"type": "current_medication", "drug": graph.drug_key, "status": "current",
                "source_type": "derived"}, "2023-12-01T00:00:00Z", None),
        ("mt", {"type": "metric_trend", "kind": f"test:{graph.test_key}", "name": "Zz glucose",
                "standard_key": graph.test_key, "value": 1.2, "unit": "mmol/L", "source_type": "derived",
                "derived": '{"change": 1.2}'}, None, None),
        ("rc", {"type": "report_coverage", "kind": f"test:{graph.test_key}", "name": "Zz glucose",
                "source_type": "derived", "derived": '{"count": 3}'}, None, None),
    ]
    return [{"props": {**props, "uid": graph.uid(name)}, "at": at, "said": said}
            for name, props, at, said in rows]


def _fhir(graph: AnalystGraph) -> list[dict[str, object]]:
    a, b = graph.user_a, graph.user_b
    loinc_row = {"type": "Observation", "system": LOINC, "status": "final", "unit": "mmol/L"}
    med_row = {"system": RXNORM, "code": f"zz-{graph.test_key}-rx", "status": "active", "value": None,
               "unit": None}
    return [
        {**loinc_row, "user_id": a, "uid": graph.uid("obs1"), "fhir_id": "o1", "display": "Zz glucose",
         "code": graph.loinc_mapped, "value": 6.1, "at": "2024-01-10T08:00:00Z"},
        {**loinc_row, "user_id": a, "uid": graph.uid("obs2"), "fhir_id": "o2", "display": "Zz glucose",
         "code": graph.loinc_mapped, "value": 7.4, "at": "2024-03-10T08:00:00Z"},
        {**loinc_row, "user_id": a, "uid": graph.uid("obs3"), "fhir_id": "o3", "display": "Zz unmapped test",
         "code": graph.loinc_unmapped, "value": 1.0, "at": "2024-02-01T08:00:00Z"},
        {**med_row, "type": "MedicationRequest", "user_id": a, "uid": graph.uid("med1"), "fhir_id": "m1",
         "display": "Zz metformin 500 mg", "at": "2023-12-01T00:00:00Z"},
        {**med_row, "type": "MedicationStatement", "user_id": b, "uid": f"{b}|MedicationStatement|s1",
         "fhir_id": "s1", "display": "Zz metformin", "at": "2024-02-20T00:00:00Z"},
        {**loinc_row, "user_id": b, "uid": f"{b}|Observation|o9", "fhir_id": "o9",
         "display": "Zz unmapped test", "code": graph.loinc_unmapped, "value": 2.0,
         "at": "2024-02-21T08:00:00Z"},
    ]


@pytest.fixture(scope="session")
def analyst_graph(client: GraphClient) -> Iterator[AnalystGraph]:
    """The seeded graph (session-wide); everything it created is removed afterwards."""
    tag = uuid.uuid4().hex[:10]
    graph = AnalystGraph(
        user_a=f"test-{tag}-a",
        user_b=f"test-{tag}-b",
        test_key=f"zz_{tag}_glucose",
        drug_key=f"zz_{tag}_metformin",
        drug_display=f"Zzmetformin {tag}",
        loinc_mapped=f"zz-{tag}-1",
        loinc_unmapped=f"zz-{tag}-2",
        candidate_kind=f"zzkind-{tag}",
    )
    rx_code = f"zz-{graph.test_key}-rx"
    code_uids = [f"{LOINC}|{graph.loinc_mapped}", f"{LOINC}|{graph.loinc_unmapped}", f"{RXNORM}|{rx_code}"]
    keys = {"test_key": graph.test_key, "drug_key": graph.drug_key, "candidate_kind": graph.candidate_kind}
    try:
        ensure_self(client, graph.user_a, sex="female")
        ensure_self(client, graph.user_b)
        dictionary = {"drug_display": graph.drug_display, "rx_code": rx_code, "loinc_system": LOINC,
                      "loinc_mapped": graph.loinc_mapped, "loinc_unmapped": graph.loinc_unmapped,
                      "rx_system": RXNORM}
        client.write(SEED_DICTIONARY, {**keys, **dictionary})
        client.write(SEED_FHIR, {"rows": _fhir(graph)})
        client.write(SEED_RECORDS, {"user_id": graph.user_a, "rows": _records(graph)})
        client.write(SEED_LINKS, {**keys, "user_id": graph.user_a, "p": f"{graph.user_a}:"})
        yield graph
    finally:
        delete_user(client, graph.user_a)
        delete_user(client, graph.user_b)
        client.write(DELETE_DICTIONARY, {**keys, "code_uids": code_uids})
