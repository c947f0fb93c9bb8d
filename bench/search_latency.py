"""Search latency and per-user recall at 1k / 10k / 100k records for one user, 1,000 users in the DB.

Runs against its OWN embedded Neo4j (state/bench, Bolt port 7690), stopped at the end, so the
shared test database stays small. What it measures, in one run, for each size of the target user:

* Selfgraph's associative search (graph + vector + keyword, RRF, rehydration) with and without
  the query embedding (``--`` excluding: the query vector is precomputed);
* the vector branch alone (the per-user exact scan) and the global HNSW index + user post-filter;
* neo4j-graphrag's ``HybridRetriever`` (global vector index + full-text, no user scope) on the
  same data and queries, with a precomputed query vector.

Recall is measured against the exact per-user answer (the user's true 10 nearest vectors):
Selfgraph's vector branch is exact by construction; the global index is not, and for a user who
holds a small share of the vectors it starves (measured on a 20-record user as well).

Data is synthetic: records rendered from templates (metrics, symptoms, meals, medications,
small talk), each distinct sentence embedded once with the real model, plus small per-node noise
so neighbours are not tied. Usage::

    .venv/bin/python bench/search_latency.py --sizes 1000,10000,100000 --json docs/eval/search_latency.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import SecretStr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.db.client import GraphClient  # noqa: E402
from app.db.cypher import Query  # noqa: E402
from app.db.launcher import EmbeddedNeo4j  # noqa: E402
from app.db.schema import apply_schema  # noqa: E402
from app.retrieval import queries  # noqa: E402
from app.retrieval.branches import keyword_branch, vector_branch, vector_cache  # noqa: E402
from app.retrieval.embedding import embed_texts  # noqa: E402
from app.retrieval.presets import HYBRID  # noqa: E402
from app.retrieval.service import search  # noqa: E402
from app.retrieval.vector_store import vector_scan_in_database  # noqa: E402
from app.settings import PROJECT_ROOT, EmbeddedSettings, Neo4jSettings, Settings  # noqa: E402
from app.users.service import user_token  # noqa: E402

TARGET = "bench-target"
SMALL = "bench-u0001"
K = 10

SEED_SELF = Query(
    "bench_seed_self",
    "UNWIND $users AS u MERGE (:Self {user_id: u})",
)
SEED_RECORDS = Query(
    "bench_seed_records",
    """
    UNWIND $rows AS row
    CREATE (r:Record:Retrievable {uid: row.uid, user_id: row.user_id, user_token: row.user_token,
            type: row.type, name: row.name,
            value: row.value, unit: row.unit, status: 'current', search_text: row.text,
            quote: row.text, mention_time: datetime(row.at), event_start: datetime(row.at)})
    WITH r, row
    CALL db.create.setNodeVectorProperty(r, 'embedding', row.embedding)
    RETURN count(r) AS n
    """,
)
COUNT_ALL = Query("bench_count", "MATCH (n:Retrievable) RETURN count(n) AS n")
COUNT_USER = Query("bench_count_user", "MATCH (n:Retrievable {user_id: $user_id}) RETURN count(n) AS n")
NOOP = Query("bench_noop", "RETURN 1 AS one")
AWAIT_INDEXES = Query("bench_await_indexes", "CALL db.awaitIndexes(1200)")

METRICS = [
    ("glucose", "mg/dL", 70, 220),
    ("weight", "kg", 55, 110),
    ("blood pressure", "mmHg", 100, 170),
    ("heart rate", "bpm", 50, 110),
    ("HbA1c", "%", 5, 10),
    ("cholesterol", "mg/dL", 140, 280),
    ("sleep", "hours", 4, 9),
    ("steps", "steps", 2000, 15000),
]
SYMPTOMS = [
    "headache",
    "dizziness",
    "nausea",
    "back pain",
    "fatigue",
    "a cough",
    "heartburn",
    "insomnia",
    "knee pain",
    "a rash",
    "shortness of breath",
    "anxiety",
]
MEALS = [
    "oatmeal with berries",
    "a burger and fries",
    "salmon and rice",
    "a salad",
    "pasta",
    "pizza",
    "eggs and toast",
    "a smoothie",
    "curry",
    "sushi",
]
DRUGS = [
    "metformin",
    "lisinopril",
    "atorvastatin",
    "ibuprofen",
    "omeprazole",
    "sertraline",
    "levothyroxine",
    "amlodipine",
    "vitamin D",
    "aspirin",
]
TALK = [
    "went hiking with my sister",
    "started a new job",
    "my dog got sick",
    "visited my parents",
    "had a stressful week at work",
    "took a yoga class",
    "went to a concert",
    "painted the kitchen",
    "planned a trip to Lisbon",
    "read a great book",
]
WHEN = ["this morning", "after lunch", "before bed", "at the clinic", "after my run", "on the weekend"]

QUERIES = [
    "what was my blood sugar after meals",
    "my weight recently",
    "when did I have a headache",
    "did I feel dizzy after taking lisinopril",
    "what did I eat before feeling nauseous",
    "how is my cholesterol",
    "trouble sleeping",
    "my back pain",
    "heart rate after running",
    "when did I start metformin",
    "stressful week at work",
    "the trip to Lisbon",
    "knee pain on the weekend",
    "my HbA1c results",
    "heartburn after pizza",
    "blood pressure at the clinic",
    "my dog got sick",
    "yoga class",
    "shortness of breath",
    "vitamin D",
]


def sentence_pool(rng: random.Random) -> list[tuple[str, str, float | None, str | None]]:
    """Distinct (text, name, value, unit) sentences; values coarse so texts repeat across nodes."""
    pool: list[tuple[str, str, float | None, str | None]] = []
    for name, unit, low, high in METRICS:
        for value in np.linspace(low, high, 12):
            for when in WHEN:
                v = round(float(value), 1)
                pool.append((f"my {name} was {v} {unit} {when}", name, v, unit))
    pool += [(f"I had {s} {w}", s, None, None) for s in SYMPTOMS for w in WHEN]
    pool += [(f"I ate {m} {w}", m, None, None) for m in MEALS for w in WHEN]
    pool += [(f"I took {d} {w}", d, None, None) for d in DRUGS for w in WHEN]
    pool += [(f"I {t} {w}", t, None, None) for t in TALK for w in WHEN]
    rng.shuffle(pool)
    return pool


class Bench:
    def __init__(self, settings: Settings, seed: int = 7) -> None:
        self.settings = settings
        self.rng = random.Random(seed)
        self.np_rng = np.random.default_rng(seed)
        self.pool = sentence_pool(self.rng)
        started = time.perf_counter()
        cache = settings.embedded.state_dir / "pool_vectors.npy"
        if cache.is_file() and np.load(cache).shape[0] == len(self.pool):
            self.vectors = np.load(cache)
        else:
            self.vectors = np.asarray(embed_texts([p[0] for p in self.pool]), dtype=np.float32)
            np.save(cache, self.vectors)
        self.pool_embed_s = time.perf_counter() - started
        self.query_vectors = {q: v for q, v in zip(QUERIES, embed_texts(QUERIES), strict=True)}
        self.counter = int(time.time())  # unique uids across resumed runs

    def rows(self, user_id: str, n: int) -> list[dict[str, Any]]:
        idx = self.np_rng.integers(0, len(self.pool), size=n)
        noise = self.np_rng.normal(0, 0.03, size=(n, self.vectors.shape[1])).astype(np.float32)
        vecs = self.vectors[idx] + noise
        vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
        out = []
        for i, j in enumerate(idx):
            text, name, value, unit = self.pool[int(j)]
            self.counter += 1
            day = self.counter % 1500
            out.append(
                {
                    "uid": f"{user_id}|r{self.counter}",
                    "user_id": user_id,
                    "user_token": user_token(user_id),
                    "type": "test_result" if value else "note",
                    "name": name,
                    "value": value,
                    "unit": unit,
                    "text": text,
                    "at": "2022-01-01T00:00:00Z",
                    "embedding": vecs[i].tolist(),
                    "day": day,
                }
            )
        return out

    def seed(self, client: GraphClient, user_id: str, n: int, batch: int = 2000) -> float:
        started = time.perf_counter()
        for start in range(0, n, batch):
            client.write(SEED_RECORDS, {"rows": self.rows(user_id, min(batch, n - start))})
        return time.perf_counter() - started


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def timed(fn: Any, repeats: int = 1) -> tuple[Any, float]:
    started = time.perf_counter()
    out = None
    for _ in range(repeats):
        out = fn()
    return out, (time.perf_counter() - started) * 1e3 / repeats


def exact_top(client: GraphClient, user_id: str, vector: list[float]) -> list[str]:
    """The reference answer: the exact per-user scan, computed by Neo4j itself."""
    return [item for item, _ in vector_scan_in_database(client, user_id, vector, K)]


def measure(client: GraphClient, bench: Bench, user_id: str, graphrag: Any, rounds: int) -> dict[str, Any]:
    """Latencies (ms) and recall@10 vs the exact per-user vector answer, over the query set."""
    lat: dict[str, list[float]] = {
        k: []
        for k in (
            "search_with_embedding",
            "search_precomputed",
            "vector_scan",
            "vector_scan_in_database",
            "keyword",
            "index_postfilter",
            "graphrag_hybrid",
        )
    }
    recall: dict[str, list[float]] = {
        k: []
        for k in (
            "vector_scan",
            "index_postfilter",
            "graphrag_hybrid",
            "graphrag_vector_part",
            "search_fused",
        )
    }
    foreign: list[float] = []
    from app.retrieval.embedding import embed_query

    lat["noop_round_trip"] = [timed(lambda: client.read(NOOP))[1] for _ in range(len(QUERIES))]
    # warm-up, not measured: every statement of the read path once at this size (a server that
    # just grew the user has cold plans and caches; the first size would otherwise pay the JIT)
    for q in QUERIES:
        vec = [float(x) for x in bench.query_vectors[q]]
        search(client, user_id, q, k=K, route="associative", preset=HYBRID, settings=bench.settings,
               embedder=lambda t, vec=vec: vec)
        keyword_branch(client, user_id, q, 50)
    # the first search of a user in a process loads the user's vectors (later ones only what is new)
    vector_cache().clear()
    _, cold_ms = timed(lambda: vector_branch(client, user_id, [float(x) for x in bench.query_vectors[QUERIES[0]]], K))
    for _ in range(rounds):
        for q in QUERIES:
            vec = [float(x) for x in bench.query_vectors[q]]
            truth = set(exact_top(client, user_id, vec))
            _, ms = timed(
                lambda q=q: search(
                    client,
                    user_id,
                    q,
                    k=K,
                    route="associative",
                    preset=HYBRID,
                    settings=bench.settings,
                    embedder=lambda t: embed_query(t),
                )
            )
            lat["search_with_embedding"].append(ms)
            _, ms = timed(
                lambda q=q, vec=vec: search(
                    client,
                    user_id,
                    q,
                    k=K,
                    route="associative",
                    preset=HYBRID,
                    settings=bench.settings,
                    embedder=lambda t: vec,
                )
            )
            lat["search_precomputed"].append(ms)
            scan, ms = timed(lambda vec=vec: vector_branch(client, user_id, vec, K))
            lat["vector_scan"].append(ms)
            recall["vector_scan"].append(len(truth & {item for item, _ in scan}) / max(len(truth), 1))
            _, ms = timed(lambda vec=vec: vector_scan_in_database(client, user_id, vec, K))
            lat["vector_scan_in_database"].append(ms)
            _, ms = timed(lambda q=q: keyword_branch(client, user_id, q, 50))
            lat["keyword"].append(ms)
            post, ms = timed(
                lambda vec=vec: client.read(
                    queries.VECTOR_INDEX_POSTFILTER,
                    {"user_id": user_id, "embedding": vec, "limit": K, "fetch": K * 10},
                )
            )
            lat["index_postfilter"].append(ms)
            recall["index_postfilter"].append(len(truth & {r["id"] for r in post}) / max(len(truth), 1))
            gr, ms = timed(lambda q=q, vec=vec: graphrag.search(query_text=q, query_vector=vec, top_k=K))
            lat["graphrag_hybrid"].append(ms)
            ids = [item.metadata["id"] for item in gr.items]
            owners = [item.metadata["user_id"] for item in gr.items]
            recall["graphrag_hybrid"].append(len(truth & set(ids)) / max(len(truth), 1))
            foreign.append(sum(1 for o in owners if o != user_id) / max(len(owners), 1))
    out: dict[str, Any] = {
        "latency_ms": {
            k: {
                "p50": round(percentile(v, 0.5), 2),
                "p95": round(percentile(v, 0.95), 2),
                "mean": round(statistics.mean(v), 2),
            }
            for k, v in lat.items()
            if v
        },
        "recall_at_10_vs_exact": {k: round(statistics.mean(v), 4) for k, v in recall.items() if v},
        "graphrag_foreign_share": round(statistics.mean(foreign), 4),
        "vector_copy_first_load_ms": round(cold_ms, 1),
    }
    ours = out["latency_ms"]["search_precomputed"]["p95"]
    theirs = out["latency_ms"]["graphrag_hybrid"]["p95"]
    out["latency_ratio_p95_ours_over_graphrag"] = round(ours / theirs, 2) if theirs else None
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--per-user", type=int, default=20, help="records of each background user")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--port", type=int, default=7690)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--keep-db", action="store_true", help="leave the bench Neo4j running")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    settings = Settings(
        neo4j=Neo4jSettings(password=SecretStr("selfgraph-bench")),
        embedded=EmbeddedSettings(
            state_dir=PROJECT_ROOT / "state" / "bench", bolt_port=args.port, heap="4g", pagecache_mb=3072
        ),
    )
    launcher = EmbeddedNeo4j(settings)
    started_here = not launcher.status().running
    launcher.start()
    report: dict[str, Any] = {"k": K, "users": args.users, "per_user_background": args.per_user, "sizes": {}}
    try:
        with GraphClient.from_settings(settings) as client:
            apply_schema(client)
            from neo4j_graphrag.retrievers import HybridRetriever

            bench = Bench(settings)
            report["pool_sentences"] = len(bench.pool)
            report["pool_embed_s"] = round(bench.pool_embed_s, 1)
            existing = client.read(COUNT_ALL)[0]["n"]
            if existing == 0:
                users = [f"bench-u{i:04d}" for i in range(1, args.users)] + [TARGET]
                client.write(SEED_SELF, {"users": users})
                t = 0.0
                for user in users[:-1]:
                    rows = bench.rows(user, args.per_user)
                    t += timed(lambda rows=rows: client.write(SEED_RECORDS, {"rows": rows}))[1]
                report["background_seed_s"] = round(t / 1e3, 1)
            graphrag = HybridRetriever(
                client.driver,
                queries.VECTOR_INDEX,
                queries.FULLTEXT_INDEX,
                return_properties=["uid", "user_id"],
                result_formatter=_graphrag_item,
            )
            have = client.read(COUNT_USER, {"user_id": TARGET})[0]["n"]
            for size in sizes:
                size = max(size, have)  # a resumed run measures what is there
                seed_s = bench.seed(client, TARGET, size - have)
                have = size
                _, index_ms = timed(lambda: client.write(AWAIT_INDEXES))
                total = client.read(COUNT_ALL)[0]["n"]
                print(
                    f"size={size} seeded in {seed_s:.1f}s, indexes {index_ms / 1e3:.1f}s, total={total}",
                    flush=True,
                )
                entry = {
                    "target_records": size,
                    "total_retrievable": total,
                    "seed_s": round(seed_s, 1),
                    "load_average_1m": os.getloadavg()[0],
                    "cpus": os.cpu_count(),
                }
                entry["target_user"] = measure(client, bench, TARGET, graphrag, args.rounds)
                entry["small_user"] = measure(client, bench, SMALL, graphrag, 1)
                report["sizes"][str(size)] = entry
                print(json.dumps({size: entry["target_user"]["latency_ms"]}, indent=1), flush=True)
    finally:
        if started_here and not args.keep_db:
            launcher.stop()
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(text + "\n", encoding="utf-8")


def _graphrag_item(record: Any) -> Any:
    from neo4j_graphrag.types import RetrieverResultItem

    node = record["node"]
    return RetrieverResultItem(
        content=node.get("uid"),
        metadata={
            "id": record.get("elementId") or record.get("id"),
            "user_id": node.get("user_id"),
            "score": record["score"],
        },
    )


if __name__ == "__main__":
    main()
