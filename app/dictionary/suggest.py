"""Ranked suggestions for a refused name: BM25 (rank-bm25) over character n-grams of the aliases.

Only used to help a reviewer extend the dictionary offline; suggestions never admit anything.
"""

from __future__ import annotations

from functools import lru_cache

from rank_bm25 import BM25Okapi

from app.dictionary.models import TermKind
from app.dictionary.snapshot import DictionarySnapshot

NGRAM = 3
MAX_SUGGESTIONS = 5


def char_ngrams(norm: str, n: int = NGRAM) -> list[str]:
    """Character n-grams of a normalised form, padded so short words and word edges count."""
    padded = f" {norm} "
    if len(padded) <= n:
        return [padded]
    return [padded[i : i + n] for i in range(len(padded) - n + 1)]


class AliasSuggester:
    """A BM25 index over one kind's aliases of one snapshot."""

    def __init__(self, snapshot: DictionarySnapshot, kind: TermKind) -> None:
        pairs = sorted(snapshot.alias_names(kind))
        self._keys = [key for _, key in pairs]
        self._index = BM25Okapi([char_ngrams(norm) for norm, _ in pairs])

    def suggest(self, norm: str, limit: int = MAX_SUGGESTIONS) -> tuple[str, ...]:
        """Up to ``limit`` distinct dictionary keys, best first (empty for an empty query)."""
        if not norm or not self._keys:
            return ()
        scores = self._index.get_scores(char_ngrams(norm))
        ranked = sorted(range(len(scores)), key=lambda i: (-scores[i], self._keys[i]))
        keys: list[str] = []
        for i in ranked:
            if scores[i] <= 0:
                break
            if self._keys[i] not in keys:
                keys.append(self._keys[i])
                if len(keys) == limit:
                    break
        return tuple(keys)


@lru_cache(maxsize=16)
def suggester(snapshot: DictionarySnapshot, kind: TermKind) -> AliasSuggester:
    """The cached suggester of a snapshot and kind (snapshots are immutable)."""
    return AliasSuggester(snapshot, kind)
