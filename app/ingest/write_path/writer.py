"""The one write transaction of a turn.

Inside one transaction, in this order: the dictionary version guard, the replay guard (a turn
already stored writes nothing), the utterance (masked), the records with provenance, vocabulary
links, ``Self`` facets and static facts, conversation events, the alias-gate candidate queue, the
derived layer, and one entry in the operation log (ids and counts only). Any failure rolls all of
it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.db.client import Tx
from app.dictionary import DictionarySnapshot, DictionaryVersionMismatch
from app.dictionary.gate import queue_refusals
from app.ingest.derived.service import update_derived
from app.ingest.write_path import queries
from app.ingest.write_path.assemble import TurnPlan
from app.ingest.write_path.models import GateDecision
from app.oplog.service import append_operation
from app.users.service import user_token

OPERATION_KIND = "narrative_turn"
ACTOR = "write_path"


@dataclass(frozen=True, slots=True)
class TurnWrite:
    """The turn to write: the utterance's identity and the plan computed from it."""

    user_id: str
    utterance_id: str
    masked_text: str
    mention_time: datetime
    session_id: str | None
    gate: GateDecision
    plan: TurnPlan
    writer_role: str | None = None
    """Who wrote the message for the person (:attr:`app.ingest.narrative.caregiver_view.SpokenOf.writer_role`)."""
    written_for: str | None = None


@dataclass
class WriteOutcome:
    replayed: bool
    existing: dict[str, Any] | None = None
    derived: dict[str, int] = field(default_factory=dict)
    operation_id: str | None = None


def write_turn(tx: Tx, turn: TurnWrite, *, snapshot: DictionarySnapshot, now: datetime) -> WriteOutcome:
    """Write one turn; returns the stored state instead when the same turn is already there."""
    guards = tx.run(queries.TURN_GUARDS, {"uid": turn.utterance_id})[0]
    _ensure_version(guards["dictionary_version"], snapshot)
    if guards["seen"]:
        existing = tx.run(queries.FIND_UTTERANCE, {"uid": turn.utterance_id})
        return WriteOutcome(replayed=True, existing=existing[0])
    plan, user_id, utterance_id = turn.plan, turn.user_id, turn.utterance_id
    tx.run(
        queries.WRITE_UTTERANCE,
        {
            "uid": utterance_id,
            "user_id": user_id,
            "session_id": turn.session_id,
            "text": turn.masked_text if turn.gate.retain else None,
            "mention_time": turn.mention_time,
            "retained": turn.gate.retain,
            "gate_reason": turn.gate.reason,
            "writer_role": turn.writer_role,
            "written_for": turn.written_for,
        },
    )
    scope = {"user_id": user_id, "utterance_id": utterance_id, "user_token": user_token(user_id)}
    if plan.records:
        tx.run(queries.WRITE_RECORDS, {**scope, "records": plan.records})
    for kind, links in plan.about.items():
        tx.run(queries.LINK_ABOUT[kind], {"links": links})
    if plan.diagnosed:
        tx.run(queries.LINK_DIAGNOSED_WITH, {"user_id": user_id, "links": plan.diagnosed})
    if plan.allergic:
        tx.run(queries.LINK_ALLERGIC_TO, {"user_id": user_id, "links": plan.allergic})
    if plan.avoids:
        tx.run(queries.LINK_AVOIDS, {"user_id": user_id, "uids": plan.avoids})
    if plan.self_facts:
        facts = {name: plan.self_facts.get(name) for name in ("sex", "birth_date", "height_cm", "blood_type")}
        tx.run(queries.SET_SELF_FACTS, {"user_id": user_id, **facts})
    if plan.events:
        tx.run(queries.WRITE_EVENTS, {**scope, "events": plan.events})
    queued = (
        queue_refusals(tx, plan.queue, now=turn.mention_time, version=snapshot.version) if plan.queue else 0
    )
    derived = update_derived(
        tx,
        user_id=user_id,
        new_records=[_with_at(r) for r in plan.records],
        corrections=plan.corrections,
        snapshot=snapshot,
        now=now,
    )
    operation_id = append_operation(
        tx,
        user_id=user_id,
        kind=OPERATION_KIND,
        actor=ACTOR,
        target_ids=[utterance_id, *(r["uid"] for r in plan.records), *(e["uid"] for e in plan.events)],
        payload={
            "utterance_id": utterance_id,
            "retained": turn.gate.retain,
            "records": len(plan.records),
            "events": len(plan.events),
            "blocked": len(plan.blocked),
            "queued": queued,
            "dictionary_version": snapshot.version,
            "derived": derived,
        },
    )
    return WriteOutcome(replayed=False, derived=derived, operation_id=operation_id)


def _with_at(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "at": record.get("event_start") or record.get("mention_time")}


def _ensure_version(graph_version: str | None, snapshot: DictionarySnapshot) -> None:
    if graph_version != snapshot.version:
        raise DictionaryVersionMismatch(
            "The graph holds another dictionary version; run `selfgraph dictionary load`.",
            graph_version=graph_version,
            process_version=snapshot.version,
        )
