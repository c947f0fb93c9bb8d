"""``selfgraph demo``: the end-to-end demo on the embedded defaults."""

from __future__ import annotations

import typer
from rich.table import Table

from app.cli.console import cli_errors, console
from app.cli.conversation import (
    ensure_dictionary,
    show_clinical_bundle,
    show_demo_conversation,
    show_profile,
    show_recall,
)
from app.db.client import GraphClient
from app.db.launcher import EmbeddedNeo4j
from app.db.schema import apply_schema
from app.settings import get_settings
from app.users.service import ensure_self, node_counts

DEMO_USER = "demo-user"


def demo(user: str = typer.Option(DEMO_USER, help="The demo user's id.")) -> None:
    """The whole pipeline on the embedded defaults: Neo4j, schema, dictionary, a FHIR bundle, a scripted
    conversation (records, findings), hybrid recall, the profile, and what the graph holds."""
    settings = get_settings()
    with cli_errors():
        if not settings.external_neo4j:
            with console.status("starting the embedded Neo4j…"):
                EmbeddedNeo4j(settings).start()
        with GraphClient.from_settings(settings) as client:
            server = client.ping()
            console.print(
                f"[bold]Neo4j {server['version']} {server['edition']}[/bold] at {settings.bolt_uri}"
            )
            report = apply_schema(client)
            console.print(
                f"schema {report.version}: {report.constraints} constraints, {report.indexes} indexes"
            )
            snapshot = ensure_dictionary(client)
            ensure_self(client, user)
            show_clinical_bundle(client, user)
            show_demo_conversation(client, user, snapshot)
            show_recall(client, user)
            show_profile(client, user)
            counts = node_counts(client, user)
    table = Table("label", "nodes", title=f"graph of user {user!r}")
    for label, count in counts.items():
        table.add_row(label, str(count))
    console.print(table)
    console.print(
        "Browse it: open Neo4j Browser (or Bloom) from Neo4j Desktop, connect to "
        f"{settings.bolt_uri} as user {settings.neo4j.user!r} with the password from settings, and run",
        markup=False,
    )
    console.print(f"  MATCH (s:Self {{user_id: '{user}'}})-[r]-(n) RETURN s, r, n LIMIT 200", markup=False)
