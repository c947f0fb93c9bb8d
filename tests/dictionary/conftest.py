"""Fixtures of the dictionary tests: the shared ``dictionary`` session fixture and a data copy."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.dictionary import DEFAULT_DIR
from tests.dictionary_fixture import dictionary  # noqa: F401


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A writable copy of seed/dictionary (for edits such as accepting an alias)."""
    target = tmp_path / "dictionary"
    shutil.copytree(DEFAULT_DIR, target)
    return target


def add_accepted_alias(data_dir: Path, kind: str, key: str, alias: str) -> None:
    with (data_dir / "accepted_aliases.csv").open("a", encoding="utf-8") as handle:
        handle.write(f"{kind},{key},{alias},accepted in a test\n")
