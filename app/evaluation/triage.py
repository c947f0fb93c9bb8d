"""Where each missed finding was lost: the gate, extraction or the reconciler (the cascade, per finding).

Seed 003 measures the cascade as one number: detection in isolation minus detection end to end. That
number says how much extraction costs, not which turns or which stage. ``triage_misses`` reads the JSON
reports ``selfgraph eval scenarios`` writes (an end-to-end report and, optionally, the isolated report
of the same files) and names, for every expected finding the end-to-end run missed, the first stage
that explains the loss:

``gate``
    the turn should have been kept and was not, so nothing downstream ran;
``reconciler``
    the isolated run, fed the writer's gold records, missed it too: better extraction alone would not
    have found it;
``extraction: no record``
    a record the writer expected was missing and the turn produced no record at all;
``extraction: wrong record``
    the turn produced records, but not the expected one (another type, field or status);
``unexplained``
    the expected records matched (or none were expected) and the finding still differed, or no
    isolated report was given to tell the reconciler apart.

Only the reports and the scenario files they name are read; nothing touches the database.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from app.errors import InvalidInput
from app.evaluation.scenario_format import Scenario, ScenarioFormatError, load_scenario

STAGES: tuple[str, ...] = (
    "gate",
    "reconciler",
    "extraction: no record",
    "extraction: wrong record",
    "unexplained",
)
REPORT_KIND = "selfgraph.eval.scenarios"


@dataclass(frozen=True)
class Miss:
    """One expected finding the end-to-end run did not produce, and the stage that lost it."""

    scenario: str
    file: str
    turn: int
    stage: str
    expected_kind: str | None
    expected_severity: str | None
    safety_critical: bool | None
    got_kinds: tuple[str, ...]
    text: str | None


@dataclass
class Triage:
    """Every miss, and the counts by stage (all, and the safety-critical ones)."""

    misses: list[Miss] = field(default_factory=list)

    def by_stage(self, *, safety_critical_only: bool = False) -> dict[str, int]:
        counts = Counter(m.stage for m in self.misses if m.safety_critical or not safety_critical_only)
        return {stage: counts[stage] for stage in STAGES if counts[stage]}

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": "selfgraph.eval.triage",
            "missed_findings": len(self.misses),
            "by_stage": self.by_stage(),
            "safety_critical_by_stage": self.by_stage(safety_critical_only=True),
            "misses": [asdict(m) for m in self.misses],
        }


def read_report(path: Path, *, mode: str) -> dict[str, Any]:
    """A scenario report written by ``selfgraph eval scenarios``; ``mode`` is end_to_end or isolated."""
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InvalidInput("cannot read the report", path=str(path), reason=type(exc).__name__) from exc
    if not isinstance(report, dict) or report.get("kind") != REPORT_KIND:
        raise InvalidInput("not a scenario report", path=str(path), expected_kind=REPORT_KIND)
    if report.get("mode") != mode:
        raise InvalidInput("report of the wrong mode", path=str(path), expected=mode, got=report.get("mode"))
    return report


def locate_scenario_file(recorded: str, root: Path) -> Path | None:
    """The scenario file a report names; reports made in a clone are found again under ``root/tests``."""
    path = Path(recorded)
    if path.is_file():
        return path
    parts = path.parts
    if "tests" in parts:
        moved = root.joinpath(*parts[parts.index("tests") :])
        if moved.is_file():
            return moved
    return None


def _turn_of(where: str) -> int:
    # "turns.3.findings.0" / "turns.3.records.1" / "turns.3"
    return int(where.split(".")[1])


def _finding_key(file: str, failure: dict[str, Any]) -> tuple[str, str, str]:
    # Reports of the same files made in different clones name them from their ``tests/`` folder on.
    parts = Path(file).parts
    where_from = parts.index("tests") if "tests" in parts else 0
    return ("/".join(parts[where_from:]), failure["where"], json.dumps(failure["expected"], sort_keys=True))


def _files_by_scenario(report: dict[str, Any]) -> dict[str, str]:
    return {s["id"]: s["file"] for s in report.get("scenarios", [])}


def _isolated_misses(isolated: list[dict[str, Any]]) -> set[tuple[str, str, str]]:
    missed: set[tuple[str, str, str]] = set()
    for report in isolated:
        files = _files_by_scenario(report)
        for f in report.get("failures", []):
            if f["check"] == "finding":
                missed.add(_finding_key(files.get(f["scenario"], f["scenario"]), f))
    return missed


def _stage(
    failures_of_turn: list[dict[str, Any]], missed_in_isolation: bool | None, fed: bool
) -> str:
    if any(f["check"] == "retain" and f["expected"] is True for f in failures_of_turn):
        return "gate"
    if missed_in_isolation and fed:
        return "reconciler"
    records = [f for f in failures_of_turn if f["check"] == "record"]
    if records and all(not f["got"] for f in records):
        return "extraction: no record"
    if records:
        return "extraction: wrong record"
    return "unexplained"


def triage_misses(
    end_to_end: list[dict[str, Any]], isolated: list[dict[str, Any]], *, root: Path
) -> Triage:
    """Attribute every end-to-end missed finding to the first pipeline stage that explains it."""
    in_isolation = _isolated_misses(isolated)
    triage = Triage()
    scenarios: dict[str, Scenario | None] = {}
    for report in end_to_end:
        files = _files_by_scenario(report)
        by_turn: dict[tuple[str, int], list[dict[str, Any]]] = {}
        for f in report.get("failures", []):
            if f["where"].startswith("turns."):
                by_turn.setdefault((f["scenario"], _turn_of(f["where"])), []).append(f)
        for f in report.get("failures", []):
            if f["check"] != "finding":
                continue
            file = files.get(f["scenario"], "")
            turn_index = _turn_of(f["where"])
            scenario = scenarios.get(file) if file in scenarios else _load(file, root, scenarios)
            turn = scenario.turns[turn_index] if scenario and turn_index < len(scenario.turns) else None
            fed = turn is None or bool(turn.expect.records)
            missed_iso = (_finding_key(file, f) in in_isolation) if isolated else None
            expected = f["expected"] or {}
            triage.misses.append(
                Miss(
                    scenario=f["scenario"],
                    file=file,
                    turn=turn_index,
                    stage=_stage(by_turn.get((f["scenario"], turn_index), []), missed_iso, fed),
                    expected_kind=expected.get("kind"),
                    expected_severity=expected.get("severity"),
                    safety_critical=expected.get("safety_critical"),
                    got_kinds=tuple(str(g.get("kind")) for g in f["got"] or []),
                    text=turn.text if turn is not None else None,
                )
            )
    return triage


def _load(file: str, root: Path, cache: dict[str, Scenario | None]) -> Scenario | None:
    path = locate_scenario_file(file, root) if file else None
    try:
        cache[file] = load_scenario(path) if path is not None else None
    except ScenarioFormatError:
        cache[file] = None
    return cache[file]
