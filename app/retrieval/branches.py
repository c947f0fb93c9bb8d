"""The three associative branches. Each returns ``(elementId, score)`` pairs, best first, for ONE user.

Per-user exactness (measured in ``bench/search_latency.py``, see bench/README.md):

* **vector** — an exact scan over the user's own vectors: one matrix product over an in-process
  copy kept in step with the graph (:mod:`app.retrieval.vector_store`), every returned candidate
  confirmed in the graph. The global HNSW index queried for the top ``k`` and filtered afterwards
  returns the nearest vectors of *all* users; with 1,000 users a user holding 0.1 % of the vectors
  gets almost nothing back (the bench shows its recall against the exact answer). The same exact
  scan in Cypher (:func:`app.retrieval.vector_store.vector_scan_in_database`) is the reference the bench checks against.
* **keyword** — Lucene BM25 over ``retrievable_text_by_user``: the query requires the user's
  token (``user_token``), so Lucene matches this user's nodes only and no other user's hits can
  crowd them out (nor cost time); no result cap inside the index call, the ``user_id`` check runs
  again before ``LIMIT``. User text is escaped (Lucene syntax) and only ever a parameter.
* **graph** — vocabulary entities named in the request -> the user's records and FHIR resources
  linked to them (:data:`queries.ITEMS_FOR_TERMS`), then items that share graph neighbours
  (time chain, episode, derivation) with the top semantic hits.
"""

from __future__ import annotations

import re
import threading

from app.db.client import GraphClient
from app.retrieval import queries
from app.retrieval.vector_store import UserVectorCache
from app.retrieval.vocabulary import EntityMatch
from app.settings import get_settings
from app.users.service import user_token

Ranked = list[tuple[str, float]]

_LUCENE_SPECIAL = re.compile(r'([+\-!(){}\[\]^"~*?:\\/&|])')
_LUCENE_OPERATORS = re.compile(r"\b(AND|OR|NOT|TO)\b")
_WORD = re.compile(r"\w+", re.UNICODE)


def escape_lucene(text: str) -> str:
    """Escape every Lucene special character and neutralise the boolean operators."""
    escaped = _LUCENE_SPECIAL.sub(r"\\\1", text)
    return _LUCENE_OPERATORS.sub(lambda m: m.group(0).lower(), escaped)


def keyword_query(text: str) -> str:
    """The Lucene query for a request: its words, escaped, OR-ed (BM25 ranks by overlap)."""
    words = _WORD.findall(text)
    return " ".join(escape_lucene(w) for w in words)


_cache_lock = threading.Lock()
_cache: UserVectorCache | None = None


def vector_cache() -> UserVectorCache:
    """The process's per-user vector copies (bounded by ``settings.retrieval.vector_cache_max_vectors``)."""
    global _cache
    with _cache_lock:
        if _cache is None:
            _cache = UserVectorCache(get_settings().retrieval.vector_cache_max_vectors)
        return _cache


def vector_branch(client: GraphClient, user_id: str, embedding: list[float], limit: int) -> Ranked:
    """The user's exact nearest visible nodes by cosine, best first."""
    return vector_cache().search(client, user_id, embedding, limit)


def scoped_keyword_query(user_id: str, words: str) -> str:
    """The Lucene query for one user: the user's token required, the words on ``search_text``."""
    return f"+user_token:{user_token(user_id)} +search_text:({words})"


def keyword_branch(client: GraphClient, user_id: str, text: str, limit: int) -> Ranked:
    query = keyword_query(text)
    if not query:
        return []
    rows = client.read(
        queries.KEYWORD_SEARCH,
        {
            "user_id": user_id,
            "query": scoped_keyword_query(user_id, query),
            "limit": limit,
            "hidden_statuses": queries.HIDDEN_STATUSES,
        },
    )
    return [(row["id"], float(row["score"])) for row in rows]


def entity_branch(client: GraphClient, user_id: str, match: EntityMatch, limit: int) -> Ranked:
    """The user's items linked to the entities (and concepts) a request names."""
    if not match.entities:
        return []
    keys = list(match.keys)
    loincs: list[str] = []
    concepts = list(match.concept_keys)
    if concepts:
        rows = client.read(queries.TESTS_FOR_CONCEPTS, {"concepts": concepts})
        keys += [row["key"] for row in rows]
        loincs += [row["loinc"] for row in rows if row["loinc"]]
    rows = client.read(
        queries.ITEMS_FOR_TERMS,
        {"user_id": user_id, "keys": keys, "loincs": loincs, "concepts": concepts, "limit": limit},
    )
    return [(row["id"], float(len(row["keys"]))) for row in rows]


def neighbour_bonus(client: GraphClient, user_id: str, seeds: list[str], limit: int) -> Ranked:
    """Items sharing graph neighbours with the seed hits, by how many seeds they touch."""
    if not seeds:
        return []
    rows = client.read(queries.NEIGHBOURS, {"user_id": user_id, "ids": seeds, "limit": limit})
    return [(row["id"], float(row["shared"])) for row in rows]


def graph_branch(
    client: GraphClient,
    user_id: str,
    match: EntityMatch,
    semantic_seeds: list[str],
    limit: int,
) -> Ranked:
    """Entity-linked items first, then neighbours of the top semantic hits (each once)."""
    linked = entity_branch(client, user_id, match, limit)
    bonus = neighbour_bonus(client, user_id, semantic_seeds, limit)
    return merge_graph(linked, bonus, limit)


def merge_graph(linked: Ranked, bonus: Ranked, limit: int) -> Ranked:
    """The graph branch's ranking: entity-linked items first, then neighbour-bonus items (each once)."""
    seen = {item for item, _ in linked}
    out = list(linked)
    for item, score in bonus:
        if item not in seen:
            seen.add(item)
            out.append((item, score))
    return out[:limit]
