"""The temporal conventions of docs/temporal.md (issue #6, rules 1-13), one test group per rule.

Expected values are worked out by hand from the calendar; the mention times span several UTC
offsets, month ends, the 2024 leap day and a year boundary.
"""

from __future__ import annotations

from datetime import datetime

import pytest

from app.errors import InvalidInput
from app.ingest.temporal import resolve_event_time

TUE = "2026-03-10T21:00:00+09:00"  # a Tuesday evening in Tokyo
SUN_NY = "2026-03-01T09:00:00-05:00"  # first day of a month, New York
LEAP = "2024-02-29T10:00:00+00:00"  # leap day, a Thursday
NEW_YEAR_IN = "2025-01-01T08:30:00+05:30"  # New Year's morning in India, a Wednesday
MONTH_END_NY = "2026-03-31T22:00:00-05:00"  # already April 1st in UTC


def resolve(text: str, at: str) -> dict[str, object]:
    return resolve_event_time(text, datetime.fromisoformat(at)).as_expectation()


def test_rule_1_relative_days() -> None:
    assert resolve("yesterday", TUE) == {"kind": "date", "value": "2026-03-09", "grain": "day"}
    assert resolve("today", MONTH_END_NY)["value"] == "2026-03-31"  # the local date, not UTC's April 1st
    assert resolve("the day before yesterday", SUN_NY)["value"] == "2026-02-27"
    assert resolve("tomorrow", LEAP)["value"] == "2024-03-01"
    assert resolve("yesterday", NEW_YEAR_IN)["value"] == "2024-12-31"
    assert resolve("yesterday", "2024-03-01T00:30:00+09:00")["value"] == "2024-02-29"


@pytest.mark.parametrize(
    ("text", "at", "expected"),
    [
        ("three days ago", TUE, {"kind": "date", "value": "2026-03-07"}),
        ("a week ago", TUE, {"kind": "date", "value": "2026-03-03"}),
        ("10 days ago", "2024-03-01T07:00:00+09:00", {"kind": "date", "value": "2024-02-20"}),
        ("twenty-one days ago", "2025-12-31T23:30:00+00:00", {"kind": "date", "value": "2025-12-10"}),
        ("2 months ago", TUE, {"kind": "month", "value": "2026-01"}),
        ("a month ago", MONTH_END_NY, {"kind": "month", "value": "2026-02"}),  # Mar 31 - 1 month: February
        ("three months ago", NEW_YEAR_IN, {"kind": "month", "value": "2024-10"}),
        ("a year ago", LEAP, {"kind": "year", "value": "2023"}),
    ],
)
def test_rule_2_ago(text: str, at: str, expected: dict[str, str]) -> None:
    got = resolve(text, at)
    assert {k: got[k] for k in expected} == expected


def test_rule_3_last_and_next_weekday_are_strict() -> None:
    assert resolve("last Tuesday", TUE)["value"] == "2026-03-03"  # not today
    assert resolve("next Tuesday", TUE)["value"] == "2026-03-17"
    assert resolve("next Wednesday", TUE)["value"] == "2026-03-11"
    assert resolve("last Thursday", "2024-03-01T07:00:00+09:00")["value"] == "2024-02-29"
    assert resolve("last Wednesday", NEW_YEAR_IN)["value"] == "2024-12-25"


def test_a_bare_weekday_takes_its_direction_from_the_tense() -> None:
    """"ran on Sunday" is the last Sunday, "will talk Monday" the next Monday; no tense, no date."""
    assert resolve("I went for a hard run on Sunday", TUE)["value"] == "2026-03-08"
    assert resolve("I stopped the metformin on Tuesday", TUE)["value"] == "2026-03-03"  # strict, as "last"
    assert resolve("I will talk to you Monday", TUE)["value"] == "2026-03-16"
    assert resolve("I'll see the nurse on Tuesday", TUE)["value"] == "2026-03-17"
    for text in ("My appointment is on Friday", "Monday to Friday I walk", "Monday"):
        assert resolve_event_time(text, datetime.fromisoformat(TUE)).kind == "none", text


