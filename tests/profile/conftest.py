"""A small graph for profile tests: one user with clinical resources and narrative records."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.db.client import GraphClient
from app.db.cypher import Query

NOW = datetime(2021, 7, 1, 9, 0, tzinfo=UTC)

SEED = Query(
    "test_profile_seed",
    """
    MERGE (s:Self {user_id: $u}) SET s.sex = 'male', s.birth_date = '1976-05-02'
    WITH s
    UNWIND $fhir AS f
    CREATE (r:FhirResource:Retrievable {uid: $u + '|' + f.type + '|' + f.id, user_id: $u, resource_type: f.type,
            fhir_id: f.id, display: f.display, status: f.status, clinical_status: f.clinical_status,
            code_system: f.system, code: f.code, value: f.value, unit: f.unit,
            event_start: datetime(f.start)})
    MERGE (s)-[:HAS_FHIR]->(r)
    WITH DISTINCT s
    UNWIND $records AS rec
    CREATE (r:Record:Retrievable) SET r = rec, r.user_id = $u, r.uid = $u + '|' + rec.uid,
           r.event_start = datetime(rec.event_start), r.mention_time = datetime(rec.event_start)
    MERGE (s)-[:HAS_RECORD]->(r)
    """,
)

FHIR = [
    {
        "type": "Condition",
        "id": "c1",
        "display": "Diabetes mellitus type 2 (disorder)",
        "status": None,
        "clinical_status": "active",
        "system": "http://snomed.info/sct",
        "code": "44054006",
        "value": None,
        "unit": None,
        "start": "2015-04-01T00:00:00Z",
    },
    {
        "type": "MedicationRequest",
        "id": "m1",
        "display": "24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet",
        "status": "active",
        "clinical_status": None,
        "system": "http://www.nlm.nih.gov/research/umls/rxnorm",
        "code": "860975",
        "value": None,
        "unit": None,
        "start": "2020-01-10T00:00:00Z",
    },
    {
        "type": "Observation",
        "id": "o1",
        "display": "Hemoglobin A1c/Hemoglobin.total in Blood",
        "status": "final",
        "clinical_status": None,
        "system": "http://loinc.org",
        "code": "4548-4",
        "value": 7.9,
        "unit": "%",
        "start": "2021-01-15T00:00:00Z",
    },
    {
        "type": "AllergyIntolerance",
        "id": "a1",
        "display": "Allergy to penicillin",
        "status": None,
        "clinical_status": "active",
        "system": "http://snomed.info/sct",
        "code": "91936005",
        "value": None,
        "unit": None,
        "start": "2010-01-01T00:00:00Z",
    },
]

RECORDS = [
    {
        "uid": "g1",
        "type": "test_result",
        "name": "fasting glucose",
        "loinc": "1558-6",
        "value": 110.0,
        "unit": "mg/dL",
        "abnormal": "high",
        "event_start": "2021-03-12T08:00:00Z",
        "quote": "fasting sugar was 110",
    },
    {
        "uid": "g2",
        "type": "test_result",
        "name": "fasting glucose",
        "loinc": "1558-6",
        "value": 131.0,
        "unit": "mg/dL",
        "abnormal": "high",
        "event_start": "2021-06-10T08:00:00Z",
        "quote": "fasting sugar was 131",
    },
    {
        "uid": "rc1",
        "type": "regimen_change",
        "drug": "metformin",
        "action": "stop",
        "reason": "stomach upset",
        "event_start": "2021-05-20T00:00:00Z",
        "quote": "I stopped the metformin, it upset my stomach",
    },
    {
        "uid": "s1",
        "type": "sleep",
        "duration_min": 300.0,
        "event_start": "2021-06-20T01:00:00Z",
        "quote": "slept from 1 to 6",
    },
    {
        "uid": "s2",
        "type": "sleep",
        "duration_min": 420.0,
        "event_start": "2021-06-22T23:00:00Z",
        "quote": "slept 7 hours",
    },
    {
        "uid": "e1",
        "type": "exercise",
        "activity": "walking",
        "duration_min": 30.0,
        "event_start": "2021-06-15T18:00:00Z",
        "quote": "walked for 30 minutes",
    },
    {
        "uid": "goal1",
        "type": "goal",
        "target": "lose 5 kg",
        "stated_status": "stated",
        "event_start": "2021-05-01T00:00:00Z",
        "quote": "I want to lose 5 kg",
    },
    {
        "uid": "sym1",
        "type": "symptom",
        "name": "headache",
        "severity": "mild",
        "event_start": "2021-06-21T10:00:00Z",
        "quote": "mild headache this morning",
    },
]


@pytest.fixture
def profile_user(client: GraphClient, user_id: str) -> str:
    client.write(SEED, {"u": user_id, "fhir": FHIR, "records": RECORDS})
    return user_id
