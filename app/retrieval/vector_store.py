"""The vector branch: an exact scan over ONE user's vectors, held in process and kept in step with
the graph by a per-user embedding sequence.

Why in process: the global HNSW index answers "nearest among everyone" and, filtered to one user
afterwards, starves users who hold a small share of the vectors (``bench/search_latency.py``
measures it). The exact per-user scan in Cypher (``queries.VECTOR_SCAN``) is correct but costs one
interpreted cosine per vector (about 0.1 ms each on this CPU: 10k vectors are a second). The same
scan as one float32 matrix product over the user's vectors costs a few milliseconds.

Consistency with the graph (Neo4j stays the source of truth):

* every embedding write bumps ``Self.embedding_seq`` and stamps each node with that value
  (``queries.WRITE_EMBEDDINGS``); a search reads the user's current sequence and, when the copy
  is behind, loads only the vectors stamped after it (composite index on ``user_id,
  embedding_seq``) — the first search of a user in a process loads them all;
* a node whose vector was replaced arrives again with a higher stamp and overwrites its row;
* a candidate is returned only after :data:`queries.VECTOR_CANDIDATES_VISIBLE` confirms, in the
  graph, that the node still exists, belongs to the user, is not hidden (superseded, retracted)
  and still carries the very vector that was scored (same stamp). Deleted or hidden nodes are
  skipped and the scan continues down the ranking, so the result is the exact top ``limit``.

Memory is bounded by ``settings.retrieval.vector_cache_max_vectors`` (least recently used users
are dropped first; a user larger than the bound is scanned in the database instead).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from app.db.client import GraphClient
from app.retrieval import queries

log = logging.getLogger(__name__)

Ranked = list[tuple[str, float]]
Matrix = npt.NDArray[np.float32]


@dataclass(slots=True)
class UserVectors:
    """One user's vectors as last read from the graph."""

    seq: int = 0
    ids: list[str] = field(default_factory=list)
    stamps: list[int] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)
    matrix: Matrix = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))

    def __len__(self) -> int:
        return len(self.ids)

    def absorb(self, loaded: list[tuple[str, int, list[float]]]) -> None:
        """Add new vectors and overwrite replaced ones (by element id)."""
        if not loaded:
            return
        fresh: list[tuple[str, int, list[float]]] = []
        updates: list[tuple[int, int, list[float]]] = []
        for node_id, stamp, vector in loaded:
            row = self.rows.get(node_id)
            if row is None:
                fresh.append((node_id, stamp, vector))
            else:
                updates.append((row, stamp, vector))
        if updates:
            for row, stamp, vector in updates:
                self.matrix[row] = np.asarray(vector, dtype=np.float32)
                self.stamps[row] = stamp
        if fresh:
            block = np.asarray([v for _, _, v in fresh], dtype=np.float32)
            self.matrix = block if len(self.ids) == 0 else np.vstack([self.matrix, block])
            for node_id, stamp, _ in fresh:
                self.rows[node_id] = len(self.ids)
                self.ids.append(node_id)
                self.stamps.append(stamp)

    def scores(self, query: list[float]) -> npt.NDArray[np.float32]:
        """Every row's similarity on Neo4j's scale: ``(1 + cos) / 2`` in [0, 1], as
        ``vector.similarity.cosine`` returns it (stored vectors are L2-normalised)."""
        vector = np.asarray(query, dtype=np.float32)
        norm = float(np.linalg.norm(vector))
        cosine = self.matrix @ (vector / norm if norm else vector)
        return ((1.0 + cosine) / 2.0).astype(np.float32, copy=False)


def best_rows(scores: npt.NDArray[np.float32], count: int) -> npt.NDArray[np.intp]:
    """The ``count`` best rows, best first (ties by row): a partial selection, not a full sort."""
    if count < len(scores):
        cut = scores[np.argpartition(-scores, count - 1)[count - 1]]  # the count-th best score
        above = np.flatnonzero(scores > cut)
        tied = np.flatnonzero(scores == cut)[: count - len(above)]  # lowest rows first
        chosen = np.concatenate([above, tied])
    else:
        chosen = np.arange(len(scores))
    return chosen[np.lexsort((chosen, -scores[chosen]))]


