"""``selfgraph findings --user ID``: a user's reconciliation findings as a table."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import typer
from rich.table import Table

from app.cli.console import console, graph_client
from app.reconcile.service import list_findings


def findings(
    user: Annotated[str, typer.Option("--user", help="The user id.")],
    kind: Annotated[
        str | None, typer.Option(help="agreement | contradiction | gap | no_clinical_relevance")
    ] = None,
    severity: Annotated[str | None, typer.Option(help="low | medium | high")] = None,
    safety_critical: Annotated[bool | None, typer.Option("--safety-critical/--not-safety-critical")] = None,
    since: Annotated[
        datetime | None, typer.Option(help="Only findings with an event time at or after this.")
    ] = None,
    status: Annotated[str | None, typer.Option(help="open | superseded | resolved")] = None,
) -> None:
    """List a user's reconciliation findings, oldest first."""
    with graph_client() as client:
        rows = list_findings(
            client,
            user,
            kind=kind,
            severity=severity,
            safety_critical=safety_critical,
            since=since,
            status=status,
        )
    table = Table(title=f"Findings of {user} ({len(rows)})")
    for column in ("event time", "kind", "severity", "safety", "status", "rule", "cites", "rationale"):
        table.add_column(column, overflow="fold")
    for row in rows:
        table.add_row(
            (row["event_start"] or "")[:10],
            row["kind"],
            row["severity"] or "",
            "yes" if row["safety_critical"] else "",
            row["status"] or "",
            row["rule"] or "",
            "\n".join(row["cites"] or []),
            row["rationale"] or "",
        )
    console.print(table)
