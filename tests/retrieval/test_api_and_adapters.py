"""The read API routes, the context pack and the LangChain adapters (real Neo4j)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from langchain_core.documents import Document

from app.api import create_app
from app.db.client import GraphClient
from app.retrieval.context import build_context_pack
from app.retrieval.langchain import SelfgraphRetriever, search_tool
from app.settings import Settings
from tests.retrieval.conftest import NOW

AUTH = {"Authorization": "Bearer dev-key"}


@pytest.fixture
def api(neo4j_settings: Settings, client: GraphClient) -> Iterator[TestClient]:
    with TestClient(create_app(neo4j_settings, client)) as test_client:
        yield test_client


def test_search_route_items_carry_ids_stream_provenance_scores(api: TestClient, seeded_user: str) -> None:
    response = api.post(
        f"/v1/users/{seeded_user}/search",
        headers=AUTH,
        json={"query": "the puppy we adopted", "k": 3, "at": NOW.isoformat()},
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["route"] == "associative" and body["preset"] == "hybrid"
    top = body["items"][0]
    assert top["uid"].startswith(seeded_user) and top["stream"] == "narrative"
    assert (
        top["provenance"]["mention_time"]
        and top["scores"]["fused"] > 0
        and "vector" in top["scores"]["ranks"]
    )
    override = api.post(
        f"/v1/users/{seeded_user}/search",
        headers=AUTH,
        json={"query": "glucose", "route": "structured", "at": NOW.isoformat()},
    )
    assert override.json()["route"] == "structured" and override.json()["items"]
    boundary = api.post(
        f"/v1/users/{seeded_user}/search", headers=AUTH, json={"query": "my atorvastatin dose"}
    )
    assert boundary.json()["items"] == [] and boundary.json()["boundary"]["absent"] == ["atorvastatin"]
    assert (
        api.post(
            f"/v1/users/{seeded_user}/search", headers=AUTH, json={"query": "x", "preset": "nope"}
        ).status_code
        == 422
    )


def test_records_route_filters_by_type_field_window_and_stream(api: TestClient, seeded_user: str) -> None:
    url = f"/v1/users/{seeded_user}/records"
    body = api.get(
        url,
        headers=AUTH,
        params={"type": "test_result", "field": "standard_key:glucose", "from": "2026-04-01T00:00:00Z"},
    ).json()
    assert [i["fields"]["value"] for i in body["items"]] == [120, 130, 140]
    assert all(i["stream"] == "narrative" for i in body["items"])
    clinical = api.get(url, headers=AUTH, params={"type": "Observation"}).json()
    assert {i["fields"]["display"] for i in clinical["items"]} == {"Glucose", "Alanine aminotransferase"}
    assert all(i["stream"] == "clinical" for i in clinical["items"])
    numeric = api.get(url, headers=AUTH, params={"field": "value:85"}).json()
    assert [i["fields"]["kind"] for i in numeric["items"]] == ["weight"]
    bad = api.get(url, headers=AUTH, params={"field": "password:x"})
    assert bad.status_code == 422 and "record field" in bad.text


def test_trend_route(api: TestClient, seeded_user: str) -> None:
    body = api.get(f"/v1/users/{seeded_user}/trends/glucose", headers=AUTH).json()
    assert body["metric"] == "glucose"
    assert body["trend"]["count"] == 5 and body["trend"]["first"] == 150 and body["trend"]["last"] == 118
    assert body["trend"]["direction"] == "falling"
    assert {p["stream"] for p in body["points"]} == {"narrative", "clinical"}
    weight = api.get(
        f"/v1/users/{seeded_user}/trends/weight", headers=AUTH, params={"from": "2026-03-15T00:00:00Z"}
    ).json()
    assert weight["trend"]["count"] == 3 and weight["trend"]["change"] == -3.0
    assert api.get(f"/v1/users/{seeded_user}/trends/zzz-not-a-metric", headers=AUTH).status_code == 404


def test_context_pack_route_filters_validity(api: TestClient, seeded_user: str) -> None:
    body = api.get(
        f"/v1/users/{seeded_user}/context-pack",
        headers=AUTH,
        params={"query": "the puppy", "at": NOW.isoformat()},
    ).json()
    assert body["profile"]["sex"] == "female"
    drugs = {i["fields"].get("drug") or i["fields"].get("display") for i in body["medications"]}
    assert drugs == {"Metformin", "Metformin 500 MG"}  # the ended rosuvastatin is left out
    assert any("Biscuit" in (i["fields"].get("text") or "") for i in body["evidence"])
    recent_names = {i["fields"].get("name") for i in body["recent"]}
    assert "broken wrist" not in recent_names  # a resolved condition is not a current state
    assert body["tokens"] <= body["token_budget"]


def test_context_pack_trims_to_the_token_budget(
    client: GraphClient, neo4j_settings: Settings, seeded_user: str
) -> None:
    small = neo4j_settings.model_copy(deep=True)
    small.retrieval.context_token_budget = 120
    pack = build_context_pack(client, seeded_user, at=NOW, settings=small)
    assert pack.tokens <= 120 and pack.dropped > 0
    assert pack.profile["user_id"] == seeded_user


def test_langchain_retriever_and_tool(
    client: GraphClient, neo4j_settings: Settings, seeded_user: str
) -> None:
    retriever = SelfgraphRetriever(client=client, user_id=seeded_user, k=3, at=NOW, settings=neo4j_settings)
    docs = retriever.invoke("my last three glucose readings")
    assert all(isinstance(d, Document) for d in docs) and len(docs) == 3
    assert "value=118.0" in docs[0].page_content and docs[0].metadata["stream"] == "clinical"
    tool = search_tool(client, seeded_user, settings=neo4j_settings)
    assert tool.name == "selfgraph_search"
    assert "boundary" in tool.invoke({"query": "did atorvastatin help?"})
