"""Scoring one scenario: every turn's gate, storage and findings, then every query.

:func:`score_scenario` is pure; the metrics it fills are defined in :mod:`app.evaluation.metrics`.
"""

from __future__ import annotations

from app.evaluation.finding_scoring import score_findings
from app.evaluation.metrics import ScenarioScore
from app.evaluation.observed import ScenarioOutcome
from app.evaluation.retrieval_scoring import score_query
from app.evaluation.scenario_format import Scenario
from app.evaluation.storage_scoring import add_confusion, score_blocked, score_records, score_retain


def score_scenario(scenario: Scenario, outcome: ScenarioOutcome) -> ScenarioScore:
    """Score one scenario's outcome against its expectations."""
    score = ScenarioScore(
        scenario.id,
        errors=list(outcome.errors),
        unavailable=dict(outcome.unavailable),
        unfed_findings=outcome.unfed_findings,
    )
    confusion = {"tp": 0, "fp": 0, "tn": 0, "fn": 0}
    for ti, turn in enumerate(scenario.turns):
        got = outcome.turns[ti] if ti < len(outcome.turns) else None
        if got is None:
            continue
        where = f"turns.{ti}"
        score_retain(score, where, turn, got, confusion)
        if got.records is not None:
            score_records(score, where, turn, got.records)
        if turn.expect.blocked:
            score_blocked(score, where, turn, got)
        if got.findings is not None:
            score_findings(score, where, turn, got.findings)
    add_confusion(score, confusion)
    for qi, query in enumerate(scenario.queries):
        q = outcome.queries[qi] if qi < len(outcome.queries) else None
        if q is not None:
            score_query(score, f"queries.{qi}", query, q, outcome)
    return score
