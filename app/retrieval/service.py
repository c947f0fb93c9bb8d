"""The read path for one request: gate and route, resolve time, enforce the hard boundary, run the
plan (structured, associative or both), rehydrate, and return items with per-branch scores.

Associative recall fuses three branches by Reciprocal Rank Fusion (:mod:`app.retrieval.fusion`),
applies the score gate, and rehydrates the survivors from their nodes.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import Future
from datetime import UTC, datetime
from typing import Any

from app.db.client import GraphClient
from app.errors import NotFound
from app.retrieval import queries
from app.retrieval.associative import BRANCH_POOL, Embedder, associative, fuse, rank_branches, user_state
from app.retrieval.embedding import embed_query
from app.retrieval.models import Boundary, RetrievedItem, Route, SearchResult, TimeWindow
from app.retrieval.presets import HYBRID, SearchPreset
from app.retrieval.rehydrate import goals_and_constraints
from app.retrieval.router import (
    build_plan,
    decide_route,
    metric_kinds,
    narrative_record_types,
    resolve_window,
    router_model,
)
from app.retrieval.structured import run_plan
from app.retrieval.vocabulary import EntityMatch, match_entities
from app.settings import Settings, get_settings

log = logging.getLogger(__name__)

__all__ = ["Embedder", "ensure_user", "fuse", "hard_boundary", "rank_branches", "search"]


def ensure_user(client: GraphClient, user_id: str) -> None:
    if not client.read(queries.USER_EXISTS, {"user_id": user_id})[0]["n"]:
        raise NotFound("No such user.", user_id=user_id)


def hard_boundary(client: GraphClient, user_id: str, match: EntityMatch) -> Boundary | None:
    """The request names specific tests or drugs and the user's graph holds none of them."""
    specific = match.specific
    if not specific:
        return None
    terms = [
        {
            "key": e.key,
            "loinc": e.loinc,
            "surface": e.surface,
            "kinds": [kind for kind, _ in metric_kinds(e.surface)],
            "record_types": narrative_record_types(e.surface),
        }
        for e in specific
    ]
    rows = client.read(queries.HELD_TERMS, {"user_id": user_id, "terms": terms})
    held = {row["key"]: row["held"] for row in rows}
    absent = [e for e in specific if not held.get(e.key)]
    if len(absent) < len(specific):
        return None
    names = sorted({e.display for e in absent})
    return Boundary(
        reason="The request names " + ", ".join(names) + ", which this user's records do not contain.",
        absent=sorted({e.key for e in absent}),
    )


def _in_window(item: RetrievedItem, window: TimeWindow) -> bool:
    """Whether the item's EVENT time lies in the window. Items without one (a conversation event
    knows only when it was said, not when what it tells happened) are kept."""
    stamp = item.provenance.event_start or item.provenance.recorded_at
    if not stamp:
        return True
    moment = datetime.fromisoformat(stamp)
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    start = window.start if window.start is None or window.start.tzinfo else window.start.replace(tzinfo=UTC)
    end = window.end if window.end is None or window.end.tzinfo else window.end.replace(tzinfo=UTC)
    return (start is None or moment >= start) and (end is None or moment < end)


def search(
    client: GraphClient,
    user_id: str,
    text: str,
    *,
    k: int = 10,
    at: datetime | None = None,
    route: Route | None = None,
    preset: SearchPreset = HYBRID,
    settings: Settings | None = None,
    embedder: Embedder | None = None,
) -> SearchResult:
    """Answer one request for one user.

    Args:
        text: the request as the user said it.
        k: how many items to return at most.
        at: the request's clock (resolves "last week"); now when omitted.
        route: override the router's decision.
        preset: the retrieval configuration (frozen, never mutated here).
        embedder: the query embedder (default: the package model).
    """
    settings = settings or get_settings()
    at = at or datetime.now(UTC)
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    timings: dict[str, float] = {}
    started = time.perf_counter()
    matching = BRANCH_POOL.submit(match_entities, client, text)
    state = user_state(client, user_id)
    match = matching.result()
    if not state.exists:
        raise NotFound("No such user.", user_id=user_id)
    window = resolve_window(text, at)
    decided = route or decide_route(text, match, window, llm=router_model(settings))
    entity_keys = [f"{e.kind}:{e.key}" for e in match.entities]
    result = SearchResult(route=decided, window=window, entities=entity_keys, preset=preset.name)
    if decided == "none":
        return result
    boundary = hard_boundary(client, user_id, match)
    if boundary is not None:
        log.info("search user=%s route=%s boundary absent=%d", user_id, decided, len(boundary.absent))
        return result.model_copy(update={"boundary": boundary})
    items: list[RetrievedItem] = []
    context: Future[tuple[list[dict[str, Any]], list[dict[str, Any]]]] | None = None
    trend = None
    n_structured = 0
    if decided in ("structured", "both"):
        concept_tests = (
            [
                (row["key"], row["loinc"])
                for row in client.read(queries.TESTS_FOR_CONCEPTS, {"concepts": list(match.concept_keys)})
            ]
            if match.concept_keys
            else []
        )
        plan = build_plan(text, match, window, k, concept_tests)
        items, trend = run_plan(client, user_id, plan, at)
        n_structured = len(items)
        timings["structured"] = (time.perf_counter() - started) * 1e3
    if decided in ("associative", "both"):
        if preset.with_context:  # read beside the branches; used when anything is returned
            context = BRANCH_POOL.submit(goals_and_constraints, client, user_id)
        recalled = associative(
            client,
            user_id,
            text,
            match,
            k,
            preset,
            settings,
            embedder or (lambda q: embed_query(q, settings)),
            timings,
            state,
        )
        if window is not None:
            recalled = [item for item in recalled if _in_window(item, window)]
        have = {item.uid for item in items}
        items += [item for item in recalled if item.uid not in have]
    goals: list[dict[str, Any]] = []
    constraints: list[dict[str, Any]] = []
    if preset.with_context and items:
        goals, constraints = context.result() if context is not None else goals_and_constraints(client, user_id)
    timings["total"] = (time.perf_counter() - started) * 1e3
    log.info("search user=%s route=%s items=%d ms=%.1f", user_id, decided, len(items), timings["total"])
    return result.model_copy(
        update={
            "items": items[: max(k, n_structured)],
            "trend": trend,
            "goals": goals,
            "constraints": constraints,
            "timings_ms": {key: round(v, 2) for key, v in timings.items()},
        }
    )
