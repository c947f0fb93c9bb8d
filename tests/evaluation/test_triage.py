"""Triage of missed findings: each miss is laid at the first stage that explains it (no database)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.errors import InvalidInput
from app.evaluation.triage import locate_scenario_file, read_report, triage_misses

SCENARIO = """
id: two-turns
user: {id: p-t, sex: female, birth_date: 1950-01-01}
fhir: synthea_r4/X.json
turns:
  - at: 2021-03-10T09:00:00+00:00
    text: "I left the clopidogrel in the cupboard since Saturday."
    expect:
      retain: true
      records:
        - type: regimen_change
          fields: {drug: clopidogrel, action: stop}
      findings:
        - {kind: contradiction, severity: high, safety_critical: true}
  - at: 2021-03-10T09:05:00+00:00
    text: "The surgeon took the cataract out of my left eye."
    expect:
      findings:
        - {kind: gap, severity: medium}
"""

STOP = {"kind": "contradiction", "severity": "high", "safety_critical": True}
CATARACT = {"kind": "gap", "severity": "medium"}


def _report(file: Path, failures: list[dict[str, Any]], mode: str = "end_to_end") -> dict[str, Any]:
    return {
        "kind": "selfgraph.eval.scenarios",
        "mode": mode,
        "scenarios": [{"id": "two-turns", "file": str(file)}],
        "failures": failures,
    }


def _fail(where: str, check: str, expected: Any, got: Any) -> dict[str, Any]:
    return {"scenario": "two-turns", "where": where, "check": check, "expected": expected, "got": got}


@pytest.fixture
def scenario_file(tmp_path: Path) -> Path:
    path = tmp_path / "tests" / "set" / "two-turns.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def test_a_miss_with_no_record_is_laid_at_extraction(scenario_file: Path) -> None:
    e2e = _report(
        scenario_file,
        [
            _fail("turns.0.records.0", "record", {"type": "regimen_change"}, []),
            _fail("turns.0.findings.0", "finding", STOP, []),
        ],
    )
    [miss] = triage_misses([e2e], [], root=scenario_file.parent).misses
    assert (miss.stage, miss.turn, miss.safety_critical) == ("extraction: no record", 0, True)
    assert miss.text is not None and "cupboard" in miss.text


def test_a_record_of_the_wrong_kind_is_a_wrong_record(scenario_file: Path) -> None:
    intake = [{"type": "medication_intake", "fields": {"drug": "clopidogrel"}}]
    e2e = _report(
        scenario_file,
        [
            _fail("turns.0.records.0", "record", {"type": "regimen_change"}, intake),
            _fail("turns.0.findings.0", "finding", STOP, [{"kind": "agreement"}]),
        ],
    )
    [miss] = triage_misses([e2e], [], root=scenario_file.parent).misses
    assert miss.stage == "extraction: wrong record"
    assert miss.got_kinds == ("agreement",)


def test_missed_in_isolation_too_is_the_reconciler_even_when_extraction_also_failed(
    scenario_file: Path,
) -> None:
    e2e = _report(
        scenario_file,
        [
            _fail("turns.0.records.0", "record", {"type": "regimen_change"}, []),
            _fail("turns.0.findings.0", "finding", STOP, []),
        ],
    )
    # The isolated run was made in another clone: the same file under another root.
    clone = Path("/elsewhere/clone/tests/set/two-turns.yaml")
    iso = _report(clone, [_fail("turns.0.findings.0", "finding", STOP, [])], mode="isolated")
    [miss] = triage_misses([e2e], [iso], root=scenario_file.parent).misses
    assert miss.stage == "reconciler"


def test_an_unfed_turn_is_never_blamed_on_the_reconciler(scenario_file: Path) -> None:
    # Turn 1 lists no gold records, so the isolated run could not feed it: its silence proves nothing.
    e2e = _report(scenario_file, [_fail("turns.1.findings.0", "finding", CATARACT, [])])
    iso = _report(scenario_file, [_fail("turns.1.findings.0", "finding", CATARACT, [])], mode="isolated")
    [miss] = triage_misses([e2e], [iso], root=scenario_file.parent).misses
    assert miss.stage == "unexplained"


def test_a_dropped_turn_is_the_gate_and_counts_are_by_stage(scenario_file: Path) -> None:
    e2e = _report(
        scenario_file,
        [
            _fail("turns.0", "retain", True, False),
            _fail("turns.0.records.0", "record", {"type": "regimen_change"}, []),
            _fail("turns.0.findings.0", "finding", STOP, []),
            _fail("turns.1.findings.0", "finding", CATARACT, []),
        ],
    )
    result = triage_misses([e2e], [], root=scenario_file.parent)
    assert [m.stage for m in result.misses] == ["gate", "unexplained"]
    assert result.by_stage() == {"gate": 1, "unexplained": 1}
    assert result.by_stage(safety_critical_only=True) == {"gate": 1}
    assert result.as_dict()["missed_findings"] == 2


def test_a_report_made_in_a_clone_finds_its_files_under_root(scenario_file: Path) -> None:
    root = scenario_file.parents[2]
    assert locate_scenario_file("/tmp/gone/tests/set/two-turns.yaml", root) == scenario_file
    assert locate_scenario_file("/tmp/gone/other/two-turns.yaml", root) is None


def test_reports_of_another_kind_or_mode_are_refused(tmp_path: Path, scenario_file: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_report(scenario_file, [])), encoding="utf-8")
    assert read_report(path, mode="end_to_end")["mode"] == "end_to_end"
    with pytest.raises(InvalidInput, match="wrong mode"):
        read_report(path, mode="isolated")
    path.write_text(json.dumps({"kind": "selfgraph.eval.recall"}), encoding="utf-8")
    with pytest.raises(InvalidInput, match="not a scenario report"):
        read_report(path, mode="end_to_end")
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(InvalidInput, match="cannot read"):
        read_report(path, mode="end_to_end")


def test_the_cli_prints_the_stages_and_writes_json(tmp_path: Path, scenario_file: Path) -> None:
    from typer.testing import CliRunner

    from app.cli import app

    e2e = tmp_path / "e2e.json"
    e2e.write_text(
        json.dumps(
            _report(
                scenario_file,
                [
                    _fail("turns.0.records.0", "record", {"type": "regimen_change"}, []),
                    _fail("turns.0.findings.0", "finding", STOP, []),
                ],
            )
        ),
        encoding="utf-8",
    )
    out = tmp_path / "triage.json"
    result = CliRunner().invoke(app, ["eval", "triage", str(e2e), "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "extraction: no record" in result.output
    assert json.loads(out.read_text())["by_stage"] == {"extraction: no record": 1}
    refused = CliRunner().invoke(app, ["eval", "triage", str(e2e), "--isolated", str(e2e)])
    assert refused.exit_code == 1
