"""The LLM extractor behind the same interface, with a fake chat model (the only fake allowed)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.extraction_tiers import TieredExtractor
from app.ingest.narrative.llm_extractor import LlmExtractor, response_schema
from app.ingest.narrative.models import RecordExtractor
from app.ingest.narrative.rules_extractor import RulesExtractor
from app.llm.exceptions import LlmInvalidOutput
from tests.ingest_narrative.chat_spy import spied_model

TEXT = "The nurse checked my sugar level; the little screen said 140 this morning."


def _reply(*records: dict[str, Any]) -> str:
    return json.dumps({"records": list(records)})


def _test_result(
    value: float,
    *,
    name: str = "sugar level",
    unit: str | None = None,
    time_text: str | None = "this morning",
) -> dict[str, Any]:
    fields: dict[str, Any] = {"name": name, "value": value}
    if unit:
        fields["unit"] = unit
    return {"type": "test_result", "quote": TEXT, "time_text": time_text, "fields": fields}


def _extract(
    replies: list[str], text: str, snapshot: DictionarySnapshot, mention: datetime, retries: int = 2
):
    model = FakeListChatModel(responses=replies)
    return LlmExtractor(model, retries=retries).extract(text, snapshot, mention=mention)


def test_both_extractors_implement_the_interface() -> None:
    extractors: list[RecordExtractor] = [RulesExtractor(), LlmExtractor(FakeListChatModel(responses=["{}"]))]
    assert all(callable(e.extract) for e in extractors)


def test_schema_is_constrained_to_the_record_types() -> None:
    schema = response_schema().model_json_schema()
    variants = schema["$defs"]
    assert "Llm_test_result" in variants and "Llm_metric_trend" not in variants
    assert set(variants["Llm_regimen_change"]["properties"]) == {"type", "quote", "time_text", "fields"}


def test_valid_reply_becomes_a_grounded_candidate(snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = _extract([_reply(_test_result(140))], TEXT, snapshot, mention)
    assert len(result.records) == 1
    record = result.records[0]
    assert record.extractor == "llm"
    assert record.fields == {
        "loinc": "2345-7",
        "name": "sugar level",
        "value": 140.0,
    }  # LOINC from the dictionary
    assert record.time_text == "this morning"
    assert record.confidence < 0.9


def test_invalid_json_is_retried(snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = _extract(["Sure! Here you go: records", _reply(_test_result(140))], TEXT, snapshot, mention)
    assert [r.fields["value"] for r in result.records] == [140.0]


def test_invalid_json_every_time_raises(snapshot: DictionarySnapshot, mention: datetime) -> None:
    with pytest.raises(LlmInvalidOutput):
        _extract(["nope", "still nope", "no"], TEXT, snapshot, mention, retries=2)


@pytest.mark.parametrize(
    "invented",
    [
        _test_result(145),  # a value the message does not state
        _test_result(140, unit="mg/dL"),  # a unit the message does not state
        _test_result(140, time_text="yesterday"),  # a date the message does not state
        {**_test_result(140), "quote": "My sugar was 140 this morning."},  # a quote that is not verbatim
        {"type": "regimen_change", "quote": TEXT, "fields": {"drug": "metformin", "action": "stop"}},
        {"type": "sleep", "quote": TEXT, "fields": {"start": "2026-03-10T01:00:00Z"}},  # resolver-only field
    ],
)
def test_invented_values_are_rejected(
    invented: dict[str, Any], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    result = _extract([_reply(invented)], TEXT, snapshot, mention)
    assert result.records == []
    assert result.suppressed == []
    assert result.rejected == 1


def test_unknown_test_name_is_blocked(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My sugar thingy came out at 140."
    reply = _reply({"type": "test_result", "quote": text, "fields": {"name": "sugar thingy", "value": 140}})
    result = _extract([reply], text, snapshot, mention)
    assert result.records == []
    assert [(b.kind, b.name) for b in result.blocked] == [("test", "sugar thingy")]


def test_drug_names_map_to_dictionary_keys(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Gave up on the Glucophage two weeks back, it upset my stomach."
    reply = _reply(
        {
            "type": "regimen_change",
            "quote": text,
            "time_text": "two weeks back",
            "fields": {"drug": "Glucophage", "action": "stop", "reason": "it upset my stomach"},
        }
    )
    result = _extract([reply], text, snapshot, mention)
    assert [(r.fields["drug"], r.fields["action"]) for r in result.records] == [("metformin", "stop")]


def test_llm_output_passes_the_same_context_gate(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "If I stopped the metformin, would my sugar go up?"
    reply = _reply(
        {"type": "regimen_change", "quote": text, "fields": {"drug": "metformin", "action": "stop"}}
    )
    result = _extract([reply], text, snapshot, mention)
    assert result.records == []
    assert [r.hypothetical for r in result.suppressed] == [True]


def test_tiers_send_only_the_residue_to_the_llm(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My HbA1c was 7.9% yesterday. " + TEXT
    model, seen = spied_model([_reply(_test_result(140))])
    result = TieredExtractor(llm=LlmExtractor(model)).extract(text, snapshot, mention=mention)
    assert seen == [TEXT]
    assert [(r.extractor, r.fields["value"]) for r in result.records] == [("rules", 7.9), ("llm", 140.0)]


def test_tiers_without_exemplars_or_llm_are_the_rules(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My HbA1c was 7.9% yesterday."
    assert TieredExtractor().extract(text, snapshot, mention=mention) == RulesExtractor().extract(
        text, snapshot, mention=mention
    )


def test_none_backend_builds_the_rules_only_extractor(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    from app.ingest.narrative.extraction_tiers import build_extractor
    from app.settings import ExtractionSettings, LlmSettings, Settings

    settings = Settings(llm=LlmSettings(backend="none"), extraction=ExtractionSettings(exemplars=False))
    extractor = build_extractor(settings)
    text = "The nurse checked my sugar level, it came out at 140 this morning."
    assert extractor.extract(text, snapshot, mention=mention) == RulesExtractor().extract(
        text, snapshot, mention=mention
    )
