"""Proposing ``CANDIDATE_CAUSE_OF`` edges for a turn's new records, filtered by the structural-noise rules.

The rules of :mod:`.causal` that the new records can take part in look back (for causes) and ahead
(for effects already told) within their windows; candidates whose dimensions are not in the
vocabulary (:func:`in_vocabulary`) or whose cause series never varies are excluded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.db.client import Tx
from app.dictionary import DictionarySnapshot
from app.ingest.derived import causal, queries
from app.ingest.derived.models import DerivedChanges, Row, as_row, dim_of
from app.ingest.derived.series import series_key

FIXED_VOCABULARY_PREFIXES = ("sleep:duration", "vital:", "body:", "mood:", "visit:")
"""Dimensions that are our own fixed vocabulary (record kinds), not dictionary terms."""


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


def link_causal_candidates(
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
    found = {row["uid"]: row for row in map(as_row, rows)}
    for record in new_records:
        found.setdefault(str(record["uid"]), dict(record))
    window = [r for r in found.values() if r.get("series_key")]
    for row in window:
        row["dimension"] = dim_of(row["series_key"])
    proposed = causal.propose(window, new_uids, rules)
    if not proposed:
        return
    numeric = {c.cause_dimension for c in proposed if c.cause_dimension.startswith("sleep:")}
    values: dict[str, list[float]] = {}
    if numeric:
        keys = [series_key(user_id, d) for d in sorted(numeric)]
        for r in tx.run(queries.COUNT_DISTINCT_VALUES, {"keys": keys}):
            values[dim_of(r["key"])] = [float(i) for i in range(r["distinct_values"])]  # only variety counts
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
