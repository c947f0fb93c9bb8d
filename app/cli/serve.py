"""``selfgraph serve``: run the REST API with uvicorn."""

from __future__ import annotations

import typer
import uvicorn

from app.api import create_app
from app.settings import get_settings


def serve(
    host: str = typer.Option(None, help="Bind address (default from settings: 127.0.0.1)."),
    port: int = typer.Option(None, help="Port (default from settings: 8000)."),
) -> None:
    """Serve the REST API (OpenAPI at /docs)."""
    settings = get_settings()
    uvicorn.run(create_app(settings), host=host or settings.api.host, port=port or settings.api.port)
