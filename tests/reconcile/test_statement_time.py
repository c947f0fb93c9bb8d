"""The time a statement is compared with the record at (seed 003 §2.2: the record as of the event)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from app.reconcile.models import Statement

MENTION = datetime(2021, 4, 10, 12, 0, tzinfo=UTC)


def day(month: int, dom: int) -> datetime:
    return datetime(2021, month, dom, tzinfo=UTC)


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        (day(4, 9), day(4, 10), day(4, 9)),  # a day is read at its start
        # "last month's cholesterol results": a period is read at its end, so a result dated inside it
        # (March 17) is visible
        (day(3, 1), day(4, 1), day(4, 1)),
        (day(4, 5), day(4, 12), MENTION),  # a period running past the mention is read at the mention
    ],
    ids=["a day at its start", "a period at its end", "a period no later than the mention"],
)
def test_the_event_time_a_statement_is_read_at(start: datetime, end: datetime, expected: datetime) -> None:
    st = Statement(type="symptom", event_start=start, event_end=end, mention_time=MENTION)
    assert st.when(MENTION) == expected


def test_without_an_event_time_the_mention_then_now() -> None:
    assert Statement(type="meal", mention_time=MENTION).when(datetime(2030, 1, 1, tzinfo=UTC)) == MENTION
    now = datetime(2030, 1, 1, tzinfo=UTC)
    assert Statement(type="meal").when(now) == now


@pytest.mark.parametrize(
    ("record_type", "expected"),
    [
        # "on March 12th they gave me the shingles vaccine": the day's record, and a day more for a record kept in
        # another time zone, no later than the mention
        ("clinical_visit", MENTION),
        ("surgery_history", MENTION),
        ("test_result", day(4, 10)),  # a result dated to a past day: that day's lab in the record
        ("regimen_change", day(4, 9)),
    ],
)
def test_a_documented_event_is_read_at_the_end_of_its_day(record_type: str, expected: datetime) -> None:
    st = Statement(type=record_type, event_start=day(4, 9), event_end=day(4, 10), mention_time=MENTION)
    assert st.when(MENTION) == expected
    today = Statement(type=record_type, event_start=day(4, 10), event_end=day(4, 11), mention_time=MENTION)
    # a measurement said for today is compared with the one before it
    assert today.when(MENTION) == (MENTION if record_type in ("clinical_visit", "surgery_history") else day(4, 10))


def test_a_documented_day_reaches_a_record_kept_in_another_time_zone() -> None:
    # "got my flu jab on the 3rd of November" said at UTC+13 (the day ends at 11:00 UTC) against a dose the record
    # keeps at 14:59 UTC that day: the record is read a day past the named day's end
    plus13 = timezone(timedelta(hours=13))
    st = Statement(
        type="clinical_visit",
        event_start=datetime(2020, 11, 3, tzinfo=plus13),
        event_end=datetime(2020, 11, 4, tzinfo=plus13),
        mention_time=datetime(2020, 11, 16, 10, 10, tzinfo=plus13),
    )
    assert st.when(st.mention_time) == datetime(2020, 11, 5, tzinfo=plus13)
    assert st.when(st.mention_time) > datetime(2020, 11, 3, 14, 59, tzinfo=UTC)
    meal = Statement(type="meal", event_start=st.event_start, event_end=st.event_end, mention_time=st.mention_time)
    assert meal.when(st.mention_time) == st.event_start  # no record documents a meal: no slack
