"""The clinical summary: the curated view an agent reads, with code tags, dates and a budget."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.db.client import GraphClient
from app.ingest.fhir import IngestResult, clinical_summary
from app.ingest.fhir.summary import MAX_TOKENS
from tests.ingest_fhir.conftest import DIABETIC_SEED, STATIN_SEED

Load = Callable[[str, Path | dict[str, Any]], IngestResult]
DIABETIC_SYNTHEA = "Stewart_Stanton_e1c92057-888b-4d8a-a459-5c1c4eed82c7.json"
"""The one type 2 diabetic of the 100 bundles (on insulin: no bundle in the set holds metformin)."""


def _section(summary: Any, name: str) -> list[Any]:
    return [item for item in summary.items if item.section == name]


def test_seed_diabetic_summary_lists_metformin_latest_hba1c_and_conditions(
    client: GraphClient, load: Load, user_id: str
) -> None:
    load(user_id, DIABETIC_SEED)
    load(user_id, STATIN_SEED)
    summary = clinical_summary(client, user_id)
    meds = _section(summary, "medications")
    metformin = next(m for m in meds if m.code == "861007")
    assert metformin.tag == "[MedicationRequest] metformin hydrochloride 500 MG Oral Tablet [RXNORM:861007]"
    assert "status active; authoredOn 2025-03-10" in metformin.line
    assert any(m.code == "617312" for m in meds)  # atorvastatin by medicationReference
    a1c = [o for o in _section(summary, "observations") if o.code == "4548-4"]
    assert len(a1c) == 1 and (a1c[0].value, a1c[0].date) == (7.1, "2025-09-15")  # latest only
    assert "[LOINC:4548-4] = 7.1 % (H) on 2025-09-15" in summary.text
    active = {c.tag for c in _section(summary, "active_conditions")}
    assert "[Condition] Diabetes mellitus type 2 (disorder) [SNOMED:44054006]" in active
    assert {c.code for c in _section(summary, "resolved_conditions")} == {"10509002"}
    assert [a.code for a in _section(summary, "allergies")] == ["91936005"]
    assert "[Observation] Blood pressure panel with all children optional [LOINC:85354-9]" in summary.text
    assert "Systolic blood pressure 142 mm[Hg]" in summary.text


def test_synthea_diabetic_summary(client: GraphClient, load: Load, user_id: str, synthea_dir: Path) -> None:
    load(user_id, synthea_dir / DIABETIC_SYNTHEA)
    summary = clinical_summary(client, user_id)
    assert summary.token_estimate <= MAX_TOKENS
    active = {c.code: c for c in _section(summary, "active_conditions")}
    assert active["44054006"].tag == "[Condition] Diabetes [SNOMED:44054006]"
    assert "368581000119106" in active  # neuropathy due to type 2 diabetes
    assert {"307731004", "444814009"} <= {c.code for c in _section(summary, "resolved_conditions")}
    insulin = next(m for m in _section(summary, "medications") if m.code == "106892")
    assert insulin.status == "active" and insulin.date == "1964-09-12"
    assert insulin.tag.endswith("[RXNORM:106892]")
    a1c = next(o for o in _section(summary, "observations") if o.code == "4548-4")
    assert (round(a1c.value or 0, 2), a1c.date) == (3.9, "1969-02-22")
    assert a1c.line.startswith("- [Observation] Hemoglobin A1c/Hemoglobin.total in Blood [LOINC:4548-4]")


def test_open_safety_findings_lead_the_summary(client: GraphClient, load: Load, user_id: str) -> None:
    load(user_id, DIABETIC_SEED)
    finding = "[Finding] says stopped metformin; record: active MedicationRequest [RXNORM:861007]"
    summary = clinical_summary(client, user_id, open_safety_findings=[finding])
    first_section = summary.text.split("\n\n")[1]
    assert first_section.startswith("Open safety-critical findings:") and finding in first_section
    tiny = clinical_summary(client, user_id, open_safety_findings=[finding], max_tokens=200)
    assert finding in tiny.text and tiny.truncated  # findings are never trimmed; others shrink


def test_summary_of_a_user_without_a_record_is_empty(client: GraphClient, user_id: str) -> None:
    summary = clinical_summary(client, user_id)
    assert summary.items == []
