"""The scenario metrics (seed 000 §6 and seed 003 §4.3), computed from a scenario and its outcome.

Pure: :func:`app.evaluation.scenario_scoring.score_scenario` takes the parsed ``Scenario`` and the
``ScenarioOutcome`` and returns :class:`ScenarioScore` — a tally (numerator, denominator) per metric
and every failed expectation with what was expected and what came out. This module holds the metric
keys, the tallies and their pooling; the scoring is in ``storage_scoring`` (memory gate and storage),
``finding_scoring`` (reconciliation) and ``retrieval_scoring``. Overall figures pool the tallies of all
scenarios (:func:`pool`), so a metric is the share over every scored item of the run; a metric
with nothing to score is ``None``. Definitions (the docs in ``docs/eval/README.md`` repeat them):

- ``retain_*``: the memory gate over turns with ``retain``; positive = kept.
- ``storage_accuracy``: expected records matched one-to-one by a produced record (type, fields,
  event time, abnormal, concepts); ``extra_clinical_records``: produced clinical records of
  turns with a ``records`` key that match no expected record on type + fields (lower is better);
  ``temporal_accuracy``: expected records with ``event_time`` whose type + fields were produced,
  with a matching event time; ``gate_block_accuracy``: ``blocked`` names refused (reported as
  blocked and no ``test_result`` of that name stored).
- reconciliation, per expected finding (matched one-to-one to a produced finding of the same kind
  on its turn, preferring the one citing most expected resources): ``detection_rate`` (a finding
  of the kind was produced), ``resource_informed_detection`` (and it cites an expected resource;
  over findings with ``cites``), ``safety_recall`` (detection over ``safety_critical: true``),
  ``severity_exact`` / ``severity_within_one`` (over findings with ``severity``; undetected counts
  as wrong), ``resource_recall`` (mean share of expected resources cited; 0 when undetected),
  ``resource_precision`` (mean share of the finding's cites that were expected, over detected
  findings that cite something), ``false_findings`` (share of ``no_findings_of`` kinds produced;
  lower is better). In isolated mode an expected finding whose turn lists no ``records`` has no gold
  input to feed the reconciler: it is not scored and is counted in the report's ``unfed_findings``.
- retrieval: ``route_accuracy`` over queries with ``route``; ``hard_boundary_accuracy`` over
  queries with ``empty``; ``mrr``, ``recall_at_k``, ``precision_at_k`` (hits in the top k / k) over
  queries with a non-empty ``relevant`` list — an empty retrieval scores 0 there. The seed's
  variant (only queries that returned something) is kept beside it as ``ranking_answered_only``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

METRIC_KEYS: tuple[str, ...] = (
    "retain_precision",
    "retain_recall",
    "retain_accuracy",
    "storage_accuracy",
    "extra_clinical_records",
    "temporal_accuracy",
    "gate_block_accuracy",
    "detection_rate",
    "resource_informed_detection",
    "safety_recall",
    "severity_exact",
    "severity_within_one",
    "resource_precision",
    "resource_recall",
    "false_findings",
    "route_accuracy",
    "mrr",
    "recall_at_k",
    "precision_at_k",
    "hard_boundary_accuracy",
)
"""The keys of the JSON ``overall`` object (issue 5 contract), in report order."""


ANSWERED_KEYS = ("mrr", "recall_at_k", "precision_at_k")


@dataclass
class Tally:
    """A numerator over a count of scored items; ``value`` is ``None`` when nothing was scored."""

    num: float = 0.0
    den: int = 0

    def add(self, value: float | bool) -> None:
        self.num += float(value)
        self.den += 1

    def merge(self, other: Tally) -> None:
        self.num += other.num
        self.den += other.den

    @property
    def value(self) -> float | None:
        return round(self.num / self.den, 4) if self.den else None


@dataclass(frozen=True)
class Failure:
    """One failed expectation: where in the file, which check, what was expected, what came out."""

    scenario: str
    where: str
    check: str
    expected: Any
    got: Any

    def as_dict(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "where": self.where,
            "check": self.check,
            "expected": self.expected,
            "got": self.got,
        }


@dataclass
class ScenarioScore:
    id: str
    tallies: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in METRIC_KEYS})
    answered: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in ANSWERED_KEYS})
    failures: list[Failure] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    unavailable: dict[str, str] = field(default_factory=dict)
    unfed_findings: int = 0

    def metrics(self) -> dict[str, float | None]:
        return {key: self.tallies[key].value for key in METRIC_KEYS}

    def fail(self, where: str, check: str, expected: Any, got: Any) -> None:
        self.failures.append(Failure(self.id, where, check, expected, got))


def pool(scores: list[ScenarioScore]) -> tuple[dict[str, Tally], dict[str, Tally]]:
    """The run's tallies: every scored item of every scenario counted once."""
    overall = {key: Tally() for key in METRIC_KEYS}
    answered = {key: Tally() for key in ANSWERED_KEYS}
    for score in scores:
        for key in METRIC_KEYS:
            overall[key].merge(score.tallies[key])
        for key in ANSWERED_KEYS:
            answered[key].merge(score.answered[key])
    return overall, answered


def as_json(value: Any) -> Any:
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if hasattr(value, "model_dump"):
        return as_json(value.model_dump(by_alias=True, exclude_unset=True))
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [as_json(v) for v in value]
    return value
