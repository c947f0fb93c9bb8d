"""Nearest exemplars: the fuzzy tier between the rules and the LLM.

The rules read the wordings they were written for; a new writer words the same fact another way
("I stopped the new cholesterol one, simvastatin, a week ago", "the gout in my big toe has cleared
up completely"). The exemplar tier reads such a sentence by its neighbours: sentences from our own
scenario sets whose records we wrote by hand, each **delexicalised** around one dictionary term
(the term replaced by a placeholder of its kind: "I stopped the new cholesterol one, the medicine, a
week ago"), labelled with the record that term gave ("regimen_change", action "stop") or with
:data:`NO_RECORD` when the sentence named it and said nothing to record.

What the neighbours decide is only the record's *shape* (type and the template fields of
:data:`TEMPLATE_FIELDS`); the name always comes from the dictionary term in the sentence (the alias
gate), never from the exemplar. The policy (:class:`ExemplarPolicy`) abstains unless a record label
carries enough of the neighbours' similarity and its best neighbour is close.

The corpus is seed data (``seed/exemplars/narrative.json`` with its vectors in ``narrative.npy``),
built by ``selfgraph eval exemplars`` from the scenario sets it names (:mod:`app.evaluation.exemplar_corpus`);
the JSON records the sources, the embedding model and a digest of the texts, so vectors that no
longer match the texts are recomputed instead of being trusted.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from app.dictionary.models import TermKind

logger = logging.getLogger(__name__)

NO_RECORD = "none"
"""The label of a sentence that names a term and states nothing to record about it."""

SLOT_FIELDS: dict[TermKind, dict[str, str]] = {
    "drug": {
        "regimen_change": "drug",
        "medication_intake": "drug",
        "prescription": "drug",
        "allergy": "substance",
    },
    "condition": {"condition": "name"},
    "symptom": {"symptom": "name"},
}
"""For a term of each kind, the record types it may fill and the field it fills."""

TEMPLATE_FIELDS: dict[str, tuple[str, ...]] = {
    "regimen_change": ("action",),
    "condition": ("status",),
    "allergy": ("status",),
}
"""The fields an exemplar carries over to a new sentence (closed vocabularies, never free text)."""

PLACEHOLDERS: dict[TermKind, str] = {"drug": "medicine", "condition": "illness", "symptom": "symptom"}
"""What stands for the term in a delexicalised sentence (plain words embed better than tokens); "the" goes
before it unless the sentence has a determiner there already ("my metformin" -> "my medicine")."""
_DETERMINER = re.compile(
    r"\b(?:the|a|an|my|his|her|their|our|your|this|that|these|those|some|any|no)\s+$", re.IGNORECASE
)

CORPUS_FILE = "narrative.json"
VECTORS_FILE = "narrative.npy"
DEFAULT_DIRECTORY = Path(__file__).resolve().parents[3] / "seed" / "exemplars"

Label = tuple[str, tuple[tuple[str, str], ...]]
"""A record type (or :data:`NO_RECORD`) with its template fields."""
Embed = Callable[[Sequence[str]], list[list[float]]]
Vectors = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class Exemplar:
    """One delexicalised sentence and the record its term gave (or :data:`NO_RECORD`)."""

    text: str
    kind: TermKind
    label: str
    template: tuple[tuple[str, str], ...] = ()
    source: str = ""


@dataclass(frozen=True, slots=True)
class ExemplarPolicy:
    """When the neighbours decide: ``k`` nearest of the term's kind; the winning record label must hold
    ``min_share`` of their summed similarity, and its closest exemplar ``min_similarity`` (cosine)."""

    k: int = 7
    min_similarity: float = 0.7
    min_share: float = 0.4


@dataclass(frozen=True, slots=True)
class Verdict:
    """The record shape the neighbours chose for one term."""

    label: str
    template: tuple[tuple[str, str], ...]
    similarity: float
    share: float


def delexicalise(text: str, sentence: tuple[int, int], start: int, end: int, kind: TermKind) -> str:
    """The sentence with the term at ``[start, end)`` replaced by its kind's placeholder."""
    before = text[sentence[0] : start]
    article = "" if _DETERMINER.search(before) else "the "
    return before + article + PLACEHOLDERS[kind] + text[end : sentence[1]]


