"""The keyword branch on LoCoMo: Neo4j's full-text (Lucene BM25) index vs rank-bm25, recall and latency.

Same corpus and users as ``selfgraph eval recall`` (each LoCoMo sample a user ``eval-<run>-<sample>``,
each turn a ``ConversationEvent`` whose ``search_text`` is "speaker: text"; loaded here if absent,
no embedding needed), same questions, same hard boundary, same candidate limit
(``settings.retrieval.keyword_candidates``), scored with the recall evaluation's metrics
(recall@k, hit@k, MRR over the top ``max(k)``). Rows:

* ``lucene`` — the production keyword branch (:func:`app.retrieval.branches.keyword_branch`): the
  ``retrievable_text`` full-text index (analyzer ``english``: standard tokenizer, possessive
  filter, lower case, Lucene's 33 English stop words, Porter stemmer; BM25 with k1 = 1.2, b = 0.75
  and document statistics over the WHOLE index, every user's nodes), one Bolt round trip a query;
* ``rank_bm25_*`` — rank-bm25 over the user's own turns only (per-user document statistics),
  in process: ``english`` approximates the Lucene analyzer (``\\w+`` tokens, possessive ``'s``
  dropped, the same stop words, NLTK's Porter stemmer in its original-algorithm mode), ``plain`` is
  lower-cased ``\\w+`` tokens. ``okapi`` uses Lucene's k1 = 1.2; ``okapi15`` rank-bm25's default 1.5
  (its IDF differs from Lucene's: ``log((N - n + .5)/(n + .5))`` floored at 0.25 x the mean IDF,
  where Lucene uses ``log(1 + (N - n + .5)/(n + .5))``).

Latency per query: Lucene through the driver (what production pays), rank-bm25's ``get_scores``
plus the top-k sort (the index held in memory; building it, reported separately, is needed
again after each write: rank-bm25 has no incremental update). ``--scale`` also times rank-bm25 and
Lucene on one user whose turns are tiled to 10k and 100k documents (rank-bm25 scores every document
in a Python loop per query term, so its cost is linear in the user's documents).

Usage::

    NEO4J_URI=bolt://127.0.0.1:7688 NEO4J_PASSWORD=selfgraph-test .venv/bin/python bench/keyword_bm25.py \\
        --turns ../shared/data/locomo/locomo_turns.jsonl --questions ../shared/data/locomo/locomo_qa.jsonl \\
        --run h8 --json bench/results/keyword_bm25.json
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from nltk.stem.porter import PorterStemmer
from rank_bm25 import BM25Okapi

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.db.client import GraphClient  # noqa: E402
from app.db.cypher import Query  # noqa: E402
from app.evaluation.recall_corpus import Sample, load_sample, load_samples  # noqa: E402
from app.evaluation.recall_scores import Scores  # noqa: E402
from app.retrieval.branches import keyword_branch  # noqa: E402
from app.retrieval.service import hard_boundary  # noqa: E402
from app.retrieval.vocabulary import match_entities  # noqa: E402
from app.settings import get_settings  # noqa: E402
from app.users.service import delete_user  # noqa: E402

USER_TEXTS = Query(
    "bench_bm25_user_texts",
    """
    MATCH (e:ConversationEvent {user_id: $user_id})
    RETURN elementId(e) AS id, e.external_id AS dia_id, e.search_text AS text
    ORDER BY e.external_id
    """,
)
SCALE_TURNS = Query(
    "bench_bm25_scale_turns",
    """
    MERGE (s:Self {user_id: $user_id})
    WITH s
    UNWIND $rows AS r
    CREATE (e:ConversationEvent:Retrievable {uid: r.uid, user_id: $user_id, search_text: r.text,
                                              external_id: r.dia_id})
    CREATE (s)-[:HAS_EVENT]->(e)
    RETURN count(e) AS n
    """,
)

LUCENE_STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "if",
        "in",
        "into",
        "is",
        "it",
        "no",
        "not",
        "of",
        "on",
        "or",
        "such",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "will",
        "with",
    ]
)
"""Lucene's ``EnglishAnalyzer.ENGLISH_STOP_WORDS_SET`` (the ``english`` full-text analyzer)."""

_WORD = re.compile(r"\w+(?:'\w+)?", re.UNICODE)
_STEMMER = PorterStemmer(mode=PorterStemmer.ORIGINAL_ALGORITHM)


def tokens_plain(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def tokens_english(text: str) -> list[str]:
    """Approximately Lucene's EnglishAnalyzer: words, possessive dropped, lower case, stop words, Porter."""
    out = []
    for word in _WORD.findall(text.lower().replace("\u2019", "'")):
        word = word[:-2] if word.endswith("'s") else word
        for part in word.split("'"):
            if part and part not in LUCENE_STOP_WORDS:
                out.append(_STEMMER.stem(part))
    return out


VARIANTS: dict[str, tuple[Callable[[str], list[str]], float]] = {
    "rank_bm25_okapi_english": (tokens_english, 1.2),
    "rank_bm25_okapi15_english": (tokens_english, 1.5),
    "rank_bm25_okapi_plain": (tokens_plain, 1.2),
}


class UserIndex:
    """One user's rank-bm25 index for one variant."""

    def __init__(self, rows: Sequence[dict[str, Any]], tokenize: Callable[[str], list[str]], k1: float) -> None:
        started = time.perf_counter()
        self.ids = [row["id"] for row in rows]
        self.tokenize = tokenize
        self.bm25 = BM25Okapi([tokenize(row["text"] or "") or [""] for row in rows], k1=k1, b=0.75)
        self.build_ms = (time.perf_counter() - started) * 1e3

    def top(self, text: str, limit: int) -> list[str]:
        query = self.tokenize(text)
        if not query:
            return []
        scores = self.bm25.get_scores(query)
        order = np.argsort(-scores, kind="stable")[:limit]
        return [self.ids[i] for i in order if scores[i] > 0]


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2) if ordered else 0.0


