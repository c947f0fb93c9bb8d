"""Associative recall for one request: the preset's branches, fused by RRF, gated, rehydrated.

The branches run concurrently where they do not depend on each other: the keyword branch and the
entity half of the graph branch start at once (each is one Cypher read), while this thread embeds
the query and scans the user's vectors; the graph branch's neighbour bonus then needs the top
semantic hits. The driver is thread-safe and every read opens its own session, so a request costs
about three round trips of wall time (branches, neighbours, rehydration) instead of one per
statement.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from app.db.client import GraphClient
from app.retrieval import queries
from app.retrieval.branches import Ranked, entity_branch, keyword_branch, merge_graph, neighbour_bonus, vector_cache
from app.retrieval.embedding import embed_pending
from app.retrieval.fusion import Fused, reciprocal_rank_fusion, score_gate
from app.retrieval.models import BranchScores, RetrievedItem
from app.retrieval.presets import SearchPreset
from app.retrieval.rehydrate import rehydrate
from app.retrieval.vocabulary import EntityMatch
from app.settings import Settings

Embedder = Callable[[str], list[float]]
T = TypeVar("T")

BRANCH_POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="selfgraph-branch")
"""Threads for the reads that run beside the vector scan (I/O-bound: they wait on Neo4j)."""


@dataclass(frozen=True, slots=True)
class UserState:
    """What a search needs to know about the user before it starts (one read)."""

    exists: bool
    embedding_seq: int
    pending: bool


def user_state(client: GraphClient, user_id: str) -> UserState:
    row = client.read(queries.USER_STATE, {"user_id": user_id})[0]
    return UserState(bool(row["exists"]), int(row["seq"]), bool(row["pending"]))


def timed(timings: dict[str, float], name: str, fn: Callable[..., T], *args: Any) -> T:
    started = time.perf_counter()
    try:
        return fn(*args)
    finally:
        timings[name] = (time.perf_counter() - started) * 1e3


def rank_branches(
    client: GraphClient,
    user_id: str,
    text: str,
    match: EntityMatch,
    preset: SearchPreset,
    settings: Settings,
    embedder: Embedder,
    timings: dict[str, float],
    state: UserState | None = None,
) -> dict[str, Ranked]:
    """Each of the preset's branches, ranked (best first), after the vector score gate."""
    cfg = settings.retrieval
    factor = preset.candidate_factor

    def limit(n: int) -> int:
        return max(1, int(n * factor))

    keyword: Future[Ranked] | None = None
    linked: Future[Ranked] | None = None
    if "keyword" in preset.branches:
        keyword = BRANCH_POOL.submit(
            timed, timings, "keyword", keyword_branch, client, user_id, text, limit(cfg.keyword_candidates)
        )
    if "graph" in preset.branches:
        linked = BRANCH_POOL.submit(
            timed, timings, "entities", entity_branch, client, user_id, match, limit(cfg.graph_candidates)
        )
    ranked: dict[str, Ranked] = {}
    semantic: Ranked = []
    needs_vector = "vector" in preset.branches or ("graph" in preset.branches and preset.neighbour_seeds)
    if needs_vector:
        seq = state.embedding_seq if state is not None else None
        # Nodes the write path added since the last background pass become findable now; when any
        # were embedded the user's sequence moved and the vector copy reads it again.
        def catch_up() -> int:
            return embed_pending(client, user_id, preset.embed_on_read, settings=settings)

        if preset.embed_on_read and (state is None or state.pending) and timed(timings, "catch_up", catch_up):
            seq = None
        embedding = timed(timings, "embed", embedder, text)
        semantic = timed(
            timings, "vector", vector_cache().search, client, user_id, embedding, limit(cfg.vector_candidates), seq
        )
        semantic = [(item, score) for item, score in semantic if score >= preset.min_similarity]
        if "vector" in preset.branches:
            ranked["vector"] = semantic
    if linked is not None:  # while the keyword branch may still be running
        seeds = [item for item, _ in semantic[: preset.neighbour_seeds]]
        bonus = timed(timings, "graph", neighbour_bonus, client, user_id, seeds, limit(cfg.graph_candidates))
        ranked["graph"] = merge_graph(linked.result(), bonus, limit(cfg.graph_candidates))
    if keyword is not None:
        ranked["keyword"] = keyword.result()
    return {name: ranked[name] for name in ("graph", "vector", "keyword") if name in ranked}


def fuse(ranked: dict[str, Ranked], preset: SearchPreset, settings: Settings) -> list[Fused]:
    """RRF over the branches' rankings, then the score gate on the fused score."""
    fused = reciprocal_rank_fusion(
        {b: [i for i, _ in r] for b, r in ranked.items()},
        k=preset.rrf_k,
        weights={b: preset.weight(b) for b in ranked},
    )
    return score_gate(fused, preset.min_fused if preset.min_fused is not None else settings.retrieval.min_score)


def associative(
    client: GraphClient,
    user_id: str,
    text: str,
    match: EntityMatch,
    k: int,
    preset: SearchPreset,
    settings: Settings,
    embedder: Embedder,
    timings: dict[str, float],
    state: UserState | None = None,
) -> list[RetrievedItem]:
    """Run the preset's branches, fuse by RRF, gate, rehydrate."""
    ranked = rank_branches(client, user_id, text, match, preset, settings, embedder, timings, state)
    raw = {b: dict(r) for b, r in ranked.items()}
    top = fuse(ranked, preset, settings)[:k]
    scores = {
        f.id: BranchScores(
            graph=raw.get("graph", {}).get(f.id),
            vector=raw.get("vector", {}).get(f.id),
            keyword=raw.get("keyword", {}).get(f.id),
            ranks=f.ranks,
            fused=round(f.score, 6),
        )
        for f in top
    }
    return timed(
        timings,
        "rehydrate",
        lambda: rehydrate(client, user_id, [f.id for f in top], scores, with_context=preset.with_context),
    )
