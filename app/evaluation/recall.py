"""Retrieval recall on a conversation corpus (LoCoMo format): each branch alone and fused.

Each ``sample_id`` becomes a namespaced user (``eval-<run>-<sample>``); every turn becomes a
``ConversationEvent`` (``external_id`` = the turn's ``dia_id``, mention time = its session time,
``search_text`` = "speaker: text", consecutive turns of a session chained by ``NEXT``); the events
are embedded; then every question runs through the read path's associative steps
(:func:`branch_rankings`: entities, hard boundary, the three branches ranked once, RRF as
``search`` fuses them), and each branch alone and the fusion are scored. The ``search`` row runs
the question through the production :func:`app.retrieval.service.search` end to end (the function
behind ``POST /v1/users/{id}/search``: router, time window, hard boundary, score gates,
rehydration, the window filter), with the sample's last session time as the request clock
(:func:`production_ranking`). Metrics per question:

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
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

from app.db.client import GraphClient
from app.db.cypher import Query
from app.errors import InvalidInput
from app.retrieval.embedding import embed_pending, embed_query, embed_texts
from app.retrieval.presets import HYBRID, SearchPreset
from app.retrieval.service import Embedder, fuse, hard_boundary, rank_branches, search
from app.retrieval.vocabulary import match_entities
from app.settings import Settings, get_settings
from app.users.service import delete_user, ensure_self, user_token

log = logging.getLogger(__name__)

BRANCHES: tuple[str, ...] = ("graph", "vector", "keyword", "fused", "search")
"""Rows of the report: each branch alone, their RRF fusion, and the production ``search()``."""
SINGLE_BRANCHES: tuple[str, ...] = ("graph", "vector", "keyword")
SEARCH_WORKERS = 4
"""Questions of one user searched concurrently (read-only; the driver pool is thread-safe)."""

WRITE_TURNS = Query(
    "eval_recall_write_turns",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $turns AS t
    MERGE (e:ConversationEvent {uid: t.uid})
    SET e:Retrievable, e.user_id = $user_id, e.user_token = $user_token, e.session_id = t.session_id,
        e.speaker = t.speaker, e.text = t.text, e.search_text = t.search_text, e.external_id = t.dia_id,
        e.mention_time = datetime(t.mention_time)
    FOREACH (_ IN CASE WHEN e.embedding IS NULL THEN [1] ELSE [] END | SET e:PendingEmbedding)
    MERGE (s)-[:HAS_EVENT]->(e)
    RETURN count(e) AS written
    """,
)

CHAIN_TURNS = Query(
    "eval_recall_chain_turns",
    """
    UNWIND $pairs AS p
    MATCH (a:ConversationEvent {uid: p.a}), (b:ConversationEvent {uid: p.b})
    MERGE (a)-[:NEXT]->(b)
    RETURN count(*) AS chained
    """,
)


@dataclass
class Sample:
    sample_id: str
    turns: list[dict[str, Any]] = field(default_factory=list)
    questions: list[dict[str, Any]] = field(default_factory=list)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    try:
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, json.JSONDecodeError) as exc:
        raise InvalidInput("Cannot read the corpus file.", file=str(path)) from exc


def load_samples(turns_file: Path, questions_file: Path) -> list[Sample]:
    samples: dict[str, Sample] = {}
    for turn in read_jsonl(turns_file):
        samples.setdefault(turn["sample_id"], Sample(turn["sample_id"])).turns.append(turn)
    for question in read_jsonl(questions_file):
        if question["sample_id"] in samples and question.get("evidence"):
            samples[question["sample_id"]].questions.append(question)
    return list(samples.values())


def event_uid(user_id: str, dia_id: str) -> str:
    return f"{user_id}|{dia_id}"


def load_sample(client: GraphClient, user_id: str, sample: Sample) -> int:
    """Write the sample's turns as the user's conversation events (idempotent) and chain them."""
    ensure_self(client, user_id)
    rows = [
        {
            "uid": event_uid(user_id, t["dia_id"]),
            "dia_id": t["dia_id"],
            "session_id": f"{sample.sample_id}-s{t['session']}",
            "speaker": t["speaker"],
            "text": t["text"],
            "search_text": f"{t['speaker']}: {t['text']}",
            "mention_time": datetime.fromisoformat(t["session_datetime"]).replace(tzinfo=UTC).isoformat(),
        }
        for t in sample.turns
    ]
    for start in range(0, len(rows), 1000):
        client.write(
            WRITE_TURNS, {"user_id": user_id, "user_token": user_token(user_id), "turns": rows[start : start + 1000]}
        )
    pairs = [{"a": a["uid"], "b": b["uid"]} for a, b in pairwise(rows) if a["session_id"] == b["session_id"]]
    client.write(CHAIN_TURNS, {"pairs": pairs})
    return len(rows)


EVENT_IDS = Query(
    "eval_recall_event_ids",
    "MATCH (e:ConversationEvent {user_id: $user_id}) RETURN elementId(e) AS id, e.external_id AS dia_id",
)


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


def session_clock(sample: Sample) -> datetime:
    """The conversation's "now": its last session's time (questions are asked after it)."""
    latest = max(datetime.fromisoformat(t["session_datetime"]) for t in sample.turns)
    return latest.replace(tzinfo=UTC) if latest.tzinfo is None else latest


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
