"""Score the temporal resolver on a corpus (issue #5, format 2), or on Duckling's rows via an adapter.

Scoring rules (each only when the expectation gives the key; an absent key is not scored):

- ``kind`` must match exactly; a row whose kind differs is wrong whatever else agrees;
- ``value``: dates, months, years compare as strings; a week as its Monday (``2026-W10`` and
  ``2026-03-02`` are the same week); a datetime as an instant; a duration by its length
  (``PT90M`` == ``PT1H30M``; months and years kept apart from fixed units);
- ``start`` / ``end``: a datetime as an instant, a date as a date; a partial date stands for its
  first day (``2026-02`` == ``2026-02-01``), so ``since last month`` may be written either way;
- ``duration_min`` and ``iso_duration`` as above; ``recurrence``: ``count`` exactly and ``per`` by
  length (``day`` == ``P1D``);
- ``grain`` is informational: the form of the value already carries it.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from app.errors import InvalidInput
from app.ingest.temporal import TemporalResolution, resolve_event_time

Resolver = Callable[[str, datetime], TemporalResolution]

_DURATION = re.compile(
    r"^P(?:(?P<Y>[\d.]+)Y)?(?:(?P<MO>[\d.]+)M)?(?:(?P<W>[\d.]+)W)?(?:(?P<D>[\d.]+)D)?"
    r"(?:T(?:(?P<H>[\d.]+)H)?(?:(?P<MI>[\d.]+)M)?(?:(?P<S>[\d.]+)S)?)?$"
)
_SECONDS = {"W": 604800, "D": 86400, "H": 3600, "MI": 60, "S": 1}
_PER_WORDS = {"hour": "PT1H", "day": "P1D", "week": "P1W", "month": "P1M", "year": "P1Y"}


@dataclass(frozen=True)
class CorpusRow:
    """One expression to resolve and what it must resolve to (format 2)."""

    text: str
    mention: datetime
    expect: dict[str, Any]
    convention: str | None = None
    line: int = 0


@dataclass
class RowResult:
    row: CorpusRow
    got: TemporalResolution
    mismatches: list[str]

    @property
    def correct(self) -> bool:
        return not self.mismatches


@dataclass
class TemporalReport:
    results: list[RowResult]
    corpus: str = ""
    not_covered: dict[str, int] = field(default_factory=dict)
    adapter: str | None = None

    def overall(self) -> dict[str, Any]:
        by_kind: dict[str, list[bool]] = defaultdict(list)
        by_convention: dict[str, list[bool]] = defaultdict(list)
        for result in self.results:
            by_kind[str(result.row.expect.get("kind"))].append(result.correct)
            convention = result.row.convention or result.got.convention or "unknown"
            by_convention[convention].append(result.correct)
        correct = sum(r.correct for r in self.results)
        return {
            "accuracy": _fraction(correct, len(self.results)),
            "by_kind": {k: _fraction(sum(v), len(v)) for k, v in sorted(by_kind.items())},
            "by_convention": {
                k: _fraction(sum(v), len(v)) for k, v in sorted(by_convention.items(), key=_conv_key)
            },
            "counts_by_kind": {k: {"n": len(v), "correct": sum(v)} for k, v in sorted(by_kind.items())},
            "counts_by_convention": {k: {"n": len(v), "correct": sum(v)}
                                     for k, v in sorted(by_convention.items(), key=_conv_key)},
            "scored": len(self.results),
            "correct": correct,
            "not_covered": sum(self.not_covered.values()),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "corpus": self.corpus,
            "adapter": self.adapter,
            "overall": self.overall(),
            "not_covered_by_reason": dict(sorted(self.not_covered.items(), key=lambda kv: -kv[1])),
            "failures": [
                {
                    "line": r.row.line,
                    "text": r.row.text,
                    "mention": r.row.mention.isoformat(),
                    "convention": r.row.convention,
                    "expected": r.row.expect,
                    "got": r.got.as_expectation() | {"text": r.got.text},
                    "mismatches": r.mismatches,
                }
                for r in self.results
                if not r.correct
            ],
        }


def _conv_key(item: tuple[str, Any]) -> tuple[int, str]:
    head = re.match(r"\d+", item[0])
    return (int(head.group(0)) if head else 999, item[0])


def _fraction(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 4) if denominator else None


# --- comparison -------------------------------------------------------------------------------


def duration_key(text: str) -> tuple[Decimal, Decimal] | None:
    """(months, seconds) of an ISO 8601 duration or a unit word; None when it is neither."""
    text = _PER_WORDS.get(text.strip().lower(), text.strip().upper())
    match = _DURATION.match(text)
    if match is None or text in ("P", "PT"):
        return None
    try:
        parts = {k: Decimal(v) for k, v in match.groupdict().items() if v}
    except InvalidOperation:
        return None
    months = parts.get("Y", Decimal(0)) * 12 + parts.get("MO", Decimal(0))
    seconds = sum((parts.get(k, Decimal(0)) * v for k, v in _SECONDS.items()), Decimal(0))
    return months, seconds


def point_key(text: str) -> tuple[str, Any] | None:
    """A comparable form of a point: ('instant', datetime) or ('date', date); partial dates → first day."""
    value = str(text).strip()
    try:
        if "T" in value:
            return "instant", datetime.fromisoformat(value)
        week = re.fullmatch(r"(\d{4})-W(\d{2})", value)
        if week:
            return "date", date.fromisocalendar(int(week.group(1)), int(week.group(2)), 1)
        if re.fullmatch(r"\d{4}", value):
            return "date", date(int(value), 1, 1)
        if re.fullmatch(r"\d{4}-\d{2}", value):
            return "date", date.fromisoformat(f"{value}-01")
        return "date", date.fromisoformat(value)
    except ValueError:
        return None


def _same_value(kind: str, expected: Any, got: str | None) -> bool:
    if got is None:
        return False
    if kind == "duration":
        return duration_key(str(expected)) == duration_key(got)
    if kind in ("datetime", "week"):
        return point_key(str(expected)) == point_key(got)
    return str(expected).strip() == got.strip()


def _same_point(expected: Any, got: str | None) -> bool:
    wanted = point_key(str(expected))
    return got is not None and wanted is not None and wanted == point_key(got)


def score(expect: dict[str, Any], got: TemporalResolution) -> list[str]:
    """The mismatches between an expectation and a resolution (empty = correct)."""
    kind = str(expect.get("kind", "")).strip()
    if kind != got.kind:
        return [f"kind: expected {kind}, got {got.kind}"]
    problems: list[str] = []
    if "value" in expect and not _same_value(kind, expect["value"], got.value):
        problems.append(f"value: expected {expect['value']}, got {got.value}")
    for key in ("start", "end"):
        if key in expect and not _same_point(expect[key], getattr(got, key)):
            problems.append(f"{key}: expected {expect[key]}, got {getattr(got, key)}")
    if "duration_min" in expect and expect["duration_min"] != got.duration_min:
        problems.append(f"duration_min: expected {expect['duration_min']}, got {got.duration_min}")
    if "iso_duration" in expect and (
        got.iso_duration is None
        or duration_key(str(expect["iso_duration"])) != duration_key(got.iso_duration)
    ):
        problems.append(f"iso_duration: expected {expect['iso_duration']}, got {got.iso_duration}")
    if "recurrence" in expect:
        wanted = expect["recurrence"] or {}
        have = got.recurrence
        if have is None:
            problems.append("recurrence: expected one, got none")
        else:
            if "count" in wanted and int(wanted["count"]) != have.count:
                problems.append(f"recurrence.count: expected {wanted['count']}, got {have.count}")
            if "per" in wanted and duration_key(str(wanted["per"])) != duration_key(have.per):
                problems.append(f"recurrence.per: expected {wanted['per']}, got {have.per}")
    return problems


# --- corpus and run ---------------------------------------------------------------------------


def parse_row(data: dict[str, Any], line: int = 0) -> CorpusRow:
    try:
        mention = datetime.fromisoformat(str(data["mention"]))
        expect = dict(data["expect"])
        text = str(data["text"])
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInput("a temporal corpus row is malformed", line=line, error=str(exc)) from exc
    if mention.utcoffset() is None or "kind" not in expect:
        raise InvalidInput("a corpus row needs a mention with an offset and an expected kind", line=line)
    convention = data.get("convention")
    return CorpusRow(text=text, mention=mention, expect=expect,
                     convention=str(convention) if convention is not None else None, line=line)


def read_jsonl(path: Path) -> list[tuple[int, dict[str, Any]]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InvalidInput("cannot read the temporal corpus", path=str(path)) from exc
    rows: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            try:
                rows.append((number, json.loads(line)))
            except json.JSONDecodeError as exc:
                raise InvalidInput("a temporal corpus line is not JSON", line=number) from exc
    return rows


def evaluate_rows(rows: Iterable[CorpusRow], resolver: Resolver = resolve_event_time) -> list[RowResult]:
    results = []
    for row in rows:
        got = resolver(row.text, row.mention)
        results.append(RowResult(row=row, got=got, mismatches=score(row.expect, got)))
    return results


def evaluate_file(path: Path, resolver: Resolver = resolve_event_time) -> TemporalReport:
    """Score a corpus file: format 2 rows as they are, Duckling rows through the adapter."""
    from app.evaluation.temporal_duckling import adapt_rows, is_duckling_row

    raw = read_jsonl(path)
    if raw and is_duckling_row(raw[0][1]):
        adapted, skipped = adapt_rows(raw)
        return TemporalReport(results=evaluate_rows(adapted, resolver), corpus=str(path),
                              not_covered=dict(Counter(skipped)), adapter="duckling")
    rows = [parse_row(data, line) for line, data in raw]
    return TemporalReport(results=evaluate_rows(rows, resolver), corpus=str(path))

