"""The recall evaluation: the production ``search()`` row beside the branches, and the fusion check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.db.client import GraphClient
from app.evaluation.recall import evaluate
from app.evaluation.recall_scores import fusion_beats_branches
from tests.dictionary_fixture import dictionary  # noqa: F401  (the read path matches the active dictionary)

METRICS = ["recall_at_5", "mrr"]


def _row(recall: float, mrr: float) -> dict[str, float]:
    return {"recall_at_5": recall, "mrr": mrr}


def test_fusion_must_beat_every_branch_on_every_metric() -> None:
    rows = {"graph": _row(0.2, 0.1), "vector": _row(0.4, 0.3), "keyword": _row(0.5, 0.4), "fused": _row(0.6, 0.5)}
    assert fusion_beats_branches(rows, METRICS) is True
    assert fusion_beats_branches({**rows, "keyword": _row(0.5, 0.5)}, METRICS) is False  # a tie is not a win
    assert fusion_beats_branches({**rows, "keyword": _row(0.5, 0.6)}, METRICS) is False
    assert fusion_beats_branches({"fused": _row(0.6, 0.5)}, METRICS) is None


TURNS = [
    (1, "2023-05-08T13:56:00", "D1:1", "Caroline", "Hey Mel! Good to see you!"),
    (1, "2023-05-08T13:56:00", "D1:2", "Melanie", "Hey Caroline! I'm swamped with the kids and work."),
    (1, "2023-05-08T13:56:00", "D1:3", "Caroline", "I went to a support group yesterday, it was so powerful."),
    (1, "2023-05-08T13:56:00", "D1:4", "Melanie", "That sounds great. I painted a sunrise by the lake last year."),
    (2, "2023-05-25T10:00:00", "D2:1", "Caroline", "My new puppy Oscar keeps hiding his bone under the sofa."),
    (2, "2023-05-25T10:00:00", "D2:2", "Melanie", "Ha! We went camping with the kids at the beach."),
]
QUESTIONS = [
    ("When did Caroline go to the support group?", ["D1:3"]),
    ("What did Melanie paint by the lake?", ["D1:4"]),
    ("What medications is Caroline taking?", ["D2:1"]),  # the rules route it structured: no records
]


@pytest.mark.usefixtures("dictionary")
def test_the_search_row_is_the_production_path(client: GraphClient, tmp_path: Path) -> None:
    turns, questions, rankings = tmp_path / "turns.jsonl", tmp_path / "qa.jsonl", tmp_path / "rankings.jsonl"
    turns.write_text(
        "\n".join(
            json.dumps(
                {"sample_id": "s1", "session": s, "session_datetime": when, "dia_id": d, "speaker": who, "text": t}
            )
            for s, when, d, who, t in TURNS
        )
    )
    questions.write_text(
        "\n".join(
            json.dumps({"sample_id": "s1", "qa_index": i, "question": q, "category": 4, "evidence": ev})
            for i, (q, ev) in enumerate(QUESTIONS)
        )
    )
    report = evaluate(client, turns, questions, ks=(5, 10), rankings_out=rankings)

    assert list(report["branches"]) == ["graph", "vector", "keyword", "fused", "search"]
    assert report["branches"]["search"]["questions"] == len(QUESTIONS)
    assert isinstance(report["fusion_beats_every_branch"], bool)
    assert sum(report["search"]["routes"].values()) == len(QUESTIONS)
    rows = [json.loads(line) for line in rankings.read_text().splitlines()]
    by_question = {QUESTIONS[r["qa_index"]][0]: r for r in rows}
    for row in rows:
        if row["search_route"] in ("associative", "both"):
            assert row["search"] == row["fused"][:10]  # the same ranking, rehydrated
    medications = by_question["What medications is Caroline taking?"]
    assert medications["search_route"] == "structured" and medications["search"] == []
    assert by_question["When did Caroline go to the support group?"]["search"][0] == "D1:3"
    assert report["kept_users"] == []
