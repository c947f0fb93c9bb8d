"""``selfgraph ingest``: load sources into a user's graph (``fhir`` here; other sources add theirs)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from app.cli.console import console, graph_client, run_or_exit
from app.ingest.fhir.files import LoadOutcome, iter_fhir_files, load_jobs
from app.users.service import validate_user_id

app = typer.Typer(help="Load sources into a user's graph.", no_args_is_help=True)


@app.command("fhir")
def fhir(
    paths: Annotated[list[Path], typer.Argument(exists=True, help="FHIR JSON files or directories.")],
    user: Annotated[str, typer.Option("--user", help="The user whose graph receives the record.")],
    workers: Annotated[int, typer.Option(help="Processes preparing bundles while one is written.")] = 1,
) -> None:
    """Load FHIR R4 bundles or resources (one transaction per file) and show counts by type."""
    run_or_exit(lambda: validate_user_id(user))
    files = list(iter_fhir_files(paths))
    written: Counter[str] = Counter()
    unchanged: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    rejected: Counter[str] = Counter()
    rejections: list[LoadOutcome] = []
    with (
        graph_client() as client,
        Progress(
            TextColumn("[bold]ingest fhir"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        ) as progress,
    ):
        task = progress.add_task("files", total=len(files))

        def done(outcome: LoadOutcome) -> None:
            if outcome.result:
                written.update(outcome.result.written)
                unchanged.update(outcome.result.unchanged + outcome.result.stale)
                skipped.update(outcome.result.skipped)
            elif outcome.rejection:
                rejected.update(outcome.rejection.entry_types or Counter({"(file)": 1}))
                rejections.append(outcome)
            progress.advance(task)

        load_jobs(client, [(user, f) for f in files], workers=workers, on_done=done)
    table = Table(
        "resource type",
        "written",
        "unchanged",
        "skipped",
        "rejected",
        title=f"FHIR ingest for user {user!r}: {len(files)} file(s)",
    )
    for rtype in sorted(set(written) | set(unchanged) | set(skipped) | set(rejected)):
        table.add_row(rtype, *(str(c[rtype]) for c in (written, unchanged, skipped, rejected)))
    totals = (written, unchanged, skipped, rejected)
    table.add_row("[bold]total", *(f"[bold]{sum(c.values())}" for c in totals))
    console.print(table)
    for outcome in rejections:
        assert outcome.rejection is not None
        details = ", ".join(f"{k}={v}" for k, v in outcome.rejection.details.items() if k != "allowed")
        console.print(f"[red]rejected[/red] {outcome.path.name}: {outcome.rejection.reason} ({details})")
    if rejections:
        raise typer.Exit(1)
