"""Build the configured chat model (langchain-core's ``BaseChatModel``)."""

from __future__ import annotations

import logging

from langchain_core.language_models import BaseChatModel

from app.errors import ConfigurationError
from app.settings import LlmSettings

logger = logging.getLogger(__name__)


def build_chat_model(settings: LlmSettings) -> BaseChatModel | None:
    """The chat model of ``settings``; ``None`` for the deterministic ``none`` backend.

    ``ollama`` -> ``langchain_ollama.ChatOllama`` with the model, host, temperature and timeout
    of the settings (the timeout bounds every HTTP call of the client).
    """
    if settings.backend == "none":
        return None
    if settings.backend == "ollama":
        from langchain_ollama import ChatOllama

        logger.info("LLM backend ollama, model %s", settings.model)
        return ChatOllama(
            model=settings.model,
            base_url=settings.host,
            temperature=settings.temperature,
            client_kwargs={"timeout": settings.timeout_s},
        )
    raise ConfigurationError("Unknown LLM backend.", backend=settings.backend)
