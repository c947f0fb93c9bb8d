"""Reconciliation specificity on real coaching talk (seed 003 §5, "zero contradictions invented").

Every patient message of ``uic_coaching/patient*.csv`` goes through the full write path
(``process_turn``: gate, extraction, time resolution, grounding, write) and the reconciler, for a
user whose clinical record is a Synthea bundle (paired deterministically: the n-th bundle, by file
name, of the patient's gender in ``HC_r2_demographics.csv``). The report gives the class
distribution of the findings and lists every contradiction (rule, cited resources) for review.
It also counts the write path's side (issue #6): turns kept by the memory gate, by gate reason, and
records written by type; ``--records`` writes every written record (patient, mention time, type,
fields, quote, time text, resolved event time) so that a hand review can be redone.

    python -m app.evaluation.specificity --json docs/eval/reconcile_specificity.json \
        --records docs/reviews/uic_coaching_records.json
    selfgraph eval specificity --json ... --records ...      # the same
"""

from __future__ import annotations

import argparse
import csv
import json
import logging
import time
import uuid
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot, load_snapshot
from app.reconcile.models import Finding
from app.settings import get_settings
from app.users.service import delete_user, ensure_self

if TYPE_CHECKING:
    from app.ingest.write_path.models import WrittenRecord

log = logging.getLogger(__name__)


def pair_bundles(data_root: Path) -> list[tuple[Path, Path]]:
    """``(patient csv, Synthea bundle)`` pairs: each patient gets a distinct bundle of their gender."""
    coaching = data_root / "uic_coaching"
    genders = {}
    with (coaching / "HC_r2_demographics.csv").open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            genders[row["Patient ID"].strip()] = row["Gender"].strip().lower()
    bundles: dict[str, list[Path]] = {"female": [], "male": []}
    for path in sorted((data_root / "synthea_r4").glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(document, dict):
            continue
        for entry in document.get("entry", ()):
            res = entry.get("resource", {})
            if res.get("resourceType") == "Patient" and res.get("gender") in bundles:
                bundles[res["gender"]].append(path)
                break
    pairs, used = [], Counter[str]()
    for csv_path in sorted(coaching.glob("patient*.csv"), key=lambda p: int(p.stem.removeprefix("patient"))):
        gender = genders.get(csv_path.stem.removeprefix("patient"), "female")
        pool = bundles.get(gender) or bundles["female"]
        pairs.append((csv_path, pool[used[gender] % len(pool)]))
        used[gender] += 1
    return pairs


def patient_messages(path: Path) -> list[tuple[datetime, str]]:
    with path.open(encoding="utf-8") as fh:
        rows = [
            r
            for r in csv.DictReader(fh)
            if r["speaker"].strip().lower() == "patient" and r["utterance"].strip()
        ]
    return [(_timestamp(r["time"]), r["utterance"].strip()) for r in rows]


def _timestamp(text: str) -> datetime:
    """``2019-06-03 10:16:29`` or ``2019/8/1 11:47`` (both occur), taken as UTC."""
    text = text.strip()
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        parsed = datetime.strptime(text, "%Y/%m/%d %H:%M")
    return parsed.replace(tzinfo=UTC)


def _fixed(at: datetime) -> Callable[[], datetime]:
    return lambda: at


def run(
    client: GraphClient, data_root: Path, *, snapshot: DictionarySnapshot, keep: bool = False
) -> dict[str, Any]:
    from app.ingest.fhir.service import ingest_document
    from app.ingest.write_path.service import process_turn
    from app.pipeline import reconcile_turn

    run_id = uuid.uuid4().hex[:6]
    started = time.perf_counter()
    kinds: Counter[str] = Counter()
    severities: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    per_patient: list[dict[str, Any]] = []
    contradictions: list[dict[str, Any]] = []
    gate_reasons: Counter[str] = Counter()
    record_types: Counter[str] = Counter()
    written: list[dict[str, Any]] = []
    turns = records = 0
    for csv_path, bundle in pair_bundles(data_root):
        user_id = f"spec-{run_id}-{csv_path.stem}"
        ensure_self(client, user_id)
        try:
            ingest_document(
                client, user_id, json.loads(bundle.read_text(encoding="utf-8")), source=bundle.name
            )
            found: list[Finding] = []
            messages = patient_messages(csv_path)
            for at, text in messages:
                clock = _fixed(at)
                result = process_turn(
                    client, user_id, text, at, csv_path.stem, snapshot=snapshot, clock=clock
                )
                records += len(result.records)
                gate_reasons[result.gate.reason] += 1
                for r in result.records:
                    record_types[r.type] += 1
                    written.append(_record_row(csv_path.stem, at, r))
                found += reconcile_turn(client, user_id, result, snapshot=snapshot, clock=clock)
            turns += len(messages)
            for f in found:
                kinds[f.kind] += 1
                severities[f"{f.kind}:{f.severity}"] += 1
                rules[f.rule] += 1
                if f.kind == "contradiction":
                    contradictions.append(
                        {"patient": csv_path.stem, "rule": f.rule, "cites": [c.key for c in f.cites]}
                    )
            per_patient.append(
                {
                    "patient": csv_path.stem,
                    "bundle": bundle.name,
                    "turns": len(messages),
                    "findings": dict(Counter(f.kind for f in found)),
                    "safety_critical": sum(f.safety_critical for f in found),
                }
            )
        finally:
            if not keep:
                delete_user(client, user_id)
    total = sum(kinds.values())
    return {
        "turns": turns,
        "kept": sum(n for reason, n in gate_reasons.items() if reason not in NOT_KEPT),
        "gate_reasons": dict(gate_reasons.most_common()),
        "records": records,
        "records_by_type": dict(record_types.most_common()),
        "findings": total,
        "distribution": {
            k: {"count": v, "share": round(v / total, 4) if total else None} for k, v in sorted(kinds.items())
        },
        "by_kind_and_severity": dict(sorted(severities.items())),
        "by_rule": dict(rules.most_common()),
        "contradictions": contradictions,
        "safety_critical": sum(p["safety_critical"] for p in per_patient),
        "patients": per_patient,
        "dictionary_version": snapshot.version,
        "seconds": round(time.perf_counter() - started, 1),
        "written_records": written,
    }


NOT_KEPT = frozenset({"empty", "acknowledgement", "small_talk"})
"""Gate reasons of turns the memory gate does not keep (``app.ingest.narrative.gate``)."""


def _record_row(patient: str, at: datetime, record: WrittenRecord) -> dict[str, Any]:
    """One written record as the review lists it (no uid: uids differ from run to run)."""
    return {
        "patient": patient,
        "mention_time": at.isoformat(),
        "type": record.type,
        "fields": record.fields,
        "quote": record.quote,
        "time_text": record.time_text,
        "event_start": record.event_start,
        "event_end": record.event_end,
    }


def write_reports(report: dict[str, Any], json_out: Path | None, records_out: Path | None) -> None:
    """The report without the record list to ``json_out``; the record list to ``records_out``."""
    written = report.pop("written_records", [])
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if records_out is not None:
        records_out.parent.mkdir(parents=True, exist_ok=True)
        payload = {"dictionary_version": report.get("dictionary_version"), "records": written}
        records_out.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-root", type=Path, default=Path("../shared/data"))
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--records", type=Path, default=None, help="write every written record (JSON)")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    with GraphClient.from_settings(get_settings()) as client:
        report = run(client, args.data_root, snapshot=load_snapshot(), keep=args.keep)
    write_reports(report, args.json, args.records)
    print(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
