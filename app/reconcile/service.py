"""Reconciling narrative records with the clinical stream, and reading the findings back.

:func:`reconcile_records` is the write path's hook (called after a turn's records are written):
it reads the records, the user's clinical context once, classifies every record (rules first,
the LLM judge for the residue when a model is given) and writes the findings in one transaction,
idempotently. :func:`reconcile_candidates` is the evaluator's isolated entry point (seed 003
Dimension 2): gold records in, findings out, nothing written.

Dual stream: clinical nodes are only read. A finding's uid derives from (user, record, rule), so
reconciling a record twice adds nothing; when a record is reconciled again with another outcome,
or a later record corrects it (``SUPERSEDES``), its earlier open findings become ``superseded``.
Findings about different statements are all kept, ordered by event time.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.db.client import GraphClient, Tx
from app.dictionary.snapshot import DictionarySnapshot
from app.graph_schema.registry import RECORD_BOOKKEEPING
from app.ingest.narrative.terms import term_index, tokenize
from app.oplog.service import append_operation
from app.reconcile import queries
from app.reconcile.context import BP_PANEL_CODES, ClinicalRecord, as_utc, load_clinical
from app.reconcile.conversation_rules import lifestyle_talk_finding
from app.reconcile.danger_context import lifestyle_around_danger
from app.reconcile.grounding import ground_statement
from app.reconcile.llm_judge import judge_residue
from app.reconcile.models import Finding, Statement
from app.reconcile.observation_rules import fallback_codes, statement_codes
from app.reconcile.rules import apply_rules

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
SummaryFn = Callable[[], str]



class GoldRecord(BaseModel):
    """A record handed in by the evaluator: type, contract fields and times (no extractor).

    ``event_time`` may be a date or datetime; when absent the mention time dates the statement.
    ``event_end`` (exclusive) closes a stated period, as a stored record's ``event_end`` does.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    type: str
    fields: dict[str, Any] = Field(default_factory=dict)
    event_time: datetime | None = None
    event_end: datetime | None = None
    mention_time: datetime | None = None
    quote: str | None = None
    id: str | None = None


# --- statements -------------------------------------------------------------------------------


def statement_from_record(props: Mapping[str, Any]) -> Statement:
    """A stored ``Record``'s properties as a Statement (storage names mapped back to contract names)."""
    fields = {k: v for k, v in props.items() if k not in RECORD_BOOKKEEPING and v is not None}
    if "stated_status" in fields:
        fields["status"] = fields.pop("stated_status")
    return Statement(
        type=props["type"],
        fields=fields,
        uid=props.get("uid"),
        # the lexical cues read the message as the extractor did: a carer's "he'd already had his normal one" is
        # the person's "I'd already had my normal one"
        quote=props.get("reading") or props.get("quote"),
        event_start=as_utc(props.get("event_start")),
        event_end=as_utc(props.get("event_end")),
        mention_time=as_utc(props.get("mention_time")),
    )


def statement_from_gold(
    gold: GoldRecord | Mapping[str, Any], snapshot: DictionarySnapshot | None
) -> Statement:
    record = gold if isinstance(gold, GoldRecord) else GoldRecord.model_validate(gold)
    return ground_statement(
        Statement(
            type=record.type,
            fields=dict(record.fields),
            uid=record.id,
            quote=record.quote,
            event_start=as_utc(record.event_time),
            event_end=as_utc(record.event_end),
            mention_time=as_utc(record.mention_time),
        ),
        snapshot,
    )


# --- classification ---------------------------------------------------------------------------


def needed_codes(statements: Iterable[Statement], snapshot: DictionarySnapshot | None) -> set[str]:
    codes = set(BP_PANEL_CODES)
    for st in statements:
        codes.update(statement_codes(st, snapshot))
        codes.update(fallback_codes(st, snapshot))
    return codes


