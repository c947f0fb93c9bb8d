"""A negated stop or skip verb is not a stop or a skip; a phrasing that carries its own negation is."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.rules_extractor import extract


def _actions(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, str]]:
    result = extract(text, snapshot, mention=mention)
    return [(r.fields["drug"], r.fields["action"]) for r in result.records if r.type == "regimen_change"]


@pytest.mark.parametrize(
    "text",
    [
        "I didn't stop the lisinopril.",
        "I never stopped taking my metformin.",
        "I haven't stopped the warfarin",
        "I never skipped a dose of my warfarin",
        "I did not quit my atorvastatin",
    ],
)
def test_a_negated_stop_or_skip_verb_writes_no_regimen_change(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _actions(text, snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I stopped the lisinopril last week", ("lisinopril", "stop")),
        ("I don't take aspirin anymore", ("aspirin", "stop")),
        ("I haven't taken my warfarin since last Friday", ("warfarin", "stop")),
        ("I didn't take my metformin this morning", ("metformin", "skip")),
        ("I forgot to take my metformin", ("metformin", "skip")),
        ("I ran out of my lisinopril on Monday", ("lisinopril", "skip")),
    ],
)
def test_stops_and_skips_said_with_their_own_negation_are_kept(
    text: str, expected: tuple[str, str], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _actions(text, snapshot, mention) == [expected]
