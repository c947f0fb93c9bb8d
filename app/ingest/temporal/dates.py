"""Pure calendar arithmetic for the resolver: local dates, ISO weeks, months, clock occurrences.

Every function takes the mention (or its local date) as an argument; nothing reads the clock.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, tzinfo

import arrow

# How far back (or forward) a month-and-day without a year may be looked for; Feb 29 needs up to 8.
_YEAR_SEARCH = 9


def local_midnight(day: date, tz: tzinfo) -> datetime:
    return datetime.combine(day, time(0, 0), tzinfo=tz)


def at_clock(day: date, hour: int, minute: int, tz: tzinfo) -> datetime:
    """The instant ``hour:minute`` on ``day``; hour 24 means midnight at the end of the day."""
    if hour == 24:
        return local_midnight(day + timedelta(days=1), tz)
    return datetime.combine(day, time(hour, minute), tzinfo=tz)


def iso_week_start(day: date) -> date:
    """The Monday of the ISO week that contains ``day``."""
    return day - timedelta(days=day.weekday())


def iso_week_label(monday: date) -> str:
    year, week, _ = monday.isocalendar()
    return f"{year}-W{week:02d}"


def shift_months(day: date, months: int) -> date:
    """``day`` moved by whole months, the day clamped to the month's end (Mar 31 - 1 month = Feb 28/29)."""
    return arrow.get(day).shift(months=months).date()


def month_label(day: date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def month_start(label: str) -> date:
    year, month = label.split("-")[:2]
    return date(int(year), int(month), 1)


def next_month_start(first: date) -> date:
    return date(first.year + (first.month == 12), first.month % 12 + 1, 1)


def previous_weekday(day: date, weekday: int) -> date:
    """The most recent ``weekday`` (Monday = 0) strictly before ``day``."""
    return day - timedelta(days=(day.weekday() - weekday) % 7 or 7)


def following_weekday(day: date, weekday: int) -> date:
    """The first ``weekday`` strictly after ``day``."""
    return day + timedelta(days=(weekday - day.weekday()) % 7 or 7)


def weekday_on_or_before(day: date, weekday: int) -> date:
    return day - timedelta(days=(day.weekday() - weekday) % 7)


def month_day_on_or_before(day: date, month: int, dom: int) -> date | None:
    """The most recent ``month``/``dom`` on or before ``day`` (Feb 29 goes back to a leap year)."""
    for year in range(day.year, day.year - _YEAR_SEARCH, -1):
        candidate = _safe_date(year, month, dom)
        if candidate is not None and candidate <= day:
            return candidate
    return None


def month_day_after(day: date, month: int, dom: int) -> date | None:
    """The first ``month``/``dom`` strictly after ``day``."""
    for year in range(day.year, day.year + _YEAR_SEARCH):
        candidate = _safe_date(year, month, dom)
        if candidate is not None and candidate > day:
            return candidate
    return None


def _safe_date(year: int, month: int, dom: int) -> date | None:
    try:
        return date(year, month, dom)
    except ValueError:
        return None


def clock_at_or_before(mention: datetime, hour: int, minute: int) -> datetime:
    """The most recent occurrence of ``hour:minute`` at or before the mention, in its offset."""
    candidate = at_clock(mention.date(), hour, minute, mention.tzinfo)  # type: ignore[arg-type]
    return candidate if candidate <= mention else candidate - timedelta(days=1)


def clock_before(instant: datetime, hour: int, minute: int) -> datetime:
    """The latest occurrence of ``hour:minute`` strictly before ``instant``."""
    candidate = at_clock(instant.date(), hour, minute, instant.tzinfo)  # type: ignore[arg-type]
    return candidate if candidate < instant else candidate - timedelta(days=1)
