"""Writing prepared bundles on several connections at once, each user's bundles in order.

One writer alternates with the server: while Neo4j runs a bundle's transaction the writer only
waits, and while the writer packs the next bundle the server idles. Two lanes overlap the two.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor


class WriterLanes:
    """``lanes`` writer threads, each opening its own sessions on the shared driver.

    A user's bundles always take the same lane, in the order they were submitted, so the version
    rules (read the stored versions, then write) never race with one another. Different users
    share nothing but code nodes, which every bundle's transaction locks in one order (codes and
    code links sorted by uid, :mod:`app.ingest.fhir.service`), so two lanes cannot deadlock on them.
    At most ``in_flight`` prepared bundles wait for a lane (memory stays bounded); :meth:`submit`
    blocks beyond that. A failed write is raised by the next :meth:`submit` or by :meth:`join`.
    """

    def __init__(self, lanes: int, in_flight: int | None = None) -> None:
        if lanes < 1:
            raise ValueError("at least one writer lane")
        self._lanes = [ThreadPoolExecutor(1, thread_name_prefix=f"fhir-writer-{i}") for i in range(lanes)]
        self._slots = threading.BoundedSemaphore(in_flight or 2 * lanes)
        self._futures: list[Future[None]] = []

    @staticmethod
    def lane_of(user_id: str, lanes: int) -> int:
        return zlib.crc32(user_id.encode()) % lanes

    def submit(self, user_id: str, write: Callable[[], None]) -> None:
        self._raise_first_error(done_only=True)
        self._slots.acquire()

        def run() -> None:
            try:
                write()
            finally:
                self._slots.release()

        lane = self._lanes[self.lane_of(user_id, len(self._lanes))]
        self._futures.append(lane.submit(run))

    def join(self) -> None:
        """Wait for every submitted write; raise the first that failed."""
        self._raise_first_error(done_only=False)

    def _raise_first_error(self, *, done_only: bool) -> None:
        """Raise the first failed write; forget the writes that succeeded (``done_only``: only those
        finished so far, without waiting)."""
        pending: list[Future[None]] = []
        for future in self._futures:
            if done_only and not future.done():
                pending.append(future)
                continue
            error = future.exception()
            if error is not None:
                raise error
        self._futures = pending

    def close(self) -> None:
        for lane in self._lanes:
            lane.shutdown(wait=True)

    def __enter__(self) -> WriterLanes:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
