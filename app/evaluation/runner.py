"""Replay scenarios through a pipeline adapter and score them.

The runner knows nothing about Neo4j: it drives a :class:`PipelineAdapter` (the live one is in
:mod:`app.evaluation.live_adapter`) and hands what came out to the pure metrics. A pipeline piece
that is not available raises :class:`PieceUnavailable`; the runner records it and leaves that
part unmeasured (its metrics ``None``), never guessing a result.

Users are namespaced per run *and* per scenario — ``eval-<run id>-<nnn>-<user.id>`` — so that two
scenarios about the same patient never see each other's turns; they are deleted afterwards unless
``keep`` is set.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from pathlib import Path
from typing import ParamSpec, Protocol, TypeVar

from app.errors import SelfgraphError
from app.evaluation.metrics import ScenarioScore
from app.evaluation.observed import (
    ObservedFinding,
    QueryOutcome,
    ScenarioOutcome,
    TurnOutcome,
)
from app.evaluation.scenario_format import ExpectedRecord, Scenario
from app.evaluation.scenario_scoring import score_scenario

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

PARTS = ("fhir", "write", "reconcile", "retrieval")


class PieceUnavailable(SelfgraphError):
    """A pipeline piece the evaluator needs has not been built (or cannot be imported)."""

    def __init__(self, part: str, reason: str) -> None:
        super().__init__(f"{part}: {reason}", part=part)
        self.part = part
        self.reason = reason


class PipelineAdapter(Protocol):
    """The five things the evaluator asks of a running Selfgraph."""

    def ensure_user(self, user_id: str, sex: str | None, birth_date: date | None) -> None: ...

    def ingest_fhir(self, user_id: str, path: Path) -> None: ...

    def say(self, user_id: str, text: str, at: datetime) -> TurnOutcome:
        """Write one turn; ``findings`` left ``None`` (see :meth:`findings_for_turn`)."""
        ...

    def findings_for_turn(self, user_id: str, turn: TurnOutcome, at: datetime) -> tuple[ObservedFinding, ...]:
        """The findings the pipeline produced about this turn's records (end to end)."""
        ...

    def reconcile_gold(
        self, user_id: str, records: Sequence[ExpectedRecord], text: str, at: datetime
    ) -> tuple[ObservedFinding, ...]:
        """Feed gold records straight into the reconciler (seed 003 Dimension 2)."""
        ...

    def search(self, user_id: str, text: str, at: datetime, k: int) -> QueryOutcome: ...

    def delete_user(self, user_id: str) -> None: ...


@dataclass
class ScenarioRun:
    scenario: Scenario
    user_id: str
    score: ScenarioScore
    seconds: float
    source: str | None = None


@dataclass
class RunResult:
    run_id: str
    mode: str
    started_at: datetime
    data_root: Path
    runs: list[ScenarioRun] = field(default_factory=list)
    unavailable: dict[str, str] = field(default_factory=dict)


def new_run_id() -> str:
    return uuid.uuid4().hex[:8]


def namespaced_user(run_id: str, index: int, user_id: str) -> str:
    return f"eval-{run_id}-{index:03d}-{user_id}"


