"""Off the request path: requests coalesce per user and run after a quiet period (debounce).

Every write that changes a user's evidence calls :meth:`ProfileWorker.request`. The worker thread
waits until no request for that user has arrived for ``debounce_s`` seconds, then refreshes the
profile once: a burst of twenty writes becomes one regeneration.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class ProfileWorker:
    """A background thread that runs ``refresh(user_id)`` once per quiet burst of requests."""

    def __init__(
        self,
        refresh: Callable[[str], object],
        *,
        debounce_s: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._refresh = refresh
        self._debounce_s = debounce_s
        self._clock = clock
        self._due: dict[str, float] = {}
        self._lock = threading.Condition()
        self._stopping = False
        self._busy = 0
        self._thread: threading.Thread | None = None
        self.runs = 0
        self.failures = 0

    def start(self) -> ProfileWorker:
        self._thread = threading.Thread(target=self._loop, name="profile-worker", daemon=True)
        self._thread.start()
        return self

    def request(self, user_id: str) -> None:
        """Ask for a regeneration; later requests for the same user push the deadline back."""
        with self._lock:
            self._due[user_id] = self._clock() + self._debounce_s
            self._lock.notify_all()

    def pending(self) -> int:
        with self._lock:
            return len(self._due) + self._busy

    def wait_idle(self, timeout_s: float = 30.0) -> bool:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.pending() == 0:
                return True
            time.sleep(0.02)
        return False

    def stop(self) -> None:
        with self._lock:
            self._stopping = True
            self._lock.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def _loop(self) -> None:
        while True:
            with self._lock:
                if self._stopping:
                    return
                now = self._clock()
                ready = [user for user, due in self._due.items() if due <= now]
                if not ready:
                    wait = min((due - now for due in self._due.values()), default=1.0)
                    self._lock.wait(timeout=max(0.01, min(wait, 1.0)))
                    continue
                for user in ready:
                    del self._due[user]
                self._busy += len(ready)
            for user in ready:
                try:
                    self._refresh(user)
                    self.runs += 1
                except Exception:  # a failed refresh must not kill the worker; it is logged with the user id
                    self.failures += 1
                    log.exception("profile refresh failed user=%s", user)
                finally:
                    with self._lock:
                        self._busy -= 1
