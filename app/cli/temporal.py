"""``selfgraph resolve-time --at ISO "expression"``: the resolver's answer as JSON."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated

import typer

from app.cli.console import console, run_or_exit
from app.errors import InvalidInput
from app.ingest.temporal import TemporalResolution, resolve_all, resolve_event_time


def _as_json(resolution: TemporalResolution) -> dict[str, object]:
    data: dict[str, object] = resolution.model_dump(exclude_none=True)
    start, end = resolution.event_start, resolution.event_end
    data["event_start"] = start.isoformat() if start else None
    data["event_end"] = end.isoformat() if end else None
    return data


def _mention(at: str) -> datetime:
    try:
        mention = datetime.fromisoformat(at)
    except ValueError as exc:
        raise InvalidInput("--at must be an ISO 8601 datetime with a UTC offset", at=at) from exc
    if mention.utcoffset() is None:
        raise InvalidInput("--at must carry a UTC offset (e.g. +09:00)", at=at)
    return mention


def resolve_time(
    expression: Annotated[str, typer.Argument(help="A time expression or a whole utterance.")],
    at: Annotated[str, typer.Option("--at", help="Mention time, ISO 8601 with offset.")],
    all_expressions: Annotated[bool, typer.Option("--all", help="List every expression found.")] = False,
) -> None:
    """Resolve a time expression against the mention time (docs/temporal.md) and print JSON."""
    mention = run_or_exit(lambda: _mention(at))
    if all_expressions:
        payload: object = [_as_json(r) for r in resolve_all(expression, mention)]
    else:
        payload = _as_json(resolve_event_time(expression, mention))
    console.print_json(json.dumps(payload))
