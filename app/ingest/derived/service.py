"""Running the derived rules inside a turn's write transaction.

:func:`update_derived` is called by the turn writer after the turn's records are in the
transaction. It reads only the series the new records touch (one index seek per series,
:mod:`.stored_series`), applies the pure rules of :mod:`.series`, :mod:`.lifecycle` and
:mod:`.causal` through :mod:`.record_links`, :mod:`.metrics`, :mod:`.current_state` and
:mod:`.causal_candidates`, and writes the changes batched. Corrections supersede
(``status: superseded`` + ``SUPERSEDES``); nothing is overwritten, and the clinical (FHIR) stream is
never touched.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from app.db.client import Tx
from app.dictionary import DictionarySnapshot
from app.ingest.derived import queries
from app.ingest.derived.causal_candidates import link_causal_candidates
from app.ingest.derived.current_state import update_goals, update_medications
from app.ingest.derived.metrics import metric_rows, summaries
from app.ingest.derived.models import DerivedChanges, Row
from app.ingest.derived.record_links import link_chains, link_episodes, link_supersedes
from app.ingest.derived.series import dimension, is_chained
from app.ingest.derived.stored_series import read_neighbours, read_series
from app.users.service import user_token

log = logging.getLogger(__name__)


def update_derived(
    tx: Tx,
    *,
    user_id: str,
    new_records: Sequence[Mapping[str, Any]],
    corrections: set[str],
    snapshot: DictionarySnapshot,
    now: datetime,
) -> dict[str, int]:
    """Apply every derived rule the new records touch; return counts of changes.

    Long series are never shipped whole: chains use the new points' stored neighbours, trends and
    coverage a summary computed in the database, medication state the latest facts.
    """
    changes = DerivedChanges()
    new_uids = {str(r["uid"]) for r in new_records}
    placed = [{**r, "dimension": d} for r in new_records if (d := dimension(r))]
    dims = {str(r["dimension"]) for r in placed}
    if not dims:
        return dict(changes.counts)
    series, starts = read_series(tx, user_id, dims, new_records, incremental=not corrections)
    chained = [r for r in placed if is_chained(str(r["dimension"]))]
    neighbours = read_neighbours(tx, user_id, chained, new_uids)

    superseded = link_supersedes(tx, user_id, series, chained, neighbours, new_uids, corrections, now, changes)
    if superseded:
        tx.run(queries.SPLICE_OUT, {"user_id": user_id, "uids": sorted(superseded)})
        neighbours = read_neighbours(tx, user_id, chained, new_uids | superseded)
    current = {d: [r for r in rows if r["uid"] not in superseded] for d, rows in series.items()}
    link_chains(tx, chained, neighbours, changes)
    upserts: list[Row] = []
    touched = summaries(tx, user_id, placed, recompute=bool(superseded or corrections))
    upserts += metric_rows(user_id, touched, new_uids, snapshot, now)
    upserts += update_medications(tx, user_id, current, dims, starts, placed, changes)
    upserts += update_goals(tx, user_id, current, dims, superseded, changes)
    if upserts:
        tx.run(queries.UPSERT_DERIVED, {"user_id": user_id, "user_token": user_token(user_id), "rows": upserts})
        changes.add("derived_records", len(upserts))
    link_episodes(tx, user_id, placed, current, neighbours, changes)
    link_causal_candidates(tx, user_id, new_records, new_uids, snapshot, changes)
    log.debug("derived user=%s changes=%s", user_id, dict(changes.counts))
    return dict(changes.counts)
