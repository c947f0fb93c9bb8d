"""Shared pieces of the CLI: the rich console, logging set-up, error display, the graph client."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import typer
from rich.console import Console
from rich.logging import RichHandler

from app.db.client import GraphClient
from app.errors import SelfgraphError
from app.settings import get_settings

console = Console()
err_console = Console(stderr=True)

T = TypeVar("T")


def configure_logging(level: str | None = None) -> None:
    logging.basicConfig(
        level=level or get_settings().log_level,
        format="%(name)s: %(message)s",
        handlers=[RichHandler(console=err_console, show_path=False, show_time=False)],
        force=True,
    )
    for noisy in ("httpx", "sentence_transformers", "urllib3"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    # The driver logs every transparent retry as a warning; our adapter reports real failures.
    logging.getLogger("neo4j").setLevel(logging.ERROR)


@contextmanager
def graph_client() -> Iterator[GraphClient]:
    """A client for the configured database; errors are shown as one line and exit code 1."""
    with cli_errors(), GraphClient.from_settings(get_settings()) as client:
        yield client


@contextmanager
def cli_errors() -> Iterator[None]:
    try:
        yield
    except SelfgraphError as exc:
        err_console.print(f"[red]error:[/red] {exc.message}")
        for key, value in exc.details.items():
            err_console.print(f"  {key}: {value}")
        raise typer.Exit(1) from exc


def run_or_exit(fn: Callable[[], T]) -> T:
    with cli_errors():
        return fn()


def is_interactive() -> bool:
    return sys.stderr.isatty()
