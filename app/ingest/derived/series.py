"""Series of one dimension in event-time order: keys, ``NEXT`` chains, trends and report coverage.

A *dimension* names what a record is about, so records of one dimension form a series:

======================  ======================================================================
record type             dimension
======================  ======================================================================
test_result             ``test:<standard_key>`` (the dictionary key; no key, no series)
vital_sign              ``test:<standard_key>`` when grounded, else ``vital:<kind>``
body_measurement        ``test:<standard_key>`` when grounded, else ``body:<kind>``
sleep                   ``sleep:duration``
symptom                 ``symptom:<standard_key>`` (else the name as said, lower-case)
intake, prescription    ``drug:<drug>``
regimen_change          ``regimen:<drug>`` (start / stop / skip / dose change: few, found fast)
mood_stress             ``mood:<kind>``
clinical_visit          ``visit:<kind>``
goal                    ``goal:<topic>`` (see :mod:`app.ingest.derived.lifecycle`)
static facts            ``static:<type>`` (one current value: a new one supersedes the old)
======================  ======================================================================

The graph stores ``series_key = <user_id>|<dimension>`` (range-indexed) so a series is found by
one index seek. All functions here are pure.
"""

from __future__ import annotations

import itertools
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from app.ingest.derived.lifecycle import goal_topic

MEASUREMENT_PREFIXES: tuple[str, ...] = ("test:", "vital:", "body:", "sleep:")
"""Dimensions whose records carry a number: they get ``NEXT`` chains, trends and coverage."""

CHAINED_PREFIXES: tuple[str, ...] = (*MEASUREMENT_PREFIXES, "symptom:", "mood:")
"""Dimensions chained by ``NEXT`` in event-time order."""

SINGLE_VALUED_STATIC: frozenset[str] = frozenset(
    {"sex", "birth_date", "height", "blood_type", "pregnancy_status"}
)
"""Static types with one current value: a later statement supersedes the earlier record."""

DEFAULT_FLAT_TOLERANCE = 0.0


def dimension(record: Mapping[str, Any]) -> str | None:
    """The dimension of a record given its stored properties (``None``: not part of a series)."""
    kind = record.get("type")
    key = record.get("standard_key")
    if kind == "test_result":
        return f"test:{key}" if key else None
    if kind == "vital_sign":
        return f"test:{key}" if key else f"vital:{record.get('kind')}"
    if kind == "body_measurement":
        return f"test:{key}" if key else f"body:{record.get('kind')}"
    if kind == "sleep":
        return "sleep:duration"
    if kind == "symptom" and (key or record.get("name")):
        return f"symptom:{str(key or record['name']).lower()}"
    if kind == "regimen_change" and record.get("drug"):
        return f"regimen:{str(record['drug']).lower()}"
    if kind in {"medication_intake", "prescription"} and record.get("drug"):
        return f"drug:{str(record['drug']).lower()}"
    if kind == "mood_stress":
        return f"mood:{record.get('kind')}"
    if kind == "clinical_visit":
        return f"visit:{record.get('kind')}"
    if kind == "goal" and record.get("target"):
        return f"goal:{goal_topic(str(record['target']))}"
    if kind in SINGLE_VALUED_STATIC:
        return f"static:{kind}"
    return None


def series_key(user_id: str, dim: str) -> str:
    return f"{user_id}|{dim}"


def is_measurement(dim: str) -> bool:
    return dim.startswith(MEASUREMENT_PREFIXES)


def is_chained(dim: str) -> bool:
    return dim.startswith(CHAINED_PREFIXES)


def numeric_value(record: Mapping[str, Any]) -> float | None:
    """The number a measurement series compares: canonical value, stated value, systolic, minutes."""
    if record.get("type") == "sleep":
        return _float(record.get("duration_min"))
    for name in ("value_canonical", "value", "systolic"):
        if record.get(name) is not None:
            return _float(record[name])
    return None


def _float(value: Any) -> float | None:
    return None if value is None else float(value)


@dataclass(frozen=True, slots=True)
class Point:
    """One record of a series: its uid, its time on the event axis, and its number if any."""

    uid: str
    at: datetime
    value: float | None = None
    props: Mapping[str, Any] = field(default_factory=dict)


def ordered(points: Sequence[Point]) -> list[Point]:
    """Event-time order; ties broken by uid so the order is total and stable across replays."""
    return sorted(points, key=lambda p: (p.at, p.uid))


