"""End to end on the real Neo4j: a fast subset of the public scenarios through the live adapter.

Asserts that the runner completes, that every metric of each pipeline part that exists was
computed (never a hard-coded number), and that the evaluation users are gone afterwards.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.db.client import GraphClient
from app.evaluation.live_adapter import LiveAdapter
from app.evaluation.metrics import METRIC_KEYS
from app.evaluation.report import build_report
from app.evaluation.runner import run_scenarios
from app.evaluation.scenario_format import load_scenarios
from app.users.service import node_counts
from tests.dictionary_fixture import dictionary  # noqa: F401  (the write path needs the active dictionary)

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
SMOKE = (
    "stiedemann-warfarin-double.yaml",  # double dosing: a safety-critical contradiction with its citation
    "stiedemann-bee-allergy.yaml",  # an allergy agreement; a hard-boundary question (empty answer)
    "bailey-blocked-names.yaml",  # the alias gate refuses unknown test names; chit-chat not retained
)
# Metrics computed whenever their part runs, whatever its quality (temporal accuracy, for one,
# is only scored on records the extractor produced, so it is not among them).
PART_METRICS = {
    "write": ("retain_accuracy", "storage_accuracy", "gate_block_accuracy"),
    "reconcile": ("detection_rate", "safety_recall", "severity_exact", "resource_recall"),
    # Ranking (mrr, recall@k, precision@k) needs the embedding model: measured by the full run only.
    "retrieval": ("route_accuracy", "hard_boundary_accuracy"),
}

# The replay itself takes seconds; a cold process first loads the write path's NLP models (Presidio,
# spaCy) once — up to a minute on a busy machine — hence `slow` (still part of `make test`).
pytestmark = [pytest.mark.neo4j, pytest.mark.slow]


@pytest.mark.usefixtures("dictionary")
def test_the_smoke_subset_runs_end_to_end(client: GraphClient, shared_data: Path) -> None:
    scenarios = load_scenarios([SCENARIOS / name for name in SMOKE])
    result = run_scenarios(scenarios, LiveAdapter(client), shared_data)
    report = build_report(result)

    assert list(report["overall"]) == list(METRIC_KEYS)
    assert report["scenario_count"] == len(SMOKE)
    assert report["errors"] == 0, [s["errors"] for s in report["scenarios"]]
    for part, keys in PART_METRICS.items():
        if part in report["unavailable"]:
            assert all(report["overall"][key] is None for key in keys), part
        else:
            assert all(report["overall"][key] is not None for key in keys), (part, report["overall"])
    for value in report["overall"].values():
        assert value is None or 0.0 <= value <= 1.0
    for run in result.runs:
        assert node_counts(client, run.user_id) == {}
