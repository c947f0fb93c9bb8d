"""Pure parts of the read path: RRF, the score gate, Lucene escaping, routing rules, time windows."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.retrieval.branches import escape_lucene, keyword_query
from app.retrieval.fusion import RRF_K, reciprocal_rank_fusion, score_gate
from app.retrieval.presets import HYBRID, PRESETS
from app.retrieval.router import decide_route, duration_start, requested_count, resolve_window
from app.retrieval.vocabulary import Entity, EntityMatch, concept_surfaces, ngrams, select_non_overlapping


def test_rrf_matches_hand_computed_ranks() -> None:
    fused = reciprocal_rank_fusion({"graph": ["a", "b"], "vector": ["b", "c", "a"], "keyword": ["c"]}, k=60)
    expected = {
        "a": 1 / 61 + 1 / 63,  # graph rank 1, vector rank 3
        "b": 1 / 62 + 1 / 61,  # graph rank 2, vector rank 1
        "c": 1 / 62 + 1 / 61,  # vector rank 2, keyword rank 1
    }
    assert {f.id: f.score for f in fused} == pytest.approx(expected)
    # b and c tie exactly; the tie keeps the order of first appearance (b came first).
    assert [f.id for f in fused] == ["b", "c", "a"]
    assert fused[2].ranks == {"graph": 1, "vector": 3}


def test_rrf_constant_weights_and_duplicates() -> None:
    assert HYBRID.rrf_k == RRF_K and HYBRID.weight("keyword") == 2.0 and HYBRID.weight("vector") == 1.0
    fused = reciprocal_rank_fusion({"vector": ["x", "x", "y"]}, k=1, weights={"vector": 2.0})
    assert [(f.id, f.score) for f in fused] == [("x", 2 / 2), ("y", 2 / 4)]  # the duplicate x is ignored
    assert [f.id for f in score_gate(fused, 0.6)] == ["x"]


def test_presets_are_frozen_data() -> None:
    with pytest.raises(Exception):  # noqa: B017 - pydantic's frozen-instance error
        HYBRID.rrf_k = 1  # type: ignore[misc]
    assert set(PRESETS) >= {"hybrid", "vector_only", "keyword_only", "graph_only", "fast"}


def test_lucene_syntax_is_escaped() -> None:
    assert escape_lucene('a+b "c" (d) OR e*') == 'a\\+b \\"c\\" \\(d\\) or e\\*'
    assert keyword_query("HbA1c: 7.2% AND/OR glucose?") == "HbA1c 7 2 and or glucose"


def test_ngrams_and_concept_surfaces() -> None:
    assert ngrams("My liver numbers")[:2] == ["my liver numbers", "my liver"]
    assert "liver" in concept_surfaces("liver_panel", "Liver panel")
    assert select_non_overlapping(["blood pressure", "blood", "pressure"], {"blood pressure", "blood"}) == [
        "blood pressure"
    ]


@pytest.mark.parametrize(
    ("text", "route"),
    [
        ("thanks!", "none"),
        ("my last three glucose readings", "structured"),
        ("what are my current medications", "structured"),
        ("why did I feel dizzy after my meds", "both"),
        ("what did we talk about the dog", "associative"),
    ],
)
def test_route_rules(text: str, route: str) -> None:
    test_entity = Entity("test", "glucose", "Glucose", "glucose")
    match = EntityMatch((test_entity,)) if "glucose" in text else EntityMatch()
    assert decide_route(text, match) == route


def test_requested_count() -> None:
    assert requested_count("my last three glucose readings") == 3
    assert requested_count("latest a1c") == 1
    assert requested_count("my glucose") is None


def test_time_windows_come_from_the_resolver() -> None:
    at = datetime(2026, 6, 15, 12, tzinfo=UTC)
    week = resolve_window("my BP last week", at)
    assert week is not None and week.text == "last week"
    assert week.start == datetime(2026, 6, 8, tzinfo=UTC) and week.end == datetime(2026, 6, 15, tzinfo=UTC)
    months = resolve_window("weight over three months", at)
    assert months is not None and months.start == datetime(2026, 3, 15, 12, tzinfo=UTC) and months.end == at
    assert resolve_window("my glucose", at) is None
    assert duration_start(at, None, "P2W") == datetime(2026, 6, 1, 12, tzinfo=UTC)


def test_keyword_queries_require_the_users_token() -> None:
    from app.retrieval.branches import scoped_keyword_query
    from app.users.service import user_token

    token = user_token("eval-run:42@site.org")
    assert token == user_token("eval-run:42@site.org") != user_token("eval-run:43@site.org")
    assert token.isalnum() and token.islower() and len(token) == 25  # one token for every analyzer
    assert scoped_keyword_query("eval-run:42@site.org", "glucose") == f"+user_token:{token} +search_text:(glucose)"
