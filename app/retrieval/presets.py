"""Retrieval presets: frozen, named configurations (data, not code paths).

A preset says which associative branches run, how many candidates each may contribute (as a
multiple of the settings' per-branch limits), the RRF constant, the score gate and whether items
come back with their temporal context. Presets are never mutated: a caller that needs another
mix picks another preset or builds a new one with ``model_copy(update=...)``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.retrieval.fusion import RRF_K

BranchName = Literal["graph", "vector", "keyword"]


class SearchPreset(BaseModel):
    """One named retrieval configuration."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    version: int = 1
    description: str
    branches: tuple[BranchName, ...] = Field(description="associative branches that run, fused by RRF")
    rrf_k: int = Field(default=RRF_K, description="the RRF constant k (score = sum 1/(k + rank))")
    weights: tuple[tuple[BranchName, float], ...] = Field(
        default=(("graph", 1.0), ("vector", 1.0), ("keyword", 1.0)),
        description="per-branch multipliers of the RRF terms",
    )
    candidate_factor: float = Field(default=1.0, description="multiplies settings.retrieval.*_candidates")
    neighbour_seeds: int = Field(
        default=5, description="top semantic hits whose graph neighbours get a bonus"
    )
    min_similarity: float = Field(
        default=0.2, description="score gate: vector hits below this cosine are dropped"
    )
    min_fused: float | None = Field(
        default=None, description="score gate on the fused score (None: settings)"
    )
    embed_on_read: int = Field(
        default=256, description="embed up to this many of the user's pending nodes before the vector branch"
    )
    with_context: bool = Field(default=True, description="rehydrate neighbours, episode, goals, constraints")

    def weight(self, branch: str) -> float:
        return next((w for name, w in self.weights if name == branch), 1.0)


HYBRID = SearchPreset(
    name="hybrid",
    version=2,
    description="graph + vector + keyword fused by RRF, with temporal context (the default)",
    branches=("graph", "vector", "keyword"),
    weights=(("graph", 1.0), ("vector", 1.0), ("keyword", 2.0)),
)
"""Version 2: ``RRF_K`` 1 and the keyword branch weighted 2, chosen on a held-out LoCoMo split
(version 1, k 60 and equal weights, fused below the keyword branch alone on MRR)."""
VECTOR_ONLY = SearchPreset(
    name="vector_only",
    description="the vector branch alone (evaluation baseline)",
    branches=("vector",),
    neighbour_seeds=0,
)
KEYWORD_ONLY = SearchPreset(
    name="keyword_only",
    description="the BM25 branch alone (evaluation baseline)",
    branches=("keyword",),
    neighbour_seeds=0,
)
GRAPH_ONLY = SearchPreset(
    name="graph_only",
    description="vocabulary links and graph neighbours alone (evaluation baseline)",
    branches=("graph",),
)
FAST = SearchPreset(
    name="fast",
    description="hybrid without temporal context and with half the candidates (latency-bound agents)",
    branches=("graph", "vector", "keyword"),
    weights=HYBRID.weights,
    candidate_factor=0.5,
    with_context=False,
)

PRESETS: MappingProxyType[str, SearchPreset] = MappingProxyType(
    {p.name: p for p in (HYBRID, VECTOR_ONLY, KEYWORD_ONLY, GRAPH_ONLY, FAST)}
)
"""Every preset by name (read-only)."""

BRANCH_PRESETS: MappingProxyType[str, SearchPreset] = MappingProxyType(
    {"graph": GRAPH_ONLY, "vector": VECTOR_ONLY, "keyword": KEYWORD_ONLY, "fused": HYBRID}
)
"""The preset that evaluates each branch alone, and the fused one."""
