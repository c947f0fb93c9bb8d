"""Event-time storage mapping (half-open, zoned) and finding expressions verbatim in utterances."""

from __future__ import annotations

from datetime import datetime

from app.ingest.temporal import find_time_expressions, resolve_all, resolve_event_time

TUE = datetime.fromisoformat("2026-03-10T21:00:00+09:00")


def bounds(text: str, at: datetime = TUE) -> tuple[str | None, str | None]:
    got = resolve_event_time(text, at)
    start, end = got.event_start, got.event_end
    return (start.isoformat() if start else None, end.isoformat() if end else None)


def test_a_date_is_stored_as_its_local_day() -> None:
    assert bounds("yesterday") == ("2026-03-09T00:00:00+09:00", "2026-03-10T00:00:00+09:00")


def test_a_date_interval_end_is_inclusive_so_storage_adds_a_day() -> None:
    assert bounds("a ten-day supply, started yesterday") == (
        "2026-03-09T00:00:00+09:00", "2026-03-19T00:00:00+09:00")


def test_weeks_months_and_years_cover_the_whole_period() -> None:
    assert bounds("last week") == ("2026-03-02T00:00:00+09:00", "2026-03-09T00:00:00+09:00")
    assert bounds("last month") == ("2026-02-01T00:00:00+09:00", "2026-03-01T00:00:00+09:00")
    assert bounds("last month", datetime.fromisoformat("2025-01-01T08:30:00+05:30")) == (
        "2024-12-01T00:00:00+05:30", "2025-01-01T00:00:00+05:30")
    assert bounds("last year") == ("2025-01-01T00:00:00+09:00", "2026-01-01T00:00:00+09:00")


def test_clock_intervals_and_instants() -> None:
    assert bounds("last night") == ("2026-03-09T22:00:00+09:00", "2026-03-10T06:00:00+09:00")
    assert bounds("at 8 this morning") == ("2026-03-10T08:00:00+09:00", "2026-03-10T08:01:00+09:00")


def test_open_intervals_have_no_end_and_quantities_no_place() -> None:
    assert bounds("since last Tuesday") == ("2026-03-03T00:00:00+09:00", None)
    assert bounds("for 30 minutes") == (None, None)
    assert bounds("twice a day") == (None, None)


def test_expressions_are_copied_verbatim_with_offsets() -> None:
    utterance = "I stopped taking my Metformin Last Week, it upset my stomach."
    [mention] = find_time_expressions(utterance, TUE)
    assert mention.text == "Last Week" == utterance[mention.start:mention.end]
    assert mention.convention == "5"
    assert find_time_expressions(utterance) == [mention]  # finding needs no mention time


def test_several_expressions_in_one_utterance() -> None:
    utterance = "Yesterday I walked for 45 minutes and I take my pills twice a day."
    found = find_time_expressions(utterance, TUE)
    assert [m.text for m in found] == ["Yesterday", "for 45 minutes", "twice a day"]
    assert [r.kind for r in resolve_all(utterance, TUE)] == ["date", "duration", "recurrence"]


def test_the_longest_expression_wins() -> None:
    found = find_time_expressions("my sugar was 180 at 10pm yesterday", TUE)
    assert [m.text for m in found] == ["at 10pm yesterday"]


def test_no_expression_no_mention() -> None:
    assert find_time_expressions("I may need more metformin, my BP was 150/95", TUE) == []


def test_resolution_is_deterministic() -> None:
    first = resolve_event_time("slept from 11pm to 6am", TUE)
    assert all(resolve_event_time("slept from 11pm to 6am", TUE) == first for _ in range(3))


def test_sentence_punctuation_stays_outside_the_expression() -> None:
    found = find_time_expressions("I haven't synced since last Saturday. Is that ok?", TUE)
    assert [m.text for m in found] == ["since last Saturday"]
    assert [m.text for m in find_time_expressions("Seen on Mar. 3 by Dr. [Name]", TUE)] == ["Mar. 3"]


def test_an_age_is_not_a_duration() -> None:
    assert find_time_expressions("my friend lost her 16 yr old daughter", TUE) == []
    assert resolve_event_time("I have had diabetes for 16 years", TUE).iso_duration == "P16Y"
