"""Evidence for the seven questions, read from the graph.

:func:`gather_evidence` reads the user's static facts, narrative records, clinical resources,
latest observations, open findings and causal candidates as of a time, and sorts them into the
sections the contract names. Every :class:`EvidenceItem` carries the id of the node it came from
(``uid``; the ``Self`` node is identified by the user id), its stream and its event time, so every
sentence composed from it traces back to the graph. Reading is I/O; :func:`sort_into_sections`
is pure.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.db.client import GraphClient
from app.profile import queries
from app.profile.contract import EvidenceSection, ProfileQuestion

RECORD_LIMIT = 2000
CLINICAL_LIMIT = 500

BEHAVIOUR_TYPES = frozenset({"sleep", "exercise", "meal", "mood_stress", "lifestyle_baseline", "medication_intake"})
MEASUREMENT_TYPES = frozenset({"test_result", "vital_sign", "body_measurement", "metric_trend"})
MEDICATION_TYPES = frozenset({"regimen_change", "prescription", "current_medication", "medication_intake"})
PREFERENCE_TYPES = frozenset({"regimen_change", "meal", "exercise", "lifestyle_baseline"})


@dataclass(frozen=True)
class EvidenceItem:
    """One piece of evidence: a node of the user's graph, flattened for composition."""

    id: str
    node: str  # Record | FhirResource | Finding | Self
    stream: str  # narrative | clinical | derived | profile
    kind: str  # record type, resource type, "finding", "self"
    event_time: str | None
    facts: dict[str, Any] = field(default_factory=dict)

    def fingerprint(self) -> str:
        return json.dumps([self.id, self.event_time, self.facts], sort_keys=True, default=str)


@dataclass(frozen=True)
class Evidence:
    """All evidence of one user as of ``as_of``, by section."""

    user_id: str
    as_of: datetime
    sections: dict[EvidenceSection, tuple[EvidenceItem, ...]]

    def for_question(self, question: ProfileQuestion) -> tuple[EvidenceItem, ...]:
        seen: dict[str, EvidenceItem] = {}
        for section in question.sections:
            for item in self.sections.get(section, ()):
                seen.setdefault(item.id, item)
        return tuple(seen.values())

    def data_through(self, items: tuple[EvidenceItem, ...]) -> str | None:
        times = [item.event_time for item in items if item.event_time]
        return max(times) if times else None


def evidence_hash(items: tuple[EvidenceItem, ...]) -> str:
    """A stable hash of a field's evidence: the field is re-asked only when it changes."""
    digest = hashlib.sha256()
    for fingerprint in sorted(item.fingerprint() for item in items):
        digest.update(fingerprint.encode("utf-8"))
    return digest.hexdigest()[:16]


def gather_evidence(client: GraphClient, user_id: str, as_of: datetime) -> Evidence:
    """Read everything the profile may draw on for ``user_id`` as of ``as_of``."""
    params = {"user_id": user_id, "as_of": as_of}
    self_rows = client.read(queries.SELF_FACTS, params)
    records = [row["record"] for row in client.read(queries.NARRATIVE_RECORDS, {**params, "limit": RECORD_LIMIT})]
    clinical = client.read(queries.CLINICAL_RESOURCES, {**params, "limit": CLINICAL_LIMIT})
    observations = client.read(queries.LATEST_OBSERVATIONS, params)
    findings = client.read(queries.OPEN_FINDINGS, params)
    causal = client.read(queries.CAUSAL_CANDIDATES, params)
    return Evidence(
        user_id=user_id,
        as_of=as_of,
        sections=sort_into_sections(user_id, self_rows, records, clinical, observations, findings, causal),
    )


