"""Scoring a turn's reconciliation findings against the expected ones (definitions in :mod:`app.evaluation.metrics`).

Each expected finding is matched to a produced finding of the same kind, preferring the one citing
most expected resources (:func:`_pick_finding`), and scored on detection, safety, severity and
cited resources; ``no_findings_of`` kinds score ``false_findings``. The produced findings are taken in an order of
their content (:func:`_content_order`), not of their ids, which are new on every run: of two equally good
candidates the same one is chosen on every run, and the report lists them in the same order.
"""

from __future__ import annotations

from typing import Any

from app.evaluation.matching import cite_keys, norm_text
from app.evaluation.metrics import ScenarioScore, as_json
from app.evaluation.observed import ObservedFinding
from app.evaluation.scenario_format import ExpectedFinding, Turn

SEVERITY_LEVEL = {"low": 0, "medium": 1, "high": 2}


def _pick_finding(exp: ExpectedFinding, pool_: list[ObservedFinding]) -> ObservedFinding | None:
    wanted = cite_keys(exp.cites)
    candidates = [f for f in pool_ if norm_text(f.kind) == exp.kind]
    if not candidates:
        return None

    def preference(f: ObservedFinding) -> tuple[int, bool, bool]:
        return (
            len(cite_keys(f.cites) & wanted),
            f.severity == exp.severity,
            f.safety_critical == exp.safety_critical,
        )

    return max(candidates, key=preference)


def _content_order(f: ObservedFinding) -> tuple[str, str, bool, tuple[str, ...]]:
    return (f.kind, f.severity or "", f.safety_critical, tuple(sorted(f.cites)))


def _finding_summary(f: ObservedFinding) -> dict[str, Any]:
    return {
        "kind": f.kind,
        "severity": f.severity,
        "safety_critical": f.safety_critical,
        "cites": list(f.cites),
    }


def score_findings(
    score: ScenarioScore, where: str, turn: Turn, produced: tuple[ObservedFinding, ...]
) -> None:
    t = score.tallies
    produced = tuple(sorted(produced, key=_content_order))
    remaining = list(produced)
    for i, exp in enumerate(turn.expect.findings):
        at = f"{where}.findings.{i}"
        got = _pick_finding(exp, remaining)
        if got is not None:
            remaining.remove(got)
        detected = got is not None
        t["detection_rate"].add(detected)
        if not detected:
            score.fail(at, "finding", as_json(exp), [_finding_summary(f) for f in produced])
        if exp.safety_critical:
            t["safety_recall"].add(detected)
        if got is not None and exp.safety_critical is not None and got.safety_critical != exp.safety_critical:
            score.fail(at, "safety_critical", exp.safety_critical, got.safety_critical)
        if exp.severity is not None:
            level = SEVERITY_LEVEL.get(norm_text(got.severity)) if got and got.severity else None
            t["severity_exact"].add(level == SEVERITY_LEVEL[exp.severity])
            t["severity_within_one"].add(level is not None and abs(level - SEVERITY_LEVEL[exp.severity]) <= 1)
            if got is not None and level != SEVERITY_LEVEL[exp.severity]:
                score.fail(at, "severity", exp.severity, got.severity)
        if exp.cites:
            wanted = cite_keys(exp.cites)
            cited = cite_keys(got.cites) if got else set()
            overlap = len(wanted & cited)
            t["resource_informed_detection"].add(detected and overlap > 0)
            t["resource_recall"].add(overlap / len(wanted))
            if cited:
                t["resource_precision"].add(overlap / len(cited))
            if detected and overlap < len(wanted | cited):
                score.fail(
                    at, "cites", ["|".join(k) for k in sorted(wanted)], ["|".join(k) for k in sorted(cited)]
                )
    for kind in turn.expect.no_findings_of:
        offending = [f for f in produced if norm_text(f.kind) == kind]
        t["false_findings"].add(bool(offending))
        if offending:
            score.fail(
                f"{where}.no_findings_of",
                "false_finding",
                f"no {kind}",
                [_finding_summary(f) for f in offending],
            )
