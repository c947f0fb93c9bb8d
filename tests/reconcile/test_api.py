"""``GET /v1/users/{id}/findings`` with its filters, and the findings in the clinical summary."""

from __future__ import annotations

from fastapi.testclient import TestClient
from pydantic import SecretStr

from app.api import create_app
from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.service import open_safety_finding_lines, reconcile_records
from app.settings import ApiKey, ApiSettings, Settings
from tests.reconcile.conftest import NOW, RXNORM, Seeder, t
from tests.reconcile.test_rules import METFORMIN
from tests.reconcile.test_service import put_records

KEY = "findings-key"


def test_findings_endpoint_filters(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot, neo4j_settings: Settings
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
                "action": "stop",
                "event_start": t("2021-03-01"),
            },
            {"uid": "r2", "type": "symptom", "name": "runny nose", "event_start": t("2021-03-04")},
        ],
    )
    reconcile_records(client, user_id, uids, snapshot=snapshot, clock=lambda: NOW)
    settings = neo4j_settings.model_copy(deep=True)
    settings.api = ApiSettings(keys=[ApiKey(key=SecretStr(KEY), users=[user_id])])
    auth = {"Authorization": f"Bearer {KEY}"}
    with TestClient(create_app(settings, client)) as api:
        every = api.get(f"/v1/users/{user_id}/findings", headers=auth)
        assert every.status_code == 200
        assert [f["kind"] for f in every.json()] == ["contradiction", "gap"]
        safety = api.get(
            f"/v1/users/{user_id}/findings", params={"safety_critical": "true"}, headers=auth
        ).json()
        assert [(f["severity"], f["cites"]) for f in safety] == [
            ("high", [f"MedicationRequest|{RXNORM}|860975"])
        ]
        low = api.get(f"/v1/users/{user_id}/findings", params={"severity": "low"}, headers=auth).json()
        assert [f["record_uid"] for f in low] == [uids[1]]
        later = api.get(
            f"/v1/users/{user_id}/findings", params={"since": "2021-03-02T00:00:00Z"}, headers=auth
        )
        assert [f["kind"] for f in later.json()] == ["gap"]
        assert (
            api.get(f"/v1/users/{user_id}/findings", params={"kind": "bogus"}, headers=auth).status_code
            == 422
        )
        assert api.get("/v1/users/someone-else/findings", headers=auth).status_code == 403
    [line] = open_safety_finding_lines(client, user_id)
    assert "860975" in line and "contradiction" in line