def test_a_weekday_opening_its_clause_takes_the_tense_of_what_follows() -> None:
    """"Saturday a few of us went swimming" is the last Saturday, "Saturday I will swim" the next one; a
    weekday with no tense after it ("Saturday is my birthday") stays unresolved."""
    assert resolve("Saturday a few of us went swimming at the rec center", TUE)["value"] == "2026-03-07"
    assert resolve("I ran, Saturday we swam", TUE)["value"] == "2026-03-07"
    assert resolve("Saturday I will go swimming", TUE)["value"] == "2026-03-14"
    for text in ("Saturday is my birthday", "Monday to Friday I walk", "My appointment is on Friday. I walked"):
        assert resolve_event_time(text, datetime.fromisoformat(TUE)).kind == "none", text


def test_rule_4_parts_of_the_day() -> None:
    assert resolve("this morning", TUE) == {
        "kind": "interval", "start": "2026-03-10T06:00:00+09:00", "end": "2026-03-10T12:00:00+09:00",
        "grain": "hour"}
    assert resolve("this evening", TUE)["end"] == "2026-03-11T00:00:00+09:00"
    assert resolve("last night", NEW_YEAR_IN)["start"] == "2024-12-31T22:00:00+05:30"
    assert resolve("last night", NEW_YEAR_IN)["end"] == "2025-01-01T06:00:00+05:30"
    assert resolve("yesterday afternoon", "2024-03-01T07:00:00+09:00")["start"] == "2024-02-29T12:00:00+09:00"
    assert resolve("yesterday evening", SUN_NY)["end"] == "2026-03-01T00:00:00-05:00"


def test_rule_5_iso_weeks_months_years() -> None:
    assert resolve("last week", TUE) == {
        "kind": "week", "value": "2026-W10", "start": "2026-03-02", "end": "2026-03-08", "grain": "week"}
    # Sunday belongs to the week that started the Monday before (ISO), across a month end.
    assert resolve("this week", SUN_NY)["start"] == "2026-02-23"
    assert resolve("this week", NEW_YEAR_IN)["end"] == "2025-01-05"  # spans the year boundary
    assert resolve("last week", NEW_YEAR_IN)["start"] == "2024-12-23"
    assert resolve("last month", NEW_YEAR_IN) == {"kind": "month", "value": "2024-12", "grain": "month"}
    assert resolve("this month", MONTH_END_NY)["value"] == "2026-03"
    assert resolve("last year", NEW_YEAR_IN) == {"kind": "year", "value": "2024", "grain": "year"}


def test_rule_6_since_and_the_past_n() -> None:
    assert resolve("since last Tuesday", "2026-03-12T10:00:00+09:00") == {
        "kind": "open_interval", "start": "2026-03-10", "grain": "day"}
    assert resolve("since last month", NEW_YEAR_IN)["start"] == "2024-12-01"
    assert resolve("since last week", TUE)["start"] == "2026-03-02"
    assert resolve("for the past 3 days", TUE) == {
        "kind": "interval", "start": "2026-03-07", "end": "2026-03-10", "grain": "day"}
    assert resolve("for the past 2 weeks", TUE)["start"] == "2026-02-24"
    assert resolve("for the past 5 days", "2024-03-01T07:00:00+09:00")["start"] == "2024-02-25"


