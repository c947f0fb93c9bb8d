"""``selfgraph dictionary build | load | stats | candidates``."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.table import Table

from app.cli.console import cli_errors, console, graph_client
from app.dictionary.coverage import DEFAULT_BUNDLES, coverage_report, dictionary_coverage, scan_bundles
from app.dictionary.gate import list_candidates
from app.dictionary.loader import active_version, load_dictionary
from app.dictionary.snapshot import DEFAULT_DIR, load_snapshot

app = typer.Typer(
    help="The medical dictionary (seed/dictionary): build, load, coverage, candidates.", no_args_is_help=True
)

DataDir = typer.Option(DEFAULT_DIR, "--data", help="Directory of the dictionary data files.")
BundlesDir = typer.Option(DEFAULT_BUNDLES, "--bundles", help="Directory of FHIR bundles to measure.")


@app.command()
def build(data: Path = DataDir) -> None:
    """Validate the data files and print the snapshot's version and counts."""
    with cli_errors():
        snapshot = load_snapshot(data)
    console.print(f"dictionary {snapshot.version}: {snapshot.counts()}")


@app.command()
def load(data: Path = DataDir) -> None:
    """Write the dictionary subgraph (idempotent) and make its version the active one."""
    with cli_errors():
        snapshot = load_snapshot(data)
    with graph_client() as client:
        report = load_dictionary(client, snapshot)
    console.print(
        f"dictionary {report.version} loaded in {report.seconds:.1f}s; "
        f"{report.resolved_candidates} accepted candidate(s) resolved"
    )


@app.command()
def stats(
    data: Path = DataDir,
    bundles: Path = BundlesDir,
    graph: bool = typer.Option(False, "--graph", help="Also show the graph's active version."),
) -> None:
    """Coverage of the dictionary, and of the bundles' codes by the dictionary."""
    with cli_errors():
        snapshot = load_snapshot(data)
    table = Table("dictionary", "value")
    for name, value in dictionary_coverage(snapshot).items():
        table.add_row(name, value)
    console.print(table)
    if bundles.is_dir():
        codes = scan_bundles(bundles)
        shares = Table(f"{codes.bundles} bundles ({bundles.name})", "distinct codes", "occurrences")
        for name, (distinct, occurrences) in coverage_report(snapshot, codes).items():
            shares.add_row(name, str(distinct), str(occurrences))
        console.print(shares)
    else:
        console.print(f"no bundles at {bundles}")
    if graph:
        with graph_client() as client:
            console.print(f"graph active version: {active_version(client)}")


@app.command()
def candidates(
    kind: str | None = typer.Option(None, "--kind", help="test | drug | condition | symptom"),
    limit: int = typer.Option(50, "--limit"),
) -> None:
    """Names the alias gate refused, most frequent first, with ranked suggestions.

    To accept one: add ``kind,key,alias`` to seed/dictionary/accepted_aliases.csv, then
    ``selfgraph dictionary build`` and ``selfgraph dictionary load``.
    """
    with graph_client() as client:
        rows = list_candidates(client, kind=kind, limit=limit)  # type: ignore[arg-type]
    table = Table("kind", "name (normalised)", "count", "last seen", "suggestions", "examples")
    for row in rows:
        table.add_row(
            str(row["kind"]),
            str(row["norm"]),
            str(row["count"]),
            str(row["last_seen"]),
            ", ".join(row["suggestions"] or []),
            " | ".join(row["examples"] or []),
        )
    console.print(table)
