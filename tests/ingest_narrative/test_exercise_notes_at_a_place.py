"""An exercise noted with no verb, its place said before its time and its length in hours and a half (issue #6
record contract): "leg day at the gym tonight, an hour and a half"; not a plan ("Leg day at the gym next week")."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "activity", "minutes"),
    [
        ("leg day at the gym tonight, an hour and a half. legs are jelly lol", "leg day", 90),
        ("yoga at the park yesterday, an hour", "yoga", 60),
        ("Hot yoga yesterday, an hour and half", "hot yoga", 90),
    ],
)
def test_an_exercise_noted_at_a_place_with_its_length(
    text: str, activity: str, minutes: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    [exercise] = of_type(grounded_records(text, snapshot, mention), "exercise")
    assert (exercise["activity"], exercise.get("duration_min")) == (activity, minutes)


@pytest.mark.parametrize("text", ["Leg day at the gym next week", "My son's leg day at the gym tonight, an hour"])
def test_no_exercise_for_a_plan_or_someone_elses_session(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []
