"""Scripted conversations (``seed/conversations/*.yaml``) fed through the write path turn by turn.

A file holds the user's static facts (``user_sex``, ``user_birth_date``, optional) and ``turns``,
each ``{at: ISO 8601 with offset, text: ...}``. Used by ``selfgraph demo``; replaying a file is
idempotent like any turn.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path

import yaml
from pydantic import AwareDatetime, BaseModel, ConfigDict

from app.db.client import GraphClient
from app.dictionary import DictionarySnapshot
from app.errors import InvalidInput
from app.ingest.write_path.models import TurnResult
from app.ingest.write_path.service import process_turn
from app.settings import PROJECT_ROOT
from app.users.service import ensure_self

CONVERSATIONS_DIR = PROJECT_ROOT / "seed" / "conversations"


class ScriptedTurn(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    at: AwareDatetime
    text: str


class Conversation(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    user_sex: str | None = None
    user_birth_date: date | None = None
    turns: list[ScriptedTurn]


def load_conversation(path: Path) -> Conversation:
    try:
        return Conversation.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError, ValueError) as exc:
        raise InvalidInput("The conversation file is not valid.", path=path.name) from exc


def feed_conversation(
    client: GraphClient,
    user_id: str,
    conversation: Conversation,
    *,
    snapshot: DictionarySnapshot,
    clock: Callable[[], datetime],
    session_id: str = "scripted",
) -> list[tuple[ScriptedTurn, TurnResult]]:
    """Create the user's ``Self`` with the file's static facts, then send every turn in order."""
    ensure_self(client, user_id, sex=conversation.user_sex, birth_date=conversation.user_birth_date)
    return [
        (turn, process_turn(client, user_id, turn.text, turn.at, session_id, snapshot=snapshot, clock=clock))
        for turn in conversation.turns
    ]
