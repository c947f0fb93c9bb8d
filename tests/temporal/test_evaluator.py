"""The temporal evaluator: scoring rules on hand-made cases, the public corpus, the Duckling adapter."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli import app
from app.evaluation.temporal import evaluate_file, read_jsonl, score
from app.evaluation.temporal_duckling import adapt
from app.ingest.temporal import Recurrence, TemporalResolution

CORPUS = Path(__file__).parent / "health_expressions.jsonl"
M = "2013-02-12T04:30:00-02:00"


def got(kind: str, **fields: object) -> TemporalResolution:
    return TemporalResolution(kind=kind, **fields)  # type: ignore[arg-type]


def test_a_wrong_kind_is_wrong_whatever_else_agrees() -> None:
    problems = score({"kind": "date", "value": "2026-03-07"}, got("datetime", value="2026-03-07"))
    assert problems == ["kind: expected date, got datetime"]


def test_an_interval_off_by_one_day_is_wrong() -> None:
    expect = {"kind": "interval", "start": "2026-03-09", "end": "2026-03-18", "grain": "day"}
    assert score(expect, got("interval", start="2026-03-09", end="2026-03-18")) == []
    assert score(expect, got("interval", start="2026-03-09", end="2026-03-19")) == [
        "end: expected 2026-03-18, got 2026-03-19"]


def test_absent_keys_are_not_scored_and_grain_is_informational() -> None:
    assert score({"kind": "interval"}, got("interval", start="2020-01-01", end="2020-01-02")) == []
    loose_grain = {"kind": "date", "value": "2026-03-07", "grain": "month"}
    assert score(loose_grain, got("date", value="2026-03-07")) == []


def test_equivalent_forms_compare_equal() -> None:
    assert score({"kind": "week", "value": "2026-W10"}, got("week", value="2026-03-02")) == []
    assert score({"kind": "duration", "value": "PT90M"}, got("duration", value="PT1H30M")) == []
    assert score({"kind": "duration", "value": "P1M"}, got("duration", value="P30D")) != []
    assert score({"kind": "datetime", "value": "2026-03-10T08:00:00+09:00"},
                 got("datetime", value="2026-03-09T23:00:00+00:00")) == []
    month_start = {"kind": "open_interval", "start": "2024-12"}
    assert score(month_start, got("open_interval", start="2024-12-01")) == []
    assert score({"kind": "recurrence", "recurrence": {"count": 2, "per": "day"}},
                 got("recurrence", recurrence=Recurrence(count=2, per="P1D"))) == []


def test_recurrence_and_duration_minutes_are_checked() -> None:
    expect = {"kind": "recurrence", "recurrence": {"count": 2, "per": "day"}}
    assert score(expect, got("recurrence", recurrence=Recurrence(count=3, per="day"))) == [
        "recurrence.count: expected 2, got 3"]
    minutes = {"kind": "duration", "duration_min": 30}
    assert score(minutes, got("duration", value="PT30M", duration_min=45)) != []


def test_the_public_corpus_is_large_varied_and_fully_resolved() -> None:
    rows = [data for _, data in read_jsonl(CORPUS)]
    assert len(rows) >= 150
    assert {str(r["convention"]) for r in rows} == {str(n) for n in range(1, 14)}
    offsets = {r["mention"][-6:] for r in rows}
    assert {"+09:00", "-05:00", "+00:00", "+05:30"} <= offsets
    report = evaluate_file(CORPUS)
    overall = report.overall()
    assert [(r.row.text, r.mismatches) for r in report.results if not r.correct] == []
    assert overall["accuracy"] == 1.0
    assert set(overall["by_kind"]) == {"date", "datetime", "month", "year", "week", "interval",
                                       "open_interval", "duration", "recurrence", "none"}


@pytest.mark.parametrize(
    ("row", "expect"),
    [
        ({"text": "7 days ago", "expected": {"type": "value", "grain": "hour",
                                             "value": "2013-02-05T04:00:00-02:00"}},
         {"kind": "date", "value": "2013-02-05"}),
        ({"text": "last 2 days", "expected": {"type": "interval", "grain": "day",
                                              "from": "2013-02-10T00:00:00-02:00",
                                              "to_exclusive": "2013-02-12T00:00:00-02:00"}},
         {"kind": "interval", "start": "2013-02-10", "end": "2013-02-12"}),
        ({"text": "next wednesday", "expected": {"type": "value", "grain": "day",
                                                 "value": "2013-02-20T00:00:00-02:00"}},
         {"kind": "date", "value": "2013-02-13"}),
        ({"text": "at 3am", "expected": {"type": "value", "grain": "hour",
                                         "value": "2013-02-13T03:00:00-02:00"}},
         {"kind": "datetime", "value": "2013-02-12T03:00:00-02:00"}),
        ({"text": "last week", "expected": {"type": "value", "grain": "week",
                                            "value": "2013-02-04T00:00:00-02:00"}},
         {"kind": "week", "start": "2013-02-04", "end": "2013-02-10"}),
    ],
)
def test_duckling_rows_are_mapped_to_our_conventions(row: dict[str, object], expect: dict[str, str]) -> None:
    adapted = adapt({"dimension": "time", "reference_time": M, **row})
    assert not isinstance(adapted, str)
    assert adapted.expect == expect


def test_duckling_durations_and_uncovered_rows() -> None:
    duration = adapt({"text": "an hour and a half", "dimension": "duration", "reference_time": M,
                      "expected": {"type": "duration", "value": 90, "unit": "minute"}})
    assert not isinstance(duration, str) and duration.expect == {"kind": "duration", "value": "PT90M"}
    morning = adapt({"text": "this morning", "dimension": "time", "reference_time": M, "tags": [],
                     "expected": {"type": "interval", "from": M, "to_exclusive": M}})
    assert isinstance(morning, str) and morning.startswith("differs by definition")


def test_duckling_file_scores_at_least_95_percent_on_covered_rows(shared_data: Path) -> None:
    report = evaluate_file(shared_data / "temporal" / "duckling_en_health_relevant.jsonl")
    overall = report.overall()
    assert overall["scored"] >= 100
    assert overall["accuracy"] >= 0.95
    assert overall["scored"] + overall["not_covered"] == 592


def test_cli_eval_temporal_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["eval", "temporal", str(CORPUS), "--json", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["overall"]["accuracy"] == 1.0
    assert Counter(report["overall"]["by_kind"]).keys() >= {"date", "none"}
    assert report["failures"] == []


def test_cli_resolve_time_prints_json() -> None:
    at = "2026-03-10T08:00:00+09:00"
    result = CliRunner().invoke(app, ["resolve-time", "--at", at, "slept from 1 to 6"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["kind"] == "interval" and payload["duration_min"] == 300
    assert payload["event_start"] == "2026-03-10T01:00:00+09:00"
    bad = CliRunner().invoke(app, ["resolve-time", "--at", "2026-03-10T08:00:00", "yesterday"])
    assert bad.exit_code == 1
    assert datetime.fromisoformat(payload["event_end"]).hour == 6
