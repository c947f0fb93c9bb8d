"""The memory gate: what is kept, what is not, and fail-closed admission."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.gate import decide_retain
from app.ingest.narrative.rules_extractor import extract


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("👍", "empty"),
        ("ok thanks", "acknowledgement"),
        ("Thank you so much!", "acknowledgement"),
        ("Hi [Name]", "acknowledgement"),
        ("Good morning!", "acknowledgement"),
        ("K", "acknowledgement"),
        ("You too", "acknowledgement"),
        ("Did you see", "small_talk"),
        ("ok cool, talk later", "acknowledgement"),
        ("ok great, chat soon", "acknowledgement"),
        ("thanks, catch you tomorrow", "acknowledgement"),
    ],
)
def test_not_kept(text: str, reason: str) -> None:
    decision = decide_retain(text)
    assert (decision.retain, decision.reason, decision.clinical_allowed) == (False, reason, False)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("I want to walk 5000 steps a day", "goal"),
        ("I can't walk on Tuesdays, I work double shifts", "constraint"),
        ("Please don't text me before 9", "preference"),
        ("My knee has been bothering me", "health_mention"),
        ("ok, talk later, my doctor said to rest tomorrow", "health_mention"),
        ("The bank is always something, sorry about the missing data", "unsure"),
    ],
)
def test_kept_without_clinical_admission(text: str, reason: str) -> None:
    decision = decide_retain(text)
    assert (decision.retain, decision.reason) == (True, reason)
    assert decision.clinical_allowed is False  # no extracted record: no clinical record may be admitted


def test_an_extracted_record_makes_a_health_fact(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My HbA1c was 7.9% yesterday, thanks"
    decision = decide_retain(text, extract(text, snapshot, mention=mention))
    assert (decision.retain, decision.reason, decision.clinical_allowed) == (True, "health_fact", True)


def test_negated_only_turn_admits_nothing_clinical(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I have no chest pain today."
    decision = decide_retain(text, extract(text, snapshot, mention=mention))
    assert decision.retain is True
    assert decision.clinical_allowed is False
