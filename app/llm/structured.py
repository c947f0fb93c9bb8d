"""One schema-constrained chat call: messages in, a validated pydantic object out.

The JSON schema of the response model is sent as the backend's structured-output constraint
where the model supports one (Ollama's ``format``); the reply is parsed and validated either way.
An invalid reply is retried with the validation error fed back (``retries`` times); vendor errors
are translated into :mod:`app.llm.exceptions`. The caller's message list is never mutated.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Sequence
from typing import Any, TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from pydantic import BaseModel, ValidationError

from app.llm.exceptions import LlmError, LlmInvalidOutput, LlmTimeout, LlmUnavailable

logger = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)
_FENCE = re.compile(r"^\s*```(?:json)?\s*(?P<body>.*?)\s*```\s*$", re.DOTALL)


def invoke_structured(
    model: BaseChatModel,
    schema: type[T],
    messages: Sequence[BaseMessage],
    *,
    retries: int = 2,
) -> T:
    """Call ``model`` and return its reply validated as ``schema``.

    Raises:
        LlmTimeout: The backend did not answer in time.
        LlmUnavailable: The backend could not be reached or answered with an error.
        LlmInvalidOutput: No reply validated after ``retries`` retries.
    """
    schema_format = schema.model_json_schema() if "format" in type(model).model_fields else None
    history = list(messages)
    problem = ""
    for attempt in range(retries + 1):
        started = time.monotonic()
        reply = _call(model, history, schema_format)
        text = _text(reply)
        try:
            result = schema.model_validate_json(_unfenced(text))
        except ValidationError as exc:
            problem = _summary(exc)
            logger.info("structured reply invalid (attempt %d, %d error(s))", attempt + 1, exc.error_count())
            history = [
                *history,
                AIMessage(content=text),
                HumanMessage(
                    content=f"The reply did not match the JSON schema ({problem}). "
                    "Answer again with one JSON object that matches the schema, and nothing else."
                ),
            ]
            continue
        logger.debug("structured reply valid in %.0f ms", (time.monotonic() - started) * 1000)
        return result
    raise LlmInvalidOutput(
        "The language model gave no valid answer.",
        schema=schema.__name__,
        attempts=retries + 1,
        problem=problem,
    )


def _call(
    model: BaseChatModel, history: list[BaseMessage], schema_format: dict[str, Any] | None
) -> BaseMessage:
    try:
        if schema_format is None:
            return model.invoke(history)
        return model.invoke(history, format=schema_format)
    except LlmError:
        raise
    except Exception as exc:  # vendor errors are translated here, at the adapter
        raise _translate(exc) from exc


def _translate(exc: Exception) -> LlmError:
    import httpx

    if isinstance(exc, httpx.TimeoutException | TimeoutError):
        return LlmTimeout("The language model did not answer in time.", error=type(exc).__name__)
    status = getattr(exc, "status_code", None)
    return LlmUnavailable("The language model backend failed.", error=type(exc).__name__, status=status)


def _text(reply: BaseMessage) -> str:
    content = reply.content
    if isinstance(content, str):
        return content
    parts = [p if isinstance(p, str) else str(p.get("text", "")) for p in content]
    return "".join(parts)


def _unfenced(text: str) -> str:
    m = _FENCE.match(text)
    return m.group("body") if m else text


def _summary(exc: ValidationError) -> str:
    """Field locations and error types only (never the values: they may be health text)."""
    return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'root'}: {e['type']}" for e in exc.errors()[:5])


def schema_text(schema: type[BaseModel]) -> str:
    """The schema as compact JSON, for prompts of backends without a structured-output option."""
    return json.dumps(schema.model_json_schema(), separators=(",", ":"))
