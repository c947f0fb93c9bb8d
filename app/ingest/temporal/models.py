"""The resolver's output: a frozen, JSON-ready resolution and the mentions found in an utterance.

Values are ISO 8601 strings in the corpus format (issue #5, format 2): a date ``2026-03-07``, a
datetime ``2026-03-10T08:00:00+09:00`` (always in the mention's own UTC offset), a month
``2026-02``, a year ``2026``, an ISO week ``2026-W10``. Date intervals are inclusive at both ends
(a ten-day supply from 03-09 ends on 03-18); datetime intervals are half-open instants
(``slept from 1 to 6`` ends at 06:00). :meth:`TemporalResolution.event_start` and
:meth:`TemporalResolution.event_end` turn either into the stored half-open ``[start, end)`` pair.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.ingest.temporal.dates import month_start, next_month_start

Kind = Literal[
    "date", "datetime", "month", "year", "week", "interval", "open_interval", "duration", "recurrence", "none"
]
Grain = Literal["minute", "hour", "day", "week", "month", "year"]

# Kinds that place the event on the time line (the others only measure or repeat it).
ANCHORED_KINDS: frozenset[str] = frozenset(
    {"date", "datetime", "month", "year", "week", "interval", "open_interval"}
)


class Recurrence(BaseModel):
    """``count`` occurrences per period; ``per`` is a unit word or an ISO 8601 duration."""

    model_config = ConfigDict(frozen=True)

    count: int = Field(ge=1)
    per: str = Field(description="hour | day | week | month | year, or an ISO duration such as PT8H")


class TemporalResolution(BaseModel):
    """One resolved time expression; ``kind == 'none'`` means nothing was resolved (no fabrication)."""

    model_config = ConfigDict(frozen=True)

    kind: Kind
    text: str = Field(default="", description="the expression, copied verbatim from the input")
    value: str | None = None
    start: str | None = None
    end: str | None = None
    grain: Grain | None = None
    duration_min: int | None = None
    iso_duration: str | None = None
    recurrence: Recurrence | None = None
    convention: str | None = Field(default=None, description="the rule of docs/temporal.md that resolved it")
    offset: str | None = Field(default=None, description="the mention's UTC offset, e.g. +09:00")

    def as_expectation(self) -> dict[str, object]:
        """The corpus-format dict (format 2): only the keys that carry a value."""
        data = self.model_dump(exclude={"text", "convention", "offset"}, exclude_none=True)
        if self.recurrence is not None:
            data["recurrence"] = self.recurrence.model_dump()
        return data

    @property
    def event_start(self) -> datetime | None:
        """Inclusive start of the event time, as a zoned datetime (None when not anchored)."""
        bounds = self._bounds()
        return bounds[0] if bounds else None

    @property
    def event_end(self) -> datetime | None:
        """Exclusive end of the event time (None when not anchored or open-ended)."""
        bounds = self._bounds()
        return bounds[1] if bounds else None

    def _tz(self) -> timezone:
        if self.offset is None:
            return UTC
        return datetime.fromisoformat(f"2000-01-01T00:00:00{self.offset}").tzinfo  # type: ignore[return-value]

    def _midnight(self, day: date) -> datetime:
        return datetime(day.year, day.month, day.day, tzinfo=self._tz())

    def _bounds(self) -> tuple[datetime, datetime | None] | None:
        kind = self.kind
        if kind == "date" and self.value:
            day = date.fromisoformat(self.value)
            return self._midnight(day), self._midnight(day + timedelta(days=1))
        if kind == "datetime" and self.value:
            instant = datetime.fromisoformat(self.value)
            return instant, instant + (timedelta(hours=1) if self.grain == "hour" else timedelta(minutes=1))
        if kind == "month" and self.value:
            first = month_start(self.value)
            return self._midnight(first), self._midnight(next_month_start(first))
        if kind == "year" and self.value:
            year = int(self.value)
            return self._midnight(date(year, 1, 1)), self._midnight(date(year + 1, 1, 1))
        if kind in ("week", "interval") and self.start and self.end:
            if "T" in self.start:
                return datetime.fromisoformat(self.start), datetime.fromisoformat(self.end)
            last = date.fromisoformat(self.end)
            return self._midnight(date.fromisoformat(self.start)), self._midnight(last + timedelta(days=1))
        if kind == "open_interval" and self.start:
            if "T" in self.start:
                return datetime.fromisoformat(self.start), None
            return self._midnight(date.fromisoformat(self.start)), None
        return None


class TimeMention(BaseModel):
    """A time expression located in an utterance: verbatim text and character offsets."""

    model_config = ConfigDict(frozen=True)

    text: str
    start: int
    end: int
    convention: str


NONE = TemporalResolution(kind="none")
