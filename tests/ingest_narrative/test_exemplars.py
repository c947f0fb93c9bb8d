"""The exemplar index: the nearest-neighbour vote, the corpus file and its vectors (no model needed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from app.ingest.narrative.exemplars import (
    NO_RECORD,
    Exemplar,
    ExemplarIndex,
    ExemplarPolicy,
    corpus_digest,
    delexicalise,
    exemplar_from_json,
    load_index,
    read_corpus,
    write_corpus,
)

STOP = (("action", "stop"),)


def _unit(*xs: float) -> list[float]:
    v = np.asarray(xs, dtype=np.float32)
    return list(v / np.linalg.norm(v))


def _index(rows: list[tuple[Exemplar, list[float]]]) -> ExemplarIndex:
    return ExemplarIndex([e for e, _ in rows], np.asarray([v for _, v in rows], dtype=np.float32))


def _stop(text: str = "I stopped the medicine") -> Exemplar:
    return Exemplar(text, "drug", "regimen_change", STOP)


def _none(text: str = "the medicine is in the cupboard") -> Exemplar:
    return Exemplar(text, "drug", NO_RECORD)


def test_a_close_record_label_with_enough_of_the_vote_wins() -> None:
    index = _index(
        [(_stop(), _unit(1, 0, 0)), (_stop("quit the medicine"), _unit(0.9, 0.1, 0)), (_none(), _unit(0, 1, 0))]
    )
    verdict = index.decide(_unit(1, 0.05, 0), "drug", ExemplarPolicy(k=3, min_similarity=0.9, min_share=0.5))
    assert verdict is not None
    assert (verdict.label, verdict.template) == ("regimen_change", STOP)
    assert verdict.similarity > 0.99 and verdict.share > 0.9


def test_no_record_neighbours_outvote_a_record() -> None:
    index = _index([(_stop(), _unit(0.8, 0.6, 0)), (_none(), _unit(0, 1, 0)), (_none("x"), _unit(0.1, 1, 0))])
    assert index.decide(_unit(0.2, 1, 0), "drug", ExemplarPolicy(k=3, min_similarity=0.5, min_share=0.4)) is None


def test_a_record_whose_closest_exemplar_is_far_is_no_verdict() -> None:
    index = _index([(_stop(), _unit(1, 1, 0))])
    assert index.decide(_unit(1, 0, 0), "drug", ExemplarPolicy(k=1, min_similarity=0.8, min_share=0.0)) is None
    assert index.decide(_unit(1, 0, 0), "drug", ExemplarPolicy(k=1, min_similarity=0.7, min_share=0.0)) is not None


def test_only_exemplars_of_the_terms_kind_vote() -> None:
    symptom = Exemplar("the symptom woke me", "symptom", "symptom")
    index = _index([(symptom, _unit(1, 0, 0)), (_none(), _unit(0, 1, 0))])
    assert index.decide(_unit(1, 0, 0), "drug", ExemplarPolicy(k=2, min_similarity=0.0, min_share=0.0)) is None
    verdict = index.decide(_unit(1, 0, 0), "symptom", ExemplarPolicy(k=2, min_similarity=0.5, min_share=0.5))
    assert verdict is not None and verdict.label == "symptom"


def test_vectors_and_exemplars_must_pair_up() -> None:
    with pytest.raises(ValueError, match="2 exemplars but 1 vectors"):
        ExemplarIndex([_stop(), _none()], np.zeros((1, 3), dtype=np.float32))


@pytest.mark.parametrize(
    ("before", "expected"),
    [
        ("I stopped my metformin last week", "I stopped my medicine last week"),
        ("I stopped metformin last week", "I stopped the medicine last week"),
        ("Metformin is gone", "the medicine is gone"),
    ],
)
def test_a_term_is_replaced_by_its_kinds_word_with_one_determiner(before: str, expected: str) -> None:
    start = before.lower().index("metformin")
    assert delexicalise(before, (0, len(before)), start, start + len("metformin"), "drug") == expected


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"text": "t", "kind": "test", "label": NO_RECORD}, "kind 'test'"),
        ({"text": "t", "kind": "symptom", "label": "regimen_change"}, "cannot be filled by a symptom"),
        ({"text": "t", "kind": "drug", "label": "medication_intake", "template": {"dose": "2"}}, "carries a field"),
    ],
)
def test_a_malformed_exemplar_is_refused(raw: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        exemplar_from_json(raw)


def _never(texts: Sequence[str]) -> list[list[float]]:
    raise AssertionError("fresh vectors must not be recomputed")


def test_stored_vectors_are_used_while_they_match_the_texts(tmp_path: Path) -> None:
    exemplars = [_stop(), _none()]
    write_corpus(tmp_path, exemplars, np.eye(2, 3, dtype=np.float32), model="m", sources=["tests/scenarios"])
    index = load_index(tmp_path, _never, model="m")
    assert len(index) == 2
    read, meta = read_corpus(tmp_path)
    assert read == exemplars
    assert meta["sources"] == ["tests/scenarios"] and meta["digest"] == corpus_digest(exemplars, "m")


def test_vectors_of_other_texts_or_another_model_are_recomputed(tmp_path: Path) -> None:
    write_corpus(tmp_path, [_stop(), _none()], np.eye(2, 3, dtype=np.float32), model="m", sources=[])
    calls: list[list[str]] = []

    def embed(texts: Sequence[str]) -> list[list[float]]:
        calls.append(list(texts))
        return [_unit(1, 0, 0) for _ in texts]

    load_index(tmp_path, embed, model="another-model")
    assert calls == [["I stopped the medicine", "the medicine is in the cupboard"]]
