"""The clinical summary: a curated view of a user's FHIR record for an agent's context.

After the dual-stream paper's curated clinical view (~1,100-1,600 tokens): active and resolved
conditions, medications (status, authoredOn), allergies, the latest value of each relevant
observation with its date, recent procedures and encounters, immunizations. Every line is tagged
``[ResourceType] display [SYSTEM:CODE]`` so an agent can cite the record. Sections are cut to their
caps, then the lowest-priority sections shrink until the text fits :data:`MAX_TOKENS`.

Open safety-critical findings (from reconciliation) are passed in as ``open_safety_findings`` and
rendered first; this module does not look for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from app.db.client import GraphClient
from app.ingest.fhir import queries
from app.ingest.fhir.datatypes import format_number, system_tag
from app.users.service import validate_user_id

MAX_TOKENS = 1600
"""Upper bound of the summary text, in estimated tokens (:func:`estimate_tokens`)."""
RELEVANT_OBSERVATION_CATEGORIES: tuple[str, ...] = ("laboratory", "vital-signs")
SECTION_CAPS: Mapping[str, int] = {
    "active_conditions": 40,
    "medications": 25,
    "allergies": 20,
    "observations": 30,
    "resolved_conditions": 15,
    "procedures": 10,
    "encounters": 5,
    "immunizations": 8,
}
SECTION_TITLES: Mapping[str, str] = {
    "open_safety_findings": "Open safety-critical findings",
    "active_conditions": "Active conditions",
    "medications": "Medications",
    "allergies": "Allergies and intolerances",
    "observations": "Latest observations",
    "resolved_conditions": "Resolved conditions",
    "procedures": "Recent procedures",
    "encounters": "Recent encounters",
    "immunizations": "Recent immunizations",
}
TRIM_ORDER: tuple[str, ...] = (
    "immunizations",
    "encounters",
    "procedures",
    "resolved_conditions",
    "observations",
    "medications",
)
"""Sections shrink in this order when the text is over budget (conditions and allergies never)."""
KEY_OBSERVATION_CODES: frozenset[str] = frozenset(
    {
        "4548-4",
        "2345-7",
        "2339-0",
        "85354-9",
        "8480-6",
        "8462-4",
        "2093-3",
        "2085-9",
        "2571-8",
        "18262-6",
        "13457-7",
        "2089-1",
        "33914-3",
        "69405-9",
        "2160-0",
        "39156-5",
        "29463-7",
        "8867-4",
        "718-7",
        "2823-3",
        "2951-2",
    }
)
"""LOINC codes listed first among the latest observations (glycaemia, blood pressure, lipids, kidney
function, BMI and weight, heart rate, haemoglobin, electrolytes), so trimming cuts the others."""
ACTIVE_MEDICATION_STATUSES = frozenset({"active", "on-hold", "intended"})
INACTIVE_CONDITION_STATUSES = frozenset({"resolved", "inactive", "remission"})


class SummaryItem(BaseModel):
    """One line of the summary, with the fields it was rendered from (for citation)."""

    model_config = ConfigDict(frozen=True)

    section: str
    uid: str
    resource_type: str
    display: str | None = None
    code_system: str | None = None
    code: str | None = None
    tag: str
    status: str | None = None
    date: str | None = None
    value: float | None = None
    value_text: str | None = None
    unit: str | None = None
    line: str


class ClinicalSummary(BaseModel):
    user_id: str
    items: list[SummaryItem]
    text: str
    token_estimate: int
    truncated: dict[str, int]
    """Section → how many items were left out."""


def estimate_tokens(text: str) -> int:
    """About four characters per token (English clinical text with codes)."""
    return (len(text) + 3) // 4


def resource_tag(resource_type: str, display: str | None, system: str | None, code: str | None) -> str:
    """``[Observation] Hemoglobin A1c [LOINC:4548-4]``."""
    coded = f" [{system_tag(system)}:{code}]" if code else ""
    return f"[{resource_type}] {display or '(no display)'}{coded}"


def _day(value: Any) -> str | None:
    if value is None:
        return None
    native = value.to_native() if hasattr(value, "to_native") else value
    return native.date().isoformat() if isinstance(native, datetime) else str(native)[:10]


def _sort_key(row: Mapping[str, Any]) -> str:
    return _day(row.get("event_start")) or _day(row.get("recorded_at")) or ""


def _item(section: str, row: Mapping[str, Any], detail: str, date: str | None) -> SummaryItem:
    tag = resource_tag(row["resource_type"], row.get("display"), row.get("code_system"), row.get("code"))
    line = f"- {tag}" + (f" {detail}" if detail else "")
    return SummaryItem(
        section=section,
        uid=row["uid"],
        resource_type=row["resource_type"],
        display=row.get("display"),
        code_system=row.get("code_system"),
        code=row.get("code"),
        tag=tag,
        status=row.get("clinical_status") or row.get("status"),
        date=date,
        value=row.get("value"),
        value_text=row.get("value_text"),
        unit=row.get("unit"),
        line=line,
    )


def build_sections(
    resources: Sequence[Mapping[str, Any]], observations: Sequence[Mapping[str, Any]]
) -> dict[str, list[SummaryItem]]:
    """All candidate items per section, most relevant first (pure)."""
    by_type: dict[str, list[Mapping[str, Any]]] = {}
    for row in sorted(resources, key=_sort_key, reverse=True):
        by_type.setdefault(row["resource_type"], []).append(row)
    sections: dict[str, list[SummaryItem]] = {name: [] for name in SECTION_CAPS}
    for row in by_type.get("Condition", []):
        onset, abated = _day(row.get("event_start")), _day(row.get("event_end"))
        status = row.get("clinical_status") or "unknown"
        if status in INACTIVE_CONDITION_STATUSES or abated:
            detail = f"{status}; onset {onset or '?'}, resolved {abated or '?'}"
            sections["resolved_conditions"].append(_item("resolved_conditions", row, detail, abated or onset))
        else:
            detail = f"{status}; onset {onset or '?'}"
            sections["active_conditions"].append(_item("active_conditions", row, detail, onset))
    meds = by_type.get("MedicationRequest", []) + by_type.get("MedicationStatement", [])
    meds.sort(key=_sort_key, reverse=True)
    meds.sort(key=lambda r: r.get("status") not in ACTIVE_MEDICATION_STATUSES)  # stable: active first
    for row in meds:
        authored = _day(row.get("event_start"))
        label = "authoredOn" if row["resource_type"] == "MedicationRequest" else "effective"
        parts = [f"status {row.get('status') or '?'}", f"{label} {authored or '?'}"]
        parts += [p for p in (row.get("dosage_text"), row.get("dosage_timing")) if p]
        sections["medications"].append(_item("medications", row, "; ".join(parts), authored))
    for row in by_type.get("AllergyIntolerance", []):
        status = row.get("clinical_status") or row.get("verification_status") or "?"
        recorded = _day(row.get("recorded_at")) or _day(row.get("event_start"))
        sections["allergies"].append(
            _item("allergies", row, f"{status}; recorded {recorded or '?'}", recorded)
        )

    def observation_order(row: Mapping[str, Any]) -> tuple[bool, str, str]:
        return (
            row.get("code") not in KEY_OBSERVATION_CODES,
            row.get("category") or "",
            row.get("display") or "",
        )

    for row in sorted(observations, key=observation_order):
        when = _day(row.get("event_start"))
        value = row.get("value")
        shown = format_number(value) if value is not None else (row.get("value_text") or "")
        unit = f" {row['unit']}" if row.get("unit") and value is not None else ""
        flag = f" ({row['interpretation']})" if row.get("interpretation") else ""
        sections["observations"].append(_item("observations", row, f"= {shown}{unit}{flag} on {when}", when))
    for section, rtype in (
        ("procedures", "Procedure"),
        ("encounters", "Encounter"),
        ("immunizations", "Immunization"),
    ):
        for row in by_type.get(rtype, []):
            when = _day(row.get("event_start"))
            sections[section].append(_item(section, row, f"on {when or '?'}", when))
    return sections


def render(
    user_id: str,
    sections: Mapping[str, list[SummaryItem]],
    open_safety_findings: Sequence[str] = (),
    max_tokens: int = MAX_TOKENS,
) -> ClinicalSummary:
    """Cap each section, then shrink low-priority sections until the text fits ``max_tokens``."""
    caps = dict(SECTION_CAPS)

    def compose() -> tuple[list[SummaryItem], str]:
        chosen: list[SummaryItem] = []
        lines = [f"Clinical record summary (FHIR) for user {user_id}."]
        if open_safety_findings:
            lines += [
                f"\n{SECTION_TITLES['open_safety_findings']}:",
                *(f"- {f}" for f in open_safety_findings),
            ]
        for name in SECTION_CAPS:
            items = sections.get(name, [])[: caps[name]]
            if items:
                lines += [f"\n{SECTION_TITLES[name]}:", *(i.line for i in items)]
                chosen += items
        return chosen, "\n".join(lines)

    items, text = compose()
    for name in TRIM_ORDER:
        while estimate_tokens(text) > max_tokens and caps[name] > 0:
            caps[name] -= 1
            items, text = compose()
    truncated = {
        name: len(sections.get(name, [])) - caps[name]
        for name in SECTION_CAPS
        if len(sections.get(name, [])) > caps[name]
    }
    return ClinicalSummary(
        user_id=user_id, items=items, text=text, token_estimate=estimate_tokens(text), truncated=truncated
    )


def clinical_summary(
    client: GraphClient,
    user_id: str,
    *,
    open_safety_findings: Sequence[str] = (),
    max_tokens: int = MAX_TOKENS,
) -> ClinicalSummary:
    """The user's curated clinical view.

    Args:
        open_safety_findings: HOOK for reconciliation — one rendered line per open
            safety-critical finding; they lead the summary and are never trimmed.
    """
    validate_user_id(user_id)
    resources = client.read(
        queries.SUMMARY_RESOURCES,
        {
            "user_id": user_id,
            "types": [
                "Condition",
                "MedicationRequest",
                "MedicationStatement",
                "AllergyIntolerance",
                "Procedure",
                "Encounter",
                "Immunization",
            ],
        },
    )
    observations = client.read(
        queries.SUMMARY_LATEST_OBSERVATIONS,
        {
            "user_id": user_id,
            "categories": list(RELEVANT_OBSERVATION_CATEGORIES),
        },
    )
    return render(user_id, build_sections(resources, observations), open_safety_findings, max_tokens)
