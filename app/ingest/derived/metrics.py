"""Trend and report coverage of the measured series a turn touched.

Each measured series' summary is carried on its ``report_coverage`` record
(:mod:`app.ingest.derived.summary_state`): points appended at the end of a series are folded into
it, so a reading added to a series of thousands costs one index lookup. Back-filled points,
corrections and supersessions recompute the summary in the database (:data:`queries.READ_SUMMARY`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from app.db.client import Tx
from app.dictionary import DictionarySnapshot
from app.dictionary.models import TestEntry
from app.ingest.derived import queries
from app.ingest.derived.series import (
    Point,
    ReportDays,
    SeriesSummary,
    coverage,
    is_measurement,
    numeric_value,
    series_key,
    trend,
)
from app.ingest.derived.summary_state import extend_summary, summary_from_state, summary_state
from app.ingest.write_path.models import derived_uid
from app.ingest.write_path.search_text import coverage_search_text, trend_search_text

Row = dict[str, Any]


def native(value: Any) -> Any:
    """A driver temporal value as its Python counterpart (other values unchanged)."""
    return value.to_native() if hasattr(value, "to_native") else value


def _summary_point(raw: Mapping[str, Any] | None) -> Point | None:
    if raw is None:
        return None
    return Point(
        uid=raw["uid"],
        at=native(raw["at"]),
        value=float(raw["v"]),
        props={"diastolic": raw.get("diastolic")},
    )


def new_point(record: Mapping[str, Any]) -> Point:
    """A new record as a point of its series (``at`` = event time, else mention time)."""
    return Point(
        uid=str(record["uid"]),
        at=record["at"],
        value=numeric_value(record),
        props={"abnormal": record.get("abnormal"), "diastolic": record.get("diastolic")},
    )


def summaries(
    tx: Tx,
    user_id: str,
    placed: Sequence[Mapping[str, Any]],
    *,
    recompute: bool,
) -> dict[str, SeriesSummary]:
    """The summary of every measured series among the new records (dimension -> summary)."""
    measured = sorted({str(r["dimension"]) for r in placed if is_measurement(str(r["dimension"]))})
    if not measured:
        return {}
    out: dict[str, SeriesSummary] = {}
    if not recompute:
        rows = [
            {"key": dim, "uid": derived_uid(user_id, "report_coverage", dim)} for dim in measured
        ]
        for row in tx.run(queries.READ_SERIES_STATES, {"rows": rows}):
            stored = summary_from_state(row["state"])
            points = [new_point(r) for r in placed if r["dimension"] == row["key"]]
            extended = extend_summary(stored, points) if stored is not None else None
            if extended is not None:
                out[row["key"]] = extended
    missing = [dim for dim in measured if dim not in out]
    if missing:
        for raw in tx.run(queries.READ_SUMMARY, {"keys": [series_key(user_id, d) for d in missing]}):
            out[raw["key"].split("|", 1)[1]] = SeriesSummary(
                reports=raw["reports"],
                count=raw["count"],
                first=_summary_point(raw["first"]),
                previous=_summary_point(raw["previous"]),
                last=_summary_point(raw["last"]),
                minimum=raw["minimum"],
                maximum=raw["maximum"],
                days=ReportDays.of(native(d) for d in raw["days"]),
                flagged=raw["flagged"],
                abnormal=raw["abnormal"],
                last_report_at=native(raw["last_report_at"]),
            )
    return out


def metric_rows(
    user_id: str,
    by_dimension: Mapping[str, SeriesSummary],
    new_uids: set[str],
    snapshot: DictionarySnapshot,
    now: datetime,
) -> list[Row]:
    """The ``metric_trend`` and ``report_coverage`` upserts (the coverage record carries the state)."""
    out: list[Row] = []
    for dim, summary in sorted(by_dimension.items()):
        test = snapshot.get("test", dim[5:]) if dim.startswith("test:") else None
        display = test.display if test else dim.replace(":", " ").replace("_", " ")
        unit = test.unit if isinstance(test, TestEntry) else None
        sources = sorted(new_uids)
        base = {
            "source_type": "derived",
            "extractor": "derived",
            "confidence": 1.0,
            "status": "current",
            "series_key": None,
            "unit": unit,
            "name": display,
            "standard_key": test.key if test else None,
            "loinc": test.loinc if isinstance(test, TestEntry) else None,
        }
        computed = trend(summary, test.tolerance if isinstance(test, TestEntry) else None)
        if computed is not None:
            out.append(
                {
                    "uid": derived_uid(user_id, "metric_trend", dim),
                    "sources": sorted({*sources, computed["first_uid"], computed["last_uid"]}),
                    "props": {
                        **base,
                        "type": "metric_trend",
                        "kind": dim,
                        "derived": json.dumps(computed),
                        "value": computed["change"],
                        "search_text": trend_search_text(display, unit, computed),
                    },
                }
            )
        cov = coverage(summary, now)
        if cov is not None:
            out.append(
                {
                    "uid": derived_uid(user_id, "report_coverage", dim),
                    "sources": sources,
                    "props": {
                        **base,
                        "type": "report_coverage",
                        "kind": dim,
                        "derived": json.dumps(cov),
                        "series_state": summary_state(summary),
                        "search_text": coverage_search_text(display, cov),
                    },
                }
            )
    return out
