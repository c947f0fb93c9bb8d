"""The time a statement is compared with the record at (seed 003 §2.2: the record as of the event)."""

from __future__ import annotations

from datetime import UTC, datetime

from app.reconcile.models import Statement

MENTION = datetime(2021, 4, 10, 12, 0, tzinfo=UTC)


def test_a_day_is_read_at_its_start() -> None:
    st = Statement(
        type="test_result",
        event_start=datetime(2021, 4, 9, tzinfo=UTC),
        event_end=datetime(2021, 4, 10, tzinfo=UTC),
        mention_time=MENTION,
    )
    assert st.when(MENTION) == datetime(2021, 4, 9, tzinfo=UTC)


def test_a_period_is_read_at_its_end_so_a_result_inside_it_is_visible() -> None:
    """"last month's cholesterol results": a result dated March 17 is what the person reports."""
    st = Statement(
        type="test_result",
        event_start=datetime(2021, 3, 1, tzinfo=UTC),
        event_end=datetime(2021, 4, 1, tzinfo=UTC),
        mention_time=MENTION,
    )
    assert st.when(MENTION) == datetime(2021, 4, 1, tzinfo=UTC)


def test_a_period_running_past_the_mention_is_read_at_the_mention() -> None:
    st = Statement(
        type="exercise",
        event_start=datetime(2021, 4, 5, tzinfo=UTC),
        event_end=datetime(2021, 4, 12, tzinfo=UTC),
        mention_time=MENTION,
    )
    assert st.when(MENTION) == MENTION


def test_without_an_event_time_the_mention_then_now() -> None:
    assert Statement(type="meal", mention_time=MENTION).when(datetime(2030, 1, 1, tzinfo=UTC)) == MENTION
    now = datetime(2030, 1, 1, tzinfo=UTC)
    assert Statement(type="meal").when(now) == now
