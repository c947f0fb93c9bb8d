"""A small local stand-in of the Ollama HTTP API, served on 127.0.0.1 in a thread, for tests.

It speaks the parts of the API the project uses: ``POST /api/chat`` (streaming NDJSON or one JSON
object; ``format`` may be ``"json"`` or a JSON schema), ``GET /api/tags`` and ``GET /api/version``.
Replies come from a script (a list of strings, one per chat call, the last one repeated); an
error (HTTP status and message) or a delay can be configured per call. Every request body is
recorded in ``requests`` so tests can check what the client sent (the model, the schema).

Usage::

    with OllamaStandIn(replies=['{"records": []}']) as server:
        model = ChatOllama(model="stand-in", base_url=server.url)
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = str | Callable[[dict[str, Any]], str]


@dataclass
class Failure:
    """An HTTP error answered instead of a reply."""

    status: int = 500
    message: str = "stand-in failure"


@dataclass
class Script:
    replies: list[Reply] = field(default_factory=lambda: ['{"records": []}'])
    failures: dict[int, Failure] = field(default_factory=dict)  # call index -> failure
    delay_s: float = 0.0
    models: list[str] = field(default_factory=lambda: ["stand-in"])


class OllamaStandIn:
    """The stand-in server (a context manager)."""

    def __init__(
        self,
        replies: list[Reply] | None = None,
        *,
        delay_s: float = 0.0,
        failures: dict[int, Failure] | None = None,
    ) -> None:
        self.script = Script(
            replies=list(replies or ['{"records": []}']), failures=dict(failures or {}), delay_s=delay_s
        )
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> OllamaStandIn:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _next(self, body: dict[str, Any]) -> tuple[int, Reply | Failure]:
        with self._lock:
            index = len(self.requests)
            self.requests.append(body)
        failure = self.script.failures.get(index)
        if failure is not None:
            return index, failure
        replies = self.script.replies
        return index, replies[min(index, len(replies) - 1)]

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def _json(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                if self.path == "/api/tags":
                    models = [
                        {"name": m, "model": m, "size": 1, "digest": "0" * 12} for m in standin.script.models
                    ]
                    self._json(200, {"models": models})
                elif self.path == "/api/version":
                    self._json(200, {"version": "0.0.0-standin"})
                else:
                    self._json(404, {"error": "not found"})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                if self.path != "/api/chat":
                    self._json(404, {"error": "not found"})
                    return
                _, reply = standin._next(body)
                if standin.script.delay_s:
                    time.sleep(standin.script.delay_s)
                if isinstance(reply, Failure):
                    self._json(reply.status, {"error": reply.message})
                    return
                content = reply(body) if callable(reply) else reply
                model = body.get("model", "stand-in")
                if body.get("stream", True):
                    self._stream(model, content)
                else:
                    self._json(200, _chunk(model, content, done=True))

            def _stream(self, model: str, content: str) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ndjson")
                self.end_headers()
                pieces = [content[i : i + 16] for i in range(0, len(content), 16)] or [""]
                for piece in pieces:
                    self.wfile.write((json.dumps(_chunk(model, piece, done=False)) + "\n").encode())
                    self.wfile.flush()
                self.wfile.write((json.dumps(_chunk(model, "", done=True)) + "\n").encode())
                self.wfile.flush()

        return Handler


def _chunk(model: str, content: str, *, done: bool) -> dict[str, Any]:
    chunk: dict[str, Any] = {
        "model": model,
        "created_at": "2026-01-01T00:00:00Z",
        "message": {"role": "assistant", "content": content},
        "done": done,
    }
    if done:
        chunk.update(
            done_reason="stop",
            total_duration=1,
            load_duration=1,
            prompt_eval_count=1,
            prompt_eval_duration=1,
            eval_count=1,
            eval_duration=1,
        )
    return chunk
