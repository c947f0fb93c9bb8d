"""``selfgraph schema apply | show``."""

from __future__ import annotations

import typer
from rich.table import Table

from app.cli.console import console, graph_client
from app.db.schema import SHOW_INDEXES, apply_schema

app = typer.Typer(help="Constraints and indexes (cypher/schema.cypher).", no_args_is_help=True)


@app.command()
def apply() -> None:
    """Apply cypher/schema.cypher (idempotent) and record its version."""
    with graph_client() as client:
        report = apply_schema(client)
    console.print(
        f"schema {report.version}: {report.statements} statements, "
        f"{report.constraints} constraints, {report.indexes} indexes"
    )


@app.command()
def show() -> None:
    """List the indexes the database holds."""
    with graph_client() as client:
        rows = client.read(SHOW_INDEXES)
    table = Table("name", "type", "labels", "properties", "state")
    for row in rows:
        table.add_row(row["name"], row["type"], ",".join(row["labelsOrTypes"] or []),
                      ",".join(row["properties"] or []), row["state"])
    console.print(table)