def sort_into_sections(
    user_id: str,
    self_rows: list[dict[str, Any]],
    records: list[dict[str, Any]],
    clinical: list[dict[str, Any]],
    observations: list[dict[str, Any]],
    findings: list[dict[str, Any]],
    causal: list[dict[str, Any]],
) -> dict[EvidenceSection, tuple[EvidenceItem, ...]]:
    """Pure: turn rows into evidence items, each in every section it informs."""
    sections: dict[EvidenceSection, list[EvidenceItem]] = defaultdict(list)
    if self_rows:
        facts = {k: v for k, v in self_rows[0].items() if k != "user_id" and v is not None}
        sections["static"].append(EvidenceItem(user_id, "Self", "profile", "self", None, facts))
    for record in records:
        item = _record_item(record)
        for section in _record_sections(item.kind, record):
            sections[section].append(item)
    for row in clinical:
        item = EvidenceItem(
            row["uid"],
            "FhirResource",
            "clinical",
            row["resource_type"],
            row["event_start"],
            {
                k: row[k]
                for k in (
                    "display",
                    "status",
                    "clinical_status",
                    "code_system",
                    "code",
                    "event_end",
                    "term_key",
                    "high_risk",
                )
                if row.get(k) is not None
            },
        )
        sections[_clinical_section(row["resource_type"])].append(item)
    for row in observations:
        sections["measurements"].append(
            EvidenceItem(
                row["uid"],
                "FhirResource",
                "clinical",
                "Observation",
                row["event_start"],
                {k: row[k] for k in ("display", "code", "code_system", "value", "unit") if row.get(k) is not None},
            )
        )
    for row in findings:
        sections["findings"].append(
            EvidenceItem(
                row["uid"],
                "Finding",
                "derived",
                "finding",
                row["created_at"],
                {k: v for k, v in row.items() if k not in {"uid", "created_at"} and v is not None},
            )
        )
    for row in causal:
        item = EvidenceItem(
            row["from_uid"],
            "Record",
            "derived",
            "causal_candidate",
            None,
            {"from": row["from_label"], "to": row["to_label"], "to_uid": row["to_uid"]},
        )
        sections["causal"].append(item)
    return {section: tuple(items) for section, items in sections.items()}


_IGNORED_RECORD_KEYS = frozenset(
    {
        "uid",
        "user_id",
        "type",
        "embedding",
        "search_text",
        "source_type",
        "source_id",
        "extractor",
        "confidence",
        "event_start",
        "status",
        "derived",
    }
)


def _record_item(record: dict[str, Any]) -> EvidenceItem:
    facts = {k: v for k, v in record.items() if k not in _IGNORED_RECORD_KEYS and v is not None}
    if isinstance(record.get("derived"), str):
        with contextlib.suppress(ValueError):
            facts["derived"] = json.loads(record["derived"])
    stream = "derived" if record.get("source_type") == "derived" else "narrative"
    return EvidenceItem(
        record["uid"],
        "Record",
        stream,
        record["type"],
        record.get("event_start") or record.get("mention_time"),
        facts,
    )


def _record_sections(kind: str, record: dict[str, Any]) -> list[EvidenceSection]:
    sections: list[EvidenceSection] = []
    if kind in MEASUREMENT_TYPES:
        sections.append("measurements")
    if kind in BEHAVIOUR_TYPES:
        sections.append("behaviours")
    if kind in MEDICATION_TYPES:
        sections.append("medications")
    if kind in PREFERENCE_TYPES and (record.get("reason") or kind != "regimen_change"):
        sections.append("preferences")
    if kind == "symptom":
        sections.append("symptoms")
    if kind in {"condition", "family_history", "surgery_history", "pregnancy_status"}:
        sections.append("conditions")
    if kind == "allergy":
        sections.append("allergies")
    if kind in {"goal", "goal_trajectory"}:
        sections.append("goals")
    if kind == "report_coverage":
        sections.append("coverage")
    if kind == "clinical_visit":
        sections.append("visits")
    if kind in {"sex", "birth_date", "height", "blood_type"}:
        sections.append("static")
    return sections


_CLINICAL_SECTIONS: dict[str, EvidenceSection] = {
    "Condition": "conditions",
    "MedicationRequest": "medications",
    "MedicationStatement": "medications",
    "AllergyIntolerance": "allergies",
    "Goal": "goals",
    "CarePlan": "goals",
}


def _clinical_section(resource_type: str) -> EvidenceSection:
    return _CLINICAL_SECTIONS.get(resource_type, "visits")
