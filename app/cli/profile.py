"""``selfgraph profile refresh | show --user ID``."""

from __future__ import annotations

import typer
from rich.table import Table

from app.cli.console import console, graph_client
from app.profile.service import build_refresher, read_profile
from app.settings import get_settings

app = typer.Typer(help="The seven-question profile (HU2).", no_args_is_help=True)


@app.command()
def refresh(
    user: str = typer.Option(..., "--user", help="The user id."),
    force: bool = typer.Option(False, help="Re-ask every field, changed or not."),
) -> None:
    """Regenerate the profile once (only fields whose evidence changed, plus action_items)."""
    with graph_client() as client:
        report = build_refresher(client, get_settings()).refresh(user, force=force)
    console.print(f"re-asked {len(report.reasked)} field(s): {', '.join(report.reasked) or '-'}; "
                  f"republished {len(report.republished)}; {report.elapsed_ms:.0f} ms")


@app.command()
def show(user: str = typer.Option(..., "--user", help="The user id.")) -> None:
    """Print the stored profile with its provenance."""
    with graph_client() as client:
        profile = read_profile(client, user)
    table = Table("field", "answer", "backend", "evidence", title=f"profile of {user} ({profile['contract_id']})",
                  show_lines=True)
    for field in profile["fields"]:
        table.add_row(field["field"], field["text"], field["backend"], str(len(field["evidence_ids"])))
    console.print(table)
