"""``/v1/users/{id}/profile``: refresh on demand and read with provenance; scoped keys apply."""

from __future__ import annotations

from fastapi.testclient import TestClient
from pydantic import SecretStr

from app.api import create_app
from app.db.client import GraphClient
from app.settings import ApiKey, ApiSettings, Settings

KEY = {"Authorization": "Bearer profile-key"}


def test_refresh_then_read_profile(neo4j_settings: Settings, client: GraphClient, profile_user: str) -> None:
    settings = neo4j_settings.model_copy(deep=True)
    settings.api = ApiSettings(keys=[ApiKey(key=SecretStr("profile-key"), users=[profile_user])])
    with TestClient(create_app(settings, client)) as api:
        refreshed = api.post(f"/v1/users/{profile_user}/profile/refresh", headers=KEY)
        assert refreshed.status_code == 200
        assert len(refreshed.json()["reasked"]) == 7
        profile = api.get(f"/v1/users/{profile_user}/profile", headers=KEY).json()
        assert next(f["field"] for f in profile["fields"]) == "who"
        physical = next(f for f in profile["fields"] if f["field"] == "physical_state")
        assert physical["sentences"][0]["ids"]
        assert set(physical["evidence_ids"]) >= set(physical["sentences"][0]["ids"])
        assert api.get("/v1/users/someone-else/profile", headers=KEY).status_code == 403