def chain_insertions(
    new_points: Sequence[Point], neighbours: Mapping[str, tuple[str | None, str | None]]
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The ``NEXT`` edges to delete and create to slot new points into a stored chain.

    ``neighbours`` maps each new point's uid to its stored predecessor and successor (in event
    time, the other new points excluded). New points between the same two stored neighbours are
    chained in event-time order; the edge that joined those neighbours is replaced. Only
    neighbours are touched, so adding a reading to a long series costs a few edge writes.
    """
    gaps: dict[tuple[str | None, str | None], list[Point]] = {}
    for point in ordered(new_points):
        gaps.setdefault(neighbours.get(point.uid, (None, None)), []).append(point)
    delete: list[tuple[str, str]] = []
    create: list[tuple[str, str]] = []
    for (prev, nxt), points in gaps.items():
        if prev is not None and nxt is not None:
            delete.append((prev, nxt))
        chain = [prev, *(p.uid for p in points), nxt]
        create += [(a, b) for a, b in itertools.pairwise(chain) if a is not None and b is not None]
    return delete, create


@dataclass(frozen=True, slots=True)
class ReportDays:
    """The distinct local days a series was reported on, kept compact: the first and last, how
    many, and the gaps between consecutive ones as ``(gap in days, occurrences)``, sorted."""

    first: date | None = None
    last: date | None = None
    count: int = 0
    gaps: tuple[tuple[int, int], ...] = ()

    @classmethod
    def of(cls, days: Iterable[date]) -> ReportDays:
        distinct = sorted(set(days))
        if not distinct:
            return cls()
        gaps = Counter((b - a).days for a, b in itertools.pairwise(distinct))
        return cls(distinct[0], distinct[-1], len(distinct), tuple(sorted(gaps.items())))

    def add(self, day: date) -> ReportDays | None:
        """These days plus ``day``; ``None`` when ``day`` falls before the last one (recompute)."""
        if self.last is None:
            return ReportDays(day, day, 1, ())
        if day < self.last:
            return None
        if day == self.last:
            return self
        gaps = Counter(dict(self.gaps))
        gaps[(day - self.last).days] += 1
        return ReportDays(self.first, day, self.count + 1, tuple(sorted(gaps.items())))

    def median_gap(self) -> float | None:
        spread = [gap for gap, n in self.gaps for _ in range(n)]
        return statistics.median(spread) if spread else None

    def max_gap(self) -> int | None:
        return max((gap for gap, _ in self.gaps), default=None)


@dataclass(frozen=True, slots=True)
class SeriesSummary:
    """What trend and coverage need from a series.

    ``first`` / ``previous`` / ``last`` are the first, second-to-last and last points *with a
    value*; ``count`` counts those; ``reports`` counts every current record and
    ``last_report_at`` is the latest one's time; ``days`` are the distinct local days reported;
    ``flagged`` / ``abnormal`` count graded reports. Computed in the database for a stored
    series, or extended point by point (:mod:`app.ingest.derived.summary_state`).
    """

    reports: int
    count: int
    first: Point | None
    previous: Point | None
    last: Point | None
    minimum: float | None
    maximum: float | None
    days: ReportDays
    flagged: int = 0
    abnormal: int = 0
    last_report_at: datetime | None = None


def summarize(points: Sequence[Point]) -> SeriesSummary:
    """The summary of an in-memory series (the database computes the same for stored ones)."""
    series = ordered(points)
    valued = [p for p in series if p.value is not None]
    values = [p.value for p in valued if p.value is not None]
    flagged = [p for p in series if p.props.get("abnormal") in {"high", "low", "normal"}]
    return SeriesSummary(
        reports=len(series),
        count=len(valued),
        first=valued[0] if valued else None,
        previous=valued[-2] if len(valued) > 1 else None,
        last=valued[-1] if valued else None,
        minimum=min(values) if values else None,
        maximum=max(values) if values else None,
        days=ReportDays.of(p.at.date() for p in series),
        flagged=len(flagged),
        abnormal=sum(1 for p in flagged if p.props.get("abnormal") != "normal"),
        last_report_at=series[-1].at if series else None,
    )


def trend(summary: SeriesSummary, tolerance: float | None = None) -> dict[str, Any] | None:
    """A ``metric_trend`` computation from two measurements on (``None`` below two).

    ``direction`` is ``flat`` when the change is within the test's measurement tolerance.
    """
    first, previous, last = summary.first, summary.previous, summary.last
    if summary.count < 2 or first is None or previous is None or last is None:
        return None
    assert first.value is not None and previous.value is not None and last.value is not None
    change = last.value - first.value
    tol = DEFAULT_FLAT_TOLERANCE if tolerance is None else tolerance
    direction = "flat" if abs(change) <= tol else ("up" if change > 0 else "down")
    out: dict[str, Any] = {
        "count": summary.count,
        "first_value": first.value,
        "first_at": first.at.isoformat(),
        "last_value": last.value,
        "last_at": last.at.isoformat(),
        "previous_value": previous.value,
        "change": round(change, 4),
        "change_from_previous": round(last.value - previous.value, 4),
        "direction": direction,
        "min": summary.minimum,
        "max": summary.maximum,
        "first_uid": first.uid,
        "last_uid": last.uid,
    }
    if first.value:
        out["change_pct"] = round(100.0 * change / first.value, 2)
    if first.props.get("diastolic") is not None and last.props.get("diastolic") is not None:
        out["first_diastolic"] = float(first.props["diastolic"])
        out["last_diastolic"] = float(last.props["diastolic"])
    return out


def coverage(summary: SeriesSummary, now: datetime) -> dict[str, Any] | None:
    """How often a metric is reported (seed 000, lesson 1: self-reports are missing not at random).

    Unreported days are *missing*, not normal: ``reported_days`` over ``span_days`` says how much of
    the period the series describes, and ``abnormal_share`` how skewed the reports are.
    """
    days = summary.days
    if days.first is None or days.last is None:
        return None
    span = (days.last - days.first).days + 1
    return {
        "count": summary.reports,
        "first_day": days.first.isoformat(),
        "last_day": days.last.isoformat(),
        "reported_days": days.count,
        "span_days": span,
        "reported_share": round(days.count / span, 4),
        "typical_gap_days": days.median_gap(),
        "max_gap_days": days.max_gap(),
        "days_since_last": max(0, (now.date() - days.last).days),
        "abnormal_share": round(summary.abnormal / summary.flagged, 4) if summary.flagged else None,
        "missing_policy": "unreported days are missing, not normal",
    }
