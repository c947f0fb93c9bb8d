"""The runner's orchestration and the report, driven by a scripted adapter (no database needed).

The adapter here is the seam between the evaluator and the pipeline: it answers from a script so
that what the runner does with missing pieces, clean-up and isolated mode can be checked exactly.
The live adapter against the real Neo4j is exercised in ``test_scenarios_smoke.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from app.evaluation.live_adapter import fhir_reference, finding_from, record_from_properties
from app.evaluation.metrics import METRIC_KEYS
from app.evaluation.observed import ObservedFinding, ObservedRecord, QueryOutcome, RetrievedItem, TurnOutcome
from app.evaluation.report import build_report
from app.evaluation.runner import PieceUnavailable, run_scenarios
from app.evaluation.scenario_format import ExpectedRecord, parse_scenario

AT = "2021-03-10T21:00:00+00:00"
MR = {
    "resource_type": "MedicationRequest",
    "system": "http://www.nlm.nih.gov/research/umls/rxnorm",
    "code": "316049",
}


def _scenario(sid: str, fhir: str | None = None) -> Any:
    data: dict[str, Any] = {
        "id": sid,
        "user": {"id": "p-one"},
        "turns": [
            {
                "at": AT,
                "text": "I stopped my hydrochlorothiazide",
                "expect": {
                    "retain": True,
                    "records": [
                        {
                            "type": "regimen_change",
                            "fields": {"drug": "hydrochlorothiazide", "action": "stop"},
                        }
                    ],
                    "findings": [
                        {"kind": "contradiction", "severity": "high", "safety_critical": True, "cites": [MR]}
                    ],
                },
            }
        ],
        "queries": [
            {
                "at": AT,
                "text": "what did I stop?",
                "expect": {"route": "structured", "relevant": [{"turn": 0}]},
            }
        ],
    }
    if fhir:
        data["fhir"] = fhir
    return parse_scenario(data)


class ScriptedAdapter:
    def __init__(self, *, retrieval: bool = True, reconcile: bool = True) -> None:
        self.retrieval = retrieval
        self.reconcile = reconcile
        self.users: list[str] = []
        self.deleted: list[str] = []
        self.gold: list[Sequence[ExpectedRecord]] = []
        self.fhir: list[Path] = []

    def ensure_user(self, user_id: str, sex: str | None, birth_date: date | None) -> None:
        self.users.append(user_id)

    def ingest_fhir(self, user_id: str, path: Path) -> None:
        self.fhir.append(path)

    def say(self, user_id: str, text: str, at: datetime) -> TurnOutcome:
        record = ObservedRecord("r1", "regimen_change", {"drug": "hydrochlorothiazide", "action": "stop"})
        return TurnOutcome(utterance_id="u1", retained=True, records=(record,), blocked=())

    def findings_for_turn(self, user_id: str, turn: TurnOutcome, at: datetime) -> tuple[ObservedFinding, ...]:
        if not self.reconcile:
            raise PieceUnavailable("reconcile", "app.reconcile.service is not available")
        return (
            ObservedFinding(
                "f1", "contradiction", "medium", True, (f"MedicationRequest|{MR['system']}|316049",)
            ),
        )

    def reconcile_gold(
        self, user_id: str, records: Sequence[ExpectedRecord], text: str, at: datetime
    ) -> tuple[ObservedFinding, ...]:
        self.gold.append(records)
        return (ObservedFinding("g1", "contradiction", "high", True, ()),)

    def search(self, user_id: str, text: str, at: datetime, k: int) -> QueryOutcome:
        if not self.retrieval:
            raise PieceUnavailable("retrieval", "app.retrieval.service.search does not exist")
        return QueryOutcome("structured", (RetrievedItem("r1", ("u1",)),))

    def delete_user(self, user_id: str) -> None:
        self.deleted.append(user_id)


def test_end_to_end_run_scores_and_cleans_up(tmp_path: Path) -> None:
    adapter = ScriptedAdapter()
    result = run_scenarios([_scenario("a"), _scenario("b")], adapter, tmp_path, run_id="r1")
    assert adapter.users == ["eval-r1-000-p-one", "eval-r1-001-p-one"]  # same patient, separate users
    assert adapter.deleted == adapter.users
    report = build_report(result)
    assert list(report["overall"]) == list(METRIC_KEYS)
    overall = report["overall"]
    assert overall["retain_accuracy"] == 1.0 and overall["storage_accuracy"] == 1.0
    assert overall["detection_rate"] == 1.0 and overall["severity_exact"] == 0.0
    assert overall["severity_within_one"] == 1.0 and overall["resource_recall"] == 1.0
    assert overall["mrr"] == 1.0 and overall["route_accuracy"] == 1.0
    assert overall["hard_boundary_accuracy"] is None  # nothing measured
    assert report["failure_count"] == 2 and {f["check"] for f in report["failures"]} == {"severity"}


def test_a_missing_piece_leaves_its_metrics_null_and_is_reported_once(tmp_path: Path) -> None:
    adapter = ScriptedAdapter(retrieval=False, reconcile=False)
    report = build_report(run_scenarios([_scenario("a"), _scenario("b")], adapter, tmp_path, keep=True))
    for key in ("detection_rate", "safety_recall", "mrr", "recall_at_k", "route_accuracy"):
        assert report["overall"][key] is None
    assert report["overall"]["storage_accuracy"] == 1.0
    assert set(report["unavailable"]) == {"reconcile", "retrieval"}
    assert report["scenarios"][1]["unavailable"]["retrieval"].endswith("does not exist")
    assert adapter.deleted == []  # --keep


def test_isolated_mode_feeds_the_gold_records_and_a_missing_bundle_is_an_error(tmp_path: Path) -> None:
    adapter = ScriptedAdapter()
    (tmp_path / "synthea_r4").mkdir()
    (tmp_path / "synthea_r4" / "p.json").write_text("{}")
    scenarios = [_scenario("a", "synthea_r4/p.json"), _scenario("b", "synthea_r4/missing.json")]
    report = build_report(run_scenarios(scenarios, adapter, tmp_path, isolated=True))
    assert report["mode"] == "isolated"
    assert [r[0].fields["drug"] for r in adapter.gold] == ["hydrochlorothiazide", "hydrochlorothiazide"]
    assert adapter.fhir == [tmp_path / "synthea_r4" / "p.json"]
    assert report["overall"]["severity_exact"] == 1.0 and report["overall"]["resource_recall"] == 0.0
    assert report["scenarios"][1]["errors"] == ["fhir: bundle not found: synthea_r4/missing.json"]


def test_live_adapter_conversions_are_faithful() -> None:
    props = {
        "type": "condition",
        "stated_status": "resolved",
        "name": "hypertension",
        "event_start": None,
        "abnormal": None,
        "concepts": ["cardio"],
        "quote": "x",
    }
    record = record_from_properties("r9", "condition", props)
    assert record.fields == {"name": "hypertension", "status": "resolved"}  # storage name mapped back
    assert record.concepts == ("cardio",)
    assert fhir_reference("eval-1|MedicationRequest|abc-1") == "MedicationRequest/abc-1"
    assert fhir_reference("no-bars") is None
    row = {"uid": "f1", "kind": "gap", "severity": "low", "safety_critical": None, "cites": ["Condition|s|1"]}
    assert finding_from(row) == ObservedFinding("f1", "gap", "low", False, ("Condition|s|1",))


class NoWritePath(ScriptedAdapter):
    def say(self, user_id: str, text: str, at: datetime) -> TurnOutcome:
        raise ImportError("missing", name="app.ingest.narrative.gate")


def test_without_the_write_path_end_to_end_reconciliation_is_not_measured(tmp_path: Path) -> None:
    report = build_report(run_scenarios([_scenario("a")], NoWritePath(), tmp_path))
    assert report["unavailable"]["write"] == "cannot import app.ingest.narrative.gate"
    assert "write path" in report["unavailable"]["reconcile"]
    assert report["overall"]["detection_rate"] is None and report["overall"]["retain_accuracy"] is None
    assert report["overall"]["route_accuracy"] == 1.0  # retrieval still measured
    isolated = build_report(run_scenarios([_scenario("a")], NoWritePath(), tmp_path, isolated=True))
    assert "reconcile" not in isolated["unavailable"] and isolated["overall"]["detection_rate"] == 1.0


def test_parallel_replay_keeps_the_order_and_the_scores(tmp_path: Path) -> None:
    scenarios = [_scenario(f"s{i}") for i in range(6)]
    serial = build_report(run_scenarios(scenarios, ScriptedAdapter(), tmp_path, run_id="x"))
    adapter = ScriptedAdapter()
    parallel = build_report(run_scenarios(scenarios, adapter, tmp_path, run_id="x", workers=3))
    assert [s["id"] for s in parallel["scenarios"]] == [f"s{i}" for i in range(6)]
    assert parallel["overall"] == serial["overall"] and parallel["counts"] == serial["counts"]
    assert sorted(adapter.deleted) == sorted(adapter.users) and len(adapter.users) == 6


def _scenario_without_gold_records(sid: str) -> Any:
    data = _scenario(sid).model_dump(by_alias=True, exclude_unset=True, mode="json")
    data["turns"][0]["expect"].pop("records")
    data["turns"].append(
        {
            "at": AT,
            "text": "I stopped my hydrochlorothiazide again",
            "expect": {
                "records": [{"type": "regimen_change", "fields": {"drug": "hydrochlorothiazide", "action": "stop"}}],
                "findings": [{"kind": "contradiction", "severity": "high", "safety_critical": True}],
            },
        }
    )
    return parse_scenario(data)


def test_isolated_mode_leaves_findings_of_turns_without_gold_records_unscored(tmp_path: Path) -> None:
    adapter = ScriptedAdapter()
    report = build_report(run_scenarios([_scenario_without_gold_records("a")], adapter, tmp_path, isolated=True))
    assert len(adapter.gold) == 1  # only the turn with gold records reached the reconciler
    assert report["unfed_findings"] == 1 and report["scenarios"][0]["unfed_findings"] == 1
    assert report["counts"]["detection_rate"] == 1 and report["overall"]["detection_rate"] == 1.0
    assert not any(f["where"].startswith("turns.0.findings") for f in report["failures"])
    e2e = build_report(run_scenarios([_scenario_without_gold_records("b")], ScriptedAdapter(), tmp_path))
    assert e2e["unfed_findings"] == 0 and e2e["counts"]["detection_rate"] == 2  # end to end scores both
