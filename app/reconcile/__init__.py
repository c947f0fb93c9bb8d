"""Reconciliation: every narrative record classified against the user's clinical subgraph.

Public surface::

    reconcile_records(client, user_id, record_ids, *, snapshot, clock, llm=None)   # write path hook
    reconcile_candidates(client, user_id, gold_records, *, snapshot, clock, llm=None)  # isolated eval
    list_findings(client, user_id, kind=, severity=, safety_critical=, since=, status=)
    open_safety_findings(client, user_id) / open_safety_finding_lines(client, user_id)

Module roles: ``models`` (Finding, Citation, Statement), ``queries`` (Cypher), ``context`` (the
clinical record as of a statement's event time), ``rules`` (dispatcher) with ``medication_rules``,
``clinical_rules``, ``observation_rules``, ``lifestyle_rules`` and ``matching`` (pure), ``grounding``
(gold records), ``llm_judge`` (the residue), ``service`` (I/O).
"""

from app.reconcile.models import Citation, Finding, Statement
from app.reconcile.service import (
    GoldRecord,
    list_findings,
    open_safety_finding_lines,
    open_safety_findings,
    reconcile_candidates,
    reconcile_records,
)

__all__ = [
    "Citation",
    "Finding",
    "GoldRecord",
    "Statement",
    "list_findings",
    "open_safety_finding_lines",
    "open_safety_findings",
    "reconcile_candidates",
    "reconcile_records",
]
