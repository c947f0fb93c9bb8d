"""Query terms -> vocabulary entities, through the dictionary's aliases in the graph.

A request is normalised with the dictionary's own :func:`normalize_alias`, cut into word n-grams
(longest first) and matched exactly against ``Alias.norm``: the same fail-closed rule as the write
path's alias gate, so a name the dictionary does not know matches nothing. Concepts ("diabetes",
"liver panel") match by their normalised name or key, with or without a trailing generic word
("panel", "tests", "numbers"...), so "my liver numbers" reaches the ``liver`` panel.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.db.client import GraphClient
from app.dictionary.normalize import normalize_alias
from app.retrieval import queries

MAX_NGRAM = 5
GENERIC_WORDS = frozenset(
    {"panel", "panels", "tests", "test", "labs", "lab", "numbers", "results", "function"}
)
SPECIFIC_KINDS = frozenset({"test", "drug"})
"""Kinds that, when named, trigger the hard boundary (a specific test or drug)."""


@dataclass(frozen=True, slots=True)
class Entity:
    kind: str  # test | drug | condition | symptom | concept
    key: str
    display: str
    surface: str  # the normalised n-gram that matched
    concepts: tuple[str, ...] = ()
    loinc: str | None = None


@dataclass(frozen=True, slots=True)
class EntityMatch:
    """Entities named in one request; ``concepts`` include those of matched terms."""

    entities: tuple[Entity, ...] = ()
    concept_keys: tuple[str, ...] = field(default=())

    @property
    def specific(self) -> tuple[Entity, ...]:
        return tuple(e for e in self.entities if e.kind in SPECIFIC_KINDS)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e.key for e in self.entities if e.kind != "concept"))

    @property
    def named_concepts(self) -> tuple[str, ...]:
        return tuple(e.key for e in self.entities if e.kind == "concept")


def ngrams(text: str, max_n: int = MAX_NGRAM) -> list[str]:
    """Normalised word n-grams of ``text``, longest first."""
    words = normalize_alias(text).split()
    out: list[str] = []
    for n in range(min(max_n, len(words)), 0, -1):
        out.extend(" ".join(words[i : i + n]) for i in range(len(words) - n + 1))
    return list(dict.fromkeys(out))


def concept_surfaces(key: str, name: str | None) -> set[str]:
    """The normalised forms a concept answers to (name, key, each without a generic last word)."""
    forms = {normalize_alias(key.replace("_", " ")), normalize_alias(name or "")}
    for form in list(forms):
        words = form.split()
        if len(words) > 1 and words[-1] in GENERIC_WORDS:
            forms.add(" ".join(words[:-1]))
    return {f for f in forms if f}


def select_non_overlapping(grams: list[str], matched: set[str]) -> list[str]:
    """Keep matched n-grams longest first, dropping those inside an already kept longer match."""
    kept: list[str] = []
    for gram in grams:
        if gram in matched and not any(f" {gram} " in f" {k} " for k in kept):
            kept.append(gram)
    return kept


def match_entities(client: GraphClient, text: str) -> EntityMatch:
    """Find the dictionary terms and concepts a request names."""
    grams = ngrams(text)
    if not grams:
        return EntityMatch()
    row = client.read(queries.VOCABULARY_MATCH, {"ngrams": grams})[0]
    term_rows, concept_rows = row["terms"], row["concepts"]
    surface_to_concepts: dict[str, list[dict[str, str]]] = {}
    for row in concept_rows:
        for form in concept_surfaces(row["key"], row["name"]):
            surface_to_concepts.setdefault(form, []).append(row)
    matched = {row["ngram"] for row in term_rows} | (set(grams) & set(surface_to_concepts))
    kept = set(select_non_overlapping(grams, matched))
    entities: list[Entity] = []
    for row in term_rows:
        if row["ngram"] in kept:
            entities.append(
                Entity(
                    row["kind"],
                    row["key"],
                    row["display"],
                    row["ngram"],
                    tuple(row["concepts"] or ()),
                    row["loinc"],
                )
            )
    for gram in grams:
        if gram in kept:
            for row in surface_to_concepts.get(gram, []):
                entities.append(Entity("concept", row["key"], row["name"] or row["key"], gram))
    entities = list({(e.kind, e.key): e for e in entities}.values())
    concepts: list[str] = [e.key for e in entities if e.kind == "concept"]
    # A condition named in a request ("my diabetes numbers") expands through its concept tags.
    concepts += [c for e in entities if e.kind == "condition" for c in e.concepts]
    return EntityMatch(tuple(entities), tuple(dict.fromkeys(concepts)))
