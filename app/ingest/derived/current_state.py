"""The user's current medicines and goals: derived records and the ``TAKES`` / ``AIMS_FOR`` facets.

Each touched drug gets a ``current_medication`` record (continued from its stored state or rebuilt
from the recent series) and its ``TAKES`` edge set or removed; each touched goal kind gets a
``goal_trajectory`` record over its whole history and its ``AIMS_FOR`` edges kept to the open goals.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence

from app.db.client import Tx
from app.ingest.derived import lifecycle, queries
from app.ingest.derived.models import DerivedChanges, Row, as_row, dim_of
from app.ingest.derived.series import series_key
from app.ingest.derived.stored_series import RECENT_WINDOW, drugs_of
from app.ingest.write_path.models import derived_uid
from app.ingest.write_path.search_text import (
    goal_search_text,
    medication_search_text,
)


def update_medications(
    tx: Tx,
    user_id: str,
    current: Mapping[str, list[Row]],
    dims: set[str],
    starts: Mapping[str, lifecycle.MedicationState],
    placed: Sequence[Row],
    changes: DerivedChanges,
) -> list[Row]:
    out: list[Row] = []
    taking: list[Row] = []
    stopped: list[str] = []
    for drug in sorted(drugs_of(dims)):
        dim = f"drug:{drug}"
        if drug in starts:  # continue the stored state with this turn's facts
            facts = [r for r in placed if r["dimension"] in (dim, f"regimen:{drug}")]
            state = lifecycle.medication_state(drug, facts, start=starts[drug])
        else:
            state = lifecycle.medication_state(drug, current.get(dim, []))
        if state is None:
            continue
        computed = {
            "taking": state.taking,
            "since": state.since.isoformat() if state.since else None,
            "last_event": state.last_event,
            "last_uid": state.last_uid,
            "last_at": state.last_at.isoformat() if state.last_at else None,
            "window": RECENT_WINDOW,
        }
        out.append(
            {
                "uid": derived_uid(user_id, "current_medication", drug),
                "sources": [state.last_uid],
                "props": {
                    "type": "current_medication",
                    "drug": drug,
                    "dose": state.dose,
                    "unit": state.unit,
                    "frequency": state.frequency,
                    "status": "current" if state.taking else "ended",
                    "source_type": "derived",
                    "extractor": "derived",
                    "confidence": 1.0,
                    "event_start": state.since,
                    "derived": json.dumps(computed),
                    "search_text": medication_search_text(drug, state.taking, state.since),
                },
            }
        )
        if state.taking:
            taking.append({"drug": drug, "since": state.since, "record_uid": state.last_uid})
        else:
            stopped.append(drug)
    if taking:
        tx.run(queries.SET_TAKES, {"user_id": user_id, "rows": taking})
        changes.add("takes_set", len(taking))
    if stopped:
        tx.run(queries.UNSET_TAKES, {"user_id": user_id, "drugs": stopped})
        changes.add("takes_removed", len(stopped))
    return out


def update_goals(
    tx: Tx,
    user_id: str,
    current: Mapping[str, list[Row]],
    dims: set[str],
    superseded: set[str],
    changes: DerivedChanges,
) -> list[Row]:
    out: list[Row] = []
    aims: list[str] = []
    unaims = sorted(superseded)
    goal_dims = sorted(d for d in dims if d.startswith("goal:"))
    history: dict[str, list[Row]] = defaultdict(list)
    if goal_dims:
        for raw in tx.run(queries.READ_HISTORY, {"keys": [series_key(user_id, d) for d in goal_dims]}):
            row = as_row(raw)
            if row["uid"] in superseded:
                row["status"] = "superseded"
            history[dim_of(raw["series_key"])].append(row)
    for dim in goal_dims:
        rows = history.get(dim, [])
        for r in current.get(dim, []):
            (aims if (r.get("stated_status") or "stated") in lifecycle.GOAL_OPEN else unaims).append(r["uid"])
        if not rows:
            continue
        computed = lifecycle.goal_trajectory(rows, superseded)
        out.append(
            {
                "uid": derived_uid(user_id, "goal_trajectory", dim),
                "sources": [r["uid"] for r in rows],
                "props": {
                    "type": "goal_trajectory",
                    "kind": dim,
                    "target": computed["current_target"],
                    "stated_status": computed["current_status"],
                    "status": "current",
                    "source_type": "derived",
                    "extractor": "derived",
                    "confidence": 1.0,
                    "derived": json.dumps(computed),
                    "search_text": goal_search_text(computed["current_target"], computed["current_status"]),
                },
            }
        )
    if unaims:
        tx.run(queries.UNSET_AIMS_FOR, {"user_id": user_id, "uids": unaims})
    if aims:
        tx.run(queries.SET_AIMS_FOR, {"user_id": user_id, "uids": aims})
        changes.add("aims_for", len(aims))
    return out
