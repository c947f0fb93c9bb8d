"""Running the derived rules inside a turn's write transaction.

:func:`update_derived` is called by the turn writer after the turn's records are in the
transaction. It reads only the series the new records touch (one index seek per series), applies
the pure rules of :mod:`.series`, :mod:`.lifecycle` and :mod:`.causal`, and writes the changes
batched. Corrections supersede (``status: superseded`` + ``SUPERSEDES``); nothing is overwritten,
and the clinical (FHIR) stream is never touched.
"""

from __future__ import annotations

import json
import logging
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.db.client import Tx
from app.dictionary import DictionarySnapshot
from app.ingest.derived import causal, lifecycle, queries
from app.ingest.derived.metrics import metric_rows, native, summaries
from app.ingest.derived.series import (
    Point,
    chain_insertions,
    dimension,
    is_chained,
    series_key,
)
from app.ingest.write_path.models import derived_uid
from app.ingest.write_path.search_text import (
    goal_search_text,
    medication_search_text,
)
from app.users.service import user_token

log = logging.getLogger(__name__)

Row = dict[str, Any]

FIXED_VOCABULARY_PREFIXES = ("sleep:duration", "vital:", "body:", "mood:", "visit:")
"""Dimensions that are our own fixed vocabulary (record kinds), not dictionary terms."""


@dataclass
class DerivedChanges:
    """Counts of what the derived layer changed in one turn (ids stay in the graph)."""

    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, name: str, n: int) -> None:
        if n:
            self.counts[name] += n


def _as_row(raw: Mapping[str, Any]) -> Row:
    props = {k: native(v) for k, v in (raw.get("props") or {}).items() if v is not None}
    return {
        **props,
        "uid": raw["uid"],
        "type": raw["type"],
        "at": native(raw["at"]),
        "series_key": raw["series_key"],
    }


def _dim_of(key: str) -> str:
    return key.split("|", 1)[1]


RECENT_WINDOW = 200
"""Records read per medication series (the latest facts decide the current state)."""


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
    series, starts = _read_series(tx, user_id, dims, new_records, incremental=not corrections)
    chained = [r for r in placed if is_chained(str(r["dimension"]))]
    neighbours = _neighbours(tx, user_id, chained, new_uids)

    superseded = _supersede(tx, user_id, series, chained, neighbours, new_uids, corrections, now, changes)
    if superseded:
        tx.run(queries.SPLICE_OUT, {"user_id": user_id, "uids": sorted(superseded)})
        neighbours = _neighbours(tx, user_id, chained, new_uids | superseded)
    current = {d: [r for r in rows if r["uid"] not in superseded] for d, rows in series.items()}
    _chains(tx, chained, neighbours, changes)
    upserts: list[Row] = []
    touched = summaries(tx, user_id, placed, recompute=bool(superseded or corrections))
    upserts += metric_rows(user_id, touched, new_uids, snapshot, now)
    upserts += _medications(tx, user_id, current, dims, starts, placed, changes)
    upserts += _goals(tx, user_id, current, dims, superseded, changes)
    if upserts:
        tx.run(queries.UPSERT_DERIVED, {"user_id": user_id, "user_token": user_token(user_id), "rows": upserts})
        changes.add("derived_records", len(upserts))
    _episodes(tx, user_id, placed, current, neighbours, changes)
    _causal(tx, user_id, new_records, new_uids, snapshot, changes)
    log.debug("derived user=%s changes=%s", user_id, dict(changes.counts))
    return dict(changes.counts)


def _read_series(
    tx: Tx, user_id: str, dims: set[str], new_records: Sequence[Mapping[str, Any]], *, incremental: bool
) -> tuple[dict[str, list[Row]], dict[str, lifecycle.MedicationState]]:
    """Whole short series (static facts, goals, checkups) and, per drug, either the stored state to
    continue from (with the drug's prescriptions) or the recent end of its medication series."""
    small = {d for d in dims if d.startswith(("static:", "goal:"))}
    if any(r.get("type") in {"test_result", "vital_sign", "body_measurement"} for r in new_records):
        small.add("visit:checkup")
    drugs = _drugs(dims)
    series: dict[str, list[Row]] = defaultdict(list)
    starts: dict[str, lifecycle.MedicationState] = {}
    if small:
        for raw in tx.run(queries.READ_SERIES, {"keys": sorted(series_key(user_id, d) for d in small)}):
            series[_dim_of(raw["series_key"])].append(_as_row(raw))
    if drugs and incremental:
        starts = _medication_starts(tx, user_id, drugs, new_records, series)
    rest = sorted(drugs - set(starts))
    if rest:
        keys = sorted(series_key(user_id, f"{kind}:{drug}") for drug in rest for kind in ("drug", "regimen"))
        for raw in tx.run(queries.READ_RECENT, {"keys": keys, "limit": RECENT_WINDOW}):
            # intakes, prescriptions and regimen changes of one drug form one medication history
            series["drug:" + _dim_of(raw["series_key"]).split(":", 1)[1]].append(_as_row(raw))
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
        prescriptions = [_as_row(p) for p in raw["prescriptions"]]
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


