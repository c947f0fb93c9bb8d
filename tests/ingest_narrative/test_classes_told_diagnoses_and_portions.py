"""Wordings read in round 31 (issue #6 record contract), each with near misses: a class gone to hard; a diagnosis
"told me ... that its"; a weight read "exactly"; a distance in words; a food named and then the speaker's portion."""

from __future__ import annotations

from datetime import datetime

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


def test_a_class_gone_to_hard(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Went all out at a HIIT class tonight, sprints and burpees at max effort for 45 minutes straight."
    exercise = of_type(grounded_records(text, snapshot, mention), "exercise")
    assert exercise == [{"activity": "hiit", "duration_min": 45.0}]
    anothers = "My daughter went all out at a HIIT class tonight."
    assert of_type(grounded_records(anothers, snapshot, mention), "exercise") == []


def test_a_diagnosis_told_with_a_time_between(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Doc at urgent care told me three days ago that its asthma. kind of a shock tbh"
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": "asthma", "status": "active"}]
    asked = "Doc at urgent care told me three days ago that its asthma?"
    assert of_type(grounded_records(asked, snapshot, mention), "condition") == []


def test_a_weight_read_exactly_and_a_hike_in_words(snapshot: DictionarySnapshot, mention: datetime) -> None:
    weight = "Weighed myself on the scale at practice yesterday, exactly 70 kg"
    assert of_type(grounded_records(weight, snapshot, mention), "body_measurement") == [
        {"kind": "weight", "value": 70.0, "unit": "kg"}
    ]
    hike = "Did a six mile hike with my roommates yesterday afternoon, legs are dead lol"
    assert of_type(grounded_records(hike, snapshot, mention), "exercise") == [
        {"activity": "hike", "distance": 6.0, "unit": "mi"}
    ]


def test_a_food_then_the_speakers_portion(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "team got pizza after the game tonight, I had like four slices haha"
    assert of_type(grounded_records(text, snapshot, mention), "meal") == [{"food": "pizza", "kind": "meal"}]
    none = "team got pizza after the game tonight, I was too tired to eat"
    assert of_type(grounded_records(none, snapshot, mention), "meal") == []
