"""Scoring a turn's memory gate and storage (definitions in :mod:`app.evaluation.metrics`).

``retain_*``, ``storage_accuracy``, ``extra_clinical_records``, ``temporal_accuracy`` and
``gate_block_accuracy``.

Expected records are matched one-to-one to produced ones (:func:`~app.evaluation.matching.max_matching`);
the retain confusion counts become tallies (:func:`add_confusion`) so that pooling stays exact.
"""

from __future__ import annotations

from typing import Any

from app.evaluation.matching import (
    describe_event_time,
    event_time_matches,
    fields_match,
    max_matching,
    norm_text,
    record_matches,
)
from app.evaluation.metrics import ScenarioScore, Tally, as_json
from app.evaluation.observed import ObservedRecord, TurnOutcome
from app.evaluation.scenario_format import ExpectedRecord, Turn, is_given
from app.ingest.narrative.record_types import CLINICAL_TYPES


def _record_summary(record: ObservedRecord) -> dict[str, Any]:
    summary: dict[str, Any] = {"type": record.type, "fields": as_json(dict(record.fields))}
    summary["event_time"] = describe_event_time(record.event_start, record.event_end)
    if record.abnormal:
        summary["abnormal"] = record.abnormal
    if record.concepts:
        summary["concepts"] = list(record.concepts)
    return summary


def score_retain(
    score: ScenarioScore, where: str, turn: Turn, outcome: TurnOutcome, confusion: dict[str, int]
) -> None:
    expected = turn.expect.retain
    if expected is None or outcome.retained is None:
        return
    got = outcome.retained
    key = ("t" if got == expected else "f") + ("p" if got else "n")
    confusion[key] += 1
    if got != expected:
        score.fail(where, "retain", expected, got)


def score_records(
    score: ScenarioScore, where: str, turn: Turn, produced: tuple[ObservedRecord, ...]
) -> None:
    expected = turn.expect.records
    matched = max_matching(expected, produced, record_matches)
    for i, exp in enumerate(expected):
        score.tallies["storage_accuracy"].add(i in matched)
        if i not in matched:
            near = [_record_summary(r) for r in produced if r.type == exp.type] or [
                _record_summary(r) for r in produced
            ]
            score.fail(f"{where}.records.{i}", "record", as_json(exp), near)
        if is_given(exp, "event_time"):
            _score_event_time(score, f"{where}.records.{i}", exp, produced)
    if is_given(turn.expect, "records"):
        relaxed = max_matching(expected, produced, fields_match)
        used = set(relaxed.values())
        for j, record in enumerate(produced):
            if record.type not in CLINICAL_TYPES:
                continue
            extra = j not in used
            score.tallies["extra_clinical_records"].add(extra)
            if extra:
                score.fail(f"{where}.records", "extra_clinical_record", None, _record_summary(record))


def _score_event_time(
    score: ScenarioScore, where: str, exp: ExpectedRecord, produced: tuple[ObservedRecord, ...]
) -> None:
    candidates = [r for r in produced if fields_match(exp, r)]
    if not candidates:
        return
    ok = any(event_time_matches(exp.event_time, r.event_start, r.event_end) for r in candidates)
    score.tallies["temporal_accuracy"].add(ok)
    if not ok:
        score.fail(
            where,
            "event_time",
            as_json(exp.event_time),
            [describe_event_time(r.event_start, r.event_end) for r in candidates],
        )


def score_blocked(score: ScenarioScore, where: str, turn: Turn, outcome: TurnOutcome) -> None:
    if outcome.blocked is None:
        return
    refused = {norm_text(name) for name in outcome.blocked}
    stored = {norm_text(r.fields.get("name", "")) for r in outcome.records or () if r.type == "test_result"}
    for name in turn.expect.blocked:
        ok = norm_text(name) in refused and norm_text(name) not in stored
        score.tallies["gate_block_accuracy"].add(ok)
        if not ok:
            score.fail(
                f"{where}.blocked",
                "blocked",
                name,
                {"blocked": list(outcome.blocked), "stored_as_record": norm_text(name) in stored},
            )


def add_confusion(score: ScenarioScore, c: dict[str, int]) -> None:
    """Retain precision/recall/accuracy as tallies, so that pooling stays exact."""
    t = score.tallies
    t["retain_precision"].merge(Tally(c["tp"], c["tp"] + c["fp"]))
    t["retain_recall"].merge(Tally(c["tp"], c["tp"] + c["fn"]))
    t["retain_accuracy"].merge(Tally(c["tp"] + c["tn"], sum(c.values())))
