"""What a turn goes in as and comes out as, and the deterministic ids that make replays idempotent."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.errors import InvalidInput
from app.users.service import validate_user_id

MAX_TURN_CHARS = 10_000


class GateDecision(BaseModel):
    """The memory gate's verdict on a turn (``retain``) and why, as returned to the caller."""

    model_config = ConfigDict(frozen=True)

    retain: bool
    reason: str
    clinical_allowed: bool = Field(
        default=True, description="False when the gate was unsure: no clinical record admitted"
    )


class WrittenRecord(BaseModel):
    """A record of the turn as stored: uid, type, stated fields, grounding and event time."""

    model_config = ConfigDict(frozen=True)

    uid: str
    type: str
    fields: dict[str, Any]
    quote: str | None = None
    time_text: str | None = None
    event_start: str | None = None
    event_end: str | None = None
    status: str = "current"
    search_text: str | None = None


class BlockedCandidate(BaseModel):
    """A candidate kept out of the store: the gate or a ConText assertion refused it."""

    model_config = ConfigDict(frozen=True)

    type: str
    reason: str
    name: str | None = None
    quote: str | None = None  # masked


class TurnResult(BaseModel):
    """The outcome of one turn."""

    model_config = ConfigDict(frozen=True)

    user_id: str
    utterance_id: str
    replayed: bool = Field(
        default=False, description="True when the same turn was already stored: nothing was written"
    )
    gate: GateDecision
    records: list[WrittenRecord] = Field(default_factory=list)
    blocked: list[BlockedCandidate] = Field(default_factory=list)
    event_ids: list[str] = Field(default_factory=list)
    derived: dict[str, int] = Field(default_factory=dict, description="counts of derived-layer changes")
    operation_id: str | None = None


def validate_turn(user_id: str, text: str, mention_time: datetime) -> None:
    """Refuse bad input before anything runs (nothing is written)."""
    validate_user_id(user_id)
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput("The turn text is empty.", field="text")
    if len(text) > MAX_TURN_CHARS:
        raise InvalidInput("The turn text is too long.", field="text", max_chars=MAX_TURN_CHARS)
    if (
        not isinstance(mention_time, datetime)
        or mention_time.tzinfo is None
        or mention_time.utcoffset() is None
    ):
        raise InvalidInput("mention_time must be a datetime with a UTC offset.", field="mention_time")


def utterance_uid(user_id: str, mention_time: datetime, text: str) -> str:
    """``utt-`` + a hash of (user, mention instant, text): the same turn twice has one id."""
    instant = mention_time.isoformat(timespec="microseconds")
    digest = hashlib.sha256(f"{user_id}\x1f{instant}\x1f{text.strip()}".encode()).hexdigest()
    return f"utt-{digest[:32]}"


def record_uid(utterance_id: str, index: int) -> str:
    return f"{utterance_id}#r{index}"


def event_uid(utterance_id: str, index: int) -> str:
    return f"{utterance_id}#e{index}"


def derived_uid(user_id: str, record_type: str, key: str) -> str:
    """One derived record per (user, type, key): kept current in place."""
    return f"{user_id}|{record_type}|{key}"
