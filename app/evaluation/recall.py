"""Retrieval recall on a conversation corpus (LoCoMo format): each branch alone and fused.

Each ``sample_id`` becomes a namespaced user (``eval-<run>-<sample>``); every turn becomes a
``ConversationEvent`` (``external_id`` = the turn's ``dia_id``, mention time = its session time,
``search_text`` = "speaker: text", consecutive turns of a session chained by ``NEXT``); the events
are embedded (:mod:`app.evaluation.recall_corpus`); then every question runs through the read
path's associative steps (:func:`~app.evaluation.recall_rankings.branch_rankings`: entities, hard
boundary, the three branches ranked once, RRF as ``search`` fuses them), and each branch alone and
the fusion are scored. The ``search`` row runs the question through the production
:func:`app.retrieval.service.search` end to end (the function behind
``POST /v1/users/{id}/search``: router, time window, hard boundary, score gates, rehydration, the
window filter), with the sample's last session time as the request clock
(:func:`~app.evaluation.recall_rankings.production_ranking`). Metrics per question
(:mod:`app.evaluation.recall_scores`):

* recall@k — the share of the question's evidence turns among the top ``k`` items;
* hit@k — 1 if any evidence turn is in the top ``k``;
* MRR — 1 / rank of the first evidence turn within the retrieved list (0 when none).

Users are deleted at the end unless ``keep`` is set.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from app.db.client import GraphClient
from app.errors import InvalidInput
from app.evaluation.queries import EVENT_IDS
from app.evaluation.recall_corpus import load_sample, load_samples, session_clock
from app.evaluation.recall_rankings import SearchRun, answer_question
from app.evaluation.recall_scores import Scores, fusion_beats_branches, search_summary
from app.retrieval.embedding import embed_pending, embed_query, embed_texts
from app.retrieval.presets import HYBRID, SearchPreset
from app.settings import Settings, get_settings
from app.users.service import delete_user

log = logging.getLogger(__name__)

BRANCHES: tuple[str, ...] = ("graph", "vector", "keyword", "fused", "search")
"""Rows of the report: each branch alone, their RRF fusion, and the production ``search()``."""
SEARCH_WORKERS = 4
"""Questions of one user searched concurrently (read-only; the driver pool is thread-safe)."""


def evaluate(
    client: GraphClient,
    turns_file: Path,
    questions_file: Path,
    *,
    ks: Sequence[int] = (5, 10),
    branches: Iterable[str] = BRANCHES,
    keep: bool = False,
    settings: Settings | None = None,
    run_id: str | None = None,
    preset: SearchPreset = HYBRID,
    rankings_out: Path | None = None,
) -> dict[str, Any]:
    """Load the corpus, run every question through each branch, return the report."""
    settings = settings or get_settings()
    branches = tuple(branches)
    for branch in branches:
        if branch not in BRANCHES:
            raise InvalidInput("Unknown branch.", branch=branch, allowed=list(BRANCHES))
    ks = tuple(sorted(set(ks)))
    run = run_id or uuid.uuid4().hex[:8]
    samples = load_samples(turns_file, questions_file)
    started = time.perf_counter()
    users: list[str] = []
    cache: dict[str, list[float]] = {}

    def embedder(text: str) -> list[float]:
        if text not in cache:
            cache[text] = embed_query(text, settings)
        return cache[text]

    overall = {b: Scores(ks) for b in branches}
    by_category: dict[str, dict[str, Scores]] = {b: defaultdict(lambda: Scores(ks)) for b in branches}
    timings: dict[str, float] = {}
    rankings: list[dict[str, Any]] = []
    runs: list[SearchRun] = []
    with_search = "search" in branches
    try:
        for sample in samples:
            user_id = f"eval-{run}-{sample.sample_id}"
            users.append(user_id)
            load_sample(client, user_id, sample)
        timings["load_s"] = round(time.perf_counter() - started, 1)
        embedded = 0
        for user_id in users:
            embedded += embed_pending(client, user_id, limit=100_000, settings=settings)
        timings["embed_s"] = round(time.perf_counter() - started - timings["load_s"], 1)
        search_started = time.perf_counter()
        searches = 0
        texts = sorted({q["question"] for s in samples for q in s.questions} - set(cache))
        cache.update(zip(texts, embed_texts(texts, settings), strict=True))  # one batch, not 999 calls
        timings["embed_questions_s"] = round(time.perf_counter() - search_started, 1)
        for user_id, sample in zip(users, samples, strict=True):
            known = {t["dia_id"] for t in sample.turns}
            dia_of = {row["id"]: row["dia_id"] for row in client.read(EVENT_IDS, {"user_id": user_id})}
            asked = [q for q in sample.questions if any(e in known for e in q["evidence"])]
            clock = session_clock(sample)

            answer = partial(
                answer_question,
                client,
                user_id,
                at=clock,
                dia_of=dia_of,
                settings=settings,
                embedder=embedder,
                preset=preset,
                k=max(ks),
                with_search=with_search,
            )
            with ThreadPoolExecutor(max_workers=SEARCH_WORKERS) as pool:
                answers = list(pool.map(answer, [q["question"] for q in asked]))
            log.info("recall user=%s questions=%d", user_id, len(asked))
            for question, (as_dia, prod) in zip(asked, answers, strict=True):
                evidence = {e for e in question["evidence"] if e in known}
                category = str(question.get("category", "none"))
                searches += 1
                for branch in branches:
                    ranked = as_dia[branch][: max(ks)]
                    overall[branch].add(ranked, evidence)
                    by_category[branch][category].add(ranked, evidence)
                rankings.append(
                    {
                        "sample_id": sample.sample_id,
                        "qa_index": question.get("qa_index"),
                        "category": category,
                        "evidence": sorted(evidence),
                        **as_dia,
                        **(
                            {"search_route": prod.route, "search_window": prod.window, "search_ms": round(prod.ms, 1)}
                            if prod is not None
                            else {}
                        ),
                    }
                )
                if prod is not None:
                    runs.append(prod)
        timings["search_s"] = round(time.perf_counter() - search_started, 1)
        timings["search_ms_mean"] = round(1e3 * timings["search_s"] / max(searches, 1), 2)
    finally:
        if not keep:
            for user_id in users:
                delete_user(client, user_id)
    report: dict[str, Any] = {
        "run": run,
        "corpus": {"turns": str(turns_file), "questions": str(questions_file)},
        "samples": len(samples),
        "turns": sum(len(s.turns) for s in samples),
        "embedded": embedded,
        "ks": list(ks),
        "settings": settings.retrieval.model_dump(),
        "preset": preset.model_dump(),
        "timings": timings,
        "kept_users": users if keep else [],
        "branches": {
            b: {
                **overall[b].summary(),
                "by_category": {c: s.summary() for c, s in sorted(by_category[b].items())},
            }
            for b in branches
        },
    }
    report["fusion_beats_every_branch"] = fusion_beats_branches(
        report["branches"], [*(f"recall_at_{k}" for k in ks), f"hit_at_{max(ks)}", "mrr"]
    )
    if runs:
        report["search"] = search_summary(runs)
    if rankings_out is not None:
        rankings_out.parent.mkdir(parents=True, exist_ok=True)
        rankings_out.write_text("\n".join(json.dumps(r) for r in rankings) + "\n", encoding="utf-8")
    headline = "fused" if "fused" in branches else branches[0]
    report.update(report["branches"][headline])
    report["headline_branch"] = headline
    return report
