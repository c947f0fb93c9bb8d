"""FHIR ingest throughput: the batched loader vs a naive one, and as the graph grows.

Usage (against the shared test database; bench users are removed afterwards)::

    .venv/bin/python bench/fhir_ingest.py --dedicated [--patients 1000] [--workers 1] [--writers 2]
        [--max-minutes 30] [--no-warm-rerun]

``--dedicated`` starts an empty embedded Neo4j of its own (``/tmp/selfgraph-bench-fhir``, wiped
first; Bolt port 7779) and stops it at the end; without it the configured database is used (e.g.
the shared test database: ``NEO4J_URI=bolt://127.0.0.1:7688 NEO4J_PASSWORD=selfgraph-test``) and
the bench users are removed afterwards.

Phases, each under fresh user ids ``bench-fhir-<run>-…``, all through one
:class:`~app.ingest.fhir.files.BundlePreparer` (its worker processes start once, in phase 1):

1. the 100 Synthea bundles, one user each, with the production path (``load_jobs``: a worker
   process validates and maps the next bundles while ``--writers`` lanes write them, one
   transaction per bundle); then every bundle is checked against ``MANIFEST.json`` (nodes by type
   equal its clinical resource counts; every coded resource links to its code node), untimed.
   Rate = clinical resources written per second (billing resources are skipped and not counted),
   wall time including JSON parsing and FHIR validation.
2. the first ``--naive-bundles`` bundles through a naive loader (one MERGE per resource, one
   transaction per resource, codes and edges per resource) and through the batched loader, on the
   same input; the ratio of their rates.
3. replication of the 100 bundles under new user ids up to ``--patients`` patients; the rate per
   block of 100 patients shows how it holds as the graph grows.
4. with ``--dedicated``: every node deleted, then the 100 bundles again into the emptied database
   on the now warm server (phase 1 runs on a freshly started JVM: its first minute is JIT warm-up).

Embedding is not on the ingest path: resources get ``search_text`` only; vectors are a background
pass owned by retrieval. Peak memory is ``getrusage`` max RSS of this process and of the worker.

Besides wall-clock rates the bench reports CPU time: this process and its workers (``getrusage``,
``/proc/<pid>/stat`` for the live ones)
and, with ``--dedicated``, the Neo4j server (``/proc/<pid>/stat``), of which its JIT compiler threads
(``server_jit_cpu_s``: the ``C1``/``C2 CompilerThread`` tasks). On a machine shared with other
jobs the wall rate measures the share of CPU the run got; resources per CPU-second measure the
loader itself. Replication stops early when ``--max-minutes`` is spent (the report says where).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from app.db.client import GraphClient, Tx
from app.db.cypher import Query
from app.db.launcher import EmbeddedNeo4j
from app.db.schema import apply_schema
from app.graph_schema.clinical import FHIR_RESOURCE_CLASSES
from app.ingest.fhir import BundlePlan, LoadOutcome, load_jobs
from app.ingest.fhir.files import BundlePreparer, prepare_file
from app.ingest.fhir.models import EDGE_TYPES, ResourceRow
from app.settings import PROJECT_ROOT, EmbeddedSettings, Neo4jSettings, Settings, get_settings

SYNTHEA = PROJECT_ROOT.parent / "shared" / "data" / "synthea_r4"
RESULTS = PROJECT_ROOT / "bench" / "results" / "fhir_ingest.json"

NAIVE_NODE = {
    rtype: Query(
        f"bench_naive_node_{rtype.lower()}",
        f"MERGE (s:Self {{user_id: $user_id}}) MERGE (r:FhirResource {{uid: $row.uid}}) "
        f"SET r = $row, r:{rtype}:Retrievable "
        "SET r.last_updated = datetime($row.last_updated), r.event_start = datetime($row.event_start), "
        "r.event_end = datetime($row.event_end), r.recorded_at = datetime($row.recorded_at) "
        "MERGE (s)-[:HAS_FHIR]->(r)",
    )
    for rtype in FHIR_RESOURCE_CLASSES
}
NAIVE_CODE = Query(
    "bench_naive_code",
    "MATCH (r:FhirResource {uid: $uid}) USING INDEX r:FhirResource(uid) MERGE (k:Code {uid: $code.uid}) "
    "ON CREATE SET k.system = $code.system, k.code = $code.code, k.display = $code.display "
    "MERGE (r)-[:CODED_AS {role: $role}]->(k)",
)
NAIVE_EDGE = {
    rel: Query(
        f"bench_naive_edge_{rel.lower()}",
        f"MATCH (a:FhirResource {{uid: $from_uid}}) USING INDEX a:FhirResource(uid) "
        f"MATCH (b:FhirResource {{uid: $to_uid}}) USING INDEX b:FhirResource(uid) "
        f"MERGE (a)-[:{rel} {{via: $via}}]->(b)",
    )
    for rel in EDGE_TYPES
}
CLEAN_UP = tuple(
    Query(
        f"bench_clean_{label.lower()}",
        f"MATCH (n:{label}) WHERE n.user_id STARTS WITH $prefix WITH n LIMIT 5000 DETACH DELETE n "
        "RETURN count(*) AS deleted",
    )
    for label in ("FhirResource", "Operation", "Self")
)


EMPTY_ALL = tuple(
    Query(
        f"bench_empty_{label.lower()}",
        f"MATCH (n:{label}) WITH n LIMIT 2000 DETACH DELETE n RETURN count(*) AS deleted",
    )
    for label in ("FhirResource", "Code", "Operation", "Self")
)


COUNT_BY_USER_AND_TYPE = Query(
    "bench_count_by_user_and_type",
    "MATCH (s:Self) WHERE s.user_id STARTS WITH $prefix MATCH (s)-[:HAS_FHIR]->(r:FhirResource) "
    "RETURN s.user_id AS user_id, r.resource_type AS type, count(*) AS n, "
    "count(CASE WHEN r.code IS NOT NULL AND NOT (r)-[:CODED_AS]->(:Code {uid: r.code_system + '|' + r.code}) "
    "THEN 1 END) AS missing_code_link",
)


PREPARER: BundlePreparer | None = None
"""The run's preparer: its live workers' CPU counts as the loader's (``RUSAGE_CHILDREN`` counts
only processes that have ended)."""


def client_cpu_s() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = sum(server_cpu_s(pid) for pid in PREPARER.worker_pids()) if PREPARER else 0.0
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime + workers


def server_cpu_s(pid: int | None) -> float:
    if pid is None:
        return 0.0
    return _cpu_of_stat(Path(f"/proc/{pid}/stat"))


def _cpu_of_stat(stat: Path) -> float:
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


JIT_THREADS = ("C1 CompilerThre", "C2 CompilerThre")
"""Thread names (``/proc/<pid>/task/*/comm``, cut at 15 characters) of HotSpot's JIT compilers."""


def server_jit_cpu_s(pid: int | None) -> float:
    """CPU time the server's JIT compiler threads have spent (a fresh JVM compiles its hot paths
    on the same two cores the load runs on)."""
    if pid is None:
        return 0.0
    total = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            if (task / "comm").read_text().strip().startswith(JIT_THREADS):
                total += _cpu_of_stat(task / "stat")
        except OSError:  # the thread ended meanwhile
            continue
    return total


class Meter:
    """Wall and CPU time of one phase."""

    def __init__(self, server_pid: int | None) -> None:
        self.pid = server_pid
        self.wall = time.perf_counter()
        self.client = client_cpu_s()
        self.server = server_cpu_s(server_pid)
        self.jit = server_jit_cpu_s(server_pid)

    def stop(self, resources: int) -> dict[str, Any]:
        wall = time.perf_counter() - self.wall
        client = client_cpu_s() - self.client
        server = server_cpu_s(self.pid) - self.server if self.pid else None
        out: dict[str, Any] = {
            "resources": resources,
            "seconds": round(wall, 2),
            "resources_per_s": round(resources / wall, 1),
            "client_cpu_s": round(client, 2),
            "resources_per_client_cpu_s": round(resources / max(client, 1e-9), 1),
        }
        if server is not None:
            total = client + server
            out |= {
                "server_cpu_s": round(server, 2),
                "server_jit_cpu_s": round(server_jit_cpu_s(self.pid) - self.jit, 2),
                "resources_per_cpu_s": round(resources / max(total, 1e-9), 1),
            }
        return out


def peak_rss_mb() -> dict[str, float]:
    """Peak resident memory of this process and of the preparing workers (ended or live)."""
    workers = [_peak_rss_of(pid) for pid in PREPARER.worker_pids()] if PREPARER else []
    return {
        "self": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "workers": max([resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, *workers]),
    }


def _peak_rss_of(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def naive_write(client: GraphClient, plan: BundlePlan) -> int:
    """One transaction per resource (node, then its codes and edges), as a first loader would."""
    rows: list[ResourceRow] = plan.rows
    for row in rows:

        def work(tx: Tx, row: ResourceRow = row) -> None:
            tx.run(NAIVE_NODE[row.resource_type], {"user_id": plan.user_id, "row": row.props})
            codes = {c.uid: c for c in row.codes}
            for link in row.code_links:
                code = codes[link.code_uid]
                tx.run(
                    NAIVE_CODE,
                    {
                        "uid": row.uid,
                        "role": link.role,
                        "code": {
                            "uid": code.uid,
                            "system": code.system,
                            "code": code.code,
                            "display": code.display,
                        },
                    },
                )

        client.write_transaction(work, name="bench_naive_resource")
    for row in rows:  # edges once every node exists
        for edge in row.edges:
            client.write(
                NAIVE_EDGE[edge.rel], {"from_uid": edge.from_uid, "to_uid": edge.to_uid, "via": edge.via}
            )
    return len(rows)


def written(outcomes: list[LoadOutcome]) -> int:
    return sum(sum(o.result.written.values()) for o in outcomes if o.result)


def dedicated_settings(jvm_options: list[str] | None = None) -> Settings:
    return Settings(
        neo4j=Neo4jSettings(password=SecretStr("selfgraph-bench")),
        embedded=EmbeddedSettings(
            state_dir=Path("/tmp/selfgraph-bench-fhir"),
            bolt_port=7779,
            jvm_options=jvm_options or [],
        ),
    )


def run_phases(
    client: GraphClient, args: argparse.Namespace, prefix: str, pid: int | None, preparer: BundlePreparer
) -> dict[str, Any]:
    files = sorted(p for p in SYNTHEA.glob("*_*-*.json"))
    assert len(files) == 100, len(files)
    report: dict[str, Any] = {}
    budget_end = time.monotonic() + args.max_minutes * 60

    # 1. the 100 bundles, production path
    meter = Meter(pid)
    outcomes = load_jobs(
        client, [(f"{prefix}p{i:04d}", f) for i, f in enumerate(files)], preparer=preparer, writers=args.writers
    )
    report["synthea_100"] = meter.stop(written(outcomes)) | {
        "rejected_files": sum(1 for o in outcomes if o.rejection),
        "skipped_billing_and_other": sum(sum(o.result.skipped.values()) for o in outcomes if o.result),
    }
    print("100 bundles:", report["synthea_100"], flush=True)
    report["synthea_100_manifest_check"] = manifest_check(client, f"{prefix}p", files)
    print("manifest check:", report["synthea_100_manifest_check"], flush=True)

    # 2. naive vs batched on the same few bundles (preparation included in both)
    few = files[: args.naive_bundles]
    meter = Meter(pid)
    naive_count = 0
    for i, path in enumerate(few):
        plan = prepare_file(f"{prefix}naive{i}", path)
        assert isinstance(plan, BundlePlan)
        naive_count += naive_write(client, plan)
    naive = meter.stop(naive_count)
    meter = Meter(pid)
    batched = meter.stop(
        written(load_jobs(client, [(f"{prefix}batched{i}", p) for i, p in enumerate(few)], workers=0))
    )
    report["naive_vs_batched"] = {
        "bundles": len(few),
        "naive": naive,
        "batched": batched,
        "speedup_wall": round(batched["resources_per_s"] / naive["resources_per_s"], 1),
    }
    print("naive vs batched:", report["naive_vs_batched"], flush=True)

    # 3. replicate under new user ids, rate per block of 100 patients
    blocks = [{"patients_after": 100, **report["synthea_100"]}]
    for start in range(100, args.patients, 100):
        if time.monotonic() > budget_end:
            report["growth_stopped_early"] = f"--max-minutes {args.max_minutes} spent after {start} patients"
            break
        jobs = [(f"{prefix}p{start + i:04d}", f) for i, f in enumerate(files[: args.patients - start])]
        meter = Meter(pid)
        block = meter.stop(written(load_jobs(client, jobs, preparer=preparer, writers=args.writers)))
        blocks.append({"patients_after": start + len(jobs), **block})
        print(f"patients {start + len(jobs)}:", block, flush=True)
    report["growth"] = blocks
    report["graph_resources_total"] = sum(b["resources"] for b in blocks)

    # 4. the 100 bundles again into the emptied database, on the now warm server and workers
    if args.warm_rerun and pid is not None:  # only a dedicated database is emptied
        meter = Meter(pid)
        deleted = empty_database(client)
        report["emptied"] = meter.stop(deleted) | {"nodes_deleted": deleted}
        meter = Meter(pid)
        outcomes = load_jobs(
            client, [(f"{prefix}w{i:04d}", f) for i, f in enumerate(files)], preparer=preparer, writers=args.writers
        )
        report["synthea_100_warm"] = meter.stop(written(outcomes))
        print("100 bundles, emptied database, warm server:", report["synthea_100_warm"], flush=True)
    return report


def manifest_check(client: GraphClient, prefix: str, files: list[Path]) -> dict[str, Any]:
    """Every bundle of the first phase against ``MANIFEST.json``: its users' nodes by type equal the
    bundle's clinical resource counts, and every coded resource links to its primary code node."""
    manifest = {Path(row["path"]).name: row["types"] for row in json.loads((SYNTHEA / "MANIFEST.json").read_text())}
    stored: dict[str, dict[str, int]] = {}
    missing_links = 0
    for row in client.read(COUNT_BY_USER_AND_TYPE, {"prefix": prefix}):
        stored.setdefault(row["user_id"], {})[row["type"]] = row["n"]
        missing_links += row["missing_code_link"]
    mismatched = [
        path.name
        for i, path in enumerate(files)
        if stored.get(f"{prefix}{i:04d}", {})
        != {rtype: n for rtype, n in manifest[path.name].items() if rtype in FHIR_RESOURCE_CLASSES}
    ]
    return {
        "bundles": len(files),
        "counts_match_manifest": len(files) - len(mismatched),
        "mismatched": mismatched,
        "coded_resources_without_their_code_link": missing_links,
    }


def empty_database(client: GraphClient) -> int:
    """Delete every node of the run (resources, codes, operations, users) in batches."""
    deleted = 0
    for statement in EMPTY_ALL:
        while n := client.write(statement)[0]["deleted"]:
            deleted += n
    return deleted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--patients", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1, help="Processes preparing bundles.")
    parser.add_argument("--writers", type=int, default=2, help="Writer lanes (one user's bundles in order).")
    parser.add_argument(
        "--no-warm-rerun",
        dest="warm_rerun",
        action="store_false",
        help="Skip the last phase (with --dedicated: the 100 bundles again into the emptied database, warm server).",
    )
    parser.add_argument("--naive-bundles", type=int, default=5)
    parser.add_argument("--max-minutes", type=float, default=30.0)
    parser.add_argument("--dedicated", action="store_true", help="Start an empty Neo4j of its own.")
    parser.add_argument(
        "--jvm-option", action="append", default=[], help="An extra JVM flag for the dedicated server (repeatable)."
    )
    args = parser.parse_args()

    run = uuid.uuid4().hex[:8]
    prefix = f"bench-fhir-{run}-"
    settings = dedicated_settings(args.jvm_option) if args.dedicated else get_settings()
    launcher = EmbeddedNeo4j(settings) if args.dedicated else None
    report: dict[str, Any] = {
        "run": run,
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        "neo4j": settings.bolt_uri,
        "dedicated_database": args.dedicated,
        "cpus": os.cpu_count(),
        "load_average_start": os.getloadavg(),
        "workers": args.workers,
        "writers": args.writers,
        "jvm_options": args.jvm_option,
        "server_memory": {"heap": settings.embedded.heap, "pagecache_mb": settings.embedded.pagecache_mb},
        "embedding_on_ingest_path": False,
        "note": "search_text only; embeddings are computed by retrieval's background pass",
    }
    pid = None
    if launcher:
        if not launcher.status().running:  # an empty database every run
            shutil.rmtree(settings.embedded.state_dir, ignore_errors=True)
        launcher.start()
        pid = launcher.status().pid
    global PREPARER
    preparer = PREPARER = BundlePreparer(args.workers)
    try:
        with preparer, GraphClient.from_settings(settings) as client:
            report["server"] = client.ping()
            apply_schema(client)
            try:
                report |= run_phases(client, args, prefix, pid, preparer)
            finally:
                report["peak_rss_mb"] = peak_rss_mb()
                report["load_average_end"] = os.getloadavg()
                if not launcher:
                    for statement in CLEAN_UP:
                        while client.write(statement, {"prefix": prefix})[0]["deleted"]:
                            pass
    finally:
        if launcher:
            launcher.stop()
    report["finished"] = datetime.now(UTC).isoformat(timespec="seconds")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2, default=str) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2, default=str))


if __name__ == "__main__":
    main()
