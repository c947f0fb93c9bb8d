"""The scenario report: the JSON document (issue 5 contract) and a readable rich table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from app.evaluation.metrics import METRIC_KEYS, pool
from app.evaluation.runner import RunResult

LOWER_IS_BETTER = frozenset({"extra_clinical_records", "false_findings"})
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("memory gate", ("retain_precision", "retain_recall", "retain_accuracy")),
    ("storage", ("storage_accuracy", "extra_clinical_records", "temporal_accuracy", "gate_block_accuracy")),
    (
        "reconciliation",
        (
            "detection_rate",
            "resource_informed_detection",
            "safety_recall",
            "severity_exact",
            "severity_within_one",
            "resource_precision",
            "resource_recall",
            "false_findings",
        ),
    ),
    ("retrieval", ("route_accuracy", "mrr", "recall_at_k", "precision_at_k", "hard_boundary_accuracy")),
)


def build_report(result: RunResult) -> dict[str, Any]:
    """The JSON report: ``overall`` (the 20 contract keys), counts, per-scenario metrics, failures."""
    scores = [run.score for run in result.runs]
    overall, answered = pool(scores)
    scenarios = []
    failures: list[dict[str, Any]] = []
    for run in result.runs:
        s = run.score
        scenarios.append(
            {
                "id": run.scenario.id,
                "file": run.source,
                "user_id": run.user_id,
                "seconds": round(run.seconds, 3),
                "metrics": s.metrics(),
                "counts": {k: s.tallies[k].den for k in METRIC_KEYS if s.tallies[k].den},
                "failures": [f.as_dict() for f in s.failures],
                "errors": s.errors,
                "unavailable": s.unavailable,
                "unfed_findings": s.unfed_findings,
            }
        )
        failures.extend(f.as_dict() for f in s.failures)
    return {
        "kind": "selfgraph.eval.scenarios",
        "run_id": result.run_id,
        "mode": result.mode,
        "started_at": result.started_at.isoformat(timespec="seconds"),
        "scenario_count": len(result.runs),
        "overall": {key: overall[key].value for key in METRIC_KEYS},
        "counts": {key: overall[key].den for key in METRIC_KEYS},
        "ranking_answered_only": {
            **{key: answered[key].value for key in answered},
            "queries": answered["mrr"].den,
        },
        "unavailable": result.unavailable,
        "errors": sum(len(run.score.errors) for run in result.runs),
        "unfed_findings": sum(run.score.unfed_findings for run in result.runs),
        "failure_count": len(failures),
        "scenarios": scenarios,
        "failures": failures,
    }


def write_json(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8")


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def render(report: dict[str, Any], console: Console, *, max_failures: int = 15) -> None:
    """Print the overall table, the unavailable parts and the first failures."""
    table = Table(title=f"Scenario evaluation · {report['scenario_count']} scenarios · {report['mode']}")
    table.add_column("group")
    table.add_column("metric")
    table.add_column("value", justify="right")
    table.add_column("n", justify="right")
    for group, keys in GROUPS:
        for i, key in enumerate(keys):
            name = f"{key} (lower is better)" if key in LOWER_IS_BETTER else key
            table.add_row(
                group if i == 0 else "", name, _fmt(report["overall"][key]), str(report["counts"][key])
            )
    console.print(table)
    for part, reason in report["unavailable"].items():
        console.print(f"[yellow]not measured[/yellow] {part}: {reason}")
    if report.get("unfed_findings"):
        console.print(
            f"[yellow]not scored[/yellow] {report['unfed_findings']} expected finding(s): their turns list no"
            " record to feed the reconciler (isolated mode)"
        )
    if report["errors"]:
        console.print(f"[red]{report['errors']} scenario error(s)[/red] (see the JSON)")
    failures = report["failures"]
    if failures:
        console.print(f"{len(failures)} failed expectation(s); first {min(len(failures), max_failures)}:")
        for f in failures[:max_failures]:
            console.print(
                f"  {f['scenario']} {f['where']} [bold]{f['check']}[/bold]: expected {_short(f['expected'])}"
                f" got {_short(f['got'])}",
                markup=True,
                highlight=False,
            )


def _short(value: Any, limit: int = 140) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    text = text.replace("[", "\\[")
    return text if len(text) <= limit else text[: limit - 1] + "…"