def evaluate(client: GraphClient, samples: list[Sample], run: str, ks: tuple[int, ...]) -> dict[str, Any]:
    limit = get_settings().retrieval.keyword_candidates
    rows_out: dict[str, Scores] = {name: Scores(ks) for name in ("lucene", *VARIANTS)}
    ms: dict[str, list[float]] = {name: [] for name in rows_out}
    build_ms: dict[str, list[float]] = {name: [] for name in VARIANTS}
    docs = 0
    for sample in samples:
        user_id = f"eval-{run}-{sample.sample_id}"
        load_sample(client, user_id, sample)  # idempotent: a kept run's users are reused as they are
        rows = client.read(USER_TEXTS, {"user_id": user_id})
        docs += len(rows)
        dia_of = {row["id"]: row["dia_id"] for row in rows}
        indexes = {name: UserIndex(rows, tok, k1) for name, (tok, k1) in VARIANTS.items()}
        for name, index in indexes.items():
            build_ms[name].append(index.build_ms)
        known = {t["dia_id"] for t in sample.turns}
        for question in sample.questions:
            evidence = {e for e in question["evidence"] if e in known}
            if not evidence:
                continue
            text = question["question"]
            blocked = hard_boundary(client, user_id, match_entities(client, text)) is not None
            started = time.perf_counter()
            lucene = [] if blocked else [i for i, _ in keyword_branch(client, user_id, text, limit)]
            ms["lucene"].append((time.perf_counter() - started) * 1e3)
            rows_out["lucene"].add([dia_of[i] for i in lucene if i in dia_of][: max(ks)], evidence)
            for name, index in indexes.items():
                started = time.perf_counter()
                ranked = [] if blocked else index.top(text, limit)
                ms[name].append((time.perf_counter() - started) * 1e3)
                rows_out[name].add([dia_of[i] for i in ranked][: max(ks)], evidence)
        print(f"{user_id}: {len(rows)} turns", file=sys.stderr)
    return {
        "docs": docs,
        "rows": {
            name: {
                **scores.summary(),
                "query_ms_p50": pct(ms[name], 0.5),
                "query_ms_p95": pct(ms[name], 0.95),
                **({"build_ms_per_user_mean": round(statistics.mean(build_ms[name]), 1)} if name in build_ms else {}),
            }
            for name, scores in rows_out.items()
        },
    }


def scale(client: GraphClient, sample: Sample, sizes: Sequence[int], questions: int) -> dict[str, Any]:
    """Query latency on one user whose turns are tiled to each size (Lucene and rank-bm25 english)."""
    out: dict[str, Any] = {}
    texts = [f"{t['speaker']}: {t['text']}" for t in sample.turns]
    asked = [q["question"] for q in sample.questions[:questions]]
    tokenize, k1 = VARIANTS["rank_bm25_okapi_english"]
    limit = get_settings().retrieval.keyword_candidates
    for size in sizes:
        user_id = f"bench-bm25-{uuid.uuid4().hex[:8]}"
        rows = [{"uid": f"{user_id}|{i}", "dia_id": str(i), "text": texts[i % len(texts)]} for i in range(size)]
        try:
            for start in range(0, size, 5000):
                client.write(SCALE_TURNS, {"user_id": user_id, "rows": rows[start : start + 5000]})
            index = UserIndex([{"id": r["uid"], "text": r["text"]} for r in rows], tokenize, k1)
            lucene_ms, bm25_ms = [], []
            for text in asked:
                started = time.perf_counter()
                keyword_branch(client, user_id, text, limit)
                lucene_ms.append((time.perf_counter() - started) * 1e3)
                started = time.perf_counter()
                index.top(text, limit)
                bm25_ms.append((time.perf_counter() - started) * 1e3)
            out[str(size)] = {
                "lucene_ms_p50": pct(lucene_ms, 0.5),
                "lucene_ms_p95": pct(lucene_ms, 0.95),
                "rank_bm25_ms_p50": pct(bm25_ms, 0.5),
                "rank_bm25_ms_p95": pct(bm25_ms, 0.95),
                "rank_bm25_build_ms": round(index.build_ms, 1),
            }
            print(f"scale {size}: {out[str(size)]}", file=sys.stderr)
        finally:
            delete_user(client, user_id)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=Path, required=True)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--run", default=None, help="reuse the users of a kept `eval recall --keep --run ID`")
    parser.add_argument("--keep", action="store_true", help="keep the users this run created")
    parser.add_argument("--k", default="5,10")
    parser.add_argument("--scale", default="", help="comma-separated sizes for the latency-at-scale rows")
    parser.add_argument("--scale-questions", type=int, default=50)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    ks = tuple(sorted({int(x) for x in args.k.split(",") if x.strip()}))
    run = args.run or uuid.uuid4().hex[:8]
    samples = load_samples(args.turns, args.questions)
    settings = get_settings()
    client = GraphClient.from_settings(settings)
    try:
        report: dict[str, Any] = {"run": run, "ks": list(ks), "samples": len(samples)}
        report.update(evaluate(client, samples, run, ks))
        sizes = [int(x) for x in args.scale.split(",") if x.strip()]
        if sizes:
            report["scale"] = scale(client, samples[0], sizes, args.scale_questions)
    finally:
        if not args.run and not args.keep:
            for sample in samples:
                delete_user(client, f"eval-{run}-{sample.sample_id}")
        client.close()
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
