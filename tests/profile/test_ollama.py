"""The profile's Ollama path against the local stand-in of the Ollama HTTP API."""

from __future__ import annotations

import json

from app.db.client import GraphClient
from app.profile.regeneration import ProfileRefresher
from app.profile.service import build_synthesizer, read_profile
from app.profile.synthesis import ChatSynthesizer, ModelAnswer
from app.settings import LlmSettings, Settings
from tests.llm.ollama_standin import Failure, OllamaStandIn
from tests.profile.conftest import NOW


def _settings(url: str, timeout_s: float = 5.0) -> Settings:
    return Settings(
        _env_file=None,
        llm=LlmSettings(backend="ollama", model="stand-in", host=url, timeout_s=timeout_s, retries=0),
    )


def test_ollama_answer_is_streamed_with_the_schema_and_stored(client: GraphClient, profile_user: str) -> None:
    def reply(body: dict[str, object]) -> str:
        ids = [
            line.split('"id": "')[1].split('"')[0]
            for line in str(body["messages"]).split("\\n")
            if '"id": "' in line
        ]
        return json.dumps(
            {
                "text": "Fasting glucose went from 110 to 131 mg/dL over spring 2021; HbA1c was 7.9 %.",
                "used_ids": ids[:1],
            }
        )

    with OllamaStandIn(replies=[reply]) as server:
        synth = build_synthesizer(_settings(server.url))
        assert isinstance(synth, ChatSynthesizer)
        ProfileRefresher(client, synth, clock=lambda: NOW).refresh(profile_user, fields=("physical_state",))
    assert server.requests, "the stand-in was never called"
    first = server.requests[0]
    assert first["format"] == ModelAnswer.model_json_schema()
    assert first.get("stream", True) is True
    fields = {f["field"]: f for f in read_profile(client, profile_user)["fields"]}
    assert fields["physical_state"]["backend"] == "llm"
    assert fields["physical_state"]["model"] == "stand-in"
    assert fields["physical_state"]["text"].startswith("Fasting glucose went from 110 to 131")


def test_server_errors_and_timeouts_fall_back_to_the_composer(client: GraphClient, profile_user: str) -> None:
    with OllamaStandIn(failures={0: Failure(500, "boom"), 1: Failure(500, "boom")}) as server:
        synth = build_synthesizer(_settings(server.url))
        ProfileRefresher(client, synth, clock=lambda: NOW, max_workers=1).refresh(
            profile_user, fields=("physical_state",)
        )
    backends = {f["field"]: f["backend"] for f in read_profile(client, profile_user)["fields"]}
    assert backends["physical_state"] == "composer-fallback"

    with OllamaStandIn(replies=['{"text": "late", "used_ids": []}'], delay_s=2.0) as server:
        synth = build_synthesizer(_settings(server.url, timeout_s=0.5))
        ProfileRefresher(client, synth, clock=lambda: NOW, max_workers=1).refresh(
            profile_user, fields=("who",)
        )
    backends = {f["field"]: f["backend"] for f in read_profile(client, profile_user)["fields"]}
    assert backends["who"] == "composer-fallback"
