"""Fixtures for the read path: a small vocabulary and one user's two streams, written by Cypher.

The vocabulary is the real dictionary snapshot (``tests/dictionary_fixture.py`` loads it once);
records follow the declared ``Record`` / ``FhirResource`` / ``ConversationEvent`` properties and
link to the dictionary's shared ``Code`` nodes the way the FHIR loader does.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from app.db.client import GraphClient
from app.db.cypher import Query
from app.dictionary import DictionarySnapshot
from app.graph_schema.registry import FHIR_TYPE_LABELS
from app.retrieval.embedding import embed_pending
from app.users.service import delete_user, ensure_self, user_token
from tests.dictionary_fixture import dictionary  # noqa: F401

NOW = datetime(2026, 6, 15, 12, 0, tzinfo=UTC)

SEED_RECORDS = Query(
    "test_seed_records",
    """
    UNWIND $records AS r
    CREATE (n:Record:Retrievable:PendingEmbedding)
    SET n = r.props, n.user_id = $user_id, n.user_token = $user_token, n.uid = $user_id + '|' + r.uid,
        n.mention_time = datetime(r.mention_time),
        n.event_start = CASE WHEN r.event_start IS NULL THEN null ELSE datetime(r.event_start) END,
        n.event_end = CASE WHEN r.event_end IS NULL THEN null ELSE datetime(r.event_end) END
    WITH n
    MATCH (s:Self {user_id: $user_id})
    MERGE (s)-[:HAS_RECORD]->(n)
    RETURN count(n) AS n
    """,
)

SEED_FHIR = {
    label: Query(
        f"test_seed_fhir_{label.lower()}",
        f"""
        UNWIND $resources AS r
        CREATE (n:FhirResource:Retrievable:PendingEmbedding:{label})
        SET n = r.props, n.user_id = $user_id, n.user_token = $user_token,
            n.uid = $user_id + '|' + r.props.resource_type + '|' + r.props.fhir_id,
            n.event_start = CASE WHEN r.event_start IS NULL THEN null ELSE datetime(r.event_start) END
        WITH n
        MATCH (s:Self {{user_id: $user_id}})
        MERGE (s)-[:HAS_FHIR]->(n)
        RETURN count(n) AS n
        """,
    )
    for label in FHIR_TYPE_LABELS
}
"""One statement per resource type; the type label comes from the allow-list."""


LINK_FHIR_CODES = Query(
    "test_link_fhir_codes",
    """
    MATCH (f:FhirResource {user_id: $user_id}) WHERE f.code IS NOT NULL
    MATCH (c:Code {uid: f.code_system + '|' + f.code})
    MERGE (f)-[:CODED_AS]->(c)
    RETURN count(*) AS n
    """,
)
"""Links to the shared Code nodes the dictionary loader wrote (never creates vocabulary)."""

SEED_EVENTS = Query(
    "test_seed_events",
    """
    UNWIND $events AS e
    CREATE (n:ConversationEvent:Retrievable:PendingEmbedding)
    SET n.uid = $user_id + '|' + e.uid, n.user_id = $user_id, n.user_token = $user_token, n.text = e.text,
        n.search_text = e.text,
        n.mention_time = datetime(e.mention_time), n.session_id = 's1', n.external_id = e.uid
    WITH n
    MATCH (s:Self {user_id: $user_id})
    MERGE (s)-[:HAS_EVENT]->(n)
    RETURN count(n) AS n
    """,
)

LINK_CHAINS = Query(
    "test_link_chains",
    """
    MATCH (r:Record {user_id: $user_id}) WHERE r.standard_key IS NOT NULL OR r.kind IS NOT NULL
    WITH coalesce(r.standard_key, r.kind) AS metric, r ORDER BY r.event_start
    WITH metric, collect(r) AS chain
    UNWIND range(0, size(chain) - 2) AS i
    WITH chain[i] AS a, chain[i + 1] AS b
    MERGE (a)-[:NEXT]->(b)
    RETURN count(*) AS n
    """,
)

TAKES = Query(
    "test_facets",
    """
    MATCH (s:Self {user_id: $user_id}), (d:DrugTerm {key: 'metformin'})
    MERGE (s)-[:TAKES]->(d)
    WITH s
    MATCH (g:Record {user_id: $user_id, type: 'goal'})
    MERGE (s)-[:AIMS_FOR]->(g)
    RETURN count(*) AS n
    """,
)


def iso(days_ago: float) -> str:
    return (NOW - timedelta(days=days_ago)).isoformat()


def _reading(
    uid: str, key: str, value: float, unit: str, days_ago: float, **extra: object
) -> dict[str, object]:
    props = {
        "type": "test_result",
        "name": key,
        "standard_key": key,
        "value": value,
        "unit": unit,
        "status": "current",
        "source_type": "utterance",
        "source_id": f"utt-{uid}",
        "quote": f"my {key} was {value}",
        "extractor": "rules",
        "search_text": f"{key} {value} {unit}",
        **extra,
    }
    return {"uid": uid, "props": props, "mention_time": iso(days_ago), "event_start": iso(days_ago)}


def user_records() -> list[dict[str, object]]:
    records = [
        _reading("g1", "glucose", 150, "mg/dL", 200, concepts=["diabetes"]),
        _reading("g2", "glucose", 140, "mg/dL", 60, concepts=["diabetes"]),
        _reading("g3", "glucose", 130, "mg/dL", 30, concepts=["diabetes"]),
        _reading(
            "g4",
            "glucose",
            120,
            "mg/dL",
            3,
            concepts=["diabetes"],
            search_text="glucose reading nine hundred ninety nine",
        ),
        _reading("h1", "hba1c", 7.1, "%", 40, concepts=["diabetes"]),
    ]
    for uid, value, days in (("w0", 90.0, 150), ("w1", 88.0, 80), ("w2", 86.5, 45), ("w3", 85.0, 5)):
        records.append(
            {
                "uid": uid,
                "mention_time": iso(days),
                "event_start": iso(days),
                "props": {
                    "type": "body_measurement",
                    "kind": "weight",
                    "value": value,
                    "unit": "kg",
                    "status": "current",
                    "quote": f"I weighed {value} kg",
                    "source_type": "utterance",
                    "search_text": f"weight {value} kg",
                },
            }
        )
    records += [
        {
            "uid": "m1",
            "mention_time": iso(100),
            "event_start": iso(100),
            "props": {
                "type": "current_medication",
                "drug": "Metformin",
                "standard_key": "metformin",
                "dose": 500.0,
                "unit": "mg",
                "status": "current",
                "quote": "I take metformin 500 mg",
                "search_text": "metformin 500 mg twice daily",
            },
        },
        {
            "uid": "m2",
            "mention_time": iso(300),
            "event_start": iso(300),
            "event_end": iso(200),
            "props": {
                "type": "current_medication",
                "drug": "Rosuvastatin",
                "standard_key": "rosuvastatin",
                "status": "ended",
                "quote": "I took rosuvastatin until last year",
                "search_text": "rosuvastatin cholesterol pill",
            },
        },
        {
            "uid": "a1",
            "mention_time": iso(400),
            "props": {
                "type": "allergy",
                "substance": "penicillin",
                "reaction": "hives",
                "status": "current",
                "quote": "penicillin gives me hives",
                "search_text": "allergy penicillin hives",
            },
        },
        {
            "uid": "c1",
            "mention_time": iso(400),
            "props": {
                "type": "condition",
                "name": "type 2 diabetes",
                "standard_key": "type_2_diabetes",
                "stated_status": "active",
                "status": "current",
                "search_text": "type 2 diabetes",
            },
        },
        {
            "uid": "c2",
            "mention_time": iso(400),
            "props": {
                "type": "condition",
                "name": "broken wrist",
                "stated_status": "resolved",
                "status": "current",
                "search_text": "broken wrist healed",
            },
        },
        {
            "uid": "s1",
            "mention_time": iso(2),
            "event_start": iso(2),
            "props": {
                "type": "symptom",
                "name": "dizziness",
                "status": "current",
                "quote": "I felt dizzy after lunch",
                "search_text": "felt dizzy and lightheaded after lunch",
            },
        },
        {
            "uid": "goal1",
            "mention_time": iso(20),
            "props": {
                "type": "goal",
                "target": "walk 10000 steps a day",
                "status": "current",
                "search_text": "goal walk ten thousand steps",
            },
        },
    ]
    return records


def user_fhir() -> list[dict[str, object]]:
    return [
        {
            "event_start": iso(10),
            "props": {
                "resource_type": "Observation",
                "fhir_id": "obs-1",
                "code": "1742-6",
                "code_system": "http://loinc.org",
                "display": "Alanine aminotransferase",
                "value": 42.0,
                "unit": "U/L",
                "status": "final",
                "search_text": "alt 42 U/L",
            },
        },
        {
            "event_start": iso(1),
            "props": {
                "resource_type": "Observation",
                "fhir_id": "obs-2",
                "code": "2345-7",
                "code_system": "http://loinc.org",
                "display": "Glucose",
                "value": 118.0,
                "unit": "mg/dL",
                "status": "final",
                "search_text": "glucose 118 mg/dL",
            },
        },
        {
            "event_start": iso(500),
            "props": {
                "resource_type": "MedicationRequest",
                "fhir_id": "mr-1",
                "code": "6809",
                "code_system": "http://www.nlm.nih.gov/research/umls/rxnorm",
                "display": "Metformin 500 MG",
                "status": "active",
                "search_text": "metformin 500 mg oral tablet",
            },
        },
        {
            "event_start": iso(700),
            "props": {
                "resource_type": "MedicationRequest",
                "fhir_id": "mr-2",
                "code": "301542",
                "code_system": "http://www.nlm.nih.gov/research/umls/rxnorm",
                "display": "Rosuvastatin 10 MG",
                "status": "stopped",
                "search_text": "rosuvastatin 10 mg",
            },
        },
        {
            "event_start": iso(800),
            "props": {
                "resource_type": "AllergyIntolerance",
                "fhir_id": "al-1",
                "display": "Peanut",
                "clinical_status": "active",
                "search_text": "peanut allergy",
            },
        },
        {
            "event_start": iso(900),
            "props": {
                "resource_type": "Condition",
                "fhir_id": "cond-1",
                "code": "44054006",
                "code_system": "http://snomed.info/sct",
                "display": "Type 2 diabetes mellitus",
                "clinical_status": "active",
                "search_text": "type 2 diabetes",
            },
        },
        {
            "event_start": iso(950),
            "props": {
                "resource_type": "Condition",
                "fhir_id": "cond-2",
                "display": "Sprained ankle",
                "clinical_status": "resolved",
                "search_text": "sprained ankle",
            },
        },
    ]


def user_events() -> list[dict[str, object]]:
    return [
        {"uid": "e1", "text": "We adopted a golden retriever puppy named Biscuit.", "mention_time": iso(12)},
        {"uid": "e2", "text": "My sister is getting married in Lisbon next spring.", "mention_time": iso(11)},
        {
            "uid": "e3",
            "text": "Work has been stressful because of the quarterly audit.",
            "mention_time": iso(9),
        },
    ]


def seed_user(client: GraphClient, user_id: str) -> None:
    ensure_self(client, user_id, sex="female")
    token = user_token(user_id)
    client.write(SEED_RECORDS, {"user_id": user_id, "user_token": token, "records": user_records()})
    by_type: dict[str, list[dict[str, object]]] = {}
    for resource in user_fhir():
        by_type.setdefault(resource["props"]["resource_type"], []).append(resource)  # type: ignore[index]
    for label, resources in by_type.items():
        client.write(SEED_FHIR[label], {"user_id": user_id, "user_token": token, "resources": resources})
    client.write(LINK_FHIR_CODES, {"user_id": user_id})
    client.write(SEED_EVENTS, {"user_id": user_id, "user_token": token, "events": user_events()})
    client.write(LINK_CHAINS, {"user_id": user_id})
    client.write(TAKES, {"user_id": user_id})
    embed_pending(client, user_id)


@pytest.fixture(scope="session")
def seeded_user(client: GraphClient, dictionary: DictionarySnapshot) -> Iterator[str]:  # noqa: F811
    """One user with both streams, seeded once: the read path's tests only read it."""
    user_id = f"test-rtx-{uuid.uuid4().hex[:10]}"
    seed_user(client, user_id)
    yield user_id
    delete_user(client, user_id)
