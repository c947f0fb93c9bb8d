"""The demo's steps after start-up: clinical bundle, scripted conversation, recall, profile.

Each step prints what it stored or found; every step is idempotent, so running the demo twice
adds nothing the second time.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from rich.table import Table

from app.cli.console import console
from app.db.client import GraphClient
from app.dictionary import DictionarySnapshot, load_snapshot
from app.dictionary.loader import active_version, load_dictionary
from app.ingest.fhir.service import ingest_document
from app.ingest.write_path.conversation import CONVERSATIONS_DIR, load_conversation
from app.pipeline import TurnOutcome, handle_turn
from app.profile.service import read_profile
from app.settings import PROJECT_ROOT
from app.users.service import ensure_self

DEMO_CONVERSATION = CONVERSATIONS_DIR / "demo.yaml"
DEMO_BUNDLE = PROJECT_ROOT / "seed" / "fhir_bundles" / "diabetic_metformin_lisinopril.json"
DEMO_QUERIES = (
    "how are my diabetes numbers?",
    "what did I say about sleep and headaches?",
    "how is my warfarin dose?",
)
GROUNDING = frozenset(
    {
        "standard_key",
        "loinc",
        "value_canonical",
        "unit_canonical",
        "band",
        "concepts",
        "drug_class",
        "abnormal",
    }
)
"""Annotations shown apart from what the user stated."""


def ensure_dictionary(client: GraphClient) -> DictionarySnapshot:
    snapshot = load_snapshot()
    if active_version(client) != snapshot.version:
        with console.status("loading the dictionary…"):
            load_dictionary(client, snapshot)
    return snapshot


def show_clinical_bundle(client: GraphClient, user_id: str) -> None:
    result = ingest_document(client, user_id, json.loads(DEMO_BUNDLE.read_text()), source=DEMO_BUNDLE.name)
    console.print(
        f"clinical stream: {DEMO_BUNDLE.name}: {sum(result.created.values())} resources created, "
        f"{sum(result.unchanged.values())} unchanged, {result.codes_linked} code links",
        markup=False,
    )


def show_demo_conversation(client: GraphClient, user_id: str, snapshot: DictionarySnapshot) -> None:
    """Feed the demo turns through the whole turn pipeline and print records and findings."""
    conversation = load_conversation(DEMO_CONVERSATION)
    ensure_self(client, user_id, sex=conversation.user_sex, birth_date=conversation.user_birth_date)
    outcomes: list[tuple[datetime, TurnOutcome]] = [
        (
            turn.at,
            handle_turn(
                client,
                user_id,
                turn.text,
                turn.at,
                "demo",
                snapshot=snapshot,
                clock=lambda: datetime.now(UTC),
            ),
        )
        for turn in conversation.turns
    ]
    table = Table("said at", "type", "stated", "flag", "event day", title="the demo conversation, as stored")
    for at, outcome in outcomes:
        result = outcome.turn
        said = at.isoformat()[:16].replace("T", " ")
        if not result.records:
            note = "(conversation event)" if result.event_ids else "(not kept)"
            table.add_row(said, note, "", "", "")
        for record in result.records:
            stated = ", ".join(f"{k}={v}" for k, v in record.fields.items() if k not in GROUNDING)
            table.add_row(
                said,
                record.type,
                stated,
                record.fields.get("abnormal") or "",
                (record.event_start or "")[:10],
            )
        for blocked in result.blocked:
            table.add_row(said, f"blocked {blocked.type}", f"{blocked.name or ''} ({blocked.reason})", "", "")
    console.print(table)
    findings = [f for _, o in outcomes for f in o.findings if f.kind in {"contradiction", "gap"}]
    if findings:
        ftable = Table(
            "kind", "severity", "safety", "cites", "rationale", title="reconciliation with the record"
        )
        for finding in findings:
            ftable.add_row(
                finding.kind,
                finding.severity or "-",
                "yes" if finding.safety_critical else "",
                ", ".join(c.key for c in finding.cites),
                finding.rationale,
            )
        console.print(ftable)
    replays = sum(1 for _, o in outcomes if o.turn.replayed)
    if replays:
        console.print(f"{replays} of {len(outcomes)} turns were already stored (idempotent replay).")


def show_recall(client: GraphClient, user_id: str) -> None:
    from app.retrieval.embedding import embed_pending
    from app.retrieval.service import search

    with console.status("embedding new records (all-MiniLM-L6-v2, offline)…"):
        embed_pending(client, user_id)
    for query in DEMO_QUERIES:
        result = search(client, user_id, query, k=5)
        console.print(f"[bold]search[/bold] {query!r} → route {result.route}")
        if result.boundary is not None:
            console.print(f"  empty, by the hard boundary: {result.boundary.reason}", markup=False)
        for item in result.items[:5]:
            shown = {
                k: v
                for k, v in item.fields.items()
                if v is not None
                and k
                in {
                    "name",
                    "drug",
                    "value",
                    "unit",
                    "display",
                    "action",
                    "duration_min",
                    "text",
                    "systolic",
                    "diastolic",
                }
            }
            console.print(f"  [{item.stream}] {item.type} {shown}", markup=False)


def show_profile(client: GraphClient, user_id: str) -> None:
    from app.profile.service import build_refresher
    from app.settings import get_settings

    report = build_refresher(client, get_settings()).refresh(user_id)
    profile = read_profile(client, user_id)
    table = Table("field", "answer (offline composer)", "evidence", title="the profile", show_lines=True)
    for field in profile["fields"]:
        table.add_row(field["field"], field["text"], str(len(field["evidence_ids"])))
    console.print(table)
    console.print(f"re-asked {len(report.reasked)} field(s), republished {len(report.republished)}")
