"""The write side: findings stored and linked, clinical nodes untouched, idempotent, corrections
supersede, the read filters, and the LLM judge's citation gate."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

from app.db.client import GraphClient
from app.db.cypher import Query
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.service import list_findings, open_safety_findings, reconcile_records
from tests.reconcile.conftest import NOW, RXNORM, Seeder, clinical_state, t
from tests.reconcile.test_rules import DIABETES, METFORMIN

PUT_RECORDS = Query(
    "test_put_records",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $rows AS row
    MERGE (r:Record {uid: row.uid}) SET r += row.props, r.user_id = $user_id
    MERGE (s)-[:HAS_RECORD]->(r)
    RETURN count(*) AS n
    """,
)
CORRECT = Query(
    "test_correct_record",
    "MATCH (new:Record {uid: $new}), (old:Record {uid: $old}) SET old.status = 'superseded' "
    "MERGE (new)-[:SUPERSEDES]->(old) RETURN count(*) AS n",
)
FINDING_GRAPH = Query(
    "test_finding_graph",
    """
    MATCH (:Self {user_id: $user_id})-[:HAS_FINDING]->(f:Finding)-[:ABOUT_RECORD]->(r:Record)
    OPTIONAL MATCH (f)-[:CITES]->(c:FhirResource)
    RETURN f.uid AS uid, f.kind AS kind, f.status AS status, f.cites AS cites, r.uid AS record,
           f.event_start AS at, collect(c.fhir_id) AS cited
    ORDER BY at
    """,
)


def put_records(client: GraphClient, user_id: str, records: list[dict[str, Any]]) -> list[str]:
    rows = [{"uid": f"{user_id}-{r['uid']}", "props": {"status": "current", **r}} for r in records]
    for row in rows:
        row["props"]["uid"] = row["uid"]
    client.write(PUT_RECORDS, {"user_id": user_id, "rows": rows})
    return [row["uid"] for row in rows]


def test_findings_written_linked_idempotent_and_clinical_nodes_untouched(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    seed([METFORMIN, DIABETES])
    before = clinical_state(client, user_id)
    uids = put_records(
        client,
        user_id,
        [
            {
                "uid": "r1",
                "type": "regimen_change",
                "drug": "metformin",
                "action": "stop",
                "event_start": t("2021-03-01"),
            },
            {"uid": "r2", "type": "condition", "name": "diabetes", "event_start": t("2021-03-02")},
            {"uid": "r3", "type": "meal", "food": "oatmeal", "event_start": t("2021-03-03")},
        ],
    )
    first = reconcile_records(client, user_id, uids, snapshot=snapshot, clock=lambda: NOW)
    assert [f.kind for f in first] == ["contradiction", "agreement", "no_clinical_relevance"]
    graph = client.read(FINDING_GRAPH, {"user_id": user_id})
    assert [(g["record"], g["kind"], g["status"]) for g in graph] == [
        (uids[0], "contradiction", "open"),
        (uids[1], "agreement", "open"),
        (uids[2], "no_clinical_relevance", "open"),
    ]
    assert graph[0]["cites"] == [f"MedicationRequest|{RXNORM}|860975"]
    assert graph[0]["cited"] == ["mr-metformin"]

    again = reconcile_records(
        client, user_id, uids, snapshot=snapshot, clock=lambda: NOW + timedelta(hours=1)
    )
    assert again == first
    assert client.read(FINDING_GRAPH, {"user_id": user_id}) == graph
    assert clinical_state(client, user_id) == before


def test_correction_supersedes_the_earlier_finding_and_statements_stay_in_time_order(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    seed([METFORMIN])
    [old] = put_records(
        client,
        user_id,
        [
            {
                "uid": "r1",
                "type": "regimen_change",
                "drug": "metformin",
                "action": "stop",
                "event_start": t("2021-03-01"),
            },
        ],
    )
    reconcile_records(client, user_id, [old], snapshot=snapshot, clock=lambda: NOW)
    [new] = put_records(
        client,
        user_id,
        [
            {"uid": "r2", "type": "medication_intake", "drug": "metformin", "event_start": t("2021-03-05")},
        ],
    )
    client.write(CORRECT, {"new": new, "old": old})
    reconcile_records(client, user_id, [new], snapshot=snapshot, clock=lambda: NOW)
    rows = list_findings(client, user_id)
    assert [(r["record_uid"], r["kind"], r["status"]) for r in rows] == [
        (old, "contradiction", "superseded"),
        (new, "agreement", "open"),
    ]
    assert open_safety_findings(client, user_id) == []
    assert list_findings(client, user_id, kind="agreement")[0]["record_uid"] == new
    assert list_findings(client, user_id, since=t("2021-03-04")) == list_findings(
        client, user_id, status="open"
    )


def test_safety_filter_and_severity_filter(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    seed([METFORMIN])
    uids = put_records(
        client,
        user_id,
        [
            {
                "uid": "r1",
                "type": "regimen_change",
                "drug": "metformin",
                "action": "skip",
                "event_start": t("2021-03-01"),
            },
            {"uid": "r2", "type": "symptom", "name": "runny nose", "event_start": t("2021-03-02")},
        ],
    )
    reconcile_records(client, user_id, uids, snapshot=snapshot, clock=lambda: NOW)
    safety = open_safety_findings(client, user_id)
    assert [(r["record_uid"], r["severity"]) for r in safety] == [(uids[0], "high")]
    assert [r["record_uid"] for r in list_findings(client, user_id, severity="low")] == [uids[1]]
    assert list_findings(client, user_id, safety_critical=False)[0]["kind"] == "gap"


def test_llm_judge_drops_citations_outside_the_candidate_list(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    seed([METFORMIN, DIABETES])
    answer = {
        "kind": "gap",
        "severity": None,
        "safety_critical": False,
        "rationale": "Family history of diabetes is not in the record.",
        "cites": [
            {"resource_type": "Condition", "system": "http://snomed.info/sct", "code": "44054006"},
            {"resource_type": "Condition", "system": "http://snomed.info/sct", "code": "22298006"},
        ],
    }
    model = GenericFakeChatModel(messages=iter([AIMessage(content=json.dumps(answer))]))
    [uid] = put_records(
        client,
        user_id,
        [
            {
                "uid": "r1",
                "type": "family_history",
                "relative": "mother",
                "condition": "diabetes",
                "event_start": t("2021-03-01"),
            },
        ],
    )
    [finding] = reconcile_records(
        client, user_id, [uid], snapshot=snapshot, clock=lambda: NOW, llm=model, summary=lambda: "summary"
    )
    assert (finding.engine, finding.rule, finding.kind) == ("llm", "llm.residue", "gap")
    assert finding.severity == "low"  # a discrepancy always gets a severity
    assert [c.code for c in finding.cites] == ["44054006"]  # 22298006 is not a candidate: dropped
    assert client.read(FINDING_GRAPH, {"user_id": user_id})[0]["cited"] == ["c-t2d"]


def test_without_a_model_the_residue_gets_no_finding(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    seed([DIABETES])
    uids = put_records(
        client,
        user_id,
        [
            {"uid": "r1", "type": "family_history", "relative": "mother", "condition": "diabetes"},
        ],
    )
    assert reconcile_records(client, user_id, uids, snapshot=snapshot, clock=lambda: NOW) == []
