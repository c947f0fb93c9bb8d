"""``selfgraph db start | stop | status``: the embedded Neo4j runtime."""

from __future__ import annotations

import typer

from app.cli.console import cli_errors, console
from app.db.launcher import EmbeddedNeo4j
from app.settings import get_settings

app = typer.Typer(help="Run the embedded Neo4j 5.26 (real engine from Maven Central).", no_args_is_help=True)


def _launcher() -> EmbeddedNeo4j:
    settings = get_settings()
    if settings.external_neo4j:
        console.print(f"[yellow]NEO4J_URI is set ({settings.bolt_uri}); the embedded runtime is not used.[/yellow]")
        raise typer.Exit(0)
    return EmbeddedNeo4j(settings)


@app.command()
def start() -> None:
    """Fetch the jars on first use, start Neo4j in the background and wait until Bolt answers."""
    launcher = _launcher()
    with cli_errors(), console.status("starting Neo4j (first run fetches the jars from Maven Central)…"):
        status = launcher.start()
    console.print(f"Neo4j is running (pid {status.pid}) at [bold]{status.uri}[/bold]")
    console.print(f"  data: {status.home}\n  log:  {status.log_file}")


@app.command()
def stop() -> None:
    """Stop the embedded Neo4j (clean shutdown with SIGTERM)."""
    stopped = _launcher().stop()
    console.print("Neo4j stopped." if stopped else "Neo4j was not running.")


@app.command()
def status() -> None:
    """Say whether the embedded Neo4j runs, and where."""
    st = _launcher().status()
    if st.running:
        console.print(f"running (pid {st.pid}) at {st.uri}; data {st.home}")
    else:
        console.print("not running")
        raise typer.Exit(3)
