"""``POST /v1/users/{id}/fhir`` and ``GET /v1/users/{id}/clinical-summary`` with bearer keys."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from app.api.app import create_app
from app.db.client import GraphClient
from app.settings import ApiKey, ApiSettings, Settings
from tests.ingest_fhir.conftest import DIABETIC_SEED, read_json


@pytest.fixture
def api(neo4j_settings: Settings, client: GraphClient, user_id: str) -> Iterator[TestClient]:
    keys = [
        ApiKey(key=SecretStr("mine"), users=[user_id]),
        ApiKey(key=SecretStr("someone-else"), users=["x"]),
    ]
    settings = neo4j_settings.model_copy(update={"api": ApiSettings(keys=keys)})
    with TestClient(create_app(settings, client)) as http:
        yield http


def test_post_bundle_then_read_the_summary(api: TestClient, user_id: str) -> None:
    auth = {"Authorization": "Bearer mine"}
    response = api.post(f"/v1/users/{user_id}/fhir", json=read_json(DIABETIC_SEED), headers=auth)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["written_total"] == 18 and body["skipped"] == {"Claim": 1} and body["operation_id"]
    assert body["created"]["Observation"] == 6
    again = api.post(f"/v1/users/{user_id}/fhir", json=read_json(DIABETIC_SEED), headers=auth).json()
    assert again["written_total"] == 0 and again["operation_id"] is None
    summary = api.get(f"/v1/users/{user_id}/clinical-summary", headers=auth)
    assert summary.status_code == 200
    payload = summary.json()
    assert "[RXNORM:861007]" in payload["text"]
    assert any(item["code"] == "4548-4" and item["date"] == "2025-09-15" for item in payload["items"])


def test_auth_and_invalid_input(api: TestClient, user_id: str) -> None:
    bundle = read_json(DIABETIC_SEED)
    assert api.post(f"/v1/users/{user_id}/fhir", json=bundle).status_code == 401
    other = api.post(
        f"/v1/users/{user_id}/fhir", json=bundle, headers={"Authorization": "Bearer someone-else"}
    )
    assert other.status_code == 403
    assert api.get(f"/v1/users/{user_id}/clinical-summary").status_code == 401
    broken = copy.deepcopy(bundle)
    broken["entry"][3]["resource"]["onsetDateTime"] = "last spring"
    response = api.post(f"/v1/users/{user_id}/fhir", json=broken, headers={"Authorization": "Bearer mine"})
    assert response.status_code == 422
    problem = response.json()
    assert (problem["entry_index"], problem["resource_type"], problem["field"]) == (
        3,
        "Condition",
        "onsetDateTime",
    )