def _drugs(dims: set[str]) -> set[str]:
    return {d.split(":", 1)[1] for d in dims if d.startswith(("drug:", "regimen:"))}


Neighbours = dict[str, tuple[Row | None, Row | None]]
"""New point uid -> its stored predecessor and successor (uid, type, at; the predecessor's episode head)."""


def _neighbours(tx: Tx, user_id: str, chained: Sequence[Row], exclude: set[str]) -> Neighbours:
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


# --- corrections and lifecycles ----------------------------------------------------------------


def _corrected(record: Mapping[str, Any], prev: Row | None, nxt: Row | None) -> str | None:
    """The record a correction replaces: same type, the same event time if one has it, else the one before."""
    same = [n for n in (prev, nxt) if n is not None and n["type"] == record["type"]]
    at_same_time = [n for n in same if n["at"] == record["at"]]
    if at_same_time:
        return str(at_same_time[0]["uid"])
    return str(prev["uid"]) if prev is not None and prev in same else None


def _supersede(
    tx: Tx,
    user_id: str,
    series: Mapping[str, list[Row]],
    chained: Sequence[Row],
    neighbours: Neighbours,
    new_uids: set[str],
    corrections: set[str],
    now: datetime,
    changes: DerivedChanges,
) -> set[str]:
    pairs: list[dict[str, str]] = []
    for dim, rows in series.items():
        ordered = sorted(rows, key=lambda r: (r["at"], r["uid"]))
        new = [r for r in ordered if r["uid"] in new_uids]
        old = [r for r in ordered if r["uid"] not in new_uids]
        if not new or not old:
            continue
        if dim.startswith("static:"):
            # one current value: the newest statement supersedes every earlier one
            pairs += [{"new": new[-1]["uid"], "old": r["uid"], "reason": "restated"} for r in old]
        elif dim.startswith("goal:"):
            for t in lifecycle.goal_transitions(ordered, {r["uid"] for r in new}):
                pairs.append({"new": t.new_uid, "old": t.old_uid, "reason": f"goal_{t.transition}"})
    for record in (r for r in chained if r["uid"] in corrections):
        target = _corrected(record, *neighbours.get(record["uid"], (None, None)))
        if target is not None:
            pairs.append({"new": record["uid"], "old": target, "reason": "correction"})
    if pairs:
        tx.run(queries.SUPERSEDE, {"user_id": user_id, "pairs": pairs, "now": now})
        changes.add("superseded", len(pairs))
    return {p["old"] for p in pairs}


def _chains(tx: Tx, chained: Sequence[Row], neighbours: Neighbours, changes: DerivedChanges) -> None:
    by_dim: dict[str, list[Point]] = defaultdict(list)
    for r in chained:
        by_dim[str(r["dimension"])].append(Point(uid=r["uid"], at=r["at"]))
    delete: list[list[str]] = []
    create: list[list[str]] = []
    for points in by_dim.values():
        around = {
            p.uid: ((prev or {}).get("uid"), (nxt or {}).get("uid"))
            for p in points
            for prev, nxt in [neighbours.get(p.uid, (None, None))]
        }
        gone, made = chain_insertions(points, around)
        delete += [list(p) for p in gone]
        create += [list(p) for p in made]
    if delete:
        tx.run(queries.DELETE_NEXT, {"pairs": delete})
        changes.add("next_deleted", len(delete))
    if create:
        tx.run(queries.CREATE_NEXT, {"pairs": create})
        changes.add("next_created", len(create))


