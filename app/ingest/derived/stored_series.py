"""Reading the stored series a turn's new records touch, inside the turn's transaction.

Short series (static facts, goals, checkups) are read whole; a medication series either continues
from its stored ``current_medication`` state or is read from its recent end (:data:`RECENT_WINDOW`);
chained points get their stored predecessor and successor (:func:`read_neighbours`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from app.db.client import Tx
from app.ingest.derived import lifecycle, queries
from app.ingest.derived.metrics import native
from app.ingest.derived.models import Neighbours, Row, as_row, dim_of
from app.ingest.derived.series import dimension, series_key
from app.ingest.write_path.models import derived_uid

RECENT_WINDOW = 200
"""Records read per medication series (the latest facts decide the current state)."""


def read_series(
    tx: Tx, user_id: str, dims: set[str], new_records: Sequence[Mapping[str, Any]], *, incremental: bool
) -> tuple[dict[str, list[Row]], dict[str, lifecycle.MedicationState]]:
    """Whole short series (static facts, goals, checkups) and, per drug, either the stored state to
    continue from (with the drug's prescriptions) or the recent end of its medication series."""
    small = {d for d in dims if d.startswith(("static:", "goal:"))}
    if any(r.get("type") in {"test_result", "vital_sign", "body_measurement"} for r in new_records):
        small.add("visit:checkup")
    drugs = drugs_of(dims)
    series: dict[str, list[Row]] = defaultdict(list)
    starts: dict[str, lifecycle.MedicationState] = {}
    if small:
        for raw in tx.run(queries.READ_SERIES, {"keys": sorted(series_key(user_id, d) for d in small)}):
            series[dim_of(raw["series_key"])].append(as_row(raw))
    if drugs and incremental:
        starts = _medication_starts(tx, user_id, drugs, new_records, series)
    rest = sorted(drugs - set(starts))
    if rest:
        keys = sorted(series_key(user_id, f"{kind}:{drug}") for drug in rest for kind in ("drug", "regimen"))
        for raw in tx.run(queries.READ_RECENT, {"keys": keys, "limit": RECENT_WINDOW}):
            # intakes, prescriptions and regimen changes of one drug form one medication history
            series["drug:" + dim_of(raw["series_key"]).split(":", 1)[1]].append(as_row(raw))
    return series, starts


def _medication_starts(
    tx: Tx,
    user_id: str,
    drugs: set[str],
    new_records: Sequence[Mapping[str, Any]],
    series: dict[str, list[Row]],
) -> dict[str, lifecycle.MedicationState]:
    """Stored medication states the new facts can continue (every new fact of the drug later than
    the state's last one); the drug's prescriptions join ``series`` for intake ownership."""
    rows = [
        {
            "drug": drug,
            "state_uid": derived_uid(user_id, "current_medication", drug),
            "key": series_key(user_id, f"drug:{drug}"),
        }
        for drug in sorted(drugs)
    ]
    starts: dict[str, lifecycle.MedicationState] = {}
    for raw in tx.run(queries.READ_MEDICATION_STATES, {"drugs": rows}):
        drug = raw["drug"]
        state = _stored_medication_state(drug, raw)
        facts = [r for r in new_records if dimension(r) in (f"drug:{drug}", f"regimen:{drug}")]
        if state is None or state.last_at is None or any(r["at"] <= state.last_at for r in facts):
            continue
        starts[drug] = state
        prescriptions = [as_row(p) for p in raw["prescriptions"]]
        stored = {p["uid"] for p in prescriptions}
        series[f"drug:{drug}"] += prescriptions + [dict(r) for r in facts if r["uid"] not in stored]
    return starts


def _stored_medication_state(drug: str, raw: Mapping[str, Any]) -> lifecycle.MedicationState | None:
    try:
        computed = json.loads(raw["derived"]) if raw["derived"] else None
        if not computed or not computed.get("last_at"):
            return None
        return lifecycle.MedicationState(
            drug=drug,
            taking=bool(computed["taking"]),
            since=datetime.fromisoformat(computed["since"]) if computed.get("since") else None,
            last_uid=str(computed["last_uid"]),
            last_event=str(computed["last_event"]),
            dose=raw["dose"],
            unit=raw["unit"],
            frequency=raw["frequency"],
            last_at=datetime.fromisoformat(computed["last_at"]),
        )
    except (ValueError, KeyError, TypeError):
        return None


def drugs_of(dims: set[str]) -> set[str]:
    return {d.split(":", 1)[1] for d in dims if d.startswith(("drug:", "regimen:"))}


def read_neighbours(tx: Tx, user_id: str, chained: Sequence[Row], exclude: set[str]) -> Neighbours:
    """Each new chained point's stored predecessor (uid, type, at, episode head) and successor uid."""
    if not chained:
        return {}
    points = [
        {"key": series_key(user_id, str(r["dimension"])), "uid": r["uid"], "at": r["at"]} for r in chained
    ]
    rows = tx.run(queries.READ_NEIGHBOURS, {"points": points, "exclude": sorted(exclude)})
    out: Neighbours = {}
    for row in rows:
        prev, nxt = row["prev"], row["next"]
        out[row["uid"]] = (
            None if prev is None else {**prev, "at": native(prev["at"])},
            None if nxt is None else {**nxt, "at": native(nxt["at"])},
        )
    return out
