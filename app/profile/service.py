"""Entry points: build the refresher from settings, read a profile with its provenance."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from app.db.client import GraphClient
from app.profile.contract import CONTRACT
from app.profile.regeneration import ProfileRefresher
from app.profile.store import read_fields
from app.profile.synthesis import ChatSynthesizer, ComposerSynthesizer, FieldSynthesizer
from app.settings import Settings
from app.users.service import get_self


def utc_now() -> datetime:
    return datetime.now(UTC)


def build_synthesizer(settings: Settings) -> FieldSynthesizer:
    """The chat model named by the settings (Ollama), or the offline composer for backend ``none``."""
    if settings.llm.backend == "none":
        return ComposerSynthesizer()
    from app.llm.chat import build_chat_model

    model = build_chat_model(settings.llm)
    if model is None:
        return ComposerSynthesizer()
    return ChatSynthesizer(
        model,
        CONTRACT,
        model_name=settings.llm.model,
        timeout_s=settings.llm.timeout_s,
        retries=settings.llm.retries,
    )


def build_refresher(
    client: GraphClient, settings: Settings, clock: Callable[[], datetime] = utc_now
) -> ProfileRefresher:
    return ProfileRefresher(client, build_synthesizer(settings), clock=clock)


def read_profile(client: GraphClient, user_id: str) -> dict[str, Any]:
    """The stored profile in contract order, each field with its provenance."""
    get_self(client, user_id)
    stored = read_fields(client, user_id)
    fields = []
    for name in CONTRACT.fields:
        item = stored.get(name)
        if item is None:
            continue
        fields.append(
            {
                "field": name,
                "question": CONTRACT.question(name).question,
                "text": item.text,
                "status": item.status,
                "contract_id": item.contract_id,
                "current_contract": item.contract_id == CONTRACT.contract_id,
                "backend": item.backend,
                "model": item.model,
                "data_through": item.data_through,
                "generated_at": item.generated_at,
                "evidence_ids": list(item.evidence_ids),
                "sentences": list(item.sentences),
            }
        )
    return {"user_id": user_id, "contract_id": CONTRACT.contract_id, "fields": fields}
