"""Loading FHIR JSON files: one bundle per file, one transaction per bundle.

Preparing a bundle (JSON parsing, FHIR validation, mapping) is CPU-bound Python while writing waits
on Neo4j, so :func:`load_jobs` can prepare the next bundles in worker processes while the current
one is written (``workers=0`` does everything in this process); a :class:`BundlePreparer` keeps
those workers across calls.
"""

from __future__ import annotations

import gc
import multiprocessing
import threading
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from app.db.client import GraphClient
from app.errors import InvalidInput
from app.ingest.fhir.models import BundlePlan, IngestResult
from app.ingest.fhir.parse import load_json, load_models
from app.ingest.fhir.plan import prepare_bundle
from app.ingest.fhir.service import write_plan
from app.ingest.fhir.writer_lanes import WriterLanes


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


_relaxed_loads = 0
_relaxed_lock = threading.Lock()
_saved_threshold: tuple[int, int, int] = gc.get_threshold()


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect the young generation less often while bundles are written in this process.

    Writing unpickles each prepared bundle and builds the statements' parameters: some 10^4
    containers per bundle, which with Python's default threshold meant collections that walk every
    object of the process (the driver, the app's modules), about a fifth of the writer's CPU. Objects
    alive at the start are frozen out of collection for the duration and everything is restored
    when the last concurrent load ends; reference counting still frees each bundle at once."""
    global _relaxed_loads, _saved_threshold
    with _relaxed_lock:
        if _relaxed_loads == 0:
            _saved_threshold = gc.get_threshold()
            gc.freeze()
            gc.set_threshold(WORKER_GC_THRESHOLD, *_saved_threshold[1:])
        _relaxed_loads += 1
    try:
        yield
    finally:
        with _relaxed_lock:
            _relaxed_loads -= 1
            if _relaxed_loads == 0:
                gc.set_threshold(*_saved_threshold)
                gc.unfreeze()


class BundlePreparer:
    """Worker processes that read, validate and map bundles ahead of the writer.

    Starting a worker costs about two CPU-seconds (importing the FHIR model library and loading
    its classes), as much as preparing ten bundles, and the writer waits idle meanwhile. A caller
    that loads in several calls (a service, a benchmark's blocks) keeps one preparer open and
    passes it to every :func:`load_jobs`; the workers start once, on first use."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError("a preparer needs at least one worker process")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, user_id: str, path: Path) -> Future[BundlePlan | Rejection]:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=init_preparing_worker,
            )
        return self._pool.submit(prepare_file, user_id, path)

    def worker_pids(self) -> list[int]:
        """The running workers' process ids (none before the first submit)."""
        processes = (self._pool._processes or {}).values() if self._pool else ()
        return [p.pid for p in processes if p.pid is not None]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def __enter__(self) -> BundlePreparer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _given(prepared: BundlePlan | Rejection) -> BundlePlan | Rejection:
    return prepared


def load_jobs(
    client: GraphClient,
    jobs: Iterable[tuple[str, Path]],
    *,
    workers: int = 1,
    writers: int = 1,
    preparer: BundlePreparer | None = None,
    on_done: Callable[[LoadOutcome], None] | None = None,
) -> list[LoadOutcome]:
    """Load every ``(user_id, path)`` job; a rejected file does not stop the others.

    Bundles are prepared by ``preparer``'s workers when one is given (it stays open), else by
    ``workers`` processes started for this call, else (``workers=0``) in this process. They are
    written one transaction each, by ``writers`` lanes (:class:`WriterLanes`; one user's bundles
    in job order). Outcomes come back in job order; ``on_done`` is called as each is written."""
    outcomes: dict[int, LoadOutcome] = {}
    lock = threading.Lock()

    def finish(seq: int, user_id: str, path: Path, prepared: BundlePlan | Rejection) -> None:
        if isinstance(prepared, Rejection):
            outcome = LoadOutcome(user_id, path, None, prepared)
        else:
            outcome = LoadOutcome(user_id, path, write_plan(client, prepared), None)
        with lock:
            outcomes[seq] = outcome
            if on_done:
                on_done(outcome)

    with ExitStack() as stack:
        stack.enter_context(fewer_collections())
        lanes = stack.enter_context(WriterLanes(writers)) if writers > 1 else None

        def hand_over(seq: int, user_id: str, path: Path, prepared: Callable[[], BundlePlan | Rejection]) -> None:
            if lanes is None:
                finish(seq, user_id, path, prepared())
            else:
                lanes.submit(user_id, lambda: finish(seq, user_id, path, prepared()))

        if preparer is None and workers <= 0:
            for seq, (user_id, path) in enumerate(jobs):
                hand_over(seq, user_id, path, partial(_given, prepare_file(user_id, path)))
        else:
            if preparer is None:
                preparer = stack.enter_context(BundlePreparer(workers))
            ahead = 2 * preparer.workers
            pending: deque[tuple[int, str, Path, Future[BundlePlan | Rejection]]] = deque()
            for seq, (user_id, path) in enumerate(jobs):
                pending.append((seq, user_id, path, preparer.submit(user_id, path)))
                if len(pending) > ahead:
                    head = pending.popleft()
                    hand_over(head[0], head[1], head[2], head[3].result)
            while pending:
                head = pending.popleft()
                hand_over(head[0], head[1], head[2], head[3].result)
        if lanes is not None:
            lanes.join()
    return [outcomes[seq] for seq in sorted(outcomes)]
