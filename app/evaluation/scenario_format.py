"""The scenario file contract (issue 5, format 1) as strict pydantic models, and its loader.

One scenario per YAML file. Every ``expect`` key is optional, and *absent* is different from
*null*: an absent key is not scored, ``event_time: null`` means the record's event time must be
empty. The models keep that distinction in ``model_fields_set`` (see :func:`is_given`).

Unknown keys are rejected (a typo in an expectation would otherwise silently score nothing), and
every error names the file and the path inside it::

    tests/scenarios/x.yaml: turns.0.expect.records.0.type: not a record type: 'labs'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictStr,
    ValidationError,
    field_validator,
    model_validator,
)

from app.errors import InvalidInput
from app.ingest.narrative.record_types import RECORD_TYPES

FindingKind = Literal["agreement", "contradiction", "gap", "no_clinical_relevance"]
Severity = Literal["low", "medium", "high"]
Route = Literal["structured", "associative", "both", "none"]
Abnormal = Literal["high", "low", "normal"]

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:@-]{0,79}$")
_FHIR_REF = re.compile(r"^[A-Za-z]+/[A-Za-z0-9.\-]{1,64}$")


class ScenarioFormatError(InvalidInput):
    """A scenario file that does not follow the contract; ``details`` has the path and errors."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


def is_given(model: BaseModel, key: str) -> bool:
    """True when the key was written in the file (even as ``null``); absent keys are not scored."""
    return key in model.model_fields_set


def _aware(value: datetime, what: str) -> datetime:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{what} needs a UTC offset (ISO 8601, e.g. 2021-03-10T21:00:00+00:00)")
    return value


def _time_point(value: Any) -> Any:
    """A date stays a date and a datetime a datetime, also when written as a quoted string."""
    if isinstance(value, str):
        text = value.strip()
        try:
            if "T" in text or " " in text:
                return datetime.fromisoformat(text)
            return date.fromisoformat(text)
        except ValueError as exc:
            raise ValueError(f"not an ISO 8601 date or datetime: {value!r}") from exc
    return value


TimePoint = Annotated[date | datetime, BeforeValidator(_time_point)]


class EventWindow(_Strict):
    """An inclusive window; each end a date (compared as the record's local date) or a datetime."""

    from_: TimePoint = Field(alias="from")
    to: TimePoint

    @model_validator(mode="after")
    def _ordered(self) -> EventWindow:
        for end in (self.from_, self.to):
            if isinstance(end, datetime):
                _aware(end, "an event_time datetime")
        lo = self.from_.date() if isinstance(self.from_, datetime) else self.from_
        hi = self.to.date() if isinstance(self.to, datetime) else self.to
        if lo > hi:
            raise ValueError("event_time window: 'from' is after 'to'")
        return self


EventTime = EventWindow | TimePoint


class ExpectedRecord(_Strict):
    type: str
    fields: dict[str, Any] = Field(default_factory=dict)
    event_time: EventTime | None = None
    abnormal: Abnormal | None = None
    concepts: list[StrictStr] = Field(default_factory=list)

    @field_validator("type")
    @classmethod
    def _known_type(cls, value: str) -> str:
        if value not in RECORD_TYPES:
            raise ValueError(f"not a record type: {value!r} (one of {', '.join(sorted(RECORD_TYPES))})")
        return value

    @field_validator("event_time")
    @classmethod
    def _aware_event_time(cls, value: EventTime | None) -> EventTime | None:
        if isinstance(value, datetime):
            _aware(value, "an event_time datetime")
        return value

    @model_validator(mode="after")
    def _known_fields(self) -> ExpectedRecord:
        allowed = set(RECORD_TYPES[self.type].model.model_fields)
        unknown = sorted(set(self.fields) - allowed)
        if unknown:
            raise ValueError(
                f"unknown field(s) {unknown} for record type {self.type!r} (allowed: {sorted(allowed)})"
            )
        for key, value in self.fields.items():
            if isinstance(value, dict | list):
                raise ValueError(f"field {key!r}: expected a scalar value")
        return self


class CitedResource(_Strict):
    resource_type: StrictStr
    system: StrictStr
    code: StrictStr

    def key(self) -> tuple[str, str, str]:
        return (self.resource_type.strip(), self.system.strip(), self.code.strip())


class ExpectedFinding(_Strict):
    kind: FindingKind
    severity: Severity | None = None
    safety_critical: bool | None = None
    cites: list[CitedResource] = Field(default_factory=list)


class TurnExpect(_Strict):
    retain: bool | None = None
    records: list[ExpectedRecord] = Field(default_factory=list)
    blocked: list[StrictStr] = Field(default_factory=list)
    findings: list[ExpectedFinding] = Field(default_factory=list)
    no_findings_of: list[FindingKind] = Field(default_factory=list)


