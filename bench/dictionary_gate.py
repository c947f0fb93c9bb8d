"""Alias-gate lookups per second: in-process snapshot index vs Cypher on ``Alias.norm``.

Usage (against the test database, or any Neo4j holding the loaded dictionary)::

    NEO4J_URI=bolt://127.0.0.1:7688 NEO4J_PASSWORD=selfgraph-test \\
        .venv/bin/python bench/dictionary_gate.py [--n 2000] [--seconds 10]

The workload is a fixed, seeded mix of names: 80 % known aliases of all kinds, 20 % misses.
The graph path runs one read per lookup (``dictionary_lookup_alias``: index on ``Alias.norm``)
through one session, as a request handler would; the in-process path is
``DictionarySnapshot.lookup`` (normalisation + dict), ``--repeat`` passes. It loads the
dictionary first if the graph holds another version. Bounded by ``--n`` lookups (times
``--repeat`` in-process) and ``--seconds`` per path.
"""

from __future__ import annotations

import argparse
import random
import time

import neo4j
from app.db.client import GraphClient
from app.dictionary import load_snapshot, normalize_alias
from app.dictionary import queries as q
from app.dictionary.loader import ensure_loaded
from app.dictionary.models import TERM_KINDS, TermKind
from app.settings import get_settings


def workload(n: int, seed: int = 7) -> list[tuple[TermKind, str]]:
    snapshot = load_snapshot()
    rng = random.Random(seed)
    known = [(kind, norm) for kind in TERM_KINDS for norm, _ in snapshot.alias_names(kind)]
    names: list[tuple[TermKind, str]] = []
    for i in range(n):
        kind, norm = rng.choice(known)
        names.append((kind, norm.upper() if i % 5 else f"{norm} zz"))  # every 5th is a miss
    return names


def bench_in_process(
    names: list[tuple[TermKind, str]], seconds: float, repeat: int
) -> tuple[int, float, int]:
    snapshot = load_snapshot()
    hits = done = 0
    started = time.perf_counter()
    for _ in range(repeat):
        for kind, name in names:
            hits += snapshot.lookup(kind, name) is not None
            done += 1
        if time.perf_counter() - started > seconds:
            break
    return done, time.perf_counter() - started, hits


def bench_graph(
    client: GraphClient, names: list[tuple[TermKind, str]], seconds: float
) -> tuple[int, float, int]:
    hits = done = 0
    started = time.perf_counter()
    with client.driver.session(database=client.database, default_access_mode=neo4j.READ_ACCESS) as session:
        for kind, name in names:
            record = session.run(q.LOOKUP_ALIAS.text, {"norm": normalize_alias(name), "kind": kind}).single()
            hits += record is not None
            done += 1
            if time.perf_counter() - started > seconds:
                break
    return done, time.perf_counter() - started, hits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--repeat", type=int, default=50, help="passes over the names in-process")
    args = parser.parse_args()
    names = workload(args.n)
    with GraphClient.from_settings(get_settings()) as client:
        ensure_loaded(client, load_snapshot())
        bench_graph(client, names[:50], args.seconds)  # warm up the driver and the plan cache
        graph = bench_graph(client, names, args.seconds)
    local = bench_in_process(names, args.seconds, args.repeat)
    for label, (done, elapsed, hits) in (
        ("graph (Cypher on Alias.norm)", graph),
        ("in-process index", local),
    ):
        print(f"{label:30s} {done / elapsed:12,.0f} lookups/s  ({done} lookups, {hits} hits, {elapsed:.2f}s)")


if __name__ == "__main__":
    main()
