"""A metric's trend over readings: a pure function (no clock, no I/O).

The reading value is the grounded canonical value when the write path set one (so readings in
different units compare), else the stated value; blood pressure trends on the systolic value. The
direction is "stable" when the change stays within ``STABLE_FRACTION`` of the first value.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Literal

from app.retrieval.models import RetrievedItem, Trend

Direction = Literal["rising", "falling", "stable", "unknown"]

STABLE_FRACTION = 0.02
"""A change smaller than 2 % of the first value counts as stable."""


def reading_value(item: RetrievedItem) -> float | None:
    fields = item.fields
    for key in ("value_canonical", "value", "systolic"):
        value = fields.get(key)
        if isinstance(value, int | float):
            return float(value)
    return None


def reading_unit(item: RetrievedItem) -> str | None:
    unit = item.fields.get("unit_canonical") if "value_canonical" in item.fields else None
    return unit or item.fields.get("unit")


def reading_time(item: RetrievedItem) -> datetime | None:
    stamp = item.provenance.event_start or item.provenance.mention_time or item.provenance.recorded_at
    if not stamp:
        return None
    parsed = datetime.fromisoformat(stamp)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def compute_trend(metric: str, items: Sequence[RetrievedItem]) -> Trend:
    """First, last, change, change per day and direction over the dated, valued readings."""
    points = sorted(
        (
            (t, v, item)
            for item in items
            if (t := reading_time(item)) and (v := reading_value(item)) is not None
        ),
        key=lambda p: p[0],
    )
    if not points:
        return Trend(metric=metric, count=0)
    (t0, first, item0), (t1, last, _) = points[0], points[-1]
    change = last - first
    days = (t1 - t0).total_seconds() / 86400
    if len(points) < 2:
        direction: Direction = "unknown"
    elif abs(change) <= abs(first) * STABLE_FRACTION:
        direction = "stable"
    else:
        direction = "rising" if change > 0 else "falling"
    return Trend(
        metric=metric,
        unit=reading_unit(item0),
        count=len(points),
        first=first,
        last=last,
        change=round(change, 4),
        per_day=round(change / days, 4) if days > 0 else None,
        direction=direction,
        since=t0.isoformat(),
        until=t1.isoformat(),
    )
