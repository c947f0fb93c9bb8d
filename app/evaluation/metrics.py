"""The scenario metrics (seed 000 §6 and seed 003 §4.3), computed from a scenario and its outcome.

Pure: :func:`score_scenario` takes the parsed :class:`Scenario` and the :class:`ScenarioOutcome`
and returns :class:`ScenarioScore` — a tally (numerator, denominator) per metric and every failed
expectation with what was expected and what came out. Overall figures pool the tallies of all
scenarios (:func:`pool`), so a metric is the share over every scored item of the run; a metric
with nothing to score is ``None``. Definitions (the docs in ``docs/eval/README.md`` repeat them):

- ``retain_*``: the memory gate over turns with ``retain``; positive = kept.
- ``storage_accuracy``: expected records matched one-to-one by a produced record (type, fields,
  event time, abnormal, concepts); ``extra_clinical_records``: produced clinical records of
  turns with a ``records`` key that match no expected record on type + fields (lower is better);
  ``temporal_accuracy``: expected records with ``event_time`` whose type + fields were produced,
  with a matching event time; ``gate_block_accuracy``: ``blocked`` names refused (reported as
  blocked and no ``test_result`` of that name stored).
- reconciliation, per expected finding (matched one-to-one to a produced finding of the same kind
  on its turn, preferring the one citing most expected resources): ``detection_rate`` (a finding
  of the kind was produced), ``resource_informed_detection`` (and it cites an expected resource;
  over findings with ``cites``), ``safety_recall`` (detection over ``safety_critical: true``),
  ``severity_exact`` / ``severity_within_one`` (over findings with ``severity``; undetected counts
  as wrong), ``resource_recall`` (mean share of expected resources cited; 0 when undetected),
  ``resource_precision`` (mean share of the finding's cites that were expected, over detected
  findings that cite something), ``false_findings`` (share of ``no_findings_of`` kinds produced;
  lower is better).
- retrieval: ``route_accuracy`` over queries with ``route``; ``hard_boundary_accuracy`` over
  queries with ``empty``; ``mrr``, ``recall_at_k``, ``precision_at_k`` (hits in the top k / k) over
  queries with a non-empty ``relevant`` list — an empty retrieval scores 0 there. The seed's
  variant (only queries that returned something) is kept beside it as ``ranking_answered_only``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.evaluation.matching import (
    cite_keys,
    describe_event_time,
    event_time_matches,
    fields_match,
    max_matching,
    norm_text,
    record_matches,
)
from app.evaluation.observed import (
    ObservedFinding,
    ObservedRecord,
    QueryOutcome,
    RetrievedItem,
    ScenarioOutcome,
    TurnOutcome,
)
from app.evaluation.scenario_format import (
    ExpectedFinding,
    ExpectedRecord,
    Query,
    RelevantTurn,
    Scenario,
    Turn,
    is_given,
)
from app.ingest.narrative.record_types import CLINICAL_TYPES

METRIC_KEYS: tuple[str, ...] = (
    "retain_precision",
    "retain_recall",
    "retain_accuracy",
    "storage_accuracy",
    "extra_clinical_records",
    "temporal_accuracy",
    "gate_block_accuracy",
    "detection_rate",
    "resource_informed_detection",
    "safety_recall",
    "severity_exact",
    "severity_within_one",
    "resource_precision",
    "resource_recall",
    "false_findings",
    "route_accuracy",
    "mrr",
    "recall_at_k",
    "precision_at_k",
    "hard_boundary_accuracy",
)
"""The keys of the JSON ``overall`` object (issue 5 contract), in report order."""

ANSWERED_KEYS = ("mrr", "recall_at_k", "precision_at_k")
SEVERITY_LEVEL = {"low": 0, "medium": 1, "high": 2}


@dataclass
class Tally:
    """A numerator over a count of scored items; ``value`` is ``None`` when nothing was scored."""

    num: float = 0.0
    den: int = 0

    def add(self, value: float | bool) -> None:
        self.num += float(value)
        self.den += 1

    def merge(self, other: Tally) -> None:
        self.num += other.num
        self.den += other.den

    @property
    def value(self) -> float | None:
        return round(self.num / self.den, 4) if self.den else None


@dataclass(frozen=True)
class Failure:
    """One failed expectation: where in the file, which check, what was expected, what came out."""

    scenario: str
    where: str
    check: str
    expected: Any
    got: Any

    def as_dict(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "where": self.where,
            "check": self.check,
            "expected": self.expected,
            "got": self.got,
        }


@dataclass
class ScenarioScore:
    id: str
    tallies: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in METRIC_KEYS})
    answered: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in ANSWERED_KEYS})
    failures: list[Failure] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    unavailable: dict[str, str] = field(default_factory=dict)

    def metrics(self) -> dict[str, float | None]:
        return {key: self.tallies[key].value for key in METRIC_KEYS}

    def fail(self, where: str, check: str, expected: Any, got: Any) -> None:
        self.failures.append(Failure(self.id, where, check, expected, got))


def pool(scores: list[ScenarioScore]) -> tuple[dict[str, Tally], dict[str, Tally]]:
    """The run's tallies: every scored item of every scenario counted once."""
    overall = {key: Tally() for key in METRIC_KEYS}
    answered = {key: Tally() for key in ANSWERED_KEYS}
    for score in scores:
        for key in METRIC_KEYS:
            overall[key].merge(score.tallies[key])
        for key in ANSWERED_KEYS:
            answered[key].merge(score.answered[key])
    return overall, answered


