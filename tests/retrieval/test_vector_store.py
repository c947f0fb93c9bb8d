"""The vector branch's in-process copy: exact, scoped to one user, and never behind the graph."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import numpy as np
import pytest

from app.db.client import GraphClient
from app.db.cypher import Query
from app.retrieval import queries
from app.retrieval.embedding import embed_pending
from app.retrieval.vector_store import UserVectorCache, vector_scan_in_database
from app.users.service import delete_user, ensure_self

DIM = 384

ADD_NODES = Query(
    "test_vector_store_add_nodes",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $rows AS row
    CREATE (n:ConversationEvent:Retrievable {uid: row.uid, user_id: $user_id, status: 'current'})
    MERGE (s)-[:HAS_EVENT]->(n)
    RETURN count(n) AS n
    """,
)
WRITE_VECTORS = Query(
    "test_vector_store_write_vectors",
    """
    UNWIND $rows AS row
    MATCH (n:ConversationEvent {uid: row.uid})
    RETURN elementId(n) AS id, row.embedding AS embedding
    """,
)
SET_STATUS = Query(
    "test_vector_store_set_status",
    "MATCH (n:ConversationEvent {uid: $uid}) SET n.status = $status",
)
DELETE_NODE = Query("test_vector_store_delete", "MATCH (n:ConversationEvent {uid: $uid}) DETACH DELETE n")
ELEMENT_IDS = Query(
    "test_vector_store_element_ids",
    "MATCH (n:ConversationEvent {user_id: $user_id}) RETURN n.uid AS uid, elementId(n) AS id",
)


def unit_vectors(rng: np.random.Generator, n: int) -> np.ndarray:
    vectors = rng.normal(size=(n, DIM)).astype(np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def add(client: GraphClient, user_id: str, uids: list[str], vectors: np.ndarray) -> None:
    """Create nodes and write their vectors through the production statement (stamps the sequence)."""
    client.write(ADD_NODES, {"user_id": user_id, "rows": [{"uid": u} for u in uids]})
    ids = {row["uid"]: row["id"] for row in client.read(ELEMENT_IDS, {"user_id": user_id})}
    rows = [{"id": ids[u], "embedding": [float(x) for x in v]} for u, v in zip(uids, vectors, strict=True)]
    client.write(queries.WRITE_EMBEDDINGS, {"rows": rows})


@pytest.fixture()
def two_users(client: GraphClient) -> Iterator[tuple[str, str]]:
    users = (f"test-vs-{uuid.uuid4().hex[:8]}", f"test-vs-{uuid.uuid4().hex[:8]}")
    for user in users:
        ensure_self(client, user)
    yield users
    for user in users:
        delete_user(client, user)


def uid_of(client: GraphClient, user_id: str) -> dict[str, str]:
    return {row["id"]: row["uid"] for row in client.read(ELEMENT_IDS, {"user_id": user_id})}


def test_cache_matches_the_exact_scan_in_the_database_and_stays_per_user(
    client: GraphClient, two_users: tuple[str, str]
) -> None:
    mine, theirs = two_users
    rng = np.random.default_rng(3)
    add(client, mine, [f"{mine}|{i}" for i in range(300)], unit_vectors(rng, 300))
    add(client, theirs, [f"{theirs}|{i}" for i in range(300)], unit_vectors(rng, 300))
    cache = UserVectorCache(max_vectors=10_000)
    for query in unit_vectors(rng, 5):
        q = [float(x) for x in query]
        got = cache.search(client, mine, q, 10)
        want = vector_scan_in_database(client, mine, q, 10)
        assert [i for i, _ in got] == [i for i, _ in want]
        assert np.allclose([s for _, s in got], [s for _, s in want], atol=1e-4)
        assert all(uid.startswith(mine) for uid in map(uid_of(client, mine).get, [i for i, _ in got]))


def test_new_vectors_hidden_and_deleted_nodes_are_seen_on_the_next_search(
    client: GraphClient, two_users: tuple[str, str]
) -> None:
    user, _ = two_users
    rng = np.random.default_rng(5)
    add(client, user, [f"{user}|{i}" for i in range(50)], unit_vectors(rng, 50))
    cache = UserVectorCache(max_vectors=10_000)
    query = unit_vectors(rng, 1)[0]
    q = [float(x) for x in query]
    first = [uid_of(client, user)[i] for i, _ in cache.search(client, user, q, 5)]
    # a new node identical to the query: written after the copy was taken, it must come first
    add(client, user, [f"{user}|new"], query[None, :])
    after_add = [uid_of(client, user)[i] for i, _ in cache.search(client, user, q, 5)]
    assert after_add[0] == f"{user}|new" and after_add[1:] == first[:4]
    # superseded and deleted nodes drop out; the next ones move up (still the exact top 5)
    client.write(SET_STATUS, {"uid": f"{user}|new", "status": "superseded"})
    client.write(DELETE_NODE, {"uid": first[0]})
    names = uid_of(client, user)
    got = [names[i] for i, _ in cache.search(client, user, q, 5)]
    want = [names[i] for i, _ in vector_scan_in_database(client, user, q, 5)]
    assert got == want and f"{user}|new" not in got and first[0] not in got
    assert len(cache) == 51  # the copy was extended by one vector, not reloaded


def test_a_user_larger_than_the_bound_is_scanned_in_the_database(
    client: GraphClient, two_users: tuple[str, str]
) -> None:
    user, _ = two_users
    rng = np.random.default_rng(9)
    add(client, user, [f"{user}|{i}" for i in range(40)], unit_vectors(rng, 40))
    cache = UserVectorCache(max_vectors=10)
    q = [float(x) for x in unit_vectors(rng, 1)[0]]
    got = cache.search(client, user, q, 5)
    assert [i for i, _ in got] == [i for i, _ in vector_scan_in_database(client, user, q, 5)]
    assert len(cache) == 0


def test_embedding_writes_stamp_the_users_sequence(client: GraphClient, two_users: tuple[str, str]) -> None:
    user, _ = two_users
    before = client.read(queries.USER_EMBEDDING_SEQ, {"user_id": user})[0]["seq"]
    client.write(
        Query(
            "test_vector_store_pending",
            "MATCH (s:Self {user_id: $user_id}) CREATE (n:ConversationEvent:Retrievable:PendingEmbedding "
            "{uid: $user_id + '|p', user_id: $user_id, search_text: 'walked the dog'}) MERGE (s)-[:HAS_EVENT]->(n)",
        ),
        {"user_id": user},
    )
    assert embed_pending(client, user) == 1
    after = client.read(queries.USER_EMBEDDING_SEQ, {"user_id": user})[0]["seq"]
    assert after == before + 1
    assert embed_pending(client, user) == 0  # the queue label is gone with the vector written


def test_best_rows_is_the_head_of_the_full_ranking() -> None:
    from app.retrieval.vector_store import best_rows

    rng = np.random.default_rng(1)
    scores = rng.integers(0, 50, size=500).astype(np.float32)  # many ties
    full = np.lexsort((np.arange(500), -scores))
    for count in (1, 7, 64, 499, 500, 900):
        assert best_rows(scores, count).tolist() == full[:count].tolist()