class ExemplarIndex:
    """Exemplars and their unit vectors; :meth:`decide` is the nearest-neighbour vote."""

    def __init__(self, exemplars: Sequence[Exemplar], vectors: Vectors) -> None:
        if len(exemplars) != vectors.shape[0]:
            raise ValueError(f"{len(exemplars)} exemplars but {vectors.shape[0]} vectors")
        self.exemplars = tuple(exemplars)
        self._vectors = vectors.astype(np.float32, copy=False)
        self._kinds = np.array([e.kind for e in self.exemplars])

    def __len__(self) -> int:
        return len(self.exemplars)

    def decide(self, vector: Sequence[float], kind: TermKind, policy: ExemplarPolicy) -> Verdict | None:
        """The record label the ``k`` nearest exemplars of ``kind`` vote for, or ``None`` (abstain)."""
        if not self.exemplars:
            return None
        sims = self._vectors @ np.asarray(vector, dtype=np.float32)
        sims = np.where(self._kinds == kind, sims, -1.0)
        nearest = [int(i) for i in np.argsort(-sims, kind="stable")[: policy.k] if sims[i] > 0.0]
        if not nearest:
            return None
        votes: dict[Label, float] = {}
        closest: dict[Label, float] = {}
        for i in nearest:
            voted = (self.exemplars[i].label, self.exemplars[i].template)
            votes[voted] = votes.get(voted, 0.0) + float(sims[i])
            closest[voted] = max(closest.get(voted, 0.0), float(sims[i]))
        total = sum(votes.values())
        records = sorted(((w, lab) for lab, w in votes.items() if lab[0] != NO_RECORD), key=lambda x: (-x[0], x[1]))
        if not records:
            return None
        weight, (label, template) = records[0]
        share = weight / total
        similarity = closest[(label, template)]
        if share < policy.min_share or similarity < policy.min_similarity:
            return None
        return Verdict(label, template, round(similarity, 4), round(share, 4))


def corpus_digest(exemplars: Sequence[Exemplar], model: str) -> str:
    """What the vectors were computed from: the model name and every exemplar's text and kind."""
    h = hashlib.sha256(model.encode())
    for e in exemplars:
        h.update(b"\x00" + e.kind.encode() + b"\x01" + e.text.encode())
    return h.hexdigest()


def exemplar_to_json(e: Exemplar) -> dict[str, Any]:
    return {"text": e.text, "kind": e.kind, "label": e.label, "template": dict(e.template), "source": e.source}


def exemplar_from_json(raw: dict[str, Any]) -> Exemplar:
    kind = raw["kind"]
    if kind not in SLOT_FIELDS:
        raise ValueError(f"exemplar kind {kind!r} is not one of {sorted(SLOT_FIELDS)}")
    label = raw["label"]
    if label != NO_RECORD and label not in SLOT_FIELDS[kind]:
        raise ValueError(f"exemplar label {label!r} cannot be filled by a {kind} term")
    template = tuple(sorted((str(k), str(v)) for k, v in (raw.get("template") or {}).items()))
    if any(k not in TEMPLATE_FIELDS.get(label, ()) for k, _ in template):
        raise ValueError(f"exemplar template {dict(template)} carries a field {label!r} does not take over")
    return Exemplar(str(raw["text"]), kind, label, template, str(raw.get("source", "")))


def write_corpus(
    directory: Path, exemplars: Sequence[Exemplar], vectors: Vectors, *, model: str, sources: Sequence[str]
) -> None:
    """Write the corpus JSON and its vectors (float16: the vote needs no more)."""
    directory.mkdir(parents=True, exist_ok=True)
    document = {
        "kind": "selfgraph.narrative_exemplars",
        "model": model,
        "digest": corpus_digest(exemplars, model),
        "sources": list(sources),
        "exemplars": [exemplar_to_json(e) for e in exemplars],
    }
    (directory / CORPUS_FILE).write_text(json.dumps(document, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    np.save(directory / VECTORS_FILE, vectors.astype(np.float16))


def read_corpus(directory: Path) -> tuple[list[Exemplar], dict[str, Any]]:
    """The exemplars and the corpus metadata (model, digest, sources)."""
    document = json.loads((directory / CORPUS_FILE).read_text(encoding="utf-8"))
    exemplars = [exemplar_from_json(raw) for raw in document["exemplars"]]
    return exemplars, {k: v for k, v in document.items() if k != "exemplars"}


def load_index(directory: Path, embed: Embed, *, model: str) -> ExemplarIndex:
    """The index of the corpus in ``directory``; its vectors are recomputed (and a warning logged) when they
    were made by another model or from other texts."""
    exemplars, meta = read_corpus(directory)
    vectors_path = directory / VECTORS_FILE
    fresh = meta.get("model") == model and meta.get("digest") == corpus_digest(exemplars, model)
    if fresh and vectors_path.exists():
        vectors = np.load(vectors_path).astype(np.float32)
        if vectors.shape[0] == len(exemplars):
            return ExemplarIndex(exemplars, vectors)
    logger.warning("exemplar vectors stale or missing; embedding %d exemplars", len(exemplars))
    return ExemplarIndex(exemplars, np.asarray(embed([e.text for e in exemplars]), dtype=np.float32))
