"""The ``selfgraph`` command line: one typer app, one sub-command module per capability."""

from __future__ import annotations

import typer

from app.cli import db, demo, dictionary, ingest, say, schema, serve
from app.cli import evaluation as evaluation_cli
from app.cli import findings as findings_cli
from app.cli import profile as profile_cli
from app.cli import temporal as temporal_cli
from app.cli.console import configure_logging

app = typer.Typer(
    name="selfgraph",
    help="Selfgraph: a personal health memory for AI agents, on Neo4j.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(db.app, name="db")
app.add_typer(schema.app, name="schema")
app.add_typer(dictionary.app, name="dictionary")
app.add_typer(ingest.app, name="ingest")
app.command("serve")(serve.serve)
app.command("demo")(demo.demo)
app.command("say")(say.say)
app.command("findings")(findings_cli.findings)
app.add_typer(profile_cli.app, name="profile")
app.add_typer(evaluation_cli.app, name="eval")
app.command("resolve-time")(temporal_cli.resolve_time)


@app.callback()
def _root(verbose: bool = typer.Option(False, "--verbose", "-v", help="Log at DEBUG level.")) -> None:
    configure_logging("DEBUG" if verbose else None)


def main() -> None:
    app()