@pytest.mark.parametrize(
    ("text", "at", "start", "end", "minutes"),
    [
        ("slept from 1 to 6", "2026-03-10T08:00:00+09:00",
         "2026-03-10T01:00:00+09:00", "2026-03-10T06:00:00+09:00", 300),
        ("slept from 11pm to 6am", TUE, "2026-03-09T23:00:00+09:00", "2026-03-10T06:00:00+09:00", 420),
        ("slept from 9 to 5", NEW_YEAR_IN, "2024-12-31T21:00:00+05:30", "2025-01-01T05:00:00+05:30", 480),
        ("slept from 10:30pm to 5:45am", "2024-03-01T07:00:00+09:00",
         "2024-02-29T22:30:00+09:00", "2024-03-01T05:45:00+09:00", 435),
        # the end is the latest 6:00 at or before the mention: said at 05:00, that is yesterday's
        ("slept from 11 to 6", "2026-03-10T05:00:00+09:00",
         "2026-03-08T23:00:00+09:00", "2026-03-09T06:00:00+09:00", 420),
        ("went to bed at 11pm and woke up at 6:30am", "2026-01-05T07:15:00+05:30",
         "2026-01-04T23:00:00+05:30", "2026-01-05T06:30:00+05:30", 450),
        # a bedtime of "12:30" is the night's, as a bare "12" is; a waking time of "12:30" stays noon
        ("went to bed at 12:30 and woke up at 9:45", "2020-06-24T11:00:00+09:30",
         "2020-06-24T00:30:00+09:30", "2020-06-24T09:45:00+09:30", 555),
        ("went to bed at 4 and woke up at 12:30", "2020-06-24T14:00:00+09:30",
         "2020-06-24T04:00:00+09:30", "2020-06-24T12:30:00+09:30", 510),
        # a shift worker's 24-hour times without a colon
        ("slept 0800 to 1400, body clock still on nights", "2021-01-01T18:00:00+13:00",
         "2021-01-01T08:00:00+13:00", "2021-01-01T14:00:00+13:00", 360),
        ("slept from 2300 to 0630", "2021-01-01T18:00:00+13:00",
         "2020-12-31T23:00:00+13:00", "2021-01-01T06:30:00+13:00", 450),
        # clock times said the British way
        ("last night i slept from half past ten till seven", "2021-04-10T09:00:00-04:00",
         "2021-04-09T22:30:00-04:00", "2021-04-10T07:00:00-04:00", 510),
        ("went to bed at quarter to eleven and woke up at half past six", "2021-04-10T09:00:00-04:00",
         "2021-04-09T22:45:00-04:00", "2021-04-10T06:30:00-04:00", 465),
    ],
)
def test_rule_7_sleep_windows(text: str, at: str, start: str, end: str, minutes: int) -> None:
    got = resolve(text, at)
    assert (got["kind"], got["start"], got["end"], got["duration_min"]) == ("interval", start, end, minutes)


def test_rule_7_hours_of_sleep_are_not_a_window() -> None:
    assert resolve("I slept 7 to 8 hours", TUE)["kind"] == "duration"


def test_rule_8_supply_is_inclusive() -> None:
    assert resolve("a ten-day supply, started yesterday", TUE) == {
        "kind": "interval", "start": "2026-03-09", "end": "2026-03-18", "grain": "day"}
    assert resolve("a seven-day supply starting on February 25th", "2024-03-01T07:00:00+09:00")["end"] == (
        "2024-03-02")
    assert resolve("a five-day supply, started 3 days ago", NEW_YEAR_IN)["end"] == "2025-01-02"
    # a supply without a start has no place on the time line: only its length is kept
    assert resolve("a 30-day supply", TUE)["kind"] == "duration"


def test_rule_9_possessive_periods() -> None:
    assert resolve("last month's checkup", "2026-03-12T10:00:00+09:00") == {
        "kind": "month", "value": "2026-02", "grain": "month"}
    assert resolve("last week's run", TUE)["start"] == "2026-03-02"
    assert resolve("last year's flu shot", NEW_YEAR_IN)["value"] == "2024"


def test_rule_10_in_n_and_clock_times() -> None:
    assert resolve("in 3 days", TUE)["value"] == "2026-03-13"
    assert resolve("in 10 days", LEAP)["value"] == "2024-03-10"
    assert resolve("in 2 weeks", TUE)["value"] == "2026-03-24"
    assert resolve("at 8 this morning", TUE) == {
        "kind": "datetime", "value": "2026-03-10T08:00:00+09:00", "grain": "minute"}
    assert resolve("at 10pm yesterday", NEW_YEAR_IN)["value"] == "2024-12-31T22:00:00+05:30"
    assert resolve("at 6 this evening", TUE)["value"] == "2026-03-10T18:00:00+09:00"
    assert resolve("woke up at 3 last night", SUN_NY)["value"] == "2026-03-01T03:00:00-05:00"
    assert resolve("at 11pm last night", SUN_NY)["value"] == "2026-02-28T23:00:00-05:00"


