"""Fixtures of the reconciliation tests: the real dictionary snapshot, a fixed clock, and a small
writer of clinical nodes shaped like the FHIR loader's (declared properties of ``FhirResource``,
``CODED_AS`` links to shared ``Code`` nodes)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

import pytest

from app.db.client import GraphClient
from app.db.cypher import Query
from app.dictionary.snapshot import DictionarySnapshot, load_snapshot
from app.graph_schema.registry import FHIR_TYPE_LABELS
from app.users.service import ensure_self

RXNORM = "http://www.nlm.nih.gov/research/umls/rxnorm"
SNOMED = "http://snomed.info/sct"
LOINC = "http://loinc.org"
CVX = "http://hl7.org/fhir/sid/cvx"

NOW = datetime(2021, 3, 10, 21, 0, tzinfo=UTC)

_PUT = {
    label: Query(
        f"test_put_{label.lower()}",
        f"""
        MATCH (s:Self {{user_id: $user_id}})
        UNWIND $rows AS row
        MERGE (r:FhirResource:{label} {{uid: row.uid}})
        SET r += row.props
        MERGE (s)-[:HAS_FHIR]->(r)
        WITH r, row
        UNWIND row.codes AS code
        MERGE (c:Code {{uid: code.uid}}) ON CREATE SET c.system = code.system, c.code = code.code,
            c.display = code.display
        MERGE (r)-[:CODED_AS {{role: 'code'}}]->(c)
        RETURN count(*) AS n
        """,
    )
    for label in FHIR_TYPE_LABELS
}

CLINICAL_PROPERTIES = Query(
    "test_clinical_properties",
    "MATCH (r:FhirResource {user_id: $user_id}) OPTIONAL MATCH (r)-[rel]-() WHERE type(rel) <> 'CITES' "
    "RETURN r.uid AS uid, properties(r) AS props, labels(r) AS labels, count(rel) AS degree ORDER BY uid",
)


def t(day: str) -> datetime:
    """An aware datetime from ``YYYY-MM-DD``."""
    return datetime.fromisoformat(day).replace(tzinfo=UTC)


def resource(
    resource_type: str,
    fhir_id: str,
    *,
    system: str,
    code: str,
    display: str,
    extra_codes: Iterable[tuple[str, str, str]] = (),
    **props: Any,
) -> dict[str, Any]:
    """One clinical node row (``props`` use the loader's property names; ``extra_codes`` are further
    ``(system, code, display)`` codings, e.g. CarePlan activities)."""
    return {
        "type": resource_type,
        "fhir_id": fhir_id,
        "props": {
            "resource_type": resource_type,
            "fhir_id": fhir_id,
            "code_system": system,
            "code": code,
            "display": display,
            **props,
        },
        "codes": [
            {"uid": f"{sys}|{c}", "system": sys, "code": c, "display": d}
            for sys, c, d in [(system, code, display), *extra_codes]
        ],
    }


Seeder = Callable[[Iterable[Mapping[str, Any]]], None]


@pytest.fixture(scope="session")
def snapshot() -> DictionarySnapshot:
    return load_snapshot()


@pytest.fixture
def seed(client: GraphClient, user_id: str) -> Seeder:
    """Write clinical nodes for the test user (creating its ``Self``)."""
    ensure_self(client, user_id, sex="male")

    def put(rows: Iterable[Mapping[str, Any]]) -> None:
        by_type: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            uid = f"{user_id}|{row['type']}|{row['fhir_id']}"
            props = {**row["props"], "uid": uid, "user_id": user_id}
            by_type.setdefault(row["type"], []).append({"uid": uid, "props": props, "codes": row["codes"]})
        for rtype, batch in by_type.items():
            client.write(_PUT[rtype], {"user_id": user_id, "rows": batch})

    return put


def clinical_state(client: GraphClient, user_id: str) -> list[dict[str, Any]]:
    """Every clinical node's properties and degree, for the dual-stream check."""
    return client.read(CLINICAL_PROPERTIES, {"user_id": user_id})
