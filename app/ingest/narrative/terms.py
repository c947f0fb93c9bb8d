"""Dictionary terms in free text: longest match over normalised tokens.

The text is cut into word tokens (runs of letters and digits, the same cut
:func:`app.dictionary.normalize.normalize_alias` makes), each token is normalised, and at every
position the longest dictionary alias (a sequence of normalised tokens) wins. The tokens drop a
possessive ("John's" -> "john") and normalisation turns an alias's apostrophe into a space ("st
john s wort"), so an alias with a possessive is also indexed without its lone "s" token: "St.
John's wort", "St John's wort" and "Saint John's wort" all match the entry. Overlaps between
kinds go to the longer match; on a tie the order of :data:`KIND_ORDER` decides.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from app.dictionary.models import Entry, TermKind
from app.dictionary.normalize import normalize_alias

WORD = re.compile(r"[^\W_]+(?:'[a-z]+)?", re.IGNORECASE)
KIND_ORDER: tuple[TermKind, ...] = ("drug", "test", "symptom", "condition")
"""On an alias shared by two kinds, the first wins ("a cough" is reported as a symptom)."""


class Vocabulary(Protocol):
    """What the extractor needs from a :class:`app.dictionary.snapshot.DictionarySnapshot`."""

    @property
    def version(self) -> str: ...

    def lookup(self, kind: TermKind, text: str) -> Entry | None: ...

    def alias_names(self, kind: TermKind) -> Iterator[tuple[str, str]]: ...

    def get(self, kind: TermKind, key: str) -> Entry | None: ...


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    norm: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class TermMatch:
    """A dictionary alias found in the text: its kind, standard key and verbatim span."""

    kind: TermKind
    key: str
    start: int
    end: int
    text: str


def optional_apostrophes(rx: str) -> str:
    """``rx`` with each "n't" also matching a text typed without its apostrophe ("havent been taking", "didnt")."""
    return rx.replace("n't", "n'?t")


def tokenize(text: str) -> list[Token]:
    """Word tokens with their normalised form and character offsets."""
    tokens = []
    for m in WORD.finditer(text):
        word = m.group(0)
        if "'" in word:  # "mother's" -> "mother" (the possessive is not part of a name)
            word = word.split("'", 1)[0]
            tokens.append(Token(word, normalize_alias(word), m.start(), m.start() + len(word)))
            continue
        tokens.append(Token(word, normalize_alias(word), m.start(), m.end()))
    return tokens


def _singular(parts: tuple[str, ...]) -> tuple[str, ...] | None:
    """A plural alias of two words or more said in the singular ("impacted molars" -> impacted molar, "muscle cramps"
    -> muscle cramp), else ``None`` (one word, or a last word that is no regular plural: "glasses", "sinus")."""
    last = parts[-1]
    if len(parts) < 2 or len(last) < 5 or not last.endswith("s") or last.endswith(("ss", "us", "is", "ies", "oes")):
        return None
    return (*parts[:-1], last[:-1])


class TermIndex:
    """Longest-match index over the aliases of one dictionary snapshot."""

    def __init__(self, vocabulary: Vocabulary, kinds: Iterable[TermKind] = KIND_ORDER) -> None:
        self._by_first: dict[str, list[tuple[tuple[str, ...], TermKind, str]]] = {}
        aliases = [(tuple(norm.split(" ")), kind, key) for kind in kinds for norm, key in vocabulary.alias_names(kind)]
        known = {parts for parts, _, _ in aliases}
        for parts, kind, key in aliases:
            if not parts or not parts[0]:
                continue
            self._by_first.setdefault(parts[0], []).append((parts, kind, key))
            possessive = tuple(p for p in parts if p != "s")
            if possessive and possessive != parts:  # "st john's wort" as the tokens say it
                self._by_first.setdefault(possessive[0], []).append((possessive, kind, key))
            single = _singular(parts)
            if single is not None and single not in known:  # "the impacted molar" for "impacted molars"
                self._by_first.setdefault(single[0], []).append((single, kind, key))
        rank = {k: i for i, k in enumerate(KIND_ORDER)}
        for entries in self._by_first.values():
            entries.sort(key=lambda e: (-len(e[0]), rank[e[1]]))

    def find(self, text: str, tokens: list[Token] | None = None) -> list[TermMatch]:
        """Non-overlapping matches, left to right, longest first at each position."""
        tokens = tokenize(text) if tokens is None else tokens
        norms = [t.norm for t in tokens]
        matches: list[TermMatch] = []
        i = 0
        while i < len(tokens):
            best = None
            for parts, kind, key in self._by_first.get(norms[i], ()):
                n = len(parts)
                if tuple(norms[i : i + n]) == parts:
                    best = (n, kind, key)
                    break
            if best is None:
                i += 1
                continue
            n, kind, key = best
            if i + n < len(norms) and (norms[i + n - 1], norms[i + n]) in OBJECT_COMPOUNDS:
                i += n  # "the pill box" is a box, not the contraceptive pill
                continue
            if kind != "drug" and i + n < len(norms) and norms[i + n] in DOSE_FORM_NOUNS:
                i += 1  # "my pressure pill": not the test "my pressure" but, from the next word, the drug's alias
                continue
            start, end = tokens[i].start, tokens[i + n - 1].end
            matches.append(TermMatch(kind, key, start, end, text[start:end]))
            i += n
        return [_as_the_named_drug(m, matches, text) for m in matches]


_THE_PILL = re.compile(r"the\s+pill", re.IGNORECASE)
_PILL_AS_A_DOSE = re.compile(
    r"\b(?:after|since|from|took|taking|take|gave\s+(?:her|him|me)|give\s+(?:her|him|me))\s+$", re.IGNORECASE
)
_CONTRACEPTION = re.compile(
    r"\b(?:contracept\w*|birth\s+control|period|periods|pregnan\w*|the\s+mini\s*pill)\b", re.IGNORECASE
)


def _as_the_named_drug(match: TermMatch, matches: list[TermMatch], text: str) -> TermMatch:
    """``match``, or, for a "the pill" that is the drug the message named before it, that drug said as "the pill":
    "She is taking the Flanax ... This afternoon after the pill her lips got swollen". Only after "after", "since",
    "took", "gave her" and the like, with another drug named earlier and nothing about contraception in the message
    ("I take metformin and the pill" keeps the contraceptive pill)."""
    if (
        match.kind != "drug"
        or _THE_PILL.fullmatch(match.text) is None
        or _PILL_AS_A_DOSE.search(text, max(0, match.start - 20), match.start) is None
    ):
        return match
    named = [m for m in matches if m.kind == "drug" and m.key != match.key and m.end <= match.start]
    if not named or _CONTRACEPTION.search(text) is not None:
        return match
    return TermMatch("drug", named[-1].key, match.start, match.end, match.text)


DOSE_FORM_NOUNS = frozenset(
    ("pill", "pills", "tablet", "tablets", "tabs", "meds", "medicine", "medicines", "medication", "medications",
     "capsule", "capsules")
)
"""A word after a test or condition name that makes the phrase a drug's ("my pressure pill", "the thyroid
tablet"): the name is not read as the test or condition."""