# --- memory gate and storage ------------------------------------------------------------------


def _json(value: Any) -> Any:
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if hasattr(value, "model_dump"):
        return _json(value.model_dump(by_alias=True, exclude_unset=True))
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


def _record_summary(record: ObservedRecord) -> dict[str, Any]:
    summary: dict[str, Any] = {"type": record.type, "fields": _json(dict(record.fields))}
    summary["event_time"] = describe_event_time(record.event_start, record.event_end)
    if record.abnormal:
        summary["abnormal"] = record.abnormal
    if record.concepts:
        summary["concepts"] = list(record.concepts)
    return summary


def _score_retain(
    score: ScenarioScore, where: str, turn: Turn, outcome: TurnOutcome, confusion: dict[str, int]
) -> None:
    expected = turn.expect.retain
    if expected is None or outcome.retained is None:
        return
    got = outcome.retained
    key = ("t" if got == expected else "f") + ("p" if got else "n")
    confusion[key] += 1
    if got != expected:
        score.fail(where, "retain", expected, got)


def _score_records(
    score: ScenarioScore, where: str, turn: Turn, produced: tuple[ObservedRecord, ...]
) -> None:
    expected = turn.expect.records
    matched = max_matching(expected, produced, record_matches)
    for i, exp in enumerate(expected):
        score.tallies["storage_accuracy"].add(i in matched)
        if i not in matched:
            near = [_record_summary(r) for r in produced if r.type == exp.type] or [
                _record_summary(r) for r in produced
            ]
            score.fail(f"{where}.records.{i}", "record", _json(exp), near)
        if is_given(exp, "event_time"):
            _score_event_time(score, f"{where}.records.{i}", exp, produced)
    if is_given(turn.expect, "records"):
        relaxed = max_matching(expected, produced, fields_match)
        used = set(relaxed.values())
        for j, record in enumerate(produced):
            if record.type not in CLINICAL_TYPES:
                continue
            extra = j not in used
            score.tallies["extra_clinical_records"].add(extra)
            if extra:
                score.fail(f"{where}.records", "extra_clinical_record", None, _record_summary(record))


def _score_event_time(
    score: ScenarioScore, where: str, exp: ExpectedRecord, produced: tuple[ObservedRecord, ...]
) -> None:
    candidates = [r for r in produced if fields_match(exp, r)]
    if not candidates:
        return
    ok = any(event_time_matches(exp.event_time, r.event_start, r.event_end) for r in candidates)
    score.tallies["temporal_accuracy"].add(ok)
    if not ok:
        score.fail(
            where,
            "event_time",
            _json(exp.event_time),
            [describe_event_time(r.event_start, r.event_end) for r in candidates],
        )


def _score_blocked(score: ScenarioScore, where: str, turn: Turn, outcome: TurnOutcome) -> None:
    if outcome.blocked is None:
        return
    refused = {norm_text(name) for name in outcome.blocked}
    stored = {norm_text(r.fields.get("name", "")) for r in outcome.records or () if r.type == "test_result"}
    for name in turn.expect.blocked:
        ok = norm_text(name) in refused and norm_text(name) not in stored
        score.tallies["gate_block_accuracy"].add(ok)
        if not ok:
            score.fail(
                f"{where}.blocked",
                "blocked",
                name,
                {"blocked": list(outcome.blocked), "stored_as_record": norm_text(name) in stored},
            )


# --- reconciliation ---------------------------------------------------------------------------


