"""The active problem list and medication list, read from both streams of evidence.

Conditions are active when the record says so or the user has not reported them resolved or denied;
medicines when the record lists them as active or the user reports taking them, each noted when the
user's latest statement disagrees (both streams are kept).
"""

from __future__ import annotations

from app.profile.evidence import EvidenceItem
from app.profile.phrasing import month_year


def active_conditions(items: tuple[EvidenceItem, ...]) -> list[tuple[str, str]]:
    found: dict[str, str] = {}
    for item in sorted(items, key=lambda i: i.event_time or "", reverse=True):
        if item.kind == "Condition" and item.facts.get("clinical_status") in {
            None,
            "active",
            "recurrence",
            "relapse",
        }:
            found.setdefault(_clean(item.facts.get("display")), item.id)
        elif item.kind == "condition" and item.facts.get("stated_status") not in ("resolved", "denied"):
            found.setdefault(_clean(item.facts.get("name")), item.id)
    return [(name, item_id) for name, item_id in found.items() if name]


def active_medications(items: tuple[EvidenceItem, ...]) -> list[tuple[str, str]]:
    return [(name, item_id) for name, item_id, _ in active_medications_with_risk(items)]


def active_medications_with_risk(items: tuple[EvidenceItem, ...]) -> list[tuple[str, str, bool]]:
    """Medicines the record lists as active or the user reports taking, each with a note when the
    user's latest statement disagrees ("reported stopped in May 2021"): both streams are kept."""
    found: dict[str, tuple[str, bool]] = {}
    latest_statement: dict[str, EvidenceItem] = {}
    for item in sorted(items, key=lambda i: i.event_time or "", reverse=True):
        if item.kind in {"MedicationRequest", "MedicationStatement"} and item.facts.get("status") in {
            "active",
            "on-hold",
            None,
        }:
            name = str(item.facts.get("term_key") or _clean(item.facts.get("display")))
            found.setdefault(name, (item.id, bool(item.facts.get("high_risk"))))
        elif item.kind in {"regimen_change", "current_medication", "medication_intake"} and item.facts.get("drug"):
            drug = str(item.facts["drug"])
            latest_statement.setdefault(drug, item)
            if item.facts.get("action") != "stop":
                found.setdefault(drug, (item.id, False))
    out: list[tuple[str, str, bool]] = []
    for name, (item_id, risky) in found.items():
        statement = latest_statement.get(name)
        if statement is not None and statement.facts.get("action") in {"stop", "skip"}:
            verb = "stopped" if statement.facts["action"] == "stop" else "skipped"
            name = f"{name} (reported {verb} in {month_year(statement.event_time)})"
        out.append((name, item_id, risky))
    return out


def _clean(display: object) -> str:
    text = str(display or "").strip().replace("_", " ")
    for suffix in (" (disorder)", " (finding)", " (situation)"):
        text = text.removesuffix(suffix)
    return text