OBJECT_COMPOUNDS = frozenset(
    (word, thing)
    for word in ("pill", "pills", "tablet", "medicine", "insulin", "inhaler")
    for thing in ("box", "boxes", "organiser", "organizer", "case", "cutter", "splitter", "reminder", "cabinet", "pen")
    if (word, thing) != ("insulin", "pen")  # an insulin pen is how the insulin is taken
)
"""An alias ending in the first word followed by the second names an object, not the term: "the pill box",
"my medicine cabinet", "a tablet cutter"."""

_FUNCTION_WORDS = frozenset(
    [
        "my",
        "the",
        "a",
        "an",
        "some",
        "his",
        "her",
        "our",
        "their",
        "had",
        "have",
        "has",
        "having",
        "got",
        "get",
        "i",
        "i'm",
        "am",
        "is",
        "was",
        "feel",
        "feeling",
        "felt",
    ]
)


def said_name(said: str, kind: TermKind, key: str, vocabulary: Vocabulary) -> str:
    """The name of a dictionary term as the person said it, lower-case ("chest pain", "heart
    attack"), not the internal key (``chest_pain``, ``myocardial_infarction``): leading function
    words ("had a heart attack") and a plural ending ("chest pains") are dropped when the rest is
    still an alias of the same entry; an alias that only exists with its function word ("a cold")
    gives the entry's display name ("common cold"). The key stays reachable: the name is an alias."""
    words = said.lower().split()
    core = list(words)
    while len(core) > 1 and core[0] in _FUNCTION_WORDS:
        core = core[1:]
    if _is_alias(" ".join(core), kind, key, vocabulary):
        name = " ".join(core)
    elif core != words:
        entry = vocabulary.get(kind, key)
        display = getattr(entry, "display", None)
        return display.lower() if isinstance(display, str) and display else key.replace("_", " ")
    else:
        name = " ".join(words)
    if name.endswith("s") and not name.endswith("ss") and _is_alias(name[:-1], kind, key, vocabulary):
        name = name[:-1]
    if kind == "condition" and name in _ADJECTIVE_NAMES:  # "I've never been anemic": anemia
        return _ADJECTIVE_NAMES[name]
    if kind == "condition" and name in _LAY_NAMES and _is_alias(_LAY_NAMES[name], kind, key, vocabulary):
        return _LAY_NAMES[name]  # "I don't have high blood pressure": hypertension
    if kind == "condition" and name.split()[-1] in _VAGUE_HEADS and _is_alias(name, kind, key, vocabulary):
        display = getattr(vocabulary.get(kind, key), "display", None)  # "chronic sinus trouble": chronic sinusitis
        if isinstance(display, str) and display and "unspecified" not in display.lower():  # "sinus trouble": as said
            return display.lower()
    return name if _is_alias(name, kind, key, vocabulary) else key.replace("_", " ")


