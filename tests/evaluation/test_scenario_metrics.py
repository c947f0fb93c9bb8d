"""The scenario metrics on hand-made outcomes: every definition and the edge cases of the contract."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from app.evaluation.matching import event_time_matches, field_matches
from app.evaluation.metrics import METRIC_KEYS, pool
from app.evaluation.observed import (
    ObservedFinding,
    ObservedRecord,
    QueryOutcome,
    RetrievedItem,
    ScenarioOutcome,
    TurnOutcome,
)
from app.evaluation.retrieval_scoring import ranking
from app.evaluation.scenario_format import parse_scenario
from app.evaluation.scenario_scoring import score_scenario

RXNORM = "http://www.nlm.nih.gov/research/umls/rxnorm"
SNOMED = "http://snomed.info/sct"
KST = timezone(timedelta(hours=9))
AT = "2021-03-10T21:00:00+00:00"


def scenario(turns: list[dict[str, Any]], queries: list[dict[str, Any]] | None = None) -> Any:
    data: dict[str, Any] = {"id": "s", "user": {"id": "u"}, "turns": turns}
    if queries:
        data["queries"] = queries
    return parse_scenario(data)


def turn(expect: dict[str, Any], text: str = "t") -> dict[str, Any]:
    return {"at": AT, "text": text, "expect": expect}


def rec(
    rid: str, rtype: str, start: datetime | None = None, end: datetime | None = None, **fields: Any
) -> ObservedRecord:
    abnormal = fields.pop("abnormal", None)
    concepts = tuple(fields.pop("concepts", ()))
    return ObservedRecord(rid, rtype, fields, start, end, abnormal, concepts)


def finding(kind: str, severity: str | None = None, safety: bool = False, *cites: str) -> ObservedFinding:
    return ObservedFinding(f"f-{kind}-{severity}", kind, severity, safety, tuple(cites))


def metrics(
    sc: Any, turns: list[TurnOutcome | None], queries: list[QueryOutcome | None] | None = None
) -> dict[str, Any]:
    return score_scenario(sc, ScenarioOutcome(turns=turns, queries=queries or [])).metrics()


def day(d: int, hour: int = 0, tz: timezone = UTC) -> datetime:
    return datetime(2021, 3, d, hour, tzinfo=tz)


# --- comparison rules ----------------------------------------------------------------------------


def test_field_rules_strings_codes_numbers_and_null() -> None:
    assert field_matches("drug", " Metformin ", "metformin")
    assert field_matches("loinc", "4548-4", " 4548-4")
    assert not field_matches("loinc", "4548-4", "4548-4a")
    assert field_matches("value", 7.9, 7.9) and field_matches("value", 150, 150.0)
    assert not field_matches("value", 7.9, 7.91)
    assert field_matches("reason", None, None) and not field_matches("reason", None, "nausea")
    assert not field_matches("drug", "metformin", None)
    assert not field_matches("value", 1, True)
    # datetimes written as quoted strings compare as instants
    start = datetime(2021, 3, 9, 23, tzinfo=timezone(timedelta(hours=-5)))
    assert field_matches("start", "2021-03-10T04:00:00+00:00", start)
    assert not field_matches("start", "2021-03-09T23:00:00+00:00", start)


def test_event_time_windows_are_inclusive_and_end_is_exclusive() -> None:
    window = (
        parse_scenario(
            {
                "id": "w",
                "user": {"id": "u"},
                "turns": [
                    turn(
                        {
                            "records": [
                                {"type": "sleep", "event_time": {"from": "2021-03-01", "to": "2021-03-07"}}
                            ]
                        }
                    )
                ],
            }
        )
        .turns[0]
        .expect.records[0]
    )
    assert event_time_matches(window.event_time, day(1), day(2))  # first day
    assert event_time_matches(window.event_time, day(7), day(8))  # last day, end exclusive
    assert not event_time_matches(window.event_time, day(7), day(8, 1))  # spills over
    assert not event_time_matches(window.event_time, day(8), None)
    assert not event_time_matches(window.event_time, None, None)
    # a date compares with the record's local date (its own offset)
    from datetime import date

    assert event_time_matches(date(2021, 3, 9), datetime(2021, 3, 9, 0, 30, tzinfo=KST), None)
    assert not event_time_matches(date(2021, 3, 8), datetime(2021, 3, 9, 0, 30, tzinfo=KST), None)
    assert event_time_matches(None, None, None) and not event_time_matches(None, day(9), None)


# --- memory gate ---------------------------------------------------------------------------------


def test_retain_precision_recall_accuracy() -> None:
    sc = scenario(
        [
            turn({"retain": True}),
            turn({"retain": True}),
            turn({"retain": False}),
            turn({"retain": False}),
            turn({}),
        ]
    )
    got = [TurnOutcome(retained=v) for v in (True, False, True, False, True)]
    m = metrics(sc, got)
    assert m["retain_precision"] == 0.5  # 1 tp, 1 fp (the unscored last turn does not count)
    assert m["retain_recall"] == 0.5
    assert m["retain_accuracy"] == 0.5


def test_retain_precision_is_null_when_nothing_was_kept() -> None:
    m = metrics(scenario([turn({"retain": False})]), [TurnOutcome(retained=False)])
    assert m["retain_precision"] is None and m["retain_recall"] is None and m["retain_accuracy"] == 1.0


# --- storage -------------------------------------------------------------------------------------


def test_storage_matches_type_fields_time_abnormal_and_concepts() -> None:
    sc = scenario(
        [
            turn(
                {
                    "records": [
                        {
                            "type": "regimen_change",
                            "fields": {"drug": "Metformin", "action": "stop"},
                            "event_time": {"from": "2021-03-01", "to": "2021-03-07"},
                        },
                        {
                            "type": "test_result",
                            "fields": {"loinc": "4548-4", "value": 7.9},
                            "abnormal": "high",
                            "concepts": ["diabetes"],
                        },
                    ]
                }
            )
        ]
    )
    good = TurnOutcome(
        records=(
            rec("r1", "regimen_change", day(3), day(4), drug="metformin", action="stop"),
            rec(
                "r2",
                "test_result",
                None,
                None,
                loinc="4548-4",
                value=7.9,
                unit="%",
                abnormal="high",
                concepts=["diabetes", "glycemic"],
            ),
        )
    )
    m = metrics(sc, [good])
    assert (
        m["storage_accuracy"] == 1.0 and m["temporal_accuracy"] == 1.0 and m["extra_clinical_records"] == 0.0
    )

    wrong = TurnOutcome(
        records=(
            rec("r1", "regimen_change", day(9), None, drug="metformin", action="stop"),  # wrong time
            rec(
                "r2",
                "test_result",
                None,
                None,
                loinc="4548-4",
                value=7.9,
                abnormal="normal",
                concepts=["diabetes"],
            ),
        )
    )
    score = score_scenario(sc, ScenarioOutcome(turns=[wrong], queries=[]))
    assert score.metrics()["storage_accuracy"] == 0.0
    assert score.metrics()["temporal_accuracy"] == 0.0  # the type+fields match had the wrong time
    assert score.metrics()["extra_clinical_records"] == 0.0  # right content, not fabricated
    checks = {(f.where, f.check) for f in score.failures}
    assert ("turns.0.records.0", "record") in checks and ("turns.0.records.0", "event_time") in checks
    assert ("turns.0.records.1", "record") in checks


def test_null_event_time_means_the_record_must_have_none() -> None:
    sc = scenario(
        [turn({"records": [{"type": "symptom", "fields": {"name": "headache"}, "event_time": None}]})]
    )
    assert (
        metrics(sc, [TurnOutcome(records=(rec("r", "symptom", None, None, name="headache"),))])[
            "storage_accuracy"
        ]
        == 1.0
    )
    m = metrics(sc, [TurnOutcome(records=(rec("r", "symptom", day(9), None, name="headache"),))])
    assert m["storage_accuracy"] == 0.0 and m["temporal_accuracy"] == 0.0


def test_absent_event_time_is_not_scored() -> None:
    sc = scenario([turn({"records": [{"type": "symptom", "fields": {"name": "headache"}}]})])
    m = metrics(sc, [TurnOutcome(records=(rec("r", "symptom", day(9), None, name="headache"),))])
    assert m["storage_accuracy"] == 1.0 and m["temporal_accuracy"] is None


def test_records_match_one_to_one_and_extras_are_counted() -> None:
    sc = scenario(
        [
            turn(
                {
                    "records": [
                        {"type": "medication_intake", "fields": {"drug": "metformin"}},
                        {"type": "medication_intake", "fields": {"drug": "metformin"}},
                    ]
                }
            )
        ]
    )
    one = TurnOutcome(
        records=(
            rec("a", "medication_intake", drug="metformin"),
            rec("b", "symptom", name="dizziness"),
            rec("c", "exercise", activity="walk"),
        )
    )
    m = metrics(sc, [one])
    assert m["storage_accuracy"] == 0.5
    assert m["extra_clinical_records"] == 0.5  # symptom is clinical and unexpected; exercise is not clinical


def test_records_expected_empty_makes_every_clinical_record_extra() -> None:
    sc = scenario([turn({"records": []}), turn({})])
    got = [
        TurnOutcome(records=(rec("a", "condition", name="asthma"),)),
        TurnOutcome(records=(rec("b", "condition", name="asthma"),)),
    ]
    m = metrics(sc, got)
    assert m["extra_clinical_records"] == 1.0  # only the turn with a records key is scored
    assert m["storage_accuracy"] is None


def test_blocked_names_must_be_refused_and_not_stored() -> None:
    sc = scenario([turn({"blocked": ["Sugar thingy", "liver score"]})])
    got = TurnOutcome(
        records=(rec("a", "test_result", name="liver score", value=3),),
        blocked=("sugar thingy ", "liver score"),
    )
    m = metrics(sc, [got])
    assert m["gate_block_accuracy"] == 0.5


# --- reconciliation ------------------------------------------------------------------------------

MR = {"resource_type": "MedicationRequest", "system": RXNORM, "code": "860975"}
COND = {"resource_type": "Condition", "system": SNOMED, "code": "44054006"}
MR_KEY = f"MedicationRequest|{RXNORM}|860975"
COND_KEY = f"Condition|{SNOMED}|44054006"


def test_detection_resource_informed_safety_and_severity() -> None:
    sc = scenario(
        [
            turn(
                {
                    "findings": [
                        {
                            "kind": "contradiction",
                            "severity": "high",
                            "safety_critical": True,
                            "cites": [MR, COND],
                        }
                    ]
                }
            ),
            turn({"findings": [{"kind": "gap", "severity": "low", "cites": [COND]}]}),
            turn({"findings": [{"kind": "gap", "severity": "high", "safety_critical": True}]}),
        ]
    )
    got = [
        TurnOutcome(findings=(finding("contradiction", "medium", True, MR_KEY, "Condition|x|y"),)),
        TurnOutcome(findings=(finding("gap", "high", False, "Procedure|x|1"),)),
        TurnOutcome(findings=(finding("agreement"),)),
    ]
    m = metrics(sc, got)
    assert m["detection_rate"] == pytest.approx(2 / 3, abs=1e-4)
    assert m["resource_informed_detection"] == 0.5  # turn 0 cites an expected resource, turn 1 does not
    assert m["safety_recall"] == 0.5  # turn 0 detected, turn 2 not
    assert m["severity_exact"] == 0.0
    assert m["severity_within_one"] == pytest.approx(
        1 / 3, abs=1e-4
    )  # medium~high; low~high no; undetected no
    assert m["resource_recall"] == pytest.approx((0.5 + 0.0) / 2)
    assert m["resource_precision"] == pytest.approx((0.5 + 0.0) / 2)


def test_several_cited_resources_precision_and_recall() -> None:
    sc = scenario([turn({"findings": [{"kind": "gap", "cites": [MR, COND]}]})])
    m = metrics(
        sc, [TurnOutcome(findings=(finding("gap", "low", False, MR_KEY, COND_KEY, "Procedure|s|1"),))]
    )
    assert m["resource_recall"] == 1.0
    assert m["resource_precision"] == pytest.approx(2 / 3, abs=1e-4)
    assert m["resource_informed_detection"] == 1.0
    assert m["severity_exact"] is None  # no severity expected: detection only


def test_the_best_matching_finding_is_chosen_and_used_once() -> None:
    sc = scenario([turn({"findings": [{"kind": "gap", "cites": [COND]}, {"kind": "gap", "cites": [MR]}]})])
    got = TurnOutcome(
        findings=(finding("gap", "low", False, MR_KEY), finding("gap", "medium", False, COND_KEY))
    )
    m = metrics(sc, [got])
    assert m["detection_rate"] == 1.0 and m["resource_recall"] == 1.0 and m["resource_precision"] == 1.0
    only_one = TurnOutcome(findings=(finding("gap", "low", False, MR_KEY),))
    assert metrics(sc, [only_one])["detection_rate"] == 0.5


def test_no_expected_findings_leaves_reconciliation_null_but_scores_false_findings() -> None:
    sc = scenario([turn({"no_findings_of": ["contradiction", "gap"]}), turn({})])
    got = [
        TurnOutcome(findings=(finding("gap", "low"),)),
        TurnOutcome(findings=(finding("contradiction", "high"),)),
    ]
    m = metrics(sc, got)
    for key in (
        "detection_rate",
        "resource_informed_detection",
        "safety_recall",
        "severity_exact",
        "severity_within_one",
        "resource_precision",
        "resource_recall",
    ):
        assert m[key] is None
    assert m["false_findings"] == 0.5


def test_unmeasured_findings_are_not_scored() -> None:
    sc = scenario([turn({"findings": [{"kind": "gap"}]})])
    assert metrics(sc, [TurnOutcome(findings=None)])["detection_rate"] is None
    assert metrics(sc, [None])["detection_rate"] is None
    assert metrics(sc, [TurnOutcome(findings=())])["detection_rate"] == 0.0


# --- retrieval -----------------------------------------------------------------------------------


def test_ranking_mrr_recall_and_precision_at_k() -> None:
    items = (
        RetrievedItem("x"),
        RetrievedItem("r1", ("utt-0",)),
        RetrievedItem("y"),
        RetrievedItem("z", ("Observation/o1",)),
    )
    rr, recall, precision = ranking(items, [{"utt-0", "r1"}, {"Observation/o1"}], k=3)
    assert rr == 0.5 and recall == 0.5 and precision == pytest.approx(1 / 3)
    assert ranking((), [{"a"}], k=5) == (0.0, 0.0, 0.0)


def test_queries_route_boundary_and_ranking() -> None:
    sc = scenario(
        [turn({})],
        [
            {"at": AT, "text": "q0", "expect": {"route": "structured", "relevant": [{"turn": 0}], "k": 1}},
            {"at": AT, "text": "q1", "expect": {"empty": True, "route": "structured"}},
            {"at": AT, "text": "q2", "expect": {"relevant": [{"fhir": "Observation/o1"}], "k": 2}},
            {"at": AT, "text": "q3", "expect": {"relevant": [], "empty": False}},
        ],
    )
    turns = [TurnOutcome(utterance_id="utt-0", records=(rec("r1", "symptom", name="cough"),))]
    queries = [
        QueryOutcome("structured", (RetrievedItem("r1", ("utt-0",)),)),
        QueryOutcome("associative", (RetrievedItem("n"),)),
        QueryOutcome("both", ()),  # an empty retrieval scores 0 on ranking
        QueryOutcome("both", (RetrievedItem("n"),)),
    ]
    score = score_scenario(sc, ScenarioOutcome(turns=turns, queries=queries))
    m = score.metrics()
    assert m["route_accuracy"] == 0.5
    assert m["hard_boundary_accuracy"] == 0.5
    assert m["mrr"] == 0.5 and m["recall_at_k"] == 0.5 and m["precision_at_k"] == 0.5
    assert score.tallies["mrr"].den == 2  # q3 has an empty relevant list: not scored for ranking
    assert score.answered["mrr"].den == 1 and score.answered["mrr"].value == 1.0


def test_pooling_counts_every_item_once_and_keeps_every_key() -> None:
    sc = scenario([turn({"retain": True})])
    a = score_scenario(sc, ScenarioOutcome(turns=[TurnOutcome(retained=True)], queries=[]))
    b = score_scenario(sc, ScenarioOutcome(turns=[TurnOutcome(retained=False)], queries=[]))
    overall, _ = pool([a, b])
    assert set(overall) == set(METRIC_KEYS) and len(METRIC_KEYS) == 20
    assert overall["retain_accuracy"].value == 0.5 and overall["retain_accuracy"].den == 2
    assert overall["mrr"].value is None


def test_the_order_findings_come_in_changes_no_score() -> None:
    # two gaps equally good for the first expected one: which is taken decides the second's severity
    sc = scenario([turn({"findings": [{"kind": "gap"}, {"kind": "gap", "severity": "medium"}]})])
    low, medium = finding("gap", "low", False, "Procedure|x|1"), finding("gap", "medium", False, "Procedure|x|2")
    scores = [
        score_scenario(sc, ScenarioOutcome(turns=[TurnOutcome(findings=order)], queries=[]))
        for order in ((low, medium), (medium, low))
    ]
    assert scores[0].metrics() == scores[1].metrics()
    assert scores[0].failures == scores[1].failures
