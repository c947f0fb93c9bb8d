"""The one exception tree of Selfgraph.

Every error the project raises on purpose is a :class:`SelfgraphError`. Packages subclass the
narrow classes below with structured attributes; driver and vendor errors are translated at the
adapter that calls them (``app.db.client``), and the API maps the tree to RFC 9457 problem
responses in one place (``app.api.problems``)::

    SelfgraphError
    ├── ConfigurationError            500  settings or installation are wrong
    ├── DatabaseUnavailable           503  Neo4j cannot be reached
    ├── DatabaseError                 500  Neo4j answered with an error
    ├── InvalidInput                  422  the request or file is malformed; nothing was written
    ├── NotFound                      404  the user or item does not exist
    ├── Conflict                      409  the state of the graph forbids the operation
    │   └── (e.g. DictionaryVersionMismatch)
    ├── Unauthenticated               401  missing or unknown API key
    ├── Forbidden                     403  the key may not act for this user
    └── UpstreamError                 502  an LLM or other upstream service failed
"""

from __future__ import annotations

from typing import Any, ClassVar


class SelfgraphError(Exception):
    """Root of every deliberate Selfgraph error.

    Attributes:
        message: A human-readable sentence, safe to show to an API client (no health text).
        details: Structured, JSON-serialisable context (ids, field names, counts).
    """

    status_code: ClassVar[int] = 500
    title: ClassVar[str] = "Selfgraph error"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details: dict[str, Any] = details


class ConfigurationError(SelfgraphError):
    title = "Configuration error"


class DatabaseUnavailable(SelfgraphError):
    status_code = 503
    title = "Database unavailable"


class DatabaseError(SelfgraphError):
    title = "Database error"


class InvalidInput(SelfgraphError):
    status_code = 422
    title = "Invalid input"


class NotFound(SelfgraphError):
    status_code = 404
    title = "Not found"


class Conflict(SelfgraphError):
    status_code = 409
    title = "Conflict"


class Unauthenticated(SelfgraphError):
    status_code = 401
    title = "Unauthenticated"


class Forbidden(SelfgraphError):
    status_code = 403
    title = "Forbidden"


class UpstreamError(SelfgraphError):
    status_code = 502
    title = "Upstream service error"