_VAGUE_HEADS = frozenset(
    {"trouble", "troubles", "problem", "problems", "issue", "issues", "business", "stuff", "thing"}
)
"""Lay heads that name no condition by themselves: a specific entry said with one is named by its display ("chronic
sinus trouble": chronic sinusitis); an unspecified one stays as said ("sinus trouble")."""
_ADJECTIVE_NAMES = {
    "anemic": "anemia",
    "anaemic": "anaemia",
    "diabetic": "diabetes",
    "prediabetic": "prediabetes",
    "asthmatic": "asthma",
    "epileptic": "epilepsy",
    "hypertensive": "hypertension",
    "obese": "obesity",
    "arthritic": "arthritis",
}
"""A condition said as an adjective ("I'm diabetic") is named by its noun, itself an alias."""
_LAY_NAMES = {"high blood pressure": "hypertension", "high bp": "hypertension"}
"""A lay paraphrase named by the condition's own one-word name, itself an alias (every scenario writer records
"high blood pressure" as hypertension)."""


def symptom_name(key: str, vocabulary: Vocabulary) -> str:
    """A symptom's name: its dictionary display, lower-case ("nausea" whether the person said
    "nausea" or "nauseous", "chest pain" for "chest pains"); symptoms are said in many grammatical
    forms (adjectives, verbs: "dizzy", "I fainted") and the display is the plain name of the complaint."""
    entry = vocabulary.get("symptom", key)
    display = getattr(entry, "display", None) if entry is not None else None
    return display.lower() if isinstance(display, str) and display else key.replace("_", " ")


def _is_alias(text: str, kind: TermKind, key: str, vocabulary: Vocabulary) -> bool:
    entry = vocabulary.lookup(kind, text)
    return entry is not None and entry.key == key


_INDEXES: dict[tuple[int, str], TermIndex] = {}


def term_index(vocabulary: Vocabulary) -> TermIndex:
    """The index of a snapshot, built once per snapshot (keyed by object and version)."""
    cache_key = (id(vocabulary), vocabulary.version)
    index = _INDEXES.get(cache_key)
    if index is None:
        if len(_INDEXES) >= 4:
            _INDEXES.clear()
        index = TermIndex(vocabulary)
        _INDEXES[cache_key] = index
    return index
