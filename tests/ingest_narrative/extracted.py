"""What the rules extractor admits for one utterance, for the wording tests: every record must pass
the no-fabrication check, and tests compare plain ``(type, fields)`` pairs."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.grounding_check import ungrounded_fields
from app.ingest.narrative.rules_extractor import extract


def grounded_records(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, dict[str, Any]]]:
    """The admitted records as ``(type, fields)``; fails the test if one is not grounded in ``text``."""
    result = extract(text, snapshot, mention=mention)
    assert all(ungrounded_fields(r, text, snapshot) == [] for r in result.records)
    return [(r.type, dict(r.fields)) for r in result.records]


def of_type(records: list[tuple[str, dict[str, Any]]], record_type: str) -> list[dict[str, Any]]:
    """The fields of the records of one type, in order."""
    return [f for t, f in records if t == record_type]
