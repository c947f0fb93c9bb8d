"""A drug alias followed by the object it names ("the pill box", "my medicine cabinet") is no drug term; the drug
said on its own still is."""

from __future__ import annotations

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.terms import term_index


@pytest.mark.parametrize(
    "text",
    ["My wife put the pill box in front of me.", "I keep it in the pill organiser.", "Bought a new tablet cutter."],
)
def test_an_object_named_by_a_drug_word_is_no_drug(text: str, snapshot: DictionarySnapshot) -> None:
    assert [m for m in term_index(snapshot).find(text) if m.kind == "drug"] == []


@pytest.mark.parametrize(
    ("text", "key"),
    [("I take the pill every morning.", "hormonal contraceptive"), ("I use my insulin pen before dinner.", "insulin")],
)
def test_the_drug_said_on_its_own_is_still_found(text: str, key: str, snapshot: DictionarySnapshot) -> None:
    assert [m.key for m in term_index(snapshot).find(text) if m.kind == "drug"] == [key]
