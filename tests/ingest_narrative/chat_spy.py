"""A fake chat model that records the last message of every call (what an extractor tier was handed)."""

from __future__ import annotations

from typing import Any

from langchain_core.language_models.fake_chat_models import FakeListChatModel


def spied_model(responses: list[str]) -> tuple[FakeListChatModel, list[str]]:
    """The model answering ``responses`` in turn, and the list its calls' last messages are appended to."""
    model = FakeListChatModel(responses=responses)
    seen: list[str] = []
    original = model.invoke

    def spy(messages: Any, **kwargs: Any) -> Any:
        seen.append(messages[-1].content)
        return original(messages, **kwargs)

    object.__setattr__(model, "invoke", spy)
    return model, seen
