"""What a run of the pipeline produced for one scenario, as plain data the metrics score.

The runner fills these from the live services; the unit tests build them by hand. A part that was
not measured is ``None`` (not an empty tuple): a turn whose findings are ``None`` is not scored for
reconciliation, while ``()`` means "measured, and nothing came out".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class ObservedRecord:
    """A typed record as stored: contract field names, event time (end exclusive), annotations."""

    id: str
    type: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    event_start: datetime | None = None
    event_end: datetime | None = None
    abnormal: str | None = None
    concepts: tuple[str, ...] = ()


@dataclass(frozen=True)
class ObservedFinding:
    """A reconciliation finding; ``cites`` are ``"<resource type>|<system>|<code>"`` strings."""

    id: str
    kind: str
    severity: str | None = None
    safety_critical: bool = False
    cites: tuple[str, ...] = ()


@dataclass(frozen=True)
class TurnOutcome:
    """One turn's results; ``None`` marks a part that was not measured."""

    utterance_id: str | None = None
    retained: bool | None = None
    records: tuple[ObservedRecord, ...] | None = None
    blocked: tuple[str, ...] | None = None
    findings: tuple[ObservedFinding, ...] | None = None
    event_ids: tuple[str, ...] = ()
    """Conversation events the turn produced (findable by associative recall)."""


@dataclass(frozen=True)
class RetrievedItem:
    """One ranked item: its id and the sources it came from (utterance ids, ``Type/id`` of FHIR)."""

    id: str
    source_ids: tuple[str, ...] = ()
    stream: str | None = None


@dataclass(frozen=True)
class QueryOutcome:
    route: str | None = None
    items: tuple[RetrievedItem, ...] = ()


@dataclass
class ScenarioOutcome:
    """Everything one scenario produced, aligned with its turns and queries (``None`` = not run)."""

    turns: list[TurnOutcome | None]
    queries: list[QueryOutcome | None]
    errors: list[str] = field(default_factory=list)
    unavailable: dict[str, str] = field(default_factory=dict)
    unfed_findings: int = 0
    """Isolated mode: expected findings of turns whose expectations list no record (nothing to feed the
    reconciler), left unscored rather than counted as misses."""