def test_rule_10_a_bare_hour_is_not_guessed() -> None:
    assert resolve("at 8", TUE) == {"kind": "none"}
    assert resolve("at 8 yesterday", TUE) == {"kind": "date", "value": "2026-03-09", "grain": "day"}


def test_rule_11_month_and_day_without_year() -> None:
    assert resolve("on March 3rd", TUE)["value"] == "2026-03-03"
    assert resolve("on March 10", TUE)["value"] == "2026-03-10"  # on or before: today counts
    assert resolve("on March 15th", TUE)["value"] == "2025-03-15"
    assert resolve("next March 3rd", TUE)["value"] == "2027-03-03"
    assert resolve("on February 29th", TUE)["value"] == "2024-02-29"  # back to the last leap year
    assert resolve("on April 1st", MONTH_END_NY)["value"] == "2025-04-01"  # local date is still March 31st
    assert resolve("on January 2nd", NEW_YEAR_IN)["value"] == "2024-01-02"


def test_rule_10_a_zero_padded_time_without_its_colon() -> None:
    assert resolve("took it at 0630 after handover", "2021-01-01T18:00:00+13:00")["value"] == (
        "2021-01-01T06:30:00+13:00")
    # a year is no clock time
    assert resolve("had a stroke in 2013", "2021-01-01T18:00:00+13:00") == {
        "kind": "year", "value": "2013", "grain": "year"}


def test_rule_11_a_day_of_the_month_in_words() -> None:
    assert resolve("the shingles shot on the twelfth of march", TUE)["value"] == "2025-03-12"
    assert resolve("on the twenty-first of February", TUE)["value"] == "2026-02-21"
    assert resolve("back on March the third", TUE)["value"] == "2026-03-03"
    assert resolve("it was the first of may", TUE)["value"] == "2025-05-01"
    # an ordinal beside a month without "of" names no day: "my first March race"
    assert resolve("my first March race", TUE)["kind"] == "none"


def test_rule_12_durations_and_frequencies() -> None:
    assert resolve("for 30 minutes", TUE) == {
        "kind": "duration", "value": "PT30M", "iso_duration": "PT30M", "duration_min": 30}
    assert resolve("for an hour and a half", TUE)["iso_duration"] == "PT1H30M"
    assert resolve("for half an hour", TUE)["duration_min"] == 30
    assert resolve("for 2 weeks", TUE)["iso_duration"] == "P2W"
    assert resolve("for 6 months", TUE) == {"kind": "duration", "value": "P6M", "iso_duration": "P6M"}
    assert resolve("twice a day", TUE)["recurrence"] == {"count": 2, "per": "day"}
    assert resolve("every morning", TUE)["recurrence"] == {"count": 1, "per": "day"}
    assert resolve("three times a week", TUE)["recurrence"] == {"count": 3, "per": "week"}
    assert resolve("every other day", TUE)["recurrence"] == {"count": 1, "per": "P2D"}
    assert resolve("every 8 hours", TUE)["recurrence"] == {"count": 1, "per": "PT8H"}


@pytest.mark.parametrize(
    "text",
    ["I feel fine", "my blood pressure was 150/95", "I may need more metformin", "my A1c was 7.9%",
     "I had a second opinion", "ok thanks", "took 2 tablets of 500 mg", "",
     # a rate is not a duration, a bare weekday without a tense has no direction, a score is not a duration
     "I walk 5000 steps a day", "Monday", "I met my goal 5/5 days"],
)
def test_rule_13_nothing_resolved_means_none(text: str) -> None:
    got = resolve_event_time(text, datetime.fromisoformat(TUE))
    assert got.kind == "none"
    assert (got.value, got.start, got.end, got.event_start, got.event_end) == (None, None, None, None, None)


def test_the_anchored_expression_is_the_event_time() -> None:
    got = resolve_event_time("I walked for 30 minutes yesterday", datetime.fromisoformat(TUE))
    assert (got.kind, got.value, got.text) == ("date", "2026-03-09", "yesterday")


def test_a_mention_without_offset_is_refused() -> None:
    with pytest.raises(InvalidInput):
        resolve_event_time("yesterday", datetime(2026, 3, 10, 21, 0))
