"""Everyday coaching talk (step goals, step counts, tiredness, activity habits): each pattern with the
records it must give and the near misses it must not (negation, hypotheticals, questions, others)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.rules_extractor import extract

# (utterance, type, exact fields of the one record of that type)
POSITIVE: list[tuple[str, str, dict[str, Any]]] = [
    # goals: a commitment verb and a goal amount
    ("I'll shoot for 3,400. Mon-Sat", "goal", {"target": "3,400", "status": "stated"}),
    ("I will shoot for 3600 mon-sat", "goal", {"target": "3600 mon-sat", "status": "stated"}),
    ("Let's do 8,000 steps T-F", "goal", {"target": "8,000 steps T-F", "status": "stated"}),
    ("LET'S TRY 6,000 TO 7,000.", "goal", {"target": "6,000 TO 7,000", "status": "stated"}),
    ("I'm going for 5,000 to 7,000).", "goal", {"target": "5,000 to 7,000", "status": "stated"}),
    ("I'll try 1,000 steps a day", "goal", {"target": "1,000 steps a day", "status": "stated"}),
    ("Ok we will do 2500", "goal", {"target": "2500", "status": "stated"}),
    ("I will keep it at 3000", "goal", {"target": "3000", "status": "stated"}),
    ("I think I will go with 6000.", "goal", {"target": "6000", "status": "stated"}),
    ("Maybe I will go for 4500..", "goal", {"target": "4500", "status": "stated"}),  # hedged: still a goal
    ("I'll do 30 minutes of yoga", "goal", {"target": "30 minutes of yoga", "status": "stated"}),
    (
        "I think I will do 5000 only because I have been doing that",
        "goal",
        {"target": "5000", "status": "stated"},
    ),
    (
        "I wanna shoot for 10,000 and on a scale from 1-10, I think a 10",
        "goal",
        {"target": "10,000", "status": "stated"},
    ),
    # goals: "my goal ... is / will be / again"
    ("My goal this week is between 7,000 to 8,000.", "goal", {"target": "between 7,000 to 8,000"}),
    ("My goal for this week, that I'm praying for will be 20,000 steps.", "goal", {"target": "20,000 steps"}),
    ("Yes my goal this week again 7,000.", "goal", {"target": "7,000"}),
    ("My goals are to eat healthier", "goal", {"target": "eat healthier"}),
    # goals: "set my (daily) goal(s) at/to", "plan on"
    ("I set my daily goal at 4,000.", "goal", {"target": "4,000"}),
    ("Maybe i should set my goals to 6000 steps per day", "goal", {"target": "6000 steps per day"}),
    ("I will plan on a little longer walk at lunch.", "goal", {"target": "a little longer walk at lunch"}),
    (
        "I want to try to hit 8,000 Tuesday-Friday on a scale from 1-10 I give myself an 8",
        "goal",
        {"target": "try to hit 8,000 Tuesday-Friday"},
    ),
    # step counts and walking
    ("i have 4794 steps", "exercise", {"activity": "walking", "distance": 4794.0, "unit": "steps"}),
    ("I'm at 9,054 steps", "exercise", {"activity": "walking", "distance": 9054.0, "unit": "steps"}),
    ("I have over 2000 steps already", "exercise", {"activity": "walking"}),
    ("I am over 3000 steps", "exercise", {"activity": "walking"}),
    ("I already did over 2000 steps", "exercise", {"activity": "walking"}),
    ("I've walked over 2 miles", "exercise", {"activity": "walking"}),  # hedged: no distance
    ("I've walked 2 miles", "exercise", {"activity": "walking", "distance": 2.0, "unit": "miles"}),
    ("I did some walking after I got home.", "exercise", {"activity": "walking"}),
    ("I did a lot of swimming", "exercise", {"activity": "swimming"}),
    ("I walk daily at 4:30pm", "exercise", {"activity": "walking"}),
    ("I usually run every morning", "exercise", {"activity": "running"}),
    # mood and energy with an adverb between, "feel" + a general word, excitement
    ("It's hard because I'm usually so tired.", "mood_stress", {"kind": "energy", "level": "so tired"}),
    ("I've just been so tired.", "mood_stress", {"kind": "energy", "level": "so tired"}),
    ("I feel pretty good so I think I will be successful.", "mood_stress", {"kind": "mood", "level": "pretty good"}),
    ("I've been feeling much better", "mood_stress", {"kind": "mood", "level": "much better"}),
    ("I am so excited", "mood_stress", {"kind": "mood", "level": "so excited"}),
    # physical activity as a lifestyle baseline
    ("I told you that I'm not very active", "lifestyle_baseline", {"habit": "other", "status": "not very active"}),
    ("I am very active", "lifestyle_baseline", {"habit": "other", "status": "very active"}),
]

# (utterance, record type that must NOT come out)
NEGATIVE: list[tuple[str, str]] = [
    ("Lets do 10 for 10...", "goal"),  # a rating, not a goal amount
    ("I'm rooting for 8,000", "goal"),  # a hope, not a commitment
    ("I also set a goal with her of 1,000 steps a day, it seems low.", "goal"),  # a goal reported, not held
    ("Let's do it", "goal"),
    ("Let's say 200 people came", "goal"),
    ("I can hit 7000", "goal"),  # ability, not a commitment
    ("I'll do 100 more emails later", "goal"),  # three digits without a health unit
    ("I will do my best", "goal"),
    ("My goal is not going to happen", "goal"),
    ("I would like to keep it the same", "goal"),
    ("Will you shoot for 5,000?", "goal"),  # someone else, a question
    ("I don't want to shoot for 10,000", "goal"),  # negated
    ("I want 6000 steps", "exercise"),
    ("I will do 5000 steps", "exercise"),
    ("I did not do 2000 steps", "exercise"),
    ("I have not done much walking today.", "exercise"),
    ("If I had 5000 steps I would be happy", "exercise"),
    ("I ran off and left my watch at home", "exercise"),
    ("I walked over to the store", "exercise"),
    ("I walk to the car", "exercise"),  # no habit word: not read as exercise
    ("I feel good about today, wish me luck.", "mood_stress"),
    ("I feel bad for him", "mood_stress"),
    ("I'm good, thanks", "mood_stress"),
    ("I'm ok", "mood_stress"),
    ("I'm excited to start", "mood_stress"),
    ("I'm just low on battery", "mood_stress"),
    ("I don't feel good", "mood_stress"),
    ("I'm not tired", "mood_stress"),
    ("Are you tired?", "mood_stress"),
    ("I'm active on Facebook", "lifestyle_baseline"),
    ("My wife is not very active", "lifestyle_baseline"),
]


@pytest.mark.parametrize(("text", "record_type", "fields"), POSITIVE, ids=[p[0][:40] for p in POSITIVE])
def test_coaching_statement_gives_its_record(
    text: str, record_type: str, fields: dict[str, Any], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    found = [r for r in extract(text, snapshot, mention=mention).records if r.type == record_type]
    assert len(found) == 1, f"{record_type} records: {[r.fields for r in found]}"
    record = found[0]
    expected = fields if record_type != "goal" else {"status": "stated", **fields}
    assert record.fields == expected
    assert record.quote in text


@pytest.mark.parametrize(("text", "record_type"), NEGATIVE, ids=[n[0][:40] for n in NEGATIVE])
def test_near_miss_gives_no_record(
    text: str, record_type: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    result = extract(text, snapshot, mention=mention)
    assert [r.fields for r in result.records if r.type == record_type] == []


def test_a_habit_takes_its_frequency_not_a_clock_time(snapshot: DictionarySnapshot, mention: datetime) -> None:
    """A habit is a recurrence: "at 4:30pm" must not date it to one day."""
    (record,) = extract("I walk daily at 4:30pm", snapshot, mention=mention).records
    assert record.type == "exercise" and record.time_text == "daily"
    (dated,) = extract("I walked at 4:30pm", snapshot, mention=mention).records
    assert dated.time_text == "at 4:30pm"


def test_a_goal_statement_gives_one_goal(snapshot: DictionarySnapshot, mention: datetime) -> None:
    """Two goal forms over one statement ("my goal ... I want to") give one goal, not two."""
    text = "My goal for this week I want to try to hit 8,000 Tuesday-Friday"
    goals = [r for r in extract(text, snapshot, mention=mention).records if r.type == "goal"]
    assert [g.fields["target"] for g in goals] == ["try to hit 8,000 Tuesday-Friday"]


def test_step_count_and_goal_in_one_message(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I completed my goal I have over 4700 steps. Next week I will shoot for 5,000"
    records = extract(text, snapshot, mention=mention).records
    assert sorted(r.type for r in records) == ["exercise", "goal"]
    goal = next(r for r in records if r.type == "goal")
    assert goal.fields["target"] == "5,000" and goal.time_text == "Next week"


def test_an_upper_respiratory_infection_is_not_a_common_cold(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    """The broader term keeps its own concept; "a cold" is still the common cold."""
    for text, key in (
        ("I've been sick this week, upper respiratory infection", "upper_respiratory_infection"),
        ("I have a URI", "upper_respiratory_infection"),
        ("I have a cold", "common_cold"),
    ):
        names = [r.fields["name"] for r in extract(text, snapshot, mention=mention).records if r.type == "condition"]
        assert len(names) == 1, text
        entry = snapshot.lookup("condition", names[0])  # the name is the key or an alias of it
        assert entry is not None and entry.key == key, text


def test_a_weekday_range_cut_short_gives_no_time(snapshot: DictionarySnapshot, mention: datetime) -> None:
    """"this coming Tuesday-Friday" must not date a goal to Tuesday alone: no time rather than a wrong one."""
    (goal,) = extract("this coming Tuesday-Friday I wanna shoot for 10,000", snapshot, mention=mention).records
    assert goal.fields["target"] == "10,000" and goal.time_text is None
    (dated,) = extract("This coming Tuesday I wanna shoot for 10,000", snapshot, mention=mention).records
    assert dated.time_text == "This coming Tuesday"
