"""A kept turn that produced no record: its conversation event is classified (issue #7: every new narrative fact),
lifestyle talk as no clinical relevance, linked to the event and listed with the user's findings."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from app.db.client import GraphClient
from app.db.cypher import Query
from app.dictionary import DictionarySnapshot
from app.pipeline import handle_turn
from app.reconcile.service import list_findings
from app.users.service import ensure_self

EVENT_FINDINGS = Query(
    "test_event_findings",
    """
    MATCH (:Self {user_id: $user_id})-[:HAS_FINDING]->(f:Finding)-[:ABOUT_EVENT]->(e:ConversationEvent)
    RETURN f.kind AS kind, f.rule AS rule, e.uid AS event
    """,
)


def test_lifestyle_talk_gets_a_finding_about_its_event_and_clinical_talk_none(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id)
    at = clock()
    talk = handle_turn(
        client,
        user_id,
        "Spent the afternoon on a jigsaw puzzle with my granddaughter, we finished the whole border.",
        at,
        snapshot=snapshot,
        clock=clock,
    )
    assert talk.turn.gate.retain and not talk.turn.records and talk.turn.event_ids
    assert [f.kind for f in talk.findings] == ["no_clinical_relevance"]
    rows = client.read(EVENT_FINDINGS, {"user_id": user_id})
    assert [(r["kind"], r["event"]) for r in rows] == [("no_clinical_relevance", talk.turn.event_ids[0])]
    listed = list_findings(client, user_id)
    assert [(f["kind"], f["event_uid"], f["record_uid"]) for f in listed] == [
        ("no_clinical_relevance", talk.turn.event_ids[0], None)
    ]
    again = handle_turn(  # clinical words, no record: not judged irrelevant
        client,
        user_id,
        "My hand has felt strange since the weekend, hard to describe.",
        at,
        snapshot=snapshot,
        clock=clock,
    )
    assert again.turn.gate.retain and not again.turn.records and again.findings == []
    assert len(client.read(EVENT_FINDINGS, {"user_id": user_id})) == 1
