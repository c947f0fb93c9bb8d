"""The exemplar tier with the shipped corpus and the real embedding model, behind the tiered extractor."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.exemplar_extractor import EXEMPLAR_CONFIDENCE, ExemplarExtractor, told_of_oneself
from app.ingest.narrative.exemplars import DEFAULT_DIRECTORY, ExemplarIndex, load_index, read_corpus
from app.ingest.narrative.extraction_tiers import TieredExtractor, build_extractor
from app.ingest.narrative.llm_extractor import LlmExtractor
from app.ingest.narrative.rules_extractor import extract as rules_extract
from app.retrieval.embedding import embed_texts
from app.settings import ExtractionSettings, LlmSettings, Settings, get_settings
from tests.ingest_narrative.chat_spy import spied_model


def _embed(texts: Sequence[str]) -> list[list[float]]:
    return embed_texts(texts, get_settings())


@pytest.fixture(scope="module")
def index() -> ExemplarIndex:
    def refuse(texts: Sequence[str]) -> list[list[float]]:
        raise AssertionError("the shipped vectors are stale: run `make exemplars`")

    return load_index(DEFAULT_DIRECTORY, refuse, model=get_settings().embedding.model)


@pytest.fixture(scope="module")
def tiers(index: ExemplarIndex) -> TieredExtractor:
    return TieredExtractor(ExemplarExtractor(index, _embed))


def _records(tiers: TieredExtractor, text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[Any]:
    return list(tiers.extract(text, snapshot, mention=mention).records)


def test_the_shipped_corpus_is_fresh_and_holds_no_unseen_set(index: ExemplarIndex) -> None:
    _, meta = read_corpus(DEFAULT_DIRECTORY)
    assert len(index) > 1000
    numbers = [int(m.group(1)) for s in meta["sources"] if (m := re.search(r"holdout(\d+)$", s))]
    unseen = 122  # the corpus holds sets up to 121 (Makefile); unseen sets (158 and later) must never label it
    assert numbers and max(numbers) < unseen
    assert {e.label for e in index.exemplars} >= {"none", "regimen_change", "medication_intake", "condition"}


@pytest.mark.parametrize(
    ("text", "record_type", "fields", "time_text"),
    [
        ("I stopped the little white one, amlodipine, on Sunday.", "regimen_change",
         {"drug": "amlodipine", "action": "stop"}, "on Sunday"),
        ("The anemia's a non-issue now, my blood count came back normal.", "condition",
         {"name": "anemia", "status": "resolved"}, None),
        ("The heartburn's been bothering me every night this week.", "symptom", {"name": "heartburn"}, "this week"),
        ("The metformin has been part of my breakfast all week.", "medication_intake", {"drug": "metformin"}, None),
    ],
)
def test_a_wording_the_rules_miss_is_read_by_its_neighbours(
    tiers: TieredExtractor, snapshot: DictionarySnapshot, mention: datetime,
    text: str, record_type: str, fields: dict[str, str], time_text: str | None,
) -> None:
    assert rules_extract(text, snapshot, mention=mention).records == []
    [record] = _records(tiers, text, snapshot, mention)
    assert (record.type, record.fields, record.time_text) == (record_type, fields, time_text)
    assert (record.extractor, record.confidence, record.quote) == ("exemplar", EXEMPLAR_CONFIDENCE, text)


@pytest.mark.parametrize(
    "text",
    [
        "What does metformin actually do?",  # a question
        "Flu is going around.",  # nobody's
        "I read an article about warfarin and bleeding.",  # no fact of the speaker's
        "My metformin refill is ready and I'll collect it tomorrow.",  # a plan
        "I hope the migraines are gone soon.",  # a wish
        "Chest pain didn't wake me up last night.",  # a negated complaint
        "The lisinopril isn't giving me any rash.",  # a negated reaction
        "My neighbour swears by her ginkgo.",
    ],
)
def test_no_record_where_the_speaker_states_nothing(
    tiers: TieredExtractor, snapshot: DictionarySnapshot, mention: datetime, text: str
) -> None:
    assert _records(tiers, text, snapshot, mention) == []


def test_a_term_the_rules_read_elsewhere_in_the_turn_is_not_read_again(
    tiers: TieredExtractor, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "I left my metformin at home. Went without it for two days."
    records = _records(tiers, text, snapshot, mention)
    assert [(r.extractor, r.type, r.fields.get("action")) for r in records] == [("rules", "regimen_change", "skip")]


def test_a_stop_said_of_someone_else_is_suppressed(
    tiers: TieredExtractor, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    result = tiers.extract("My brother stopped the little white one, amlodipine, on Sunday.", snapshot, mention=mention)
    assert result.records == []


@pytest.mark.parametrize(
    ("sentence", "readable"),
    [
        ("I stopped it on Sunday.", True),
        ("My sugar was fine.", True),
        ("Should I stop it?", False),
        ("Flu is going around.", False),
        ("I might stop it.", False),
        ("I'll collect it tomorrow.", False),
        ("I\u2019m supposed to take it at night.", False),
    ],
)
def test_the_tier_reads_first_person_statements_of_fact_only(sentence: str, readable: bool) -> None:
    assert told_of_oneself(sentence) is readable


def test_the_tiers_hand_the_llm_only_what_rules_and_exemplars_left(
    index: ExemplarIndex, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "My HbA1c was 7.9% yesterday. I stopped the little white one, amlodipine, on Sunday. The dog is fine."
    model, seen = spied_model([json.dumps({"records": []})])
    result = TieredExtractor(ExemplarExtractor(index, _embed), LlmExtractor(model)).extract(
        text, snapshot, mention=mention
    )
    assert [(r.extractor, r.type) for r in result.records] == [("rules", "test_result"), ("exemplar", "regimen_change")]
    assert seen == ["The dog is fine."]
    assert result.conversation_residue == "The dog is fine."


def test_the_settings_switch_the_tier_off(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I stopped the little white one, amlodipine, on Sunday."
    off = build_extractor(Settings(llm=LlmSettings(backend="none"), extraction=ExtractionSettings(exemplars=False)))
    on = build_extractor(Settings(llm=LlmSettings(backend="none")))
    assert off.extract(text, snapshot, mention=mention).records == []
    assert [r.extractor for r in on.extract(text, snapshot, mention=mention).records] == ["exemplar"]
