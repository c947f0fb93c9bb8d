"""The narrative write path: one user turn -> gated, time-resolved, grounded records, in one transaction.

Public surface::

    from app.ingest.write_path import process_turn
    result = process_turn(client, user_id, text, mention_time, session_id,
                          snapshot=load_snapshot(), extractor=None, clock=lambda: datetime.now(UTC))

Modules: ``models`` (inputs, results, deterministic ids), ``assemble`` (pure: candidates -> plan),
``search_text`` (pure: fields -> sentence), ``queries`` (Cypher), ``writer`` (the one transaction),
``service`` (orchestration). The derived layer lives in :mod:`app.ingest.derived`.
"""

from app.ingest.write_path.models import BlockedCandidate, GateDecision, TurnResult, WrittenRecord
from app.ingest.write_path.service import Stages, default_stages, process_turn

__all__ = [
    "BlockedCandidate",
    "GateDecision",
    "Stages",
    "TurnResult",
    "WrittenRecord",
    "default_stages",
    "process_turn",
]
