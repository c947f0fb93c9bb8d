"""``selfgraph schema apply | show | bloom``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from app.cli.console import console, graph_client
from app.db.schema import SHOW_INDEXES, apply_schema
from app.graph_schema.bloom import render_perspective

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


@app.command()
def bloom(
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file (default: stdout).")] = None,
) -> None:
    """Print the Neo4j Bloom perspective derived from the declarations (docs/bloom/)."""
    text = render_perspective()
    if out is None:
        typer.echo(text, nl=False)
        return
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    console.print(f"perspective written to {out}")
