"""The API shell: health, authentication, user scoping, problem responses."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from app.api import create_app
from app.db.client import GraphClient
from app.db.schema import schema_version
from app.settings import ApiKey, ApiSettings, Settings

OPERATOR = "operator-key"
SCOPED = "scoped-key"


@pytest.fixture
def api_settings(neo4j_settings: Settings, user_id: str) -> Settings:
    settings = neo4j_settings.model_copy(deep=True)
    settings.api = ApiSettings(
        keys=[ApiKey(key=SecretStr(OPERATOR)), ApiKey(key=SecretStr(SCOPED), users=[user_id])]
    )
    return settings


@pytest.fixture
def api(api_settings: Settings, client: GraphClient) -> Iterator[TestClient]:
    with TestClient(create_app(api_settings, client)) as test_client:
        yield test_client


def _auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_health_reports_neo4j_and_schema(api: TestClient) -> None:
    response = api.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["neo4j"]["reachable"] is True
    assert body["neo4j"]["version"].startswith("5.26.")
    assert body["schema"] == {"expected": schema_version(), "applied": schema_version(), "current": True}


def test_health_is_503_when_neo4j_is_down(api_settings: Settings) -> None:
    down = api_settings.model_copy(deep=True)
    down.neo4j.uri = "bolt://127.0.0.1:1"
    down.neo4j.connection_timeout_s = 1.0
    with TestClient(create_app(down)) as test_client:
        response = test_client.get("/health")
    assert response.status_code == 503
    assert response.json()["neo4j"]["reachable"] is False


def test_missing_and_invalid_keys_are_401(api: TestClient, user_id: str) -> None:
    missing = api.get(f"/v1/users/{user_id}")
    assert missing.status_code == 401
    assert missing.headers["content-type"].startswith("application/problem+json")
    assert missing.headers["www-authenticate"] == "Bearer"
    assert api.get(f"/v1/users/{user_id}", headers=_auth("wrong")).status_code == 401


def test_scoped_key_acts_only_for_its_user(api: TestClient, user_id: str) -> None:
    created = api.put(f"/v1/users/{user_id}", json={"sex": "female"}, headers=_auth(SCOPED))
    assert created.status_code == 200
    assert created.json()["sex"] == "female"
    assert created.json()["node_counts"] == {"Self": 1}
    other = api.get("/v1/users/someone-else", headers=_auth(SCOPED))
    assert other.status_code == 403
    assert other.json()["title"] == "Forbidden"


def test_operator_key_reads_any_user_and_unknown_user_is_404(api: TestClient, user_id: str) -> None:
    api.put(f"/v1/users/{user_id}", json={}, headers=_auth(OPERATOR))
    assert api.get(f"/v1/users/{user_id}", headers=_auth(OPERATOR)).status_code == 200
    assert api.get(f"/v1/users/{user_id}-absent", headers=_auth(OPERATOR)).status_code == 404


def test_bad_input_is_422_and_writes_nothing(api: TestClient, user_id: str) -> None:
    response = api.put(f"/v1/users/{user_id}", json={"sex": "unknown"}, headers=_auth(OPERATOR))
    assert response.status_code == 422
    assert api.get(f"/v1/users/{user_id}", headers=_auth(OPERATOR)).status_code == 404


def test_openapi_lists_versioned_routes(api: TestClient) -> None:
    paths = api.get("/openapi.json").json()["paths"]
    assert "/health" in paths
    assert "/v1/users/{user_id}" in paths
