"""The ``selfgraph`` command line: one typer app, one sub-command module per capability."""

from __future__ import annotations

import typer

from app.cli import db, demo, schema, serve
from app.cli.console import configure_logging

app = typer.Typer(
    name="selfgraph",
    help="Selfgraph: a personal health memory for AI agents, on Neo4j.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(db.app, name="db")
app.add_typer(schema.app, name="schema")
app.command("serve")(serve.serve)
app.command("demo")(demo.demo)


@app.callback()
def _root(verbose: bool = typer.Option(False, "--verbose", "-v", help="Log at DEBUG level.")) -> None:
    configure_logging("DEBUG" if verbose else None)


def main() -> None:
    app()
