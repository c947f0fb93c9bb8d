"""The derived layer on the real graph: NEXT chains and trends, corrections, goals, medications,
episodes and causal candidates."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone

from app.db.client import GraphClient
from app.ingest.write_path import TurnResult
from tests.ingest_write.conftest import ScriptedExtractor, cand
from tests.ingest_write.graph_reads import derived, edges, records, self_edges

TZ = timezone(timedelta(hours=1))
DAY1 = datetime(2026, 3, 2, 20, 0, tzinfo=TZ)
Say = Callable[..., TurnResult]


def _glucose(scripted: ScriptedExtractor, value: int, tag: str) -> str:
    return scripted.add(
        f"glucose {value} {tag}",
        cand("test_result", f"glucose {value}", "today", name="glucose", value=value, unit="mg/dL"),
    )


def test_two_measurements_chain_by_event_time_and_keep_a_trend(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    first = say(_glucose(scripted, 140, "a"), DAY1).records[0].uid
    assert records(client, user_id, "metric_trend") == []
    third = say(_glucose(scripted, 160, "c"), DAY1 + timedelta(days=10)).records[0].uid
    [trend] = records(client, user_id, "metric_trend")
    computed = derived(trend)
    assert (computed["count"], computed["direction"], computed["change"]) == (2, "up", 20.0)
    assert edges(client, user_id, "NEXT") == [(first, third, {})]
    # a reading told later about an earlier day slots in between: the chain is re-linked in event time
    late = scripted.add(
        "glucose 120 back then",
        cand("test_result", "glucose 120", "3 days ago", name="glucose", value=120, unit="mg/dL"),
    )
    second = say(late, DAY1 + timedelta(days=8)).records[0].uid  # 3 days before that: day 5
    assert sorted((a, b) for a, b, _ in edges(client, user_id, "NEXT")) == sorted(
        [(first, second), (second, third)]
    )
    [trend] = records(client, user_id, "metric_trend")
    computed = derived(trend)
    assert (computed["count"], computed["first_value"], computed["last_value"]) == (3, 140.0, 160.0)
    assert computed["previous_value"] == 120.0 and computed["change_from_previous"] == 40.0
    [coverage] = records(client, user_id, "report_coverage")
    assert derived(coverage)["count"] == 3 and derived(coverage)["reported_days"] == 3


def test_a_correction_supersedes_and_the_trend_follows(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    old = say(_glucose(scripted, 150, "a"), DAY1).records[0].uid
    say(_glucose(scripted, 170, "b"), DAY1 + timedelta(days=7))
    fix = scripted.add(
        "actually it was 130 last Monday",
        cand("test_result", "actually it was 130", "today", name="glucose", value=130, unit="mg/dL"),
    )
    new = say(fix, DAY1 + timedelta(days=7, hours=1)).records[0].uid
    stored = {r["uid"]: r for r in records(client, user_id, "test_result")}
    assert stored[old]["status"] == "current" and stored[old]["value"] == 150  # never overwritten
    superseded = [uid for uid, r in stored.items() if r["status"] == "superseded"]
    assert len(superseded) == 1 and stored[superseded[0]]["value"] == 170
    assert (new, superseded[0]) in {(a, b) for a, b, _ in edges(client, user_id, "SUPERSEDES")}
    computed = derived(records(client, user_id, "metric_trend")[0])
    assert (computed["count"], computed["last_value"]) == (2, 130.0)
    assert superseded[0] not in {x for a, b, _ in edges(client, user_id, "NEXT") for x in (a, b)}


def test_goal_lifecycle_is_a_chain_of_transitions(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    stated = say(scripted.add("I want to lose 5 kg", cand("goal", "lose 5 kg", target="lose 5 kg")), DAY1)
    assert [b for b, _ in self_edges(client, user_id, "AIMS_FOR")] == [stated.records[0].uid]
    progress = say(
        scripted.add(
            "down 2 kg on my lose 5 kg goal",
            cand("goal", "lose 5 kg goal", target="lose 5 kg", status="progressing"),
        ),
        DAY1 + timedelta(days=14),
    )
    keep = say(
        scripted.add(
            "now I just want to keep my weight steady",
            cand("goal", "keep my weight steady", target="keep my weight steady"),
        ),
        DAY1 + timedelta(days=60),
    )
    goals = {r["uid"]: r for r in records(client, user_id, "goal")}
    assert goals[stated.records[0].uid]["status"] == "superseded"
    assert goals[progress.records[0].uid]["status"] == "superseded"
    assert goals[keep.records[0].uid]["status"] == "current"
    reasons = {(a, b): p["reason"] for a, b, p in edges(client, user_id, "SUPERSEDES")}
    assert reasons == {
        (progress.records[0].uid, stated.records[0].uid): "goal_progressing",
        (keep.records[0].uid, progress.records[0].uid): "goal_superseded",
    }
    assert [b for b, _ in self_edges(client, user_id, "AIMS_FOR")] == [keep.records[0].uid]
    [trajectory] = records(client, user_id, "goal_trajectory")
    path = [step["status"] for step in derived(trajectory)["transitions"]]
    assert path == ["stated", "progressing", "stated"] and trajectory["target"] == "keep my weight steady"
    assert not records(client, user_id, "finding")  # a transition, not a contradiction


def test_current_medication_follows_start_and_stop(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    say(
        scripted.add(
            "started metformin 500 mg",
            cand("regimen_change", "started metformin", drug="metformin", action="start"),
        ),
        DAY1,
    )
    assert [b for b, _ in self_edges(client, user_id, "TAKES")] == ["metformin"]
    [med] = records(client, user_id, "current_medication")
    assert med["status"] == "current" and derived(med)["taking"] is True
    say(
        scripted.add(
            "I stopped the metformin",
            cand("regimen_change", "stopped the metformin", drug="metformin", action="stop"),
        ),
        DAY1 + timedelta(days=20),
    )
    assert self_edges(client, user_id, "TAKES") == []
    [med] = records(client, user_id, "current_medication")
    assert med["status"] == "ended" and derived(med)["last_event"] == "stop"


def test_episodes_group_results_intakes_and_symptom_reports(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    checkup = say(
        scripted.add(
            "at my checkup today my A1c was 7.1",
            cand("clinical_visit", "my checkup", "today", kind="checkup"),
            cand("test_result", "A1c was 7.1", "today", name="A1c", value=7.1),
        ),
        DAY1,
    )
    visit, a1c = (r.uid for r in checkup.records)
    rx = say(
        scripted.add(
            "prescribed amoxicillin for ten days",
            cand("prescription", "prescribed amoxicillin", "today", drug="amoxicillin", supply_days=10),
        ),
        DAY1,
    )
    intake = say(
        scripted.add(
            "took my amoxicillin",
            cand("medication_intake", "took my amoxicillin", "today", drug="amoxicillin"),
        ),
        DAY1 + timedelta(days=2),
    )
    h1 = say(scripted.add("headache today", cand("symptom", "headache", "today", name="headache")), DAY1)
    h2 = say(
        scripted.add("headache again", cand("symptom", "headache again", "today", name="headache")),
        DAY1 + timedelta(days=3),
    )
    part_of = {(a, b): p["episode"] for a, b, p in edges(client, user_id, "PART_OF")}
    assert part_of[(a1c, visit)] == "checkup"
    assert part_of[(intake.records[0].uid, rx.records[0].uid)] == "prescription"
    assert part_of[(h2.records[0].uid, h1.records[0].uid)] == "symptom"


def _sleep(scripted: ScriptedExtractor, minutes: int, tag: str) -> str:
    return scripted.add(
        f"slept {minutes} {tag}",
        cand("sleep", f"slept {minutes} minutes", "last night", duration_min=minutes),
    )


def test_short_sleep_then_headache_is_a_candidate_never_a_cause(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    say(_sleep(scripted, 480, "a"), DAY1)
    short = say(_sleep(scripted, 270, "b"), DAY1 + timedelta(days=3)).records[0].uid
    ache = say(
        scripted.add(
            "bad headache this afternoon", cand("symptom", "bad headache", "this afternoon", name="headache")
        ),
        DAY1 + timedelta(days=3, hours=-2),
    )
    candidates = edges(client, user_id, "CANDIDATE_CAUSE_OF")
    assert [(a, b) for a, b, _ in candidates] == [(short, ache.records[0].uid)]
    props = candidates[0][2]
    assert props["rule"] == "short_sleep_then_symptom" and props["asserted"] is False
    assert props["evidence"] == [short, ache.records[0].uid] and 0 < props["lag_hours"] <= 36
    assert ache.derived["causal_candidates"] == 1


def test_noise_rules_drop_zero_variance_and_out_of_vocabulary(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    say(_sleep(scripted, 300, "a"), DAY1)
    say(_sleep(scripted, 300, "b"), DAY1 + timedelta(days=1))  # every reported night the same: no signal
    ache = say(
        scripted.add("headache now", cand("symptom", "headache", "today", name="headache")),
        DAY1 + timedelta(days=1, hours=2),
    )
    assert ache.derived.get("causal_excluded") == 2 and "causal_candidates" not in ache.derived
    say(
        scripted.add(
            "stopped metformin", cand("regimen_change", "stopped metformin", drug="metformin", action="stop")
        ),
        DAY1 + timedelta(days=5),
    )
    odd = say(
        scripted.add("my zlorp feels weird", cand("symptom", "zlorp feels weird", name="zlorp feels weird")),
        DAY1 + timedelta(days=6),
    )
    assert odd.derived.get("causal_excluded") == 1  # not a dictionary symptom
    assert edges(client, user_id, "CANDIDATE_CAUSE_OF") == []
