"""What the read path returns: items with ids, stream, provenance and per-branch scores.

Every value an item carries (``fields``, ``provenance``) is read from the node's properties at
rehydration time, never parsed from ``search_text``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Stream = Literal["narrative", "clinical"]
Route = Literal["none", "structured", "associative", "both"]
Branch = Literal["graph", "vector", "keyword"]
ItemKind = Literal["record", "conversation_event", "fhir_resource"]


class BranchScores(BaseModel):
    """Scores of one item: each branch's raw score and rank (1-based), and the fused RRF score."""

    graph: float | None = None
    vector: float | None = None
    keyword: float | None = None
    ranks: dict[str, int] = Field(default_factory=dict)
    fused: float | None = None


class Neighbour(BaseModel):
    """A record next to an item on its metric's time chain, or the episode it belongs to."""

    uid: str | None = None
    type: str | None = None
    name: str | None = None
    value: float | None = None
    unit: str | None = None
    event_start: str | None = None
    event_end: str | None = None
    mention_time: str | None = None


class TemporalContext(BaseModel):
    previous: Neighbour | None = None
    next: Neighbour | None = None
    episode: Neighbour | None = None


class Provenance(BaseModel):
    """Where an item came from and when (the two time axes)."""

    source_type: str | None = None
    source_id: str | None = None
    quote: str | None = None
    extractor: str | None = None
    confidence: float | None = None
    mention_time: str | None = None
    recorded_at: str | None = None
    event_start: str | None = None
    event_end: str | None = None
    time_text: str | None = None
    time_grain: str | None = None


class RetrievedItem(BaseModel):
    """One piece of evidence, rehydrated from its node."""

    model_config = ConfigDict(frozen=True)

    uid: str
    kind: ItemKind
    stream: Stream
    type: str
    fields: dict[str, Any] = Field(default_factory=dict)
    provenance: Provenance
    scores: BranchScores = Field(default_factory=BranchScores)
    context: TemporalContext | None = None


class Trend(BaseModel):
    """A metric's change over the returned points (computed, never stored by the read path)."""

    metric: str
    unit: str | None = None
    count: int
    first: float | None = None
    last: float | None = None
    change: float | None = None
    per_day: float | None = None
    direction: Literal["rising", "falling", "stable", "unknown"] = "unknown"
    since: str | None = None
    until: str | None = None


class Boundary(BaseModel):
    """Why a result is empty: the request named vocabulary the user's graph does not hold."""

    reason: str
    absent: list[str] = Field(default_factory=list)


class TimeWindow(BaseModel):
    start: datetime | None = None
    end: datetime | None = None
    text: str | None = None


class SearchResult(BaseModel):
    """The answer to one request."""

    route: Route
    items: list[RetrievedItem] = Field(default_factory=list)
    boundary: Boundary | None = None
    window: TimeWindow | None = None
    trend: Trend | None = None
    entities: list[str] = Field(default_factory=list)
    goals: list[dict[str, Any]] = Field(default_factory=list)
    constraints: list[dict[str, Any]] = Field(default_factory=list)
    preset: str
    timings_ms: dict[str, float] = Field(default_factory=dict)


class ContextPack(BaseModel):
    """What an agent needs for one turn, filtered by validity and trimmed to a token budget."""

    user_id: str
    at: datetime
    profile: dict[str, Any] = Field(default_factory=dict)
    profile_fields: list[dict[str, Any]] = Field(default_factory=list)
    medications: list[RetrievedItem] = Field(default_factory=list)
    constraints: list[dict[str, Any]] = Field(default_factory=list)
    recent: list[RetrievedItem] = Field(default_factory=list)
    evidence: list[RetrievedItem] = Field(default_factory=list)
    tokens: int = 0
    token_budget: int = 0
    dropped: int = 0
