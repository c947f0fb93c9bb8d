"""Reciprocal Rank Fusion and the score gate: pure functions over ranked id lists.

RRF (Cormack, Clarke and Büttcher, SIGIR 2009) scores an item by the sum over ranked lists of
``weight / (k + rank)`` with 1-based ranks. It needs no score calibration between branches (a
cosine, a BM25 score and a graph link count are not comparable), which is why the three
associative branches are fused by rank. ``k`` damps the advantage of the very top ranks; 60 is the
value of the original paper and the common default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

RRF_K = 60
"""The RRF constant ``k`` in ``1 / (k + rank)`` (Cormack et al. 2009)."""


@dataclass(frozen=True, slots=True)
class Fused:
    """One fused item: its id, the fused score and its 1-based rank in each branch that had it."""

    id: str
    score: float
    ranks: dict[str, int] = field(default_factory=dict)


def reciprocal_rank_fusion(
    ranked: Mapping[str, Sequence[str]],
    *,
    k: int = RRF_K,
    weights: Mapping[str, float] | None = None,
) -> list[Fused]:
    """Fuse ranked id lists (best first) by RRF; ties keep the order of first appearance.

    Args:
        ranked: branch name -> ids, best first (duplicates after the first occurrence ignored).
        k: the RRF constant.
        weights: optional per-branch multipliers (default 1.0).
    """
    scores: dict[str, float] = {}
    ranks: dict[str, dict[str, int]] = {}
    for branch, ids in ranked.items():
        weight = (weights or {}).get(branch, 1.0)
        seen: set[str] = set()
        for position, item in enumerate(ids, start=1):
            if item in seen:
                continue
            seen.add(item)
            scores[item] = scores.get(item, 0.0) + weight / (k + position)
            ranks.setdefault(item, {})[branch] = position
    order = {item: i for i, item in enumerate(scores)}
    fused = [Fused(item, score, ranks[item]) for item, score in scores.items()]
    fused.sort(key=lambda f: (-f.score, order[f.id]))
    return fused


def score_gate(items: Sequence[Fused], min_score: float) -> list[Fused]:
    """Drop fused items whose score is below ``min_score`` (0 keeps everything)."""
    return [item for item in items if item.score >= min_score]