def _pick_finding(exp: ExpectedFinding, pool_: list[ObservedFinding]) -> ObservedFinding | None:
    wanted = cite_keys(exp.cites)
    candidates = [f for f in pool_ if norm_text(f.kind) == exp.kind]
    if not candidates:
        return None

    def preference(f: ObservedFinding) -> tuple[int, bool, bool]:
        return (
            len(cite_keys(f.cites) & wanted),
            f.severity == exp.severity,
            f.safety_critical == exp.safety_critical,
        )

    return max(candidates, key=preference)


def _finding_summary(f: ObservedFinding) -> dict[str, Any]:
    return {
        "kind": f.kind,
        "severity": f.severity,
        "safety_critical": f.safety_critical,
        "cites": list(f.cites),
    }


def _score_findings(
    score: ScenarioScore, where: str, turn: Turn, produced: tuple[ObservedFinding, ...]
) -> None:
    t = score.tallies
    remaining = list(produced)
    for i, exp in enumerate(turn.expect.findings):
        at = f"{where}.findings.{i}"
        got = _pick_finding(exp, remaining)
        if got is not None:
            remaining.remove(got)
        detected = got is not None
        t["detection_rate"].add(detected)
        if not detected:
            score.fail(at, "finding", _json(exp), [_finding_summary(f) for f in produced])
        if exp.safety_critical:
            t["safety_recall"].add(detected)
        if got is not None and exp.safety_critical is not None and got.safety_critical != exp.safety_critical:
            score.fail(at, "safety_critical", exp.safety_critical, got.safety_critical)
        if exp.severity is not None:
            level = SEVERITY_LEVEL.get(norm_text(got.severity)) if got and got.severity else None
            t["severity_exact"].add(level == SEVERITY_LEVEL[exp.severity])
            t["severity_within_one"].add(level is not None and abs(level - SEVERITY_LEVEL[exp.severity]) <= 1)
            if got is not None and level != SEVERITY_LEVEL[exp.severity]:
                score.fail(at, "severity", exp.severity, got.severity)
        if exp.cites:
            wanted = cite_keys(exp.cites)
            cited = cite_keys(got.cites) if got else set()
            overlap = len(wanted & cited)
            t["resource_informed_detection"].add(detected and overlap > 0)
            t["resource_recall"].add(overlap / len(wanted))
            if cited:
                t["resource_precision"].add(overlap / len(cited))
            if detected and overlap < len(wanted | cited):
                score.fail(
                    at, "cites", ["|".join(k) for k in sorted(wanted)], ["|".join(k) for k in sorted(cited)]
                )
    for kind in turn.expect.no_findings_of:
        offending = [f for f in produced if norm_text(f.kind) == kind]
        t["false_findings"].add(bool(offending))
        if offending:
            score.fail(
                f"{where}.no_findings_of",
                "false_finding",
                f"no {kind}",
                [_finding_summary(f) for f in offending],
            )


# --- retrieval --------------------------------------------------------------------------------


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


def _score_query(
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
                _json(exp.relevant),
                [{"id": i.id, "sources": list(i.source_ids)} for i in got.items[: exp.k]],
            )


# --- one scenario -----------------------------------------------------------------------------


def score_scenario(scenario: Scenario, outcome: ScenarioOutcome) -> ScenarioScore:
    """Score one scenario's outcome against its expectations."""
    score = ScenarioScore(scenario.id, errors=list(outcome.errors), unavailable=dict(outcome.unavailable))
    confusion = {"tp": 0, "fp": 0, "tn": 0, "fn": 0}
    for ti, turn in enumerate(scenario.turns):
        got = outcome.turns[ti] if ti < len(outcome.turns) else None
        if got is None:
            continue
        where = f"turns.{ti}"
        _score_retain(score, where, turn, got, confusion)
        if got.records is not None:
            _score_records(score, where, turn, got.records)
        if turn.expect.blocked:
            _score_blocked(score, where, turn, got)
        if got.findings is not None:
            _score_findings(score, where, turn, got.findings)
    _add_confusion(score, confusion)
    for qi, query in enumerate(scenario.queries):
        q = outcome.queries[qi] if qi < len(outcome.queries) else None
        if q is not None:
            _score_query(score, f"queries.{qi}", query, q, outcome)
    return score


def _add_confusion(score: ScenarioScore, c: dict[str, int]) -> None:
    """Retain precision/recall/accuracy as tallies, so that pooling stays exact."""
    t = score.tallies
    t["retain_precision"].merge(Tally(c["tp"], c["tp"] + c["fp"]))
    t["retain_recall"].merge(Tally(c["tp"], c["tp"] + c["fn"]))
    t["retain_accuracy"].merge(Tally(c["tp"] + c["tn"], sum(c.values())))
