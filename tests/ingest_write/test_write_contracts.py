"""The write contracts of a turn: idempotent, atomic, provenance everywhere, PII never stored,
fail-closed names, bad input refused, users isolated."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone

import pytest

from app.db.client import GraphClient
from app.errors import InvalidInput
from app.ingest.write_path import TurnResult
from app.ingest.write_path import writer as writer_module
from app.users.service import delete_user, node_counts
from tests.ingest_write.conftest import ScriptedExtractor, cand
from tests.ingest_write.graph_reads import (
    CANDIDATE,
    DELETE_CANDIDATE,
    all_text,
    edges,
    records,
    self_edges,
    self_props,
)

TZ = timezone(timedelta(hours=-5))
AT = datetime(2026, 3, 10, 8, 30, tzinfo=TZ)
Say = Callable[..., TurnResult]


def _glucose_turn(scripted: ScriptedExtractor) -> str:
    return scripted.add(
        "My fasting glucose was 126 mg/dL yesterday and I started metformin last week",
        cand(
            "test_result",
            "fasting glucose was 126 mg/dL",
            "yesterday",
            name="fasting glucose",
            value=126,
            unit="mg/dL",
        ),
        cand("regimen_change", "started metformin", "last week", drug="metformin", action="start"),
    )


def test_the_same_turn_twice_adds_nothing(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    text = _glucose_turn(scripted)
    first = say(text, AT)
    counts = node_counts(client, user_id)
    edge_count = len(edges(client, user_id, "HAS_RECORD"))
    second = say(text, AT)
    assert not first.replayed and second.replayed
    assert node_counts(client, user_id) == counts
    assert len(edges(client, user_id, "HAS_RECORD")) == edge_count
    assert [r.uid for r in second.records] == [r.uid for r in first.records]
    assert counts["Record"] >= 2 and counts["Operation"] == 1


def test_a_failure_mid_write_leaves_nothing(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _glucose_turn(scripted)

    def broken(*args: object, **kwargs: object) -> dict[str, int]:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(writer_module, "update_derived", broken)
    with pytest.raises(RuntimeError):
        say(text, AT)
    assert node_counts(client, user_id) == {}
    monkeypatch.undo()
    assert not say(text, AT).replayed  # nothing was left behind to replay


def test_every_record_carries_its_provenance(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    result = say(_glucose_turn(scripted), AT)
    stored = records(client, user_id)
    narrative = [r for r in stored if r["source_type"] == "utterance"]
    assert len(narrative) == 2
    for r in narrative:
        assert r["source_id"] == result.utterance_id
        assert r["quote"] and r["extractor"] == "rules" and r["confidence"] == pytest.approx(0.9)
        assert r["mention_time"].to_native() == AT
        assert r["time_text"] and r["time_kind"] in {"date", "week"}
        assert r["event_start"] is not None and r["event_end"] is not None
        assert r["status"] == "current" and r["search_text"]
    glucose = next(r for r in narrative if r["type"] == "test_result")
    assert glucose["loinc"] and glucose["standard_key"] == "fasting_glucose"
    assert glucose["value"] == 126 and glucose["unit"] == "mg/dL"  # the stated fact, untouched
    assert glucose["event_start"].to_native().date().isoformat() == "2026-03-09"
    produced = {b for a, b, _ in edges(client, user_id, "PRODUCED") if a == result.utterance_id}
    assert {r["uid"] for r in narrative} <= produced
    assert {b for b, _ in self_edges(client, user_id, "SAID")} == {result.utterance_id}
    assert {"fasting_glucose", "metformin"} <= {b for _, b, _ in edges(client, user_id, "ABOUT")}
    for r in (r for r in stored if r["source_type"] == "derived"):
        assert r["extractor"] == "derived" and r["derived"]


def test_the_original_pii_is_never_stored(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    text = "Text me at 415-555-0132 or mail jane.roe@example.com: my glucose was 140 mg/dL this morning"
    say(text, AT, extractor=_masked_glucose(scripted))
    stored = all_text(client, user_id)
    assert "415-555-0132" not in stored and "jane.roe@example.com" not in stored
    assert text not in stored
    assert records(client, user_id, "test_result")  # the health fact itself was kept


def _masked_glucose(scripted: ScriptedExtractor) -> Callable[..., object]:
    def extract(masked: str, snapshot: object, *, mention: datetime) -> object:
        assert "415-555-0132" not in masked and "jane.roe@example.com" not in masked
        scripted.add(
            masked,
            cand(
                "test_result",
                "glucose was 140 mg/dL",
                "this morning",
                name="glucose",
                value=140,
                unit="mg/dL",
            ),
        )
        return scripted(masked, snapshot, mention=mention)  # type: ignore[arg-type]

    return extract


def test_unknown_names_are_blocked_and_queued_not_stored(
    client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor
) -> None:
    name = f"zorbimycin{user_id[-6:]}"
    text = scripted.add(
        f"I took {name} this morning and my glucoze was 150",
        cand("medication_intake", f"took {name}", "this morning", drug=name),
        cand("test_result", "glucoze was 150", name="glucoze", value=150),
    )
    try:
        result = say(text, AT)
        assert {(b.type, b.reason) for b in result.blocked} == {
            ("medication_intake", "alias_miss"),
            ("test_result", "alias_miss"),
        }
        assert records(client, user_id, "medication_intake") == []
        assert records(client, user_id, "test_result") == []
        queued = client.read(CANDIDATE, {"uid": f"drug:{name}"})
        assert queued and queued[0]["c"]["count"] >= 1
        assert result.event_ids  # the kept turn is still findable as a conversation event
    finally:
        client.write(DELETE_CANDIDATE, {"uid": f"drug:{name}"})


@pytest.mark.parametrize(
    ("user", "text", "at"),
    [
        ("ok-user", "   ", AT),
        ("ok-user", "glucose 140", datetime(2026, 3, 10, 8, 30)),
        ("bad user/../id", "glucose 140", AT),
    ],
)
def test_bad_input_is_refused_and_nothing_is_written(
    client: GraphClient, user_id: str, say: Say, user: str, text: str, at: datetime
) -> None:
    target = user_id if user == "ok-user" else user
    with pytest.raises(InvalidInput):
        say(text, at, user=target)
    assert node_counts(client, user_id) == {}


def test_users_are_isolated(client: GraphClient, user_id: str, say: Say, scripted: ScriptedExtractor) -> None:
    other = f"{user_id}-other"
    text = _glucose_turn(scripted)
    try:
        mine = say(text, AT)
        theirs = say(text, AT, user=other)
        assert not theirs.replayed and mine.utterance_id != theirs.utterance_id
        assert not {r.uid for r in mine.records} & {r.uid for r in theirs.records}
        later = scripted.add(
            "fasting glucose 110 today",
            cand("test_result", "fasting glucose 110", "today", name="fasting glucose", value=110),
        )
        say(later, AT + timedelta(days=3), user=other)
        assert records(client, user_id, "metric_trend") == []  # my single reading has no trend
        assert len(records(client, other, "metric_trend")) == 1
        mine_uids = {r["uid"] for r in records(client, user_id)}
        linked = {b for _, b, _ in edges(client, other, "NEXT")} | {
            a for a, _, _ in edges(client, other, "NEXT")
        }
        assert not linked & mine_uids
        assert self_props(client, user_id)["user_id"] == user_id
    finally:
        delete_user(client, other)


def test_a_hedged_goal_is_kept_but_a_hedged_fact_or_a_negated_goal_is_not() -> None:
    from app.ingest.narrative.record_types import CandidateRecord
    from app.ingest.write_path.assemble import _refusal
    from app.ingest.write_path.models import GateDecision

    gate = GateDecision(retain=True, reason="health", clinical_allowed=True)

    def candidate(kind: str, fields: dict[str, object], **flags: bool) -> CandidateRecord:
        return CandidateRecord(type=kind, fields=fields, quote="q", extractor="rules", confidence=0.9, **flags)

    goal = {"target": "5000 steps a day"}
    assert _refusal(candidate("goal", goal, uncertain=True), gate) is None  # "maybe I'll aim for 5000"
    assert _refusal(candidate("goal", goal, hypothetical=True), gate) is None  # "if possible, 5000 a day"
    assert _refusal(candidate("goal", goal, negated=True), gate) == "negated"
    assert _refusal(candidate("symptom", {"name": "headache"}, uncertain=True), gate) == "uncertain"
