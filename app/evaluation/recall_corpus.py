"""The recall evaluation's corpus (LoCoMo format): samples of turns and questions, loaded as users' events.

Each ``sample_id`` groups its turns and the questions that name evidence turns (:class:`Sample`);
:func:`load_sample` writes a sample's turns as a user's ``ConversationEvent`` nodes (``external_id``
= the turn's ``dia_id``, mention time = its session time, ``search_text`` = "speaker: text") and
chains consecutive turns of a session by ``NEXT``; :func:`session_clock` is the conversation's "now".
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

from app.db.client import GraphClient
from app.errors import InvalidInput
from app.evaluation.queries import CHAIN_TURNS, WRITE_TURNS
from app.users.service import ensure_self, user_token


@dataclass
class Sample:
    sample_id: str
    turns: list[dict[str, Any]] = field(default_factory=list)
    questions: list[dict[str, Any]] = field(default_factory=list)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    try:
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, json.JSONDecodeError) as exc:
        raise InvalidInput("Cannot read the corpus file.", file=str(path)) from exc


def load_samples(turns_file: Path, questions_file: Path) -> list[Sample]:
    samples: dict[str, Sample] = {}
    for turn in read_jsonl(turns_file):
        samples.setdefault(turn["sample_id"], Sample(turn["sample_id"])).turns.append(turn)
    for question in read_jsonl(questions_file):
        if question["sample_id"] in samples and question.get("evidence"):
            samples[question["sample_id"]].questions.append(question)
    return list(samples.values())


def event_uid(user_id: str, dia_id: str) -> str:
    return f"{user_id}|{dia_id}"


def load_sample(client: GraphClient, user_id: str, sample: Sample) -> int:
    """Write the sample's turns as the user's conversation events (idempotent) and chain them."""
    ensure_self(client, user_id)
    rows = [
        {
            "uid": event_uid(user_id, t["dia_id"]),
            "dia_id": t["dia_id"],
            "session_id": f"{sample.sample_id}-s{t['session']}",
            "speaker": t["speaker"],
            "text": t["text"],
            "search_text": f"{t['speaker']}: {t['text']}",
            "mention_time": datetime.fromisoformat(t["session_datetime"]).replace(tzinfo=UTC).isoformat(),
        }
        for t in sample.turns
    ]
    for start in range(0, len(rows), 1000):
        client.write(
            WRITE_TURNS, {"user_id": user_id, "user_token": user_token(user_id), "turns": rows[start : start + 1000]}
        )
    pairs = [{"a": a["uid"], "b": b["uid"]} for a, b in pairwise(rows) if a["session_id"] == b["session_id"]]
    client.write(CHAIN_TURNS, {"pairs": pairs})
    return len(rows)


def session_clock(sample: Sample) -> datetime:
    """The conversation's "now": its last session's time (questions are asked after it)."""
    latest = max(datetime.fromisoformat(t["session_datetime"]) for t in sample.turns)
    return latest.replace(tzinfo=UTC) if latest.tzinfo is None else latest
