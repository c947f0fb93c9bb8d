"""``selfgraph say --user ID --at ISO "text"``: one turn through the write path, records as a table."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import typer
from rich.table import Table

from app.cli.console import console, graph_client
from app.dictionary import load_snapshot
from app.errors import InvalidInput
from app.ingest.write_path import TurnResult
from app.pipeline import handle_turn


def say(
    text: str = typer.Argument(..., help="What the user said."),
    user: str = typer.Option(..., "--user", help="The user's id."),
    at: str = typer.Option(..., "--at", help="Mention time, ISO 8601 with a UTC offset."),
    session: str | None = typer.Option(None, "--session", help="Conversation session id."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Store one user turn (idempotent) and show the records, blocked candidates and gate decision."""
    with graph_client() as client:
        try:
            mention = datetime.fromisoformat(at)
        except ValueError as exc:
            raise InvalidInput("--at is not an ISO 8601 datetime.", field="at") from exc
        outcome = handle_turn(
            client, user, text, mention, session, snapshot=load_snapshot(), clock=lambda: datetime.now(UTC)
        )
    result = outcome.turn
    if as_json:
        payload = {
            **result.model_dump(mode="json"),
            "findings": [f.model_dump(mode="json") for f in outcome.findings],
        }
        console.print_json(json.dumps(payload))
        return
    print_turn(result)
    for finding in outcome.findings:
        flag = ", safety-critical" if finding.safety_critical else ""
        console.print(
            f"  finding: {finding.kind} ({finding.severity or '-'}{flag}) {finding.rationale}", markup=False
        )


def print_turn(result: TurnResult, *, title: str | None = None) -> None:
    """The gate decision, the records (uid, type, fields, event time) and blocked candidates."""
    gate = "kept" if result.gate.retain else "not kept"
    replay = " (already stored: nothing written)" if result.replayed else ""
    console.print(f"{title or 'turn'}: gate {gate} ({result.gate.reason}){replay}")
    if result.records:
        console.print(records_table(result))
    for blocked in result.blocked:
        console.print(f"  [yellow]blocked[/yellow] {blocked.type} {blocked.name or ''}: {blocked.reason}")
    if result.event_ids:
        console.print(f"  conversation events: {len(result.event_ids)}")


def records_table(result: TurnResult) -> Table:
    table = Table("uid", "type", "fields", "event time", show_lines=False)
    for record in result.records:
        fields = ", ".join(f"{k}={v}" for k, v in record.fields.items() if k not in {"concepts", "derived"})
        when = record.event_start[:16] if record.event_start else (record.time_text or "")
        table.add_row(record.uid.split("#")[-1], record.type, fields, when)
    return table
