"""One question of the recall evaluation through the read path: each branch, their fusion, and ``search()``.

:func:`branch_rankings` runs the read path's own associative steps (entities, hard boundary, the
three branches ranked once, RRF as ``search`` fuses them); :func:`production_ranking` runs the
production :func:`app.retrieval.service.search` end to end, as the REST route calls it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime

from app.db.client import GraphClient
from app.retrieval.presets import HYBRID, SearchPreset
from app.retrieval.service import Embedder, fuse, hard_boundary, rank_branches, search
from app.retrieval.vocabulary import match_entities
from app.settings import Settings

SINGLE_BRANCHES: tuple[str, ...] = ("graph", "vector", "keyword")


def branch_rankings(
    client: GraphClient,
    user_id: str,
    question: str,
    settings: Settings,
    embedder: Embedder,
    preset: SearchPreset = HYBRID,
) -> dict[str, list[str]]:
    """One question through the read path's own steps: entities, the hard boundary, each branch
    ranked once (as the hybrid preset runs them), and their RRF fusion as ``search`` computes it.
    Each single branch is scored on its own ranking; ``fused`` on the fusion of the three."""
    match = match_entities(client, question)
    if hard_boundary(client, user_id, match) is not None:
        return {b: [] for b in (*SINGLE_BRANCHES, "fused")}
    ranked = rank_branches(client, user_id, question, match, preset, settings, embedder, {})
    out = {b: [i for i, _ in ranked.get(b, [])] for b in ("graph", "vector", "keyword")}
    out["fused"] = [f.id for f in fuse(ranked, preset, settings)]
    return out


@dataclass(frozen=True, slots=True)
class SearchRun:
    """One question through the production ``search()``: the dia_ids it returned and why."""

    ranked: list[str]
    route: str
    window: str | None
    boundary: bool
    ms: float


def production_ranking(
    client: GraphClient,
    user_id: str,
    question: str,
    at: datetime,
    settings: Settings,
    embedder: Embedder,
    k: int,
) -> SearchRun:
    """The question through ``search()`` exactly as the REST route calls it (hybrid preset, the
    router's route), returning the evidence ids (``dia_id``) of the items, in order."""
    started = time.perf_counter()
    result = search(client, user_id, question, k=k, at=at, settings=settings, embedder=embedder)
    ms = (time.perf_counter() - started) * 1e3
    ranked = [item.provenance.source_id for item in result.items if item.provenance.source_id]
    return SearchRun(
        ranked=[r for r in ranked if r is not None],
        route=result.route,
        window=result.window.text if result.window is not None else None,
        boundary=result.boundary is not None,
        ms=ms,
    )


def answer_question(
    client: GraphClient,
    user_id: str,
    question: str,
    *,
    at: datetime,
    dia_of: dict[str, str],
    settings: Settings,
    embedder: Embedder,
    preset: SearchPreset,
    k: int,
    with_search: bool,
) -> tuple[dict[str, list[str]], SearchRun | None]:
    """Each row's ranked dia_ids for one question (and the production run when asked for)."""
    lists = branch_rankings(client, user_id, question, settings, embedder, preset)
    out = {b: [dia_of[i] for i in ids if i in dia_of] for b, ids in lists.items()}
    run = None
    if with_search:
        run = production_ranking(client, user_id, question, at, settings, embedder, k)
        out["search"] = run.ranked
    return out, run
