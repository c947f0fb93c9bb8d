"""A series summary carried from turn to turn, so a new point at the end of a long series costs
O(1) instead of an aggregation over every stored point.

The summary of each measured series is stored (as JSON, ``Record.series_state``) on the series'
``report_coverage`` record. When a turn appends points strictly after the series' latest report,
:func:`extend_summary` folds them in; anything else (a back-filled point, a correction, a
superseded reading, a missing or unreadable state) returns ``None`` and the caller recomputes the
summary from the stored series in the database. Both paths give the same summary: the tests check
``extend_summary(summarize(head), tail) == summarize(head + tail)``. Pure functions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from app.ingest.derived.series import Point, ReportDays, SeriesSummary, ordered

STATE_VERSION = 1


def extend_summary(summary: SeriesSummary, points: Sequence[Point]) -> SeriesSummary | None:
    """``summary`` with ``points`` appended; ``None`` unless every point comes after its last report.

    A point's ``props`` may carry ``abnormal`` (high / low / normal) and ``diastolic``.
    """
    current = summary
    for point in ordered(points):
        if current.last_report_at is not None and point.at <= current.last_report_at:
            return None
        days = current.days.add(point.at.date())
        if days is None:
            return None
        grade = point.props.get("abnormal")
        valued = point.value is not None
        current = SeriesSummary(
            reports=current.reports + 1,
            count=current.count + (1 if valued else 0),
            first=current.first if current.first is not None or not valued else point,
            previous=current.last if valued else current.previous,
            last=point if valued else current.last,
            minimum=_fold(min, current.minimum, point.value),
            maximum=_fold(max, current.maximum, point.value),
            days=days,
            flagged=current.flagged + (1 if grade is not None else 0),
            abnormal=current.abnormal + (1 if grade in ("high", "low") else 0),
            last_report_at=point.at,
        )
    return current


def _fold(pick: Any, kept: float | None, value: float | None) -> float | None:
    if value is None:
        return kept
    return value if kept is None else float(pick(kept, value))


def summary_state(summary: SeriesSummary) -> str:
    """The summary as the JSON stored on the series' coverage record."""
    return json.dumps(
        {
            "v": STATE_VERSION,
            "reports": summary.reports,
            "count": summary.count,
            "first": _point_state(summary.first),
            "previous": _point_state(summary.previous),
            "last": _point_state(summary.last),
            "minimum": summary.minimum,
            "maximum": summary.maximum,
            "first_day": summary.days.first.isoformat() if summary.days.first else None,
            "last_day": summary.days.last.isoformat() if summary.days.last else None,
            "day_count": summary.days.count,
            "gaps": [list(g) for g in summary.days.gaps],
            "flagged": summary.flagged,
            "abnormal": summary.abnormal,
            "last_report_at": summary.last_report_at.isoformat() if summary.last_report_at else None,
        },
        sort_keys=True,
    )


def summary_from_state(text: str | None) -> SeriesSummary | None:
    """The stored summary, or ``None`` when there is none or it cannot be read (then recompute)."""
    if not text:
        return None
    try:
        raw = json.loads(text)
        if raw.get("v") != STATE_VERSION or raw.get("last_report_at") is None:
            return None
        return SeriesSummary(
            reports=int(raw["reports"]),
            count=int(raw["count"]),
            first=_point(raw["first"]),
            previous=_point(raw["previous"]),
            last=_point(raw["last"]),
            minimum=raw["minimum"],
            maximum=raw["maximum"],
            days=ReportDays(
                first=date.fromisoformat(raw["first_day"]) if raw["first_day"] else None,
                last=date.fromisoformat(raw["last_day"]) if raw["last_day"] else None,
                count=int(raw["day_count"]),
                gaps=tuple((int(g), int(n)) for g, n in raw["gaps"]),
            ),
            flagged=int(raw["flagged"]),
            abnormal=int(raw["abnormal"]),
            last_report_at=datetime.fromisoformat(raw["last_report_at"]),
        )
    except (ValueError, KeyError, TypeError):
        return None


def _point_state(point: Point | None) -> dict[str, Any] | None:
    if point is None:
        return None
    return {
        "uid": point.uid,
        "at": point.at.isoformat(),
        "v": point.value,
        "diastolic": point.props.get("diastolic"),
    }


def _point(raw: Mapping[str, Any] | None) -> Point | None:
    if raw is None:
        return None
    return Point(
        uid=raw["uid"],
        at=datetime.fromisoformat(raw["at"]),
        value=None if raw["v"] is None else float(raw["v"]),
        props={"diastolic": raw.get("diastolic")},
    )
