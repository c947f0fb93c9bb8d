"""Loading FHIR JSON files: one bundle per file, one transaction per bundle.

Preparing a bundle (JSON parsing, FHIR validation, mapping) is CPU-bound Python while writing waits
on Neo4j, so :func:`load_jobs` can prepare the next bundles in worker processes while the current
one is written (``workers=0`` does everything in this process).
"""

from __future__ import annotations

import gc
import multiprocessing
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.db.client import GraphClient
from app.errors import InvalidInput
from app.ingest.fhir.models import BundlePlan, IngestResult
from app.ingest.fhir.parse import load_json, load_models
from app.ingest.fhir.plan import prepare_bundle
from app.ingest.fhir.service import write_plan


@dataclass(frozen=True, slots=True)
class Rejection:
    """A file rejected whole, with the reason (error details: entry index, field, …)."""

    reason: str
    details: dict[str, Any]
    entry_types: Counter[str] = field(default_factory=Counter)


@dataclass(frozen=True, slots=True)
class LoadOutcome:
    user_id: str
    path: Path
    result: IngestResult | None
    rejection: Rejection | None


def iter_fhir_files(paths: Iterable[Path]) -> Iterator[Path]:
    """Files as given; directories as their ``*.json`` files (sorted, not recursive)."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.glob("*.json") if p.is_file())
        else:
            yield path


def entry_types(document: Any) -> Counter[str]:
    """Resource types in a (possibly invalid) document, for counting what a rejection refused."""
    if not isinstance(document, dict):
        return Counter()
    if document.get("resourceType") != "Bundle":
        return Counter({str(document.get("resourceType")): 1})
    entries = document.get("entry")
    if not isinstance(entries, list):
        return Counter()
    return Counter(str((e.get("resource") or {}).get("resourceType")) for e in entries if isinstance(e, dict))


def prepare_file(user_id: str, path: Path) -> BundlePlan | Rejection:
    """Read and prepare one file; an invalid one becomes a :class:`Rejection` (picklable)."""
    document: Any = None
    try:
        document = load_json(path.read_bytes())
        return prepare_bundle(user_id, document, str(path))
    except InvalidInput as exc:
        return Rejection(exc.message, dict(exc.details), entry_types(document))
    except OSError as exc:
        return Rejection("The file cannot be read.", {"error": type(exc).__name__})


WORKER_GC_THRESHOLD = 50_000
"""Young-generation collection threshold in a preparing worker (Python's default is 700)."""


def init_preparing_worker() -> None:
    """Set up a worker process: load the FHIR model classes once, exempt them (and every module
    object) from garbage collection with ``gc.freeze``, and collect the young generation less often.
    Preparing a bundle allocates some 10^5 short-lived containers (JSON, validated models); with the
    defaults that meant hundreds of collections per bundle, each walking the thousands of model
    classes: about a sixth of the worker's CPU. Reference counting still frees every bundle's
    objects at once; only cyclic garbage, which preparing does not make, waits longer."""
    load_models()
    gc.freeze()
    gc.set_threshold(WORKER_GC_THRESHOLD)


def load_jobs(
    client: GraphClient,
    jobs: Iterable[tuple[str, Path]],
    *,
    workers: int = 1,
    on_done: Callable[[LoadOutcome], None] | None = None,
) -> list[LoadOutcome]:
    """Load every ``(user_id, path)`` job; a rejected file does not stop the others."""
    outcomes: list[LoadOutcome] = []

    def finish(user_id: str, path: Path, prepared: BundlePlan | Rejection) -> None:
        if isinstance(prepared, Rejection):
            outcome = LoadOutcome(user_id, path, None, prepared)
        else:
            outcome = LoadOutcome(user_id, path, write_plan(client, prepared), None)
        outcomes.append(outcome)
        if on_done:
            on_done(outcome)

    if workers <= 0:
        for user_id, path in jobs:
            finish(user_id, path, prepare_file(user_id, path))
        return outcomes
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=init_preparing_worker) as pool:
        pending: list[tuple[str, Path, Future[BundlePlan | Rejection]]] = []
        for user_id, path in jobs:
            pending.append((user_id, path, pool.submit(prepare_file, user_id, path)))
            if len(pending) > 2 * workers:
                head = pending.pop(0)
                finish(head[0], head[1], head[2].result())
        for user_id, path, future in pending:
            finish(user_id, path, future.result())
    return outcomes
