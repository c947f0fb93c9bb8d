"""The shape of a rule: a pattern over the utterance and a pure function that resolves its span."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from typing import Any

from app.ingest.temporal.models import TemporalResolution


@dataclass(frozen=True)
class Context:
    """The mention in its own fixed UTC offset, and a way to resolve an embedded expression."""

    mention: datetime
    resolve_inner: Callable[[str], TemporalResolution | None] = field(compare=False)

    @property
    def tz(self) -> timezone:
        return self.mention.tzinfo  # type: ignore[return-value]

    @property
    def day(self) -> date:
        return self.mention.date()

    @property
    def offset(self) -> str:
        return offset_label(self.mention.utcoffset() or timedelta(0))

    def result(self, kind: str, convention: str, **fields: Any) -> TemporalResolution:
        return TemporalResolution(kind=kind, convention=convention, offset=self.offset, **fields)  # type: ignore[arg-type]


Resolve = Callable[[re.Match[str], Context], TemporalResolution | None]


@dataclass(frozen=True)
class Rule:
    """A named pattern (case-insensitive, whole words) and the function that resolves a match."""

    name: str
    convention: str
    pattern: str
    resolve: Resolve
    inner_only: bool = False

    @property
    def regex(self) -> re.Pattern[str]:
        return _compiled(self.pattern)


_CACHE: dict[str, re.Pattern[str]] = {}


def _compiled(pattern: str) -> re.Pattern[str]:
    regex = _CACHE.get(pattern)
    if regex is None:
        regex = re.compile(rf"(?<![\w'’/])(?:{pattern})(?![\w’/])", re.IGNORECASE)
        _CACHE[pattern] = regex
    return regex


def offset_label(delta: timedelta) -> str:
    minutes = int(delta.total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}:{rest:02d}"


def iso_date(day: date) -> str:
    return day.isoformat()


def iso_instant(instant: datetime) -> str:
    return instant.isoformat(timespec="seconds")
