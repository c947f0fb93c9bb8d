"""Fixtures of the write-path tests: the dictionary snapshot (loaded into the graph once) and a clock."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from app.db.client import GraphClient
from app.dictionary import DictionarySnapshot, DictionaryVersionMismatch, load_snapshot
from app.dictionary.loader import active_version, load_dictionary
from app.ingest.narrative.record_types import CandidateRecord
from app.ingest.write_path import Stages, TurnResult, default_stages, process_turn

FIXED_NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="session")
def snapshot(client: GraphClient) -> DictionarySnapshot:
    """The project's dictionary, made the graph's active version when it is not already."""
    snap = load_snapshot()
    if active_version(client) != snap.version:
        load_dictionary(client, snap)
    return snap


@pytest.fixture
def clock() -> Callable[[], datetime]:
    return lambda: FIXED_NOW


@pytest.fixture(scope="session")
def stages() -> Stages:
    """The project's own gate, PII masker and temporal resolver."""
    return default_stages()


class ScriptedExtractor:
    """The extractor seam, scripted: exact candidates per (masked) text, so derived rules can be tested."""

    def __init__(self) -> None:
        self.script: dict[str, list[CandidateRecord]] = {}

    def add(self, text: str, *candidates: CandidateRecord) -> str:
        self.script[text] = list(candidates)
        return text

    def __call__(self, text: str, snapshot: DictionarySnapshot, *, mention: datetime) -> SimpleNamespace:
        return SimpleNamespace(records=self.script.get(text, []), blocked=[], conversation_residue=None)


def cand(type_: str, quote: str, time_text: str | None = None, **fields: object) -> CandidateRecord:
    return CandidateRecord(
        type=type_, fields=dict(fields), quote=quote, time_text=time_text, extractor="rules", confidence=0.9
    )


@pytest.fixture
def scripted() -> ScriptedExtractor:
    return ScriptedExtractor()


@pytest.fixture
def say(
    client: GraphClient,
    user_id: str,
    snapshot: DictionarySnapshot,
    stages: Stages,
    scripted: ScriptedExtractor,
    clock: Callable[[], datetime],
) -> Callable[..., TurnResult]:
    """``say(text, at, user=..., extractor=...)``: one turn for the test user (scripted by default)."""

    def run(text: str, at: datetime, *, user: str | None = None, extractor: object = None) -> TurnResult:
        try:
            return turn(text, at, user, extractor)
        except DictionaryVersionMismatch:  # the shared test database was reloaded by another session
            load_dictionary(client, snapshot)
            return turn(text, at, user, extractor)

    def turn(text: str, at: datetime, user: str | None, extractor: object) -> TurnResult:
        return process_turn(
            client,
            user or user_id,
            text,
            at,
            "session-1",
            snapshot=snapshot,
            extractor=extractor or scripted,
            clock=clock,
            stages=stages,  # type: ignore[arg-type]
        )

    return run
