"""The whole path with the project's own stages (rules extractor, gate, PII masking): API and service."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from app.api import create_app
from app.db.client import GraphClient
from app.dictionary import DictionarySnapshot
from app.ingest.write_path import Stages, process_turn
from app.settings import ApiKey, ApiSettings, Settings
from app.users.service import node_counts
from tests.ingest_write.graph_reads import all_text, records

KEY = "turns-test-key"
AT = "2026-03-10T08:30:00+09:00"


@pytest.fixture
def api(neo4j_settings: Settings, client: GraphClient, snapshot: DictionarySnapshot) -> Iterator[TestClient]:
    settings = neo4j_settings.model_copy(deep=True)
    settings.api = ApiSettings(keys=[ApiKey(key=SecretStr(KEY))])
    with TestClient(create_app(settings, client)) as test_client:
        yield test_client


def _post(api: TestClient, user_id: str, body: dict[str, object]) -> object:
    return api.post(f"/v1/users/{user_id}/turns", json=body, headers={"Authorization": f"Bearer {KEY}"})


def test_post_turn_returns_records_blocked_names_and_the_gate(
    api: TestClient, client: GraphClient, user_id: str
) -> None:
    body = {
        "text": "My A1c was 7.9% yesterday. Call me at 415-555-0132.",
        "mention_time": AT,
        "session_id": "s-1",
    }
    response = _post(api, user_id, body)
    assert response.status_code == 200, response.text
    out = response.json()
    assert out["gate"]["retain"] is True and out["replayed"] is False
    [a1c] = [r for r in out["records"] if r["type"] == "test_result"]
    assert a1c["fields"]["value"] == 7.9 and a1c["fields"]["standard_key"] == "hba1c"
    assert a1c["fields"]["loinc"] == "4548-4" and a1c["event_start"].startswith("2026-03-09T00:00:00+09:00")
    assert "415-555-0132" not in all_text(client, user_id)
    again = _post(api, user_id, body).json()
    assert again["replayed"] is True and [r["uid"] for r in again["records"]] == [
        r["uid"] for r in out["records"]
    ]


def test_post_turn_refuses_a_mention_time_without_offset(
    api: TestClient, client: GraphClient, user_id: str
) -> None:
    response = _post(api, user_id, {"text": "glucose 140", "mention_time": "2026-03-10T08:30:00"})
    assert response.status_code == 422
    assert node_counts(client, user_id) == {}


def test_small_talk_is_not_kept_and_unsure_turns_admit_no_clinical_record(
    client: GraphClient,
    user_id: str,
    snapshot: DictionarySnapshot,
    stages: Stages,
    clock: Callable[[], datetime],
) -> None:
    at = datetime(2026, 3, 10, 8, 30, tzinfo=timezone(timedelta(hours=2)))
    hello = process_turn(client, user_id, "ok thanks!", at, snapshot=snapshot, clock=clock, stages=stages)
    assert hello.gate.retain is False and hello.records == [] and hello.event_ids == []
    chat = process_turn(
        client,
        user_id,
        "work has been crazy with the new project lately",
        at + timedelta(1),
        snapshot=snapshot,
        clock=clock,
        stages=stages,
    )
    assert chat.gate.retain is True and chat.records == [] and len(chat.event_ids) == 1
    assert records(client, user_id) == []
    assert node_counts(client, user_id)["Utterance"] == 2  # the audit ledger counts both turns