class Turn(_Strict):
    at: datetime
    text: Annotated[str, Field(min_length=1)]
    expect: TurnExpect = Field(default_factory=TurnExpect)

    @field_validator("at")
    @classmethod
    def _aware_at(cls, value: datetime) -> datetime:
        return _aware(value, "a turn's 'at'")


class RelevantTurn(_Strict):
    turn: Annotated[int, Field(ge=0)]


class RelevantFhir(_Strict):
    fhir: str

    @field_validator("fhir")
    @classmethod
    def _reference(cls, value: str) -> str:
        if not _FHIR_REF.match(value):
            raise ValueError(f"a FHIR reference is 'Type/id', got {value!r}")
        return value


class QueryExpect(_Strict):
    route: Route | None = None
    relevant: list[RelevantTurn | RelevantFhir] = Field(default_factory=list)
    k: Annotated[int, Field(ge=1, le=100)] = 5
    empty: bool | None = None


class Query(_Strict):
    at: datetime
    text: Annotated[str, Field(min_length=1)]
    expect: QueryExpect = Field(default_factory=QueryExpect)

    @field_validator("at")
    @classmethod
    def _aware_at(cls, value: datetime) -> datetime:
        return _aware(value, "a query's 'at'")


class User(_Strict):
    id: str
    sex: Literal["female", "male", "other"] | None = None
    birth_date: date | None = None

    @field_validator("id")
    @classmethod
    def _valid_id(cls, value: str) -> str:
        if not _ID.match(value):
            raise ValueError("a user id is 1-80 characters of letters, digits and ._:@-")
        return value


class Scenario(_Strict):
    id: str
    description: str = ""
    user: User
    fhir: str | None = None
    turns: list[Turn] = Field(default_factory=list)
    queries: list[Query] = Field(default_factory=list)

    @field_validator("id")
    @classmethod
    def _valid_id(cls, value: str) -> str:
        if not _ID.match(value):
            raise ValueError("a scenario id is 1-80 characters of letters, digits and ._:@-")
        return value

    @field_validator("fhir")
    @classmethod
    def _relative(cls, value: str | None) -> str | None:
        if value is not None and (Path(value).is_absolute() or ".." in Path(value).parts):
            raise ValueError("fhir is a path relative to --data-root (no absolute path, no '..')")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if not self.turns and not self.queries:
            raise ValueError("a scenario needs at least one turn or query")
        for qi, query in enumerate(self.queries):
            for item in query.expect.relevant:
                if isinstance(item, RelevantTurn) and item.turn >= len(self.turns):
                    raise ValueError(f"queries.{qi}: relevant turn {item.turn} does not exist")
        return self


def _format_errors(exc: ValidationError) -> list[str]:
    lines = []
    for err in exc.errors(include_url=False):
        loc = ".".join(str(part) for part in err["loc"] if not str(part).startswith("function-"))
        msg = err["msg"].removeprefix("Value error, ")
        lines.append(f"{loc}: {msg}" if loc else msg)
    return lines


def parse_scenario(data: Any, source: str = "<scenario>") -> Scenario:
    """Validate one parsed YAML document; raises :class:`ScenarioFormatError` with every problem."""
    if not isinstance(data, dict):
        raise ScenarioFormatError(f"{source}: a scenario file holds one mapping", path=source)
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        errors = _format_errors(exc)
        raise ScenarioFormatError(f"{source}: " + "; ".join(errors), path=source, errors=errors) from exc


def load_scenario(path: Path) -> Scenario:
    """Read and validate one ``*.yaml`` scenario file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioFormatError(f"{path}: cannot read the file", path=str(path)) from exc
    try:
        documents = [doc for doc in yaml.safe_load_all(text) if doc is not None]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise ScenarioFormatError(f"{path}: not valid YAML{where}", path=str(path)) from exc
    if len(documents) != 1:
        raise ScenarioFormatError(f"{path}: expected one scenario, found {len(documents)}", path=str(path))
    return parse_scenario(documents[0], str(path))


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    """Expand directories to their ``*.yaml`` files (recursively, sorted); keep files as given."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.yaml") if p.is_file()))
        elif path.is_file():
            files.append(path)
        else:
            raise ScenarioFormatError(f"{path}: no such file or directory", path=str(path))
    return files


def load_scenarios(paths: Sequence[Path]) -> list[Scenario]:
    """Load every scenario under ``paths``; ids must be unique within a run."""
    scenarios: list[Scenario] = []
    seen: dict[str, Path] = {}
    for file in scenario_files(paths):
        scenario = load_scenario(file)
        if scenario.id in seen:
            raise ScenarioFormatError(
                f"{file}: scenario id {scenario.id!r} is also used by {seen[scenario.id]}",
                path=str(file),
                scenario_id=scenario.id,
            )
        seen[scenario.id] = file
        scenarios.append(scenario)
    if not scenarios:
        raise ScenarioFormatError("no scenario files found", paths=[str(p) for p in paths])
    return scenarios