class _Parts:
    """Remembers which parts are unavailable so that each is reported once and skipped after."""

    def __init__(self) -> None:
        self.missing: dict[str, str] = {}

    def call(
        self, part: str, outcome: ScenarioOutcome, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T | None:
        """``fn(*args)``, or ``None`` (with the reason recorded) when the part is missing or fails."""
        if part in self.missing:
            outcome.unavailable[part] = self.missing[part]
            return None
        try:
            return fn(*args, **kwargs)
        except (PieceUnavailable, ImportError) as exc:
            reason = exc.reason if isinstance(exc, PieceUnavailable) else f"cannot import {exc.name or exc}"
            self.missing[part] = reason
            outcome.unavailable[part] = reason
            log.warning("evaluation: %s unavailable", part)
            return None
        except SelfgraphError as exc:
            context = ", ".join(f"{k}={exc.details[k]}" for k in ("operation", "code") if exc.details.get(k))
            outcome.errors.append(f"{part}: {exc.message}" + (f" ({context})" if context else ""))
            return None
        except Exception as exc:  # a piece's own bug: reported, never scored as a result
            outcome.errors.append(f"{part}: unexpected {type(exc).__name__}")
            log.warning("evaluation: %s raised %s", part, type(exc).__name__)
            return None


def _reconcile_blocker(scenario: Scenario, parts: _Parts, isolated: bool) -> str | None:
    """Why reconciliation cannot be measured here: it needs the bundle and (end to end) the write path."""
    if scenario.fhir and "fhir" in parts.missing:
        return "needs the FHIR loader (fhir unavailable)"
    if not isolated and "write" in parts.missing:
        return "end-to-end reconciliation needs the write path (write unavailable)"
    return None


def replay(
    scenario: Scenario,
    adapter: PipelineAdapter,
    user_id: str,
    data_root: Path,
    *,
    isolated: bool,
    parts: _Parts,
) -> ScenarioOutcome:
    """Run one scenario through the adapter and collect what it produced."""
    outcome = ScenarioOutcome(turns=[], queries=[])
    parts.call("write", outcome, adapter.ensure_user, user_id, scenario.user.sex, scenario.user.birth_date)
    if scenario.fhir:
        path = data_root / scenario.fhir
        if not path.is_file():
            outcome.errors.append(f"fhir: bundle not found: {scenario.fhir}")
        else:
            parts.call("fhir", outcome, adapter.ingest_fhir, user_id, path)
    reconcile_blocked = _reconcile_blocker(scenario, parts, isolated)
    for turn in scenario.turns:
        got: TurnOutcome | None = parts.call("write", outcome, adapter.say, user_id, turn.text, turn.at)
        reconcile_blocked = reconcile_blocked or _reconcile_blocker(scenario, parts, isolated)
        findings: tuple[ObservedFinding, ...] | None
        if reconcile_blocked:
            outcome.unavailable.setdefault("reconcile", reconcile_blocked)
            findings = None
        elif isolated and not turn.expect.records:
            # no gold record to feed: the reconciler cannot be measured on this turn's findings
            outcome.unfed_findings += len(turn.expect.findings)
            findings = None
        elif isolated:
            findings = parts.call(
                "reconcile", outcome, adapter.reconcile_gold, user_id, turn.expect.records, turn.text, turn.at
            )
            if got is None and findings is not None:
                got = TurnOutcome()
        else:
            findings = (
                parts.call("reconcile", outcome, adapter.findings_for_turn, user_id, got, turn.at)
                if got
                else None
            )
        if got is not None and findings is not None:
            got = replace(got, findings=findings)
        outcome.turns.append(got)
    for query in scenario.queries:
        outcome.queries.append(
            parts.call("retrieval", outcome, adapter.search, user_id, query.text, query.at, query.expect.k)
        )
    return outcome


def _run_one(
    index: int,
    scenario: Scenario,
    adapter: PipelineAdapter,
    result: RunResult,
    parts: _Parts,
    *,
    isolated: bool,
    keep: bool,
    source: str | None,
) -> ScenarioRun:
    user_id = namespaced_user(result.run_id, index, scenario.user.id)
    started = time.perf_counter()
    try:
        outcome = replay(scenario, adapter, user_id, result.data_root, isolated=isolated, parts=parts)
    finally:
        if not keep:
            try:
                adapter.delete_user(user_id)
            except SelfgraphError as exc:
                log.warning("evaluation: clean-up of %s failed: %s", user_id, exc.message)
    seconds = time.perf_counter() - started
    score = score_scenario(scenario, outcome)
    log.info(
        "evaluation: scenario %s scored in %.2fs (%d failures)", scenario.id, seconds, len(score.failures)
    )
    return ScenarioRun(scenario, user_id, score, seconds, source)


def run_scenarios(
    scenarios: Sequence[Scenario],
    adapter: PipelineAdapter,
    data_root: Path,
    *,
    isolated: bool = False,
    keep: bool = False,
    run_id: str | None = None,
    sources: Sequence[str] | None = None,
    workers: int = 1,
) -> RunResult:
    """Replay and score every scenario; users are removed afterwards unless ``keep``.

    With ``workers`` > 1 the scenarios after the first (which warms up models and caches) run in a
    thread pool; each has its own user, so they do not interact. Results keep the input order.
    """
    result = RunResult(
        run_id=run_id or new_run_id(),
        mode="isolated" if isolated else "end_to_end",
        started_at=datetime.now().astimezone(),
        data_root=data_root,
    )
    parts = _Parts()

    def one(index: int) -> ScenarioRun:
        source = sources[index] if sources else None
        return _run_one(
            index, scenarios[index], adapter, result, parts, isolated=isolated, keep=keep, source=source
        )

    indexes = list(range(len(scenarios)))
    if workers <= 1 or len(indexes) <= 1:
        result.runs = [one(i) for i in indexes]
    else:
        first = one(indexes[0])
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="eval") as pool:
            result.runs = [first, *pool.map(one, indexes[1:])]
    for run in result.runs:
        for part, reason in run.score.unavailable.items():
            result.unavailable.setdefault(part, reason)
    return result
