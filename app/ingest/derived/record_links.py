"""Links between a user's stored records: ``SUPERSEDES``, ``NEXT`` chains and ``PART_OF`` episodes.

Corrections, restated static facts and goal transitions supersede earlier records (nothing is
overwritten); new chained points are spliced into their metric's ``NEXT`` chain; test results,
intakes and symptoms join their checkup, prescription or symptom episode.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from app.db.client import Tx
from app.ingest.derived import lifecycle, queries
from app.ingest.derived.models import DerivedChanges, Neighbours, Row
from app.ingest.derived.series import Point, chain_insertions


def _corrected(record: Mapping[str, Any], prev: Row | None, nxt: Row | None) -> str | None:
    """The record a correction replaces: same type, the same event time if one has it, else the one before."""
    same = [n for n in (prev, nxt) if n is not None and n["type"] == record["type"]]
    at_same_time = [n for n in same if n["at"] == record["at"]]
    if at_same_time:
        return str(at_same_time[0]["uid"])
    return str(prev["uid"]) if prev is not None and prev in same else None


def link_supersedes(
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


def link_chains(tx: Tx, chained: Sequence[Row], neighbours: Neighbours, changes: DerivedChanges) -> None:
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


def link_episodes(
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
