"""Every analyst query (``cypher/analyst/*.cypher``) runs on a seeded graph and answers correctly."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest

from app.db.client import GraphClient
from app.db.cypher import CYPHER_DIR, Query, load_cypher_file
from app.graph_schema.bloom import INTERNAL_LABELS, declared_classes
from app.settings import PROJECT_ROOT
from tests.graph_schema.conftest import AnalystGraph

ANALYST_NAMES = sorted(path.stem for path in (CYPHER_DIR / "analyst").glob("*.cypher"))
EXPECTED_PARAMETERS = {
    "candidate_queue": {"kind", "min_count", "limit"},
    "current_medications": {"user_id"},
    "dictionary_coverage": {"user_id"},
    "everyone_on_ingredient": {"drug_key"},
    "findings_for_user": {"user_id", "status"},
    "latest_value_per_loinc": {"user_id"},
    "metric_trend_series": {"user_id", "standard_key"},
    "metric_trends": {"user_id"},
    "open_safety_critical_findings": {"limit"},
    "operations_for_user": {"user_id", "since", "limit"},
    "profile_fields_with_evidence": {"user_id"},
    "records_per_type": {"user_id"},
    "report_coverage": {"user_id", "now"},
    "user_timeline": {"user_id", "since", "until", "limit"},
}


def analyst(name: str) -> Query:
    (query,) = load_cypher_file(f"analyst/{name}")
    return query


def run(client: GraphClient, name: str, **params: Any) -> list[dict[str, Any]]:
    query = analyst(name)
    assert set(params) == query.parameters, f"{name}: pass exactly its parameters"
    return client.read(query, params)


def test_every_file_is_one_documented_statement_with_a_header() -> None:
    guide = (PROJECT_ROOT / "docs" / "analyst-guide.md").read_text(encoding="utf-8")
    assert set(ANALYST_NAMES) == set(EXPECTED_PARAMETERS)
    for name in ANALYST_NAMES:
        text = (CYPHER_DIR / "analyst" / f"{name}.cypher").read_text(encoding="utf-8")
        assert text.startswith("// Answers:") and "// Parameters:" in text and "// Returns:" in text, name
        assert analyst(name).parameters == EXPECTED_PARAMETERS[name], name
        assert f"`{name}.cypher`" in guide, f"{name} is not described in docs/analyst-guide.md"


def test_guide_schema_agrees_with_the_declarations() -> None:
    guide = (PROJECT_ROOT / "docs" / "analyst-guide.md").read_text(encoding="utf-8")
    classes = declared_classes()
    declared = {cls.__label__: set(cls.defined_properties(aliases=False, rels=False)) for cls in classes}
    rel_types = {
        rel.definition["relation_type"]
        for cls in classes
        for rel in cls.defined_properties(aliases=False, properties=False, rels=True).values()
    }
    assert [label for label in declared if f"`{label}`" not in guide] == list(INTERNAL_LABELS & set(declared))
    assert [rel for rel in sorted(rel_types) if f":{rel}" not in guide] == []
    table = guide[guide.index("### Labels and key properties"): guide.index("### Relationships")]
    rows = [line.split(" | ") for line in table.splitlines() if line.startswith("| `")]
    assert len(rows) >= 15
    for cells in rows:
        mentioned = set(re.findall(r"`(\w+)`", " ".join(cells[1:])))
        for label in re.findall(r"`(\w+)`", cells[0]):
            assert label in declared, label
            assert mentioned - {"FhirResource"} <= declared[label], (label, mentioned - declared[label])


def test_user_timeline_orders_both_streams(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "user_timeline", user_id=g.user_a, since=None, until=None, limit=100)
    order = ("med1", "r5", "r1", "obs1", "r4", "obs3", "r2", "obs2", "r3", "mt", "rc")
    assert [r["uid"] for r in rows] == [g.uid(n) for n in order]
    assert [r["stream"] for r in rows[:4]] == ["clinical", "narrative", "narrative", "clinical"]
    assert rows[2]["noted_at"].iso_format().startswith("2024-01-06")  # mention time kept beside event time
    assert rows[-1]["at"] is None  # derived records without a time come last
    window = run(client, "user_timeline", user_id=g.user_a, since="2024-02-01", until="2024-04-01", limit=100)
    assert [r["uid"] for r in window] == [g.uid(n) for n in ("obs3", "r2", "obs2")]
    assert run(client, "user_timeline", user_id=g.user_b, since=None, until=None, limit=1)[0]["kind"] == (
        "MedicationStatement"
    )


def test_latest_value_per_loinc_marks_the_stream(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "latest_value_per_loinc", user_id=g.user_a)
    assert [(r["loinc"], r["stream"], r["value"], r["uid"]) for r in rows] == [
        (g.loinc_mapped, "clinical", 7.4, g.uid("obs2")),
        (g.loinc_mapped, "narrative", 7.0, g.uid("r3")),
        (g.loinc_unmapped, "clinical", 1.0, g.uid("obs3")),
    ]
    assert rows[1]["abnormal"] == "high" and rows[1]["unit"] == "mmol/L"


def test_everyone_on_ingredient(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "everyone_on_ingredient", drug_key=g.drug_key)
    assert [(r["user_id"], r["streams"], r["clinical_resources"], r["narrative_records"]) for r in rows] == [
        (g.user_a, ["clinical", "narrative", "takes"], 1, 1),
        (g.user_b, ["clinical"], 1, 0),
    ]
    assert rows[1]["latest"].iso_format().startswith("2024-02-20")
    assert run(client, "everyone_on_ingredient", drug_key=f"{g.drug_key}-absent") == []  # hard boundary


def test_open_safety_critical_findings(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "open_safety_critical_findings", limit=100_000)
    mine = [r for r in rows if r["user_id"] in {g.user_a, g.user_b}]
    assert [(r["uid"], r["severity"], r["record_uid"], r["cited"]) for r in mine] == [
        (g.uid("f1"), "high", g.uid("r4"), [g.uid("med1")])
    ]
    assert mine[0]["quote"] == "I take my zz metformin"
    ranks = [{"high": 0, "medium": 1, "low": 2}.get(r["severity"], 3) for r in rows]
    assert ranks == sorted(ranks)


def test_metric_trend_series_walks_next(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "metric_trend_series", user_id=g.user_a, standard_key=g.test_key)
    assert [(r["position"], r["uid"], r["value"], r["abnormal"]) for r in rows] == [
        (1, g.uid("r1"), 5.8, "normal"),
        (2, g.uid("r2"), 6.5, "high"),
        (3, g.uid("r3"), 7.0, "high"),
    ]
    assert {r["chain_start"] for r in rows} == {g.uid("r1")}
    assert run(client, "metric_trend_series", user_id=g.user_b, standard_key=g.test_key) == []


def test_metric_trends(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "metric_trends", user_id=g.user_a)
    assert [(r["dimension"], r["change"], r["sources"], r["uid"]) for r in rows] == [
        (f"test:{g.test_key}", 1.2, 2, g.uid("mt"))
    ]


def test_records_per_type(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "records_per_type", user_id=g.user_a)
    assert [(r["stream"], r["type"], r["records"]) for r in rows] == [
        ("clinical", "Observation", 3),
        ("clinical", "MedicationRequest", 1),
        ("narrative", "test_result", 3),
        ("narrative", "current_medication", 1),
        ("narrative", "medication_intake", 1),
        ("narrative", "metric_trend", 1),
        ("narrative", "report_coverage", 1),
    ]
    everyone = run(client, "records_per_type", user_id=None)
    assert {(r["stream"], r["type"], r["records"]) for r in everyone if r["user_id"] == g.user_b} == {
        ("clinical", "MedicationStatement", 1),
        ("clinical", "Observation", 1),
    }


def test_report_coverage(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "report_coverage", user_id=g.user_a, now="2024-04-11T12:00:00Z")
    span = (date(2024, 4, 1) - date(2024, 1, 5)).days + 1
    assert len(rows) == 1
    row = rows[0]
    assert row["dimension"] == f"test:{g.test_key}"
    counts = (row["reports"], row["reported_days"], row["span_days"], row["abnormal_reports"])
    assert counts == (3, 3, span, 2)
    assert row["reported_share"] == round(3 / span, 4)
    assert row["days_since_last"] == 10
    assert row["stored_coverage"] == '{"count": 3}'


def test_dictionary_coverage(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "dictionary_coverage", user_id=g.user_a)
    assert [(r["loinc"], r["observations"], r["users"]) for r in rows] == [(g.loinc_unmapped, 1, 1)]
    everyone = {r["loinc"]: r for r in run(client, "dictionary_coverage", user_id=None)}
    assert (everyone[g.loinc_unmapped]["observations"], everyone[g.loinc_unmapped]["users"]) == (2, 2)
    assert g.loinc_mapped not in everyone  # mapped to a TestTerm


def test_operations_for_user(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "operations_for_user", user_id=g.user_a, since=None, limit=10)
    assert [(r["uid"], r["kind"], r["targets"]) for r in rows] == [(g.uid("op2"), "reconcile", 2),
                                                                   (g.uid("op1"), "turn", 1)]
    recent = run(client, "operations_for_user", user_id=g.user_a, since="2024-02-01T00:00:00Z", limit=10)
    assert [r["uid"] for r in recent] == [g.uid("op2")]


def test_profile_fields_with_evidence(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "profile_fields_with_evidence", user_id=g.user_a)
    assert [r["field"] for r in rows] == ["medications", "state"]
    medications = rows[0]
    expected = sorted([(g.uid("med1"), "FhirResource", "MedicationRequest"),
                       (g.uid("r5"), "Record", "current_medication")])
    assert [(e["id"], e["label"], e["kind"]) for e in medications["evidence"]] == expected
    assert medications["evidence_count"] == 2 and medications["unlinked_ids"] == ["gone-id"]
    assert [e["id"] for e in rows[1]["evidence"]] == [g.uid("r3")] and rows[1]["unlinked_ids"] == []


def test_candidate_queue(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "candidate_queue", kind=g.candidate_kind, min_count=1, limit=10)
    assert [(r["norm"], r["count"]) for r in rows] == [("often", 5), ("rare", 2)]
    frequent = run(client, "candidate_queue", kind=g.candidate_kind, min_count=3, limit=10)
    assert [r["norm"] for r in frequent] == ["often"]


def test_findings_for_user(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "findings_for_user", user_id=g.user_a, status=None)
    assert [(r["uid"], r["kind"], r["safety_critical"], r["record_type"]) for r in rows] == [
        (g.uid("f1"), "contradiction", True, "medication_intake"),
        (g.uid("f2"), "agreement", False, "test_result"),
    ]
    assert rows[1]["cited"] == [{"uid": g.uid("obs1"), "type": "Observation", "display": "Zz glucose"}]
    assert run(client, "findings_for_user", user_id=g.user_a, status="resolved") == []


def test_current_medications_both_streams(client: GraphClient, analyst_graph: AnalystGraph) -> None:
    g = analyst_graph
    rows = run(client, "current_medications", user_id=g.user_a)
    assert [(r["stream"], r["uid"], r["ingredients"]) for r in rows] == [
        ("clinical", g.uid("med1"), [g.drug_key]),
        ("narrative", g.uid("r5"), [g.drug_key]),
    ]


@pytest.mark.parametrize("name", ANALYST_NAMES)
def test_every_analyst_query_is_exercised(name: str) -> None:
    assert any(fn.startswith(f"test_{name}") for fn in globals()), f"no test runs analyst/{name}"