def _medications(
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
    for drug in sorted(_drugs(dims)):
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


def _goals(
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
            row = _as_row(raw)
            if row["uid"] in superseded:
                row["status"] = "superseded"
            history[_dim_of(raw["series_key"])].append(row)
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


# --- episodes ----------------------------------------------------------------------------------


def _episodes(
    tx: Tx,
    user_id: str,
    placed: Sequence[Row],
    current: Mapping[str, list[Row]],
    neighbours: Neighbours,
    changes: DerivedChanges,
) -> None:
    pairs: list[dict[str, str]] = []
    visits = current.get("visit:checkup", [])
    for r in placed:
        if r["type"] in {"test_result", "vital_sign", "body_measurement"} and visits:
            owner = lifecycle.checkup_for(r, visits)
            if owner:
                pairs.append({"part": r["uid"], "whole": owner, "episode": "checkup"})
        elif r["type"] == "medication_intake":
            owner = lifecycle.prescription_owner(r, current.get(str(r["dimension"]), []))
            if owner:
                pairs.append({"part": r["uid"], "whole": owner, "episode": "prescription"})
        elif r["type"] == "symptom":
            prev, _ = neighbours.get(r["uid"], (None, None))
            if prev is not None and r["at"] - prev["at"] <= lifecycle.SYMPTOM_EPISODE_GAP:
                pairs.append(
                    {"part": r["uid"], "whole": prev.get("head") or prev["uid"], "episode": "symptom"}
                )
    if pairs:
        tx.run(queries.LINK_PART_OF, {"user_id": user_id, "pairs": pairs})
        changes.add("part_of", len(pairs))


# --- causal candidates -------------------------------------------------------------------------


def in_vocabulary(dim: str, snapshot: DictionarySnapshot) -> bool:
    """Structural-noise rule: a dimension's label must be a dictionary term or a fixed record kind."""
    kind, _, label = dim.partition(":")
    if dim.startswith(FIXED_VOCABULARY_PREFIXES):
        return True
    if kind == "test":
        return snapshot.get("test", label) is not None
    if kind in {"drug", "regimen"}:
        return snapshot.get("drug", label) is not None or snapshot.lookup("drug", label) is not None
    if kind == "symptom":
        return snapshot.symptom(label) is not None or snapshot.lookup("symptom", label) is not None
    return False


def _causal(
    tx: Tx,
    user_id: str,
    new_records: Sequence[Mapping[str, Any]],
    new_uids: set[str],
    snapshot: DictionarySnapshot,
    changes: DerivedChanges,
) -> None:
    rules = [
        rule for rule in causal.CAUSAL_RULES if any(rule.cause(r) or rule.effect(r) for r in new_records)
    ]
    if not rules:
        return
    probes: list[Row] = []
    for rule in rules:
        causes = [r["at"] for r in new_records if rule.cause(r)]
        effects = [r["at"] for r in new_records if rule.effect(r)]
        if effects:  # look back for causes
            probes.append(
                {
                    "prefix": f"{user_id}|{rule.cause_prefix}",
                    "types": list(rule.cause_types),
                    "start": min(effects) - rule.window,
                    "end": max(effects),
                }
            )
        if causes:  # look ahead for effects already told
            probes.append(
                {
                    "prefix": f"{user_id}|{rule.effect_prefix}",
                    "types": list(rule.effect_types),
                    "start": min(causes),
                    "end": max(causes) + rule.window,
                }
            )
    rows = tx.run(queries.READ_WINDOW, {"user_id": user_id, "probes": probes})
    found = {row["uid"]: row for row in map(_as_row, rows)}
    for record in new_records:
        found.setdefault(str(record["uid"]), dict(record))
    window = [r for r in found.values() if r.get("series_key")]
    for row in window:
        row["dimension"] = _dim_of(row["series_key"])
    proposed = causal.propose(window, new_uids, rules)
    if not proposed:
        return
    numeric = {c.cause_dimension for c in proposed if c.cause_dimension.startswith("sleep:")}
    values: dict[str, list[float]] = {}
    if numeric:
        keys = [series_key(user_id, d) for d in sorted(numeric)]
        for r in tx.run(queries.COUNT_DISTINCT_VALUES, {"keys": keys}):
            values[_dim_of(r["key"])] = [float(i) for i in range(r["distinct_values"])]  # only variety counts
    kept, excluded = causal.filter_candidates(
        proposed, series_values=values, in_vocabulary=lambda d: in_vocabulary(d, snapshot), rules=rules
    )
    if kept:
        rows = [
            {"cause": c.cause_uid, "effect": c.effect_uid, "rule": c.rule, "lag_hours": c.lag_hours}
            for c in kept
        ]
        tx.run(queries.CREATE_CAUSAL_CANDIDATES, {"user_id": user_id, "rows": rows})
    changes.add("causal_candidates", len(kept))
    changes.add("causal_excluded", len(excluded))
