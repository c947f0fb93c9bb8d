"""The pure rules of the derived layer (no database)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.ingest.derived import causal, lifecycle
from app.ingest.derived.series import Point, chain_insertions, coverage, dimension, summarize, trend

T0 = datetime(2026, 1, 1, 8, 0, tzinfo=UTC)


def _p(uid: str, days: float, value: float | None = None, **props: object) -> Point:
    return Point(uid=uid, at=T0 + timedelta(days=days), value=value, props=props)


def test_new_points_slot_in_between_their_stored_neighbours() -> None:
    delete, create = chain_insertions([_p("b", 5)], {"b": ("a", "c")})
    assert delete == [("a", "c")] and create == [("a", "b"), ("b", "c")]
    # two new points in one gap are chained in event time; a point at the end only links back
    delete, create = chain_insertions(
        [_p("y", 7), _p("x", 6), _p("z", 20)], {"x": ("a", "c"), "y": ("a", "c"), "z": ("c", None)}
    )
    assert delete == [("a", "c")]
    assert create == [("a", "x"), ("x", "y"), ("y", "c"), ("c", "z")]
    assert chain_insertions([_p("a", 0)], {"a": (None, None)}) == ([], [])


def test_trend_needs_two_values_and_respects_the_tolerance() -> None:
    assert trend(summarize([_p("a", 0, 7.9)])) is None
    down = trend(summarize([_p("b", 30, 7.2), _p("a", 0, 7.9), _p("n", 40)]))
    assert down is not None and down["direction"] == "down" and down["change"] == -0.7
    assert (down["first_uid"], down["last_uid"], down["count"]) == ("a", "b", 2)
    flat = trend(summarize([_p("a", 0, 100.0), _p("b", 1, 101.0)]), tolerance=2.0)
    assert flat is not None and flat["direction"] == "flat"


def test_coverage_counts_reported_days_and_treats_the_rest_as_missing() -> None:
    points = [
        _p("a", 0, 5, abnormal="high"),
        _p("b", 0.2, 6, abnormal="high"),
        _p("c", 9, 7, abnormal="normal"),
    ]
    out = coverage(summarize(points), now=T0 + timedelta(days=12))
    assert out is not None
    assert (out["count"], out["reported_days"], out["span_days"]) == (3, 2, 10)
    assert out["typical_gap_days"] == 9 and out["days_since_last"] == 3
    assert out["abnormal_share"] == round(2 / 3, 4)


def test_dimensions_name_one_series_per_metric() -> None:
    assert dimension({"type": "test_result", "standard_key": "hba1c"}) == "test:hba1c"
    assert dimension({"type": "test_result"}) is None  # no dictionary key, no series
    assert dimension({"type": "vital_sign", "kind": "blood_pressure", "standard_key": "blood_pressure"}) == (
        "test:blood_pressure"
    )
    assert dimension({"type": "regimen_change", "drug": "metformin"}) == "regimen:metformin"
    assert dimension({"type": "goal", "target": "lose 5 kg"}) == dimension(
        {"type": "goal", "target": "my weight"}
    )
    assert dimension({"type": "height"}) == "static:height"


def _r(uid: str, days: float, **props: object) -> dict[str, object]:
    return {"uid": uid, "at": T0 + timedelta(days=days), **props}


def test_medication_state_follows_the_latest_regimen_fact_in_event_time() -> None:
    series = [
        _r("start", 0, type="regimen_change", action="start"),
        _r("stop", 20, type="regimen_change", action="stop"),
        _r("intake", 5, type="medication_intake", dose=500, unit="mg"),
    ]
    state = lifecycle.medication_state("metformin", series)
    assert state is not None and state.taking is False and state.last_uid == "stop"
    state = lifecycle.medication_state(
        "metformin", [*series, _r("again", 25, type="regimen_change", action="start")]
    )
    assert state is not None and state.taking and state.since == T0 + timedelta(days=25)


def test_goal_transitions_and_symptom_episodes() -> None:
    goals = [
        _r("g1", 0, target="lose 5 kg", stated_status="stated"),
        _r("g2", 10, target="lose 5 kg", stated_status="achieved"),
    ]
    [t] = lifecycle.goal_transitions(goals, {"g2"})
    assert (t.new_uid, t.old_uid, t.transition) == ("g2", "g1", "achieved")
    reports = [_r("h1", 0), _r("h2", 3), _r("h3", 20), _r("h4", 22)]
    assert lifecycle.symptom_episodes(reports) == {"h2": "h1", "h4": "h3"}


def test_noise_rules_drop_self_loops_zero_variance_and_unknown_labels() -> None:
    records = [
        _r("s1", 0, type="sleep", duration_min=300, dimension="sleep:duration"),
        _r("h1", 0.5, type="symptom", name="headache", dimension="symptom:headache"),
        _r("h2", 0.6, type="symptom", name="headache", dimension="symptom:headache"),
    ]
    loop = causal.CausalRule(
        "symptom_then_symptom",
        lambda r: r.get("type") == "symptom",
        lambda r: r.get("type") == "symptom",
        timedelta(days=1),
        "symptom:",
        "symptom:",
        ("symptom",),
        ("symptom",),
    )
    rules = (*causal.CAUSAL_RULES, loop)
    proposed = causal.propose(records, {"h2"}, rules)
    assert {(c.rule, c.cause_uid, c.effect_uid) for c in proposed} >= {
        ("short_sleep_then_symptom", "s1", "h2"),
        ("symptom_then_symptom", "h1", "h2"),
    }
    kept, excluded = causal.filter_candidates(
        proposed, series_values={"sleep:duration": [300.0, 420.0]}, in_vocabulary=lambda d: True, rules=rules
    )
    assert [(c.cause_uid, c.effect_uid) for c in kept] == [("s1", "h2")]
    assert {e.reason for e in excluded} == {"self_loop"}
    _, excluded = causal.filter_candidates(
        proposed, series_values={"sleep:duration": [300.0, 300.0]}, in_vocabulary=lambda d: True, rules=rules
    )
    assert "zero_variance" in {e.reason for e in excluded}
    kept, excluded = causal.filter_candidates(
        proposed,
        series_values={"sleep:duration": [300.0, 420.0]},
        in_vocabulary=lambda d: d != "symptom:headache",
        rules=rules,
    )
    assert kept == [] and "out_of_vocabulary" in {e.reason for e in excluded}
