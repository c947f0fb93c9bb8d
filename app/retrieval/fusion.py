"""Reciprocal Rank Fusion and the score gate: pure functions over ranked id lists.

RRF (Cormack, Clarke and Büttcher, SIGIR 2009) scores an item by the sum over ranked lists of
``weight / (k + rank)`` with 1-based ranks. It needs no score calibration between branches (a
cosine, a BM25 score and a graph link count are not comparable), which is why the three
associative branches are fused by rank. ``k`` damps the advantage of the very top ranks.

The original paper's ``k = 60`` was tuned for TREC runs of a thousand documents from comparable
systems. Here each branch contributes at most a few dozen candidates for one user and the branches
differ in strength, and ``k = 60`` made the fused list *worse than the keyword branch alone* on
MRR (LoCoMo: 0.336 vs 0.424). ``k`` and the branch weights of the default preset were therefore
chosen on a held-out split: configurations compared on two LoCoMo conversations (dev), the chosen
one checked on the other three (test), where it beats every single branch on recall@5, recall@10
and MRR (docs/eval/recall.md, "Choosing k and the weights").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

RRF_K = 1
"""The RRF constant ``k`` in ``weight / (k + rank)`` (Cormack et al. 2009 use 60; see above)."""

PAPER_RRF_K = 60
"""The original paper's constant, kept for comparison runs."""


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
