"""Profile regeneration time, offline composer, for a user with N narrative records.

Seeds one bench user (10k records by default: glucose, weight, blood pressure, sleep, exercise,
symptoms, meals, mood, regimen changes, a goal) plus a few clinical resources with UNWIND, then
times: one field (``physical_state``) re-asked alone, the whole profile (forced, all seven fields),
and an unchanged refresh (only ``action_items``). Each timing is the median of ``--repeat`` runs.
The bench user is removed at the end.

    NEO4J_URI=bolt://127.0.0.1:7688 NEO4J_PASSWORD=selfgraph-test .venv/bin/python bench/profile_refresh.py
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from datetime import UTC, datetime, timedelta

from app.db.client import GraphClient
from app.db.cypher import Query
from app.profile.regeneration import ProfileRefresher
from app.profile.synthesis import ComposerSynthesizer
from app.settings import Settings
from app.users.service import delete_user, ensure_self

SEED_RECORDS = Query(
    "bench_profile_seed_records",
    """
    MATCH (s:Self {user_id: $u})
    UNWIND $rows AS row
    CREATE (r:Record:Retrievable) SET r = row, r.user_id = $u, r.event_start = datetime(row.at),
           r.mention_time = datetime(row.at)
    REMOVE r.at
    MERGE (s)-[:HAS_RECORD]->(r)
    """,
)

NOW = datetime(2026, 11, 1, tzinfo=UTC)


def synthetic_records(n: int, seed: int = 7) -> list[dict[str, object]]:
    rng = random.Random(seed)
    kinds = ["glucose", "weight", "bp", "sleep", "exercise", "symptom", "meal", "mood", "regimen"]
    rows: list[dict[str, object]] = []
    for i in range(n):
        at = (NOW - timedelta(minutes=37 * (n - i))).isoformat()
        kind = kinds[i % len(kinds)]
        base = {"uid": f"bench-rec-{i}", "at": at, "quote": "synthetic"}
        if kind == "glucose":
            rows.append(
                {
                    **base,
                    "type": "test_result",
                    "name": "fasting glucose",
                    "loinc": "1558-6",
                    "value": float(rng.randint(85, 160)),
                    "unit": "mg/dL",
                }
            )
        elif kind == "weight":
            rows.append(
                {
                    **base,
                    "type": "body_measurement",
                    "kind": "weight",
                    "value": float(rng.randint(70, 90)),
                    "unit": "kg",
                }
            )
        elif kind == "bp":
            rows.append(
                {
                    **base,
                    "type": "vital_sign",
                    "kind": "blood_pressure",
                    "systolic": float(rng.randint(110, 160)),
                    "diastolic": float(rng.randint(70, 100)),
                    "unit": "mmHg",
                }
            )
        elif kind == "sleep":
            rows.append({**base, "type": "sleep", "duration_min": float(rng.randint(240, 540))})
        elif kind == "exercise":
            rows.append(
                {
                    **base,
                    "type": "exercise",
                    "activity": rng.choice(["walking", "cycling", "swimming"]),
                    "duration_min": float(rng.randint(15, 60)),
                }
            )
        elif kind == "symptom":
            rows.append({**base, "type": "symptom", "name": rng.choice(["headache", "fatigue", "dizziness"])})
        elif kind == "meal":
            rows.append(
                {**base, "type": "meal", "food": rng.choice(["oatmeal", "rice", "salad"]), "kind": "meal"}
            )
        elif kind == "mood":
            rows.append(
                {
                    **base,
                    "type": "mood_stress",
                    "kind": "stress",
                    "level": rng.choice(["low", "moderate", "high"]),
                }
            )
        else:
            rows.append(
                {
                    **base,
                    "type": "regimen_change",
                    "drug": "metformin",
                    "action": rng.choice(["skip", "start"]),
                    "reason": "travel",
                }
            )
    return rows


def median_ms(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1e3)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()

    user = f"bench-profile-{int(time.time())}"
    with GraphClient.from_settings(Settings()) as client:
        ensure_self(client, user, sex="female")
        rows = synthetic_records(args.records)
        for start in range(0, len(rows), 5000):
            client.write(SEED_RECORDS, {"u": user, "rows": rows[start : start + 5000]})
        refresher = ProfileRefresher(client, ComposerSynthesizer(), clock=lambda: NOW)
        try:
            refresher.refresh(user, force=True)  # warm caches
            result = {
                "records": args.records,
                "one_field_ms": median_ms(
                    lambda: refresher.refresh(user, force=True, fields=("physical_state",)), args.repeat
                ),
                "whole_profile_ms": median_ms(lambda: refresher.refresh(user, force=True), args.repeat),
                "unchanged_refresh_ms": median_ms(lambda: refresher.refresh(user), args.repeat),
            }
        finally:
            delete_user(client, user)
    print(json.dumps(result, indent=2))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(result, out, indent=2)


if __name__ == "__main__":
    main()
