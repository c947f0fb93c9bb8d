"""The recall evaluation's metrics: recall@k, hit@k and MRR per branch, the fusion check, search stats.

:class:`Scores` sums the per-question metrics of one branch; :func:`fusion_beats_branches` says
whether the fused row beats every single branch; :func:`search_summary` describes how the
production ``search()`` treated the questions.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.evaluation.recall_rankings import SINGLE_BRANCHES, SearchRun


def fusion_beats_branches(rows: dict[str, dict[str, Any]], metrics: Sequence[str]) -> bool | None:
    """Whether the fused row beats every single branch on every metric (None without the rows)."""
    if "fused" not in rows or not any(b in rows for b in SINGLE_BRANCHES):
        return None
    return all(rows["fused"][m] > rows[b][m] for b in SINGLE_BRANCHES if b in rows for m in metrics)


@dataclass
class Scores:
    """Per-question metric sums of one branch, overall and by category."""

    ks: tuple[int, ...]
    n: int = 0
    recall: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    hit: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    rr: float = 0.0

    def add(self, ranked: Sequence[str], evidence: set[str]) -> None:
        self.n += 1
        for k in self.ks:
            found = evidence & set(ranked[:k])
            self.recall[k] += len(found) / len(evidence)
            self.hit[k] += 1.0 if found else 0.0
        first = next((i for i, item in enumerate(ranked, start=1) if item in evidence), None)
        self.rr += 1.0 / first if first else 0.0

    def summary(self) -> dict[str, Any]:
        n = max(self.n, 1)
        out: dict[str, Any] = {"questions": self.n}
        for k in self.ks:
            out[f"recall_at_{k}"] = round(self.recall[k] / n, 4)
            out[f"hit_at_{k}"] = round(self.hit[k] / n, 4)
        out["mrr"] = round(self.rr / n, 4)
        return out


def search_summary(runs: Sequence[SearchRun]) -> dict[str, Any]:
    """How the production ``search()`` treated the questions: routes, windows, boundaries, latency."""
    ms = sorted(r.ms for r in runs)
    routes: dict[str, int] = defaultdict(int)
    for r in runs:
        routes[r.route] += 1
    return {
        "routes": dict(sorted(routes.items())),
        "windowed": sum(1 for r in runs if r.window),
        "boundary": sum(1 for r in runs if r.boundary),
        "empty": sum(1 for r in runs if not r.ranked),
        "ms_p50": round(ms[len(ms) // 2], 1),
        "ms_p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 1),
    }
