"""Write-path benchmark: turns per second and per-turn latency, end to end, on a user with 10k records.

Workload: one fresh user is seeded with ``--seed-records`` narrative records (default 10,000: lab
results, blood pressure, weight, sleep, symptoms and medication records over three years, each
in its series, written with ``UNWIND`` in batches). Then ``--turns`` turns (default 300, after 20
warm-up turns) go through :func:`app.ingest.write_path.process_turn` one by one with the
deterministic stages: memory gate, PII masking, the rules extractor, the temporal resolver, alias
gate, grounding, the one write transaction and the derived layer (trend, coverage, NEXT chain,
episodes, medication list, causal candidates). Every turn text is distinct, so nothing is a replay.
Reported: turns/s, p50 / p95 / max latency per turn (ms). Target: p95 <= 50 ms.

The user is deleted at the end. Run against the shared test database::

    NEO4J_URI=bolt://127.0.0.1:7688 NEO4J_PASSWORD=selfgraph-test .venv/bin/python bench/write_path.py
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import time
import uuid
from datetime import UTC, datetime, timedelta, timezone

from app.db.client import GraphClient
from app.db.cypher import Query
from app.dictionary import DictionarySnapshot, DictionaryVersionMismatch, load_snapshot
from app.dictionary.loader import active_version, load_dictionary
from app.ingest.write_path import TurnResult, process_turn
from app.settings import Settings
from app.users.service import delete_user, ensure_self

SEED_RECORDS = Query(
    "bench_seed_records",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $rows AS row
    CREATE (r:Record:Retrievable)
    SET r = row
    CREATE (s)-[:HAS_RECORD]->(r)
    """,
)

TZ = timezone(timedelta(hours=2))

# (type, series dimension, props) templates for the seeded history
_SEED_KINDS = (
    (
        "test_result",
        "test:glucose",
        {"name": "glucose", "standard_key": "glucose", "unit": "mg/dL"},
        (80, 180),
    ),
    ("test_result", "test:hba1c", {"name": "a1c", "standard_key": "hba1c", "unit": "%"}, (5.0, 9.0)),
    (
        "test_result",
        "test:ldl_cholesterol",
        {"name": "ldl", "standard_key": "ldl_cholesterol", "unit": "mg/dL"},
        (70, 190),
    ),
    (
        "body_measurement",
        "test:body_weight",
        {"kind": "weight", "standard_key": "body_weight", "unit": "kg"},
        (70, 95),
    ),
    ("sleep", "sleep:duration", {}, (240, 540)),
    ("symptom", "symptom:headache", {"name": "headache", "standard_key": "headache"}, None),
    ("medication_intake", "drug:metformin", {"drug": "metformin", "standard_key": "metformin"}, None),
)

_TURNS = (
    "My fasting glucose was {g} mg/dL this morning",
    "A1c came back at {a}% at the lab yesterday",
    "I weigh {w} kg today",
    "blood pressure {s}/{d} this morning",
    "I slept from 11pm to {h}am last night",
    "I had a headache yesterday afternoon",
    "took my metformin 500 mg this morning",
    "I stopped taking lisinopril {n} days ago",
    "my LDL was {l} mg/dL last week",
    "I walked for {m} minutes today",
    "feeling stressed and tired today, slept only {h} hours",
    "my goal is to get my A1c under {a}%",
)


def _seed_rows(user_id: str, count: int, rng: random.Random) -> list[dict[str, object]]:
    start = datetime(2023, 1, 1, 8, 0, tzinfo=TZ)
    rows: list[dict[str, object]] = []
    for i in range(count):
        type_, dim, props, bounds = _SEED_KINDS[i % len(_SEED_KINDS)]
        at = start + timedelta(hours=i * 2.6)
        row: dict[str, object] = {
            "uid": f"{user_id}|seed|{i}",
            "user_id": user_id,
            "type": type_,
            "status": "current",
            "source_type": "utterance",
            "source_id": f"seed-{i}",
            "extractor": "rules",
            "confidence": 0.9,
            "quote": "seeded",
            "mention_time": at,
            "event_start": at,
            "event_end": at + timedelta(days=1),
            "series_key": f"{user_id}|{dim}",
            "series_at": at,
            "search_text": f"seeded {type_}",
            **props,
        }
        if bounds is not None:
            value = round(rng.uniform(*bounds), 1)
            row["duration_min" if type_ == "sleep" else "value"] = value
        rows.append(row)
    return rows


def _turn_text(i: int, rng: random.Random) -> str:
    template = _TURNS[i % len(_TURNS)]
    return (
        template.format(
            g=rng.randint(85, 190),
            a=round(rng.uniform(5.5, 9.0), 1),
            w=round(rng.uniform(70, 95), 1),
            s=rng.randint(110, 165),
            d=rng.randint(65, 100),
            h=rng.randint(4, 8),
            n=rng.randint(2, 9),
            l=rng.randint(70, 190),
            m=rng.randint(10, 90),
        )
        + f" (note {i})"
    )


def _turn(
    client: GraphClient, user_id: str, text: str, at: datetime, snapshot: DictionarySnapshot
) -> TurnResult:
    return process_turn(
        client, user_id, text, at, "bench", snapshot=snapshot, clock=lambda: datetime.now(UTC)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed-records", type=int, default=10_000)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("neo4j").setLevel(logging.ERROR)

    rng = random.Random(6)
    settings = Settings()
    snapshot = load_snapshot()
    user_id = f"bench-write-{uuid.uuid4().hex[:8]}"
    with GraphClient.from_settings(settings) as client:
        if active_version(client) != snapshot.version:
            load_dictionary(client, snapshot)
        ensure_self(client, user_id, sex="female")
        try:
            started = time.perf_counter()
            rows = _seed_rows(user_id, args.seed_records, rng)
            for i in range(0, len(rows), 2_000):
                client.write(SEED_RECORDS, {"user_id": user_id, "rows": rows[i : i + 2_000]})
            print(f"seeded {len(rows)} records in {time.perf_counter() - started:.1f} s")

            mention = datetime(2026, 3, 1, 9, 0, tzinfo=TZ)
            latencies: list[float] = []
            records = 0
            total = args.warmup + args.turns
            loop_started = time.perf_counter()
            for i in range(total):
                if i == args.warmup:
                    loop_started = time.perf_counter()
                text = _turn_text(i, rng)
                t0 = time.perf_counter()
                try:
                    result = _turn(client, user_id, text, mention + timedelta(hours=7 * i), snapshot)
                except DictionaryVersionMismatch:  # the shared database was reloaded by someone else
                    load_dictionary(client, snapshot)
                    t0 = time.perf_counter()
                    result = _turn(client, user_id, text, mention + timedelta(hours=7 * i), snapshot)
                if i >= args.warmup:
                    latencies.append((time.perf_counter() - t0) * 1e3)
                    records += len(result.records)
            elapsed = time.perf_counter() - loop_started
        finally:
            delete_user(client, user_id)

    latencies.sort()
    p95 = latencies[max(0, round(0.95 * len(latencies)) - 1)]
    print(f"turns: {len(latencies)} (after {args.warmup} warm-up), records written: {records}")
    print(f"throughput: {len(latencies) / elapsed:.1f} turns/s")
    print(f"latency ms: p50 {statistics.median(latencies):.1f}  p95 {p95:.1f}  max {latencies[-1]:.1f}")
    print(f"target p95 <= 50 ms: {'met' if p95 <= 50 else 'NOT met'}")


if __name__ == "__main__":
    main()
