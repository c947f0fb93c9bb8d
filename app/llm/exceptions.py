"""LLM failures, translated from vendor errors at this adapter::

UpstreamError (app.errors)
└── LlmError                 the chat model failed
    ├── LlmUnavailable       the backend cannot be reached or answered with an error
    ├── LlmTimeout           no answer within the configured timeout
    └── LlmInvalidOutput     the answer never validated against the schema (after retries)
"""

from __future__ import annotations

from app.errors import UpstreamError


class LlmError(UpstreamError):
    title = "LLM error"


class LlmUnavailable(LlmError):
    title = "LLM unavailable"


class LlmTimeout(LlmError):
    title = "LLM timeout"


class LlmInvalidOutput(LlmError):
    title = "LLM output invalid"
