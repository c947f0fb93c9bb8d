"""``selfgraph eval ...``: score Selfgraph against scenario, temporal and recall corpora (issue #5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.table import Table

from app.cli import eval_scenarios
from app.cli.console import console, run_or_exit
from app.evaluation.temporal import TemporalReport, evaluate_file

app = typer.Typer(help="Evaluate Selfgraph on scenario, temporal and recall corpora.", no_args_is_help=True)
app.command("scenarios")(eval_scenarios.scenarios)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f} %"


def _write_json(payload: dict[str, object], out: Path | None) -> None:
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        console.print(f"report written to {out}")


def _print_temporal(report: TemporalReport, max_failures: int) -> None:
    overall = report.overall()
    for title, counts, fractions in (
        ("by kind", overall["counts_by_kind"], overall["by_kind"]),
        ("by convention", overall["counts_by_convention"], overall["by_convention"]),
    ):
        table = Table(title=f"temporal accuracy {title}")
        table.add_column(title.split()[-1])
        table.add_column("rows", justify="right")
        table.add_column("correct", justify="right")
        table.add_column("accuracy", justify="right")
        for key, count in counts.items():
            table.add_row(key, str(count["n"]), str(count["correct"]), _percent(fractions[key]))
        console.print(table)
    uncovered = f" ({overall['not_covered']} rows not covered by our conventions)" if report.adapter else ""
    accuracy = _percent(overall["accuracy"])
    console.print(f"[bold]overall[/bold]: {accuracy} of {overall['scored']} rows{uncovered}")
    failures = [r for r in report.results if not r.correct]
    if failures:
        table = Table(title=f"failures (first {min(max_failures, len(failures))} of {len(failures)})")
        for column in ("line", "text", "expected", "got"):
            table.add_column(column)
        for result in failures[:max_failures]:
            table.add_row(str(result.row.line), result.row.text, json.dumps(result.row.expect),
                          "; ".join(result.mismatches))
        console.print(table)


@app.command()
def temporal(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="Corpus JSONL file.")],
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the full report as JSON.")] = None,
    max_failures: Annotated[int, typer.Option("--max-failures", help="Failures to show in the table.")] = 20,
) -> None:
    """Score the temporal resolver on a corpus: accuracy overall, by kind and by convention."""
    report = run_or_exit(lambda: evaluate_file(file))
    _print_temporal(report, max_failures)
    _write_json(report.to_json(), json_out)


@app.command()
def recall(
    turns: Annotated[Path, typer.Option("--turns", exists=True, dir_okay=False, help="Turns JSONL.")],
    questions: Annotated[Path, typer.Option("--questions", exists=True, dir_okay=False, help="QA JSONL.")],
    k: Annotated[str, typer.Option("--k", help="Comma-separated cut-offs.")] = "5,10",
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the full report as JSON.")] = None,
    keep: Annotated[bool, typer.Option("--keep", help="Keep the evaluation users in the graph.")] = False,
    branch: Annotated[str | None, typer.Option("--branch", help="graph | vector | keyword | fused | search")] = None,
    rankings: Annotated[Path | None, typer.Option("--rankings", help="Write per-question rankings.")] = None,
    run: Annotated[str | None, typer.Option("--run", help="Reuse a --keep run's users.")] = None,
) -> None:
    """Retrieval recall@k, hit@k and MRR on a conversation corpus, per branch and fused."""
    from app.cli.console import graph_client
    from app.evaluation.recall import BRANCHES, evaluate

    ks = [int(part) for part in k.split(",") if part.strip()]
    with graph_client() as client:
        chosen = (branch,) if branch else BRANCHES
        report = run_or_exit(
            lambda: evaluate(
                client, turns, questions, ks=ks, branches=chosen, keep=keep, rankings_out=rankings, run_id=run
            )
        )
    table = Table(title=f"retrieval recall ({report['turns']} turns, {report['samples']} users)")
    table.add_column("branch")
    columns = [*(f"recall_at_{x}" for x in ks), f"hit_at_{max(ks)}", "mrr"]
    for column in columns:
        table.add_column(column, justify="right")
    for name, scores in report["branches"].items():
        table.add_row(name, *(f"{scores[c]:.3f}" for c in columns))
    console.print(table)
    if report.get("fusion_beats_every_branch") is not None:
        console.print(f"fusion beats every single branch: {report['fusion_beats_every_branch']}")
    if "search" in report:
        console.print(f"production search(): {report['search']}")
    _write_json(report, json_out)


@app.command()
def specificity(
    data_root: Annotated[Path, typer.Option("--data-root", help="Root of uic_coaching/ and synthea_r4/.")] = Path(
        "../shared/data"
    ),
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the report as JSON.")] = None,
    records_out: Annotated[Path | None, typer.Option("--records", help="Write every written record.")] = None,
    keep: Annotated[bool, typer.Option("--keep", help="Keep the evaluation users in the graph.")] = False,
) -> None:
    """The real coaching SMS through the write path and reconciliation: kept turns, records, findings."""
    from app.cli.console import graph_client
    from app.dictionary.snapshot import load_snapshot
    from app.evaluation.specificity import run, write_reports

    with graph_client() as client:
        report = run_or_exit(lambda: run(client, data_root, snapshot=load_snapshot(), keep=keep))
    console.print(
        f"turns {report['turns']}, kept {report['kept']}, records {report['records']} "
        f"{report['records_by_type']}, findings {report['findings']}"
    )
    table = Table(title="reconciliation findings on coaching talk")
    for column in ("kind", "count", "share"):
        table.add_column(column)
    for kind, row in report["distribution"].items():
        table.add_row(kind, str(row["count"]), _percent(row["share"]))
    console.print(table)
    console.print(f"[bold]contradictions[/bold]: {len(report['contradictions'])}")
    write_reports(report, json_out, records_out)


@app.command()
def triage(
    reports: Annotated[list[Path], typer.Argument(help="End-to-end reports of `selfgraph eval scenarios --json`.")],
    isolated: Annotated[
        list[Path] | None,
        typer.Option("--isolated", help="Isolated reports of the same files (repeat the option for several)."),
    ] = None,
    root: Annotated[Path, typer.Option("--root", help="Where tests/ is, for reports made in a clone.")] = Path("."),
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the triage as JSON.")] = None,
    show: Annotated[int, typer.Option("--show", min=0, help="Misses listed per stage.")] = 10,
) -> None:
    """Name the stage (gate, extraction, reconciler) that lost each missed finding."""
    from app.evaluation.triage import STAGES, read_report, triage_misses

    e2e = run_or_exit(lambda: [read_report(p, mode="end_to_end") for p in reports])
    iso = run_or_exit(lambda: [read_report(p, mode="isolated") for p in isolated or []])
    result = triage_misses(e2e, iso, root=root)
    table = Table(title=f"{len(result.misses)} missed finding(s) by stage")
    for column in ("stage", "missed", "safety-critical"):
        table.add_column(column)
    everything, critical = result.by_stage(), result.by_stage(safety_critical_only=True)
    for stage in STAGES:
        if stage in everything:
            table.add_row(stage, str(everything[stage]), str(critical.get(stage, 0)))
    console.print(table)
    for stage in STAGES:
        listed = [m for m in result.misses if m.stage == stage][:show]
        if listed:
            console.print(f"[bold]{stage}[/bold]")
        for m in listed:
            expected = "/".join(str(x) for x in (m.expected_kind, m.expected_severity) if x)
            flag = " [red]safety-critical[/red]" if m.safety_critical else ""
            console.print(f"  {m.scenario} turn {m.turn}: expected {expected}{flag}; got {list(m.got_kinds)}")
            if m.text:
                console.print(f"    [dim]{m.text[:160]}[/dim]")
    _write_json(result.as_dict(), json_out)


@app.command()
def exemplars(
    sets: Annotated[list[Path], typer.Argument(help="Scenario directories whose expected records label the corpus.")],
    out: Annotated[Path, typer.Option("--out", help="Where the corpus and its vectors go.")] = Path("seed/exemplars"),
) -> None:
    """Build the exemplar corpus of the extraction's fuzzy tier from hand-labelled scenario sets."""
    from app.dictionary.snapshot import load_snapshot
    from app.evaluation.exemplar_corpus import build_corpus
    from app.ingest.narrative.exemplars import write_corpus
    from app.retrieval.embedding import embed_texts
    from app.settings import get_settings

    settings = get_settings()
    found, counts = run_or_exit(lambda: build_corpus(sets, load_snapshot()))
    vectors = np.asarray(embed_texts([e.text for e in found], settings), dtype=np.float32)
    sources = sorted({str(p) for p in sets})
    write_corpus(out, found, vectors, model=settings.embedding.model, sources=sources)
    console.print(
        f"{counts.exemplars} exemplars from {counts.turns} labelled turns {counts.by_label}; "
        f"{counts.ambiguous} ambiguous term(s) left out; written to {out}"
    )
