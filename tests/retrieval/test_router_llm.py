"""The router's LLM fallback: rules first, the LLM only for what they cannot decide (Ollama stand-in)."""

from __future__ import annotations

import json

import pytest
from langchain_core.language_models import BaseChatModel

from app.llm.chat import build_chat_model
from app.retrieval import router
from app.retrieval.router import (
    DEFAULT_ROUTE,
    RouterAnswer,
    detect_intent,
    route_decision,
    router_model,
    rule_route,
)
from app.retrieval.vocabulary import Entity, EntityMatch
from app.settings import LlmSettings, RetrievalSettings, Settings
from tests.llm.ollama_standin import Failure, OllamaStandIn

GLUCOSE = EntityMatch((Entity("test", "glucose", "Glucose", "glucose"),))
DECIDED = [
    ("thanks!", EntityMatch(), "none"),
    ("my last three glucose readings", GLUCOSE, "structured"),
    ("why did I feel dizzy after my meds", EntityMatch(), "both"),
    ("what did we talk about the dog", EntityMatch(), "associative"),
]
UNDECIDED = "What is Caroline's identity?"


def _model(url: str) -> BaseChatModel:
    model = build_chat_model(LlmSettings(backend="ollama", model="stand-in", host=url, timeout_s=5.0))
    assert model is not None
    return model


def _answer(route: str) -> str:
    return json.dumps({"route": route, "reason": "asks about a person"})


def test_rules_leave_only_requests_without_intent_or_cue_undecided() -> None:
    for text, match, route in DECIDED:
        assert rule_route(text, match) == route
    assert rule_route(UNDECIDED, EntityMatch()) is None
    assert rule_route("metformin?", EntityMatch((Entity("drug", "metformin", "Metformin", "metformin"),))) is None


def test_a_drug_named_with_take_or_on_asks_for_medications() -> None:
    clopidogrel = EntityMatch((Entity("drug", "clopidogrel", "Clopidogrel", "clopidogrel"),))
    assert rule_route("am I still supposed to take clopidogrel?", clopidogrel) == "structured"
    assert rule_route("should I still be on clopidogrel", clopidogrel) == "structured"
    assert rule_route("should I take a walk after lunch", EntityMatch()) is None  # no drug named
    glucose_on_metformin = EntityMatch(
        (Entity("drug", "metformin", "Metformin", "metformin"), Entity("test", "glucose", "Glucose", "glucose")),
    )
    assert detect_intent("my glucose readings on metformin", glucose_on_metformin) == "readings"


def test_the_llm_is_asked_only_for_undecided_requests() -> None:
    with OllamaStandIn(replies=[_answer("structured")]) as server:
        model = _model(server.url)
        for text, match, route in DECIDED:
            decision = route_decision(text, match, None, model)
            assert (decision.route, decision.by) == (route, "rules")
        assert server.requests == []
        decision = route_decision(UNDECIDED, EntityMatch(), None, model)
    assert (decision.route, decision.by, decision.reason) == ("structured", "llm", "asks about a person")
    assert len(server.requests) == 1
    assert server.requests[0]["format"] == RouterAnswer.model_json_schema()
    assert UNDECIDED in server.requests[0]["messages"][-1]["content"]


@pytest.mark.parametrize(
    "reply",
    [
        json.dumps({"route": "maybe", "reason": "x"}),  # not in the route enum
        json.dumps({"route": "associative"}),  # no reason
        json.dumps({"route": "both", "reason": "x", "extra": 1}),  # unknown field
        "structured",  # not JSON
    ],
)
def test_invalid_output_is_rejected_and_the_default_used(reply: str) -> None:
    with OllamaStandIn(replies=[reply]) as server:
        decision = route_decision(UNDECIDED, EntityMatch(), None, _model(server.url), retries=1)
    assert (decision.route, decision.by) == (DEFAULT_ROUTE, "default")
    assert len(server.requests) == 2  # the first answer and one retry, both rejected


def test_a_failing_backend_falls_back_to_the_default() -> None:
    with OllamaStandIn(failures={0: Failure(500), 1: Failure(500)}) as server:
        decision = route_decision(UNDECIDED, EntityMatch(), None, _model(server.url))
    assert (decision.route, decision.by) == (DEFAULT_ROUTE, "default")


def test_the_none_backend_never_calls_the_llm(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the LLM was called")

    monkeypatch.setattr("app.llm.structured.invoke_structured", forbidden)
    settings = Settings(llm=LlmSettings(backend="none"))
    assert router_model(settings) is None
    decision = route_decision(UNDECIDED, EntityMatch(), None, router_model(settings))
    assert (decision.route, decision.by) == (DEFAULT_ROUTE, "default")


def test_router_model_follows_the_settings() -> None:
    on = Settings(llm=LlmSettings(backend="ollama", host="http://127.0.0.1:9", timeout_s=60.0))
    off = on.model_copy(update={"retrieval": RetrievalSettings(router_llm=False)})
    model = router_model(on)
    assert model is not None and model is router_model(on)  # built once per configuration
    assert getattr(model, "client_kwargs", None) == {"timeout": RetrievalSettings().router_timeout_s}  # capped
    assert router_model(off) is None
    assert router._cached_model.cache_info().currsize >= 1


def test_a_named_drug_reads_what_the_person_changed_about_it_too() -> None:
    from app.retrieval.router import NAMED_DRUG_TYPES, build_plan

    clopidogrel = EntityMatch((Entity("drug", "clopidogrel", "Clopidogrel", "clopidogrel"),))
    plan = build_plan("am I still supposed to take clopidogrel?", clopidogrel, None, 5)
    assert (plan.intent, plan.types, plan.metric_keys) == ("medications", NAMED_DRUG_TYPES, ("clopidogrel",))
    listed = build_plan("what are my current medications?", EntityMatch(), None, 5)
    assert (listed.intent, listed.types) == ("medications", None)  # the list stays the current medications
