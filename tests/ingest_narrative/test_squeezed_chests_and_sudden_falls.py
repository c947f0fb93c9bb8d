"""Acute-danger signs told by what happened (issue #6 symptom records, issue #7 acute danger), with near misses: the
chest said to be squeezed by a verb of constriction, an image or its bone ("my chest clamped down", "like an
elephant sitting on my chest", "pressure behind my breastbone"), and a sudden fall of the speaker's with the
subject said or dropped ("Keeled over in the shower", "I ... ended up on the ground"); not another person's chest
or fall, a phone on the floor, or a collapse onto the sofa."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Halfway up the stairs my chest clamped down and I had to stop and sit.", "chest pain"),
        ("Got this pressure behind my breastbone carrying the shopping in.", "chest pain"),
        ("It felt like an elephant sitting on my chest.", "chest pain"),
        ("My chest tightened up when I climbed the hill.", "chest pain"),
        ("Keeled over in the shower this morning, my wife heard the thud.", "fainting"),
        ("I had a funny turn at the shops and ended up on the ground.", "fainting"),
        ("Then I just hit the deck in the queue at the bank.", "fainting"),
        ("I collapsed in the kitchen and hit my head.", "fainting"),
    ],
)
def test_a_squeezed_chest_or_a_sudden_fall_is_an_acute_sign(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert name in [s["name"] for s in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    "text",
    [
        "Her chest tightened up when she heard the news.",
        "My dad collapsed at the bus stop.",
        "My phone ended up on the floor.",
        "I collapsed on the sofa after work.",
        "I collapsed into bed at nine.",
    ],
)
def test_another_persons_sign_a_thing_on_the_floor_or_a_tired_collapse_is_no_sign(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    names = [s["name"] for s in of_type(grounded_records(text, snapshot, mention), "symptom")]
    assert "chest pain" not in names and "fainting" not in names