def classify(
    statements: Sequence[Statement],
    clinical: ClinicalRecord,
    *,
    snapshot: DictionarySnapshot | None,
    now: datetime,
    llm: Any = None,
    summary: SummaryFn | None = None,
    retries: int = 2,
) -> list[Finding]:
    """Rules first; the residue goes to the judge when ``llm`` is given, else gets no finding."""
    findings: list[Finding] = []
    summary_text: str | None = None
    for st in statements:
        ctx = clinical.as_of(st.when(now))
        finding = apply_rules(st, ctx, snapshot, now)
        if finding is None and llm is not None:
            if summary_text is None:
                summary_text = summary() if summary else ""
            finding = judge_residue(llm, st, ctx, summary=summary_text, retries=retries)
        if finding is not None:
            findings.append(finding)
    findings = lifestyle_around_danger(statements, findings)  # a walk told with a danger sign: low gap
    return sorted(findings, key=lambda f: (f.event_start or now, f.record_uid or ""))


def finding_uid(user_id: str, record_uid: str, rule: str) -> str:
    digest = hashlib.sha256(f"{user_id}|{record_uid}|{rule}".encode()).hexdigest()[:32]
    return f"finding-{digest}"


def _row(user_id: str, finding: Finding) -> dict[str, Any]:
    about = finding.record_uid or finding.event_uid
    assert about is not None
    return {
        "uid": finding_uid(user_id, about, finding.rule),
        "record_uid": finding.record_uid,
        "event_uid": finding.event_uid,
        "kind": finding.kind,
        "severity": finding.severity,
        "safety_critical": finding.safety_critical,
        "rationale": finding.rationale,
        "engine": finding.engine,
        "rule": finding.rule,
        "cites": [c.key for c in finding.cites],
        "cited_uids": [f"{user_id}|{c.resource_type}|{c.fhir_id}" for c in finding.cites if c.fhir_id],
        "event_start": finding.event_start.isoformat() if finding.event_start else None,
    }


def write_findings(
    client: GraphClient,
    user_id: str,
    record_uids: Sequence[str],
    findings: Sequence[Finding],
    *,
    now: datetime,
) -> list[str]:
    """One transaction: merge the findings, supersede the replaced and corrected ones, log it."""
    rows = [_row(user_id, f) for f in findings if f.record_uid or f.event_uid]
    keep = [r["uid"] for r in rows]

    def work(tx: Tx) -> list[str]:
        if rows:
            tx.run(queries.MERGE_FINDINGS, {"user_id": user_id, "findings": rows, "now": now.isoformat()})
        corrected = tx.run(queries.SUPERSEDED_RECORD_UIDS, {"user_id": user_id, "uids": list(record_uids)})
        targets = list(record_uids) + list(corrected[0]["uids"] if corrected else [])
        superseded = tx.run(
            queries.SUPERSEDE_FINDINGS, {"user_id": user_id, "record_uids": targets, "keep": keep}
        )[0]["uids"]
        append_operation(
            tx,
            user_id=user_id,
            kind="reconcile",
            actor="reconcile",
            target_ids=keep + list(superseded),
            payload={"records": len(record_uids), "findings": len(rows), "superseded": len(superseded)},
        )
        return keep

    return client.write_transaction(work, name="reconcile_findings")


# --- entry points -----------------------------------------------------------------------------


def reconcile_records(
    client: GraphClient,
    user_id: str,
    record_ids: Sequence[str],
    *,
    snapshot: DictionarySnapshot | None,
    clock: Clock,
    llm: Any = None,
    summary: SummaryFn | None = None,
) -> list[Finding]:
    """Classify the given records of ``user_id`` and store the findings; returns them in time order.

    Records whose lifecycle status is ``superseded`` or ``retracted`` are not classified (their open
    findings are superseded). ``llm`` is a chat model from ``app.llm.build_chat_model`` or ``None``.
    """
    started = time.perf_counter()
    now = clock()
    rows = client.read(queries.RECORDS_BY_UID, {"user_id": user_id, "uids": list(record_ids)})
    current = [r["props"] for r in rows if (r["props"].get("status") or "current") == "current"]
    statements = [statement_from_record(p) for p in current]
    clinical = load_clinical(client, user_id, loincs=needed_codes(statements, snapshot), snapshot=snapshot)
    findings = classify(statements, clinical, snapshot=snapshot, now=now, llm=llm, summary=summary)
    write_findings(client, user_id, [r["props"]["uid"] for r in rows], findings, now=now)
    log.info(
        "reconciled user=%s records=%d findings=%d ms=%.1f",
        user_id,
        len(statements),
        len(findings),
        (time.perf_counter() - started) * 1e3,
    )
    return findings


