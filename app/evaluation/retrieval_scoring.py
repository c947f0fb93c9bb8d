"""Scoring a scenario's queries: route, hard boundary, and the ranking metrics (MRR, recall@k, precision@k).

A relevant turn stands for its utterance, records and events; a retrieved item hits an entry when
its id or one of its source ids is among the entry's ids (definitions in :mod:`app.evaluation.metrics`).
"""

from __future__ import annotations

from app.evaluation.metrics import ScenarioScore, as_json
from app.evaluation.observed import QueryOutcome, RetrievedItem, ScenarioOutcome
from app.evaluation.scenario_format import Query, RelevantTurn


def _relevant_ids(query: Query, outcome: ScenarioOutcome) -> list[set[str]]:
    entries: list[set[str]] = []
    for item in query.expect.relevant:
        if isinstance(item, RelevantTurn):
            turn = outcome.turns[item.turn] if item.turn < len(outcome.turns) else None
            ids: set[str] = set()
            if turn is not None:
                if turn.utterance_id:
                    ids.add(turn.utterance_id)
                ids.update(r.id for r in turn.records or ())
                ids.update(turn.event_ids)
            entries.append(ids)
        else:
            entries.append({item.fhir})
    return entries


def _hits(item: RetrievedItem, entries: list[set[str]]) -> set[int]:
    keys = {item.id, *item.source_ids}
    return {i for i, ids in enumerate(entries) if ids & keys}


def ranking(items: tuple[RetrievedItem, ...], entries: list[set[str]], k: int) -> tuple[float, float, float]:
    """(reciprocal rank, recall@k, precision@k) of a ranked list against the relevant entries."""
    rr = 0.0
    for pos, item in enumerate(items, start=1):
        if _hits(item, entries):
            rr = 1.0 / pos
            break
    top = items[:k]
    found: set[int] = set()
    relevant_in_top = 0
    for item in top:
        hit = _hits(item, entries)
        found |= hit
        relevant_in_top += bool(hit)
    recall = len(found) / len(entries) if entries else 0.0
    return rr, recall, relevant_in_top / k


def score_query(
    score: ScenarioScore, where: str, query: Query, got: QueryOutcome, outcome: ScenarioOutcome
) -> None:
    t = score.tallies
    exp = query.expect
    if exp.route is not None:
        t["route_accuracy"].add(got.route == exp.route)
        if got.route != exp.route:
            score.fail(where, "route", exp.route, got.route)
    if exp.empty is not None:
        ok = (len(got.items) == 0) == exp.empty
        t["hard_boundary_accuracy"].add(ok)
        if not ok:
            score.fail(where, "empty", exp.empty, [i.id for i in got.items[:5]])
    if exp.relevant:
        entries = _relevant_ids(query, outcome)
        rr, recall, precision = ranking(got.items, entries, exp.k)
        for key, value in (("mrr", rr), ("recall_at_k", recall), ("precision_at_k", precision)):
            t[key].add(value)
            if got.items:
                score.answered[key].add(value)
        if recall < 1.0:
            score.fail(
                where,
                f"recall_at_{exp.k}",
                as_json(exp.relevant),
                [{"id": i.id, "sources": list(i.source_ids)} for i in got.items[: exp.k]],
            )