def vector_scan_in_database(client: GraphClient, user_id: str, embedding: list[float], limit: int) -> Ranked:
    """The same exact scan as one Cypher statement (cosine per vector on the server): the
    reference the bench and the tests compare with, and the path for users above the bound."""
    rows = client.read(
        queries.VECTOR_SCAN,
        {"user_id": user_id, "embedding": embedding, "limit": limit, "hidden_statuses": queries.HIDDEN_STATUSES},
    )
    return [(row["id"], float(row["score"])) for row in rows]


class UserVectorCache:
    """Per-user vector copies, least recently used first out. Thread-safe."""

    def __init__(self, max_vectors: int) -> None:
        self.max_vectors = max_vectors
        self._users: OrderedDict[str, UserVectors] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return sum(len(v) for v in self._users.values())

    def clear(self) -> None:
        with self._lock:
            self._users.clear()

    def search(
        self, client: GraphClient, user_id: str, query: list[float], limit: int, seq: int | None = None
    ) -> Ranked:
        """The user's exact top ``limit`` visible nodes by cosine, best first.

        ``seq`` is the user's ``embedding_seq`` when the caller has just read it (else read here).
        """
        if seq is None:
            seq = int(client.read(queries.USER_EMBEDDING_SEQ, {"user_id": user_id})[0]["seq"])
        vectors = self._current(client, user_id, seq)
        if vectors is None:  # larger than the whole cache: scan in the database
            return vector_scan_in_database(client, user_id, query, limit)
        if not len(vectors) or limit <= 0:
            return []
        scores = vectors.scores(query)
        out: Ranked = []
        start, batch = 0, limit + 8  # a few spares for hidden or deleted nodes; more rounds if needed
        while len(out) < limit and start < len(scores):
            window = best_rows(scores, start + batch)[start:]
            candidates = [{"id": vectors.ids[i], "seq": vectors.stamps[i]} for i in window]
            visible = {
                row["id"]
                for row in client.read(
                    queries.VECTOR_CANDIDATES_VISIBLE,
                    {"user_id": user_id, "candidates": candidates, "hidden_statuses": queries.HIDDEN_STATUSES},
                )
            }
            out += [(vectors.ids[i], float(scores[i])) for i in window if vectors.ids[i] in visible]
            start += batch
            batch *= 4
        return out[:limit]

    def _current(self, client: GraphClient, user_id: str, seq: int) -> UserVectors | None:
        with self._lock:
            vectors = self._users.get(user_id)
            if vectors is not None:
                self._users.move_to_end(user_id)
        if vectors is not None and vectors.seq >= seq:
            return vectors
        started = time.perf_counter()
        if vectors is None:
            rows = client.read(queries.USER_VECTORS_ALL, {"user_id": user_id}, plain=True)
        else:
            rows = client.read(queries.USER_VECTORS_SINCE, {"user_id": user_id, "since": vectors.seq}, plain=True)
        loaded = [(row["id"], int(row["seq"]), row["embedding"]) for row in rows]
        with self._lock:
            current = self._users.get(user_id)  # another thread may have loaded it meanwhile
            if current is None:
                current = UserVectors()
            current.absorb(loaded)
            current.seq = max(current.seq, seq)
            if len(current) > self.max_vectors:
                self._users.pop(user_id, None)
                log.info("vector cache user=%s vectors=%d exceeds bound, scanning in database", user_id, len(current))
                return None
            self._users[user_id] = current
            self._users.move_to_end(user_id)
            self._evict()
        log.info(
            "vector cache user=%s loaded=%d total=%d seq=%d ms=%.1f",
            user_id,
            len(loaded),
            len(current),
            seq,
            (time.perf_counter() - started) * 1e3,
        )
        return current

    def _evict(self) -> None:
        total = sum(len(v) for v in self._users.values())
        while total > self.max_vectors and len(self._users) > 1:
            _, dropped = self._users.popitem(last=False)
            total -= len(dropped)
