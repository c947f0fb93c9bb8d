"""The running series summary: extending it point by point equals recomputing it from the series."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone

from app.ingest.derived.series import Point, coverage, summarize, trend
from app.ingest.derived.summary_state import extend_summary, summary_from_state, summary_state

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def series(n: int, seed: int) -> list[Point]:
    rng = random.Random(seed)
    at = datetime(2024, 1, 1, 8, 0, tzinfo=timezone(timedelta(hours=-5)))
    points = []
    for i in range(n):
        at += timedelta(hours=rng.choice([1, 5, 20, 24, 30, 72, 200]))
        value = None if rng.random() < 0.15 else round(rng.uniform(70, 200), 1)
        grade = rng.choice([None, "normal", "high", "low"])
        points.append(Point(f"p{i:04d}", at, value, {"abnormal": grade, "diastolic": rng.choice([None, 80.0])}))
    return points


def outputs(summary: object) -> tuple[object, object]:
    return trend(summary, 0.5), coverage(summary, NOW)  # type: ignore[arg-type]


def test_extending_equals_recomputing_for_any_split() -> None:
    for seed in range(20):
        points = series(60, seed)
        whole = summarize(points)
        for cut in (1, 2, 17, 59):
            head = summarize(points[:cut])
            extended = extend_summary(head, points[cut:])
            assert extended is not None
            assert outputs(extended) == outputs(whole)
            assert (extended.reports, extended.count, extended.days, extended.flagged, extended.abnormal) == (
                whole.reports,
                whole.count,
                whole.days,
                whole.flagged,
                whole.abnormal,
            )


def test_a_point_at_or_before_the_last_report_asks_for_a_recompute() -> None:
    points = series(10, 3)
    head = summarize(points[:8])
    assert extend_summary(head, [points[3]]) is None  # back-filled
    same_time = Point("zz", points[7].at, 100.0)
    assert extend_summary(head, [same_time]) is None  # a tie cannot be ordered without the series


def test_the_stored_state_round_trips_and_bad_state_means_recompute() -> None:
    points = series(30, 11)
    summary = summarize(points)
    restored = summary_from_state(summary_state(summary))
    assert restored is not None and outputs(restored) == outputs(summary)
    again = extend_summary(restored, series(31, 11)[30:])
    assert again is not None and again.reports == 31
    assert summary_from_state(None) is None
    assert summary_from_state("{not json") is None
    assert summary_from_state('{"v": 0}') is None


def test_a_medication_state_continues_exactly_from_a_stored_one() -> None:
    from app.ingest.derived.lifecycle import medication_state

    rng = random.Random(4)
    at = datetime(2025, 1, 1, 8, 0, tzinfo=UTC)
    history = []
    for i in range(80):
        at += timedelta(hours=rng.choice([6, 12, 24, 48]))
        kind = rng.choice(["medication_intake"] * 6 + ["regimen_change", "prescription"])
        record = {"uid": f"m{i:03d}", "at": at, "type": kind}
        if kind == "regimen_change":
            record["action"] = rng.choice(["start", "stop", "skip", "dose_change"])
        if rng.random() < 0.3:
            record |= {"dose": rng.choice([500, 850, 1000]), "unit": "mg", "frequency": rng.choice([None, "daily"])}
        history.append(record)
    for cut in (1, 10, 40, 79):
        whole = medication_state("metformin", history)
        head = medication_state("metformin", history[:cut])
        assert head is not None and head.last_at == history[cut - 1]["at"]
        assert medication_state("metformin", history[cut:], start=head) == whole
    assert medication_state("metformin", [], start=whole) == whole
