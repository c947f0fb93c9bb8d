"""The Ollama backend (langchain-ollama) against the local stand-in of the Ollama HTTP API."""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import HumanMessage
from pydantic import BaseModel

from app.llm.chat import build_chat_model
from app.llm.exceptions import LlmInvalidOutput, LlmTimeout, LlmUnavailable
from app.llm.structured import invoke_structured
from app.settings import LlmSettings
from tests.llm.ollama_standin import Failure, OllamaStandIn


class Reading(BaseModel):
    name: str
    value: float


def _settings(url: str, timeout_s: float = 5.0) -> LlmSettings:
    return LlmSettings(backend="ollama", model="stand-in", host=url, timeout_s=timeout_s)


def test_none_backend_builds_no_model() -> None:
    assert build_chat_model(LlmSettings(backend="none")) is None


def test_chat_streams_the_reply() -> None:
    with OllamaStandIn(replies=["Hello from the stand-in, a reply longer than one chunk."]) as server:
        model = build_chat_model(_settings(server.url))
        assert model is not None
        reply = model.invoke([HumanMessage(content="hi")])
    assert reply.content == "Hello from the stand-in, a reply longer than one chunk."
    assert server.requests[0]["model"] == "stand-in"
    assert server.requests[0]["messages"][-1] == {"role": "user", "content": "hi"}


def test_structured_output_sends_the_schema_and_validates() -> None:
    with OllamaStandIn(replies=[json.dumps({"name": "HbA1c", "value": 7.9})]) as server:
        model = build_chat_model(_settings(server.url))
        assert model is not None
        result = invoke_structured(model, Reading, [HumanMessage(content="HbA1c 7.9")], retries=0)
    assert result == Reading(name="HbA1c", value=7.9)
    assert server.requests[0]["format"] == Reading.model_json_schema()


def test_invalid_json_is_retried_then_accepted() -> None:
    with OllamaStandIn(replies=["not json at all", json.dumps({"name": "LDL", "value": 160})]) as server:
        model = build_chat_model(_settings(server.url))
        assert model is not None
        result = invoke_structured(model, Reading, [HumanMessage(content="LDL 160")], retries=1)
    assert result.value == 160
    assert len(server.requests) == 2
    assert "did not match the JSON schema" in server.requests[1]["messages"][-1]["content"]


def test_invalid_json_every_time_raises() -> None:
    with OllamaStandIn(replies=['{"name": 1}']) as server:
        model = build_chat_model(_settings(server.url))
        assert model is not None
        with pytest.raises(LlmInvalidOutput) as caught:
            invoke_structured(model, Reading, [HumanMessage(content="x")], retries=2)
    assert caught.value.details["attempts"] == 3
    assert len(server.requests) == 3


def test_server_error_becomes_upstream_error() -> None:
    with OllamaStandIn(failures={0: Failure(500, "model exploded")}) as server:
        model = build_chat_model(_settings(server.url))
        assert model is not None
        with pytest.raises(LlmUnavailable) as caught:
            invoke_structured(model, Reading, [HumanMessage(content="x")], retries=2)
    assert caught.value.status_code == 502
    assert len(server.requests) == 1  # an HTTP error is not retried as invalid output


def test_timeout_becomes_llm_timeout() -> None:
    with OllamaStandIn(replies=['{"name": "x", "value": 1}'], delay_s=1.0) as server:
        model = build_chat_model(_settings(server.url, timeout_s=0.2))
        assert model is not None
        with pytest.raises(LlmTimeout):
            invoke_structured(model, Reading, [HumanMessage(content="x")], retries=0)


def test_unreachable_backend_is_unavailable() -> None:
    with OllamaStandIn() as server:
        url = server.url
    model = build_chat_model(_settings(url, timeout_s=1.0))
    assert model is not None
    with pytest.raises(LlmUnavailable):
        invoke_structured(model, Reading, [HumanMessage(content="x")], retries=0)


def test_tags_endpoint_lists_models() -> None:
    import httpx

    with OllamaStandIn() as server:
        tags = httpx.get(f"{server.url}/api/tags").json()
    assert [m["name"] for m in tags["models"]] == ["stand-in"]
