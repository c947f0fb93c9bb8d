"""One turn end to end: the write path, then reconciliation of the new records, then a profile request.

This is the composition the API (``POST /v1/users/{id}/turns``), the CLI (``selfgraph say``), the
demo and the evaluator share, so a turn means the same thing everywhere: records are written in
one transaction (``app.ingest.write_path``), every new current record is classified against the
clinical stream (``app.reconcile``; a kept turn with no record has its conversation events classified
instead, lifestyle talk being of no clinical relevance), and a profile regeneration is requested (debounced, off the
request path) when anything changed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.db.client import GraphClient
from app.dictionary import DictionarySnapshot
from app.ingest.write_path.models import TurnResult
from app.ingest.write_path.service import process_turn
from app.reconcile.models import Finding
from app.reconcile.service import reconcile_conversation_events, reconcile_records

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TurnOutcome:
    """What one turn stored and what reconciliation concluded about it."""

    turn: TurnResult
    findings: list[Finding] = field(default_factory=list)


def handle_turn(
    client: GraphClient,
    user_id: str,
    text: str,
    mention_time: datetime,
    session_id: str | None = None,
    *,
    snapshot: DictionarySnapshot,
    clock: Callable[[], datetime],
    llm: Any = None,
    request_profile: Callable[[str], None] | None = None,
) -> TurnOutcome:
    """Write the turn, reconcile its new records, and ask for a profile refresh if anything changed."""
    turn = process_turn(client, user_id, text, mention_time, session_id, snapshot=snapshot, clock=clock)
    if turn.replayed:
        return TurnOutcome(turn)
    findings = reconcile_turn(client, user_id, turn, snapshot=snapshot, clock=clock, llm=llm)
    if request_profile is not None and (turn.records or turn.event_ids):
        request_profile(user_id)
    log.info("turn handled user=%s records=%d findings=%d", user_id, len(turn.records), len(findings))
    return TurnOutcome(turn, findings)


def reconcile_turn(
    client: GraphClient,
    user_id: str,
    turn: TurnResult,
    *,
    snapshot: DictionarySnapshot,
    clock: Callable[[], datetime],
    llm: Any = None,
) -> list[Finding]:
    """Classify what a written turn left: its new current records, or, for a kept turn that produced no record,
    its conversation events (lifestyle talk or nothing)."""
    record_ids = [record.uid for record in turn.records if record.status == "current"]
    if record_ids:
        return reconcile_records(client, user_id, record_ids, snapshot=snapshot, clock=clock, llm=llm)
    if not turn.records and turn.event_ids:
        return reconcile_conversation_events(client, user_id, turn.event_ids, snapshot=snapshot, clock=clock)
    return []