def reconcile_conversation_events(
    client: GraphClient,
    user_id: str,
    event_ids: Sequence[str],
    *,
    snapshot: DictionarySnapshot | None,
    clock: Clock,
) -> list[Finding]:
    """Classify the conversation events of a kept turn that produced no record, and store the findings.

    An event that names nothing clinical is lifestyle talk: no_clinical_relevance
    (:mod:`app.reconcile.conversation_rules`); any other event gets no finding.
    """
    now = clock()
    rows = client.read(queries.CONVERSATION_EVENTS_BY_UID, {"user_id": user_id, "uids": list(event_ids)})
    findings = []
    for row in rows:
        text = row["text"] or ""
        kinds = {t.kind for t in term_index(snapshot).find(text, tokenize(text))} if snapshot is not None else set()
        finding = lifestyle_talk_finding(row["uid"], text, kinds, as_utc(row["mention_time"]))
        if finding is not None:
            findings.append(finding)
    write_findings(client, user_id, [], findings, now=now)
    log.info("reconciled user=%s events=%d findings=%d", user_id, len(rows), len(findings))
    return findings


def reconcile_candidates(
    client: GraphClient,
    user_id: str,
    records: Sequence[GoldRecord | Mapping[str, Any]],
    *,
    snapshot: DictionarySnapshot | None,
    clock: Clock,
    llm: Any = None,
    summary: SummaryFn | None = None,
) -> list[Finding]:
    """Isolated reconciliation (seed 003 Dimension 2): gold records in, findings out, nothing written.

    Each record is ``{"type", "fields", "event_time"?, "mention_time"?, "quote"?, "id"?}`` with the
    contract field names of its record type; drug and test names are grounded through the
    dictionary as the write path would. A finding's ``record_uid`` is the record's ``id``.
    """
    statements = [statement_from_gold(r, snapshot) for r in records]
    clinical = load_clinical(client, user_id, loincs=needed_codes(statements, snapshot), snapshot=snapshot)
    return classify(statements, clinical, snapshot=snapshot, now=clock(), llm=llm, summary=summary)


def list_findings(
    client: GraphClient,
    user_id: str,
    *,
    kind: str | None = None,
    severity: str | None = None,
    safety_critical: bool | None = None,
    since: datetime | None = None,
    status: str | None = None,
    limit: int = 500,
) -> list[dict[str, Any]]:
    """A user's findings in time order, filtered (``None`` = any)."""
    return client.read(
        queries.LIST_FINDINGS,
        {
            "user_id": user_id,
            "kind": kind,
            "severity": severity,
            "safety_critical": safety_critical,
            "since": since.isoformat() if since else None,
            "status": status,
            "limit": limit,
        },
    )


def open_safety_findings(client: GraphClient, user_id: str) -> list[dict[str, Any]]:
    """Open safety-critical findings, for the clinical summary."""
    return list_findings(client, user_id, safety_critical=True, status="open")


def open_safety_finding_lines(client: GraphClient, user_id: str) -> list[str]:
    """One line per open safety-critical finding, for ``clinical_summary(open_safety_findings=...)``."""
    return [
        f"[Finding] {row['kind']} ({row['severity']}) {(row['event_start'] or '')[:10]}: {row['rationale']} "
        f"cites {', '.join(row['cites'] or []) or 'none'}"
        for row in open_safety_findings(client, user_id)
    ]
