"""``selfgraph eval scenarios``: replay scenario files against the running instance and score them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from app.cli.console import console, graph_client, run_or_exit
from app.evaluation.live_adapter import LiveAdapter
from app.evaluation.report import build_report, render, write_json
from app.evaluation.runner import run_scenarios
from app.evaluation.scenario_format import load_scenarios, scenario_files
from app.settings import PROJECT_ROOT

DEFAULT_DATA_ROOT = PROJECT_ROOT.parent / "shared" / "data"


def scenarios(
    paths: Annotated[list[Path], typer.Argument(help="Scenario files (*.yaml) or directories of them.")],
    data_root: Annotated[
        Path, typer.Option("--data-root", help="Root of the 'fhir' paths.")
    ] = DEFAULT_DATA_ROOT,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the full JSON report here.")] = None,
    isolated: Annotated[
        bool,
        typer.Option("--isolated", help="Feed the gold records to the reconciler (seed 003 Dimension 2)."),
    ] = False,
    keep: Annotated[bool, typer.Option("--keep", help="Keep the evaluation users for inspection.")] = False,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Scenarios replayed in parallel.")] = 1,
) -> None:
    """Replay scenarios, print the metrics and write the JSON report."""
    files = run_or_exit(lambda: scenario_files(paths))
    loaded = run_or_exit(lambda: load_scenarios(files))
    with graph_client() as client:
        adapter = LiveAdapter(client)
        warning = adapter.dictionary_warning()
        if warning:
            console.print(f"[yellow]warning:[/yellow] {warning}")
        result = run_scenarios(
            loaded,
            adapter,
            data_root.resolve(),
            isolated=isolated,
            keep=keep,
            workers=workers,
            sources=[str(f) for f in files],
        )
    report = build_report(result)
    render(report, console)
    if keep:
        console.print(f"users kept: eval-{result.run_id}-*")
    if json_out is not None:
        write_json(report, json_out)
        console.print(f"report written to {json_out}")
