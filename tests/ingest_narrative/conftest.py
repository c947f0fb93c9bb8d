"""Fixtures of the narrative extraction tests (no database needed)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot, load_snapshot

MENTION = datetime(2026, 3, 10, 9, 30, tzinfo=UTC)


@pytest.fixture(scope="session")
def snapshot() -> DictionarySnapshot:
    return load_snapshot()


@pytest.fixture()
def mention() -> datetime:
    return MENTION
