"""The deterministic rules: one statement and its time-sliced clinical context in, a finding out.

:func:`apply_rules` is pure: it takes the statement, the context as of the statement's event time,
the dictionary snapshot and the clock's reading, and returns a :class:`Finding` — or ``None`` when
no rule can place the statement (the residue, which :mod:`app.reconcile.llm_judge` may judge).

Which rule family sees which record type:

=========================================================  ======================================
record type                                                compared with
=========================================================  ======================================
regimen_change, medication_intake, prescription,           MedicationRequest / MedicationStatement
current_medication                                         (status, authoredOn, class) and
                                                           AllergyIntolerance (cross-reactivity)
  … a vaccine named as a drug, clinical_visit vaccination  Immunization
condition                                                  Condition (clinical status, abatement)
allergy                                                    AllergyIntolerance, active requests
test_result, vital_sign, body_measurement                  latest Observation of the same LOINC
surgery_history                                            Procedure
symptom                                                    Conditions, cardiac history, insulin /
                                                           sulfonylurea requests
exercise, meal, sleep, lifestyle_baseline, mood_stress,    CarePlan, recorded conditions
goal
=========================================================  ======================================

Every rationale ends with the record's age at the statement time.
"""

from __future__ import annotations

from datetime import datetime

from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.allergy_rules import allergy_verdict
from app.reconcile.clinical_rules import (
    condition_verdict,
    immunization_verdict,
    pregnancy_verdict,
    procedure_verdict,
)
from app.reconcile.context import ClinicalContext
from app.reconcile.fever_rules import fever_on_chemotherapy_verdict
from app.reconcile.lifestyle_rules import LIFESTYLE_TYPES, lifestyle_verdict
from app.reconcile.matching import Verdict, drug_facts, record_age_note
from app.reconcile.medication_rules import is_vaccine, medication_verdict
from app.reconcile.models import Finding, Statement
from app.reconcile.observation_rules import observation_verdict
from app.reconcile.symptom_rules import symptom_verdict

DRUG_TYPES = frozenset({"regimen_change", "medication_intake", "prescription", "current_medication"})
RULE_TYPES = (
    DRUG_TYPES
    | LIFESTYLE_TYPES
    | frozenset(
        {
            "condition",
            "allergy",
            "test_result",
            "vital_sign",
            "body_measurement",
            "surgery_history",
            "symptom",
            "clinical_visit",
            "pregnancy_status",
        }
    )
)
"""Record types some rule looks at; others (sex, family history, …) are residue."""


def verdict_for(st: Statement, ctx: ClinicalContext, snapshot: DictionarySnapshot | None) -> Verdict | None:
    """The rule decision for one statement, or ``None`` (residue)."""
    if st.type in DRUG_TYPES:
        drug = drug_facts(st, snapshot, ctx)
        if drug is None:
            return None
        if is_vaccine(drug, st):
            return immunization_verdict(st, ctx)
        return medication_verdict(st, ctx, drug)
    if st.type == "clinical_visit":
        return immunization_verdict(st, ctx) if st.text("kind") == "vaccination" else None
    if st.type == "condition":
        return condition_verdict(st, snapshot, ctx)
    if st.type == "allergy":
        drug = drug_facts(st, snapshot, ctx)
        return allergy_verdict(st, ctx, drug if drug is not None and drug.kind is not None else None)
    if (fever := fever_on_chemotherapy_verdict(st, ctx)) is not None:
        return fever  # a temperature reading or a fever symptom under chemotherapy
    if st.type in ("test_result", "vital_sign", "body_measurement"):
        return observation_verdict(st, snapshot, ctx)
    if st.type == "surgery_history":
        return procedure_verdict(st, ctx) if (st.text("procedure") or st.text("name")) else None
    if st.type == "symptom":
        return symptom_verdict(st, ctx)
    if st.type == "pregnancy_status":
        return pregnancy_verdict(st, ctx)
    if st.type in LIFESTYLE_TYPES:
        return lifestyle_verdict(st, ctx)
    return None


def apply_rules(
    st: Statement, ctx: ClinicalContext, snapshot: DictionarySnapshot | None, now: datetime
) -> Finding | None:
    """Classify ``st`` against ``ctx`` (already sliced at ``st.when(now)``)."""
    verdict = verdict_for(st, ctx, snapshot)
    if verdict is None:
        return None
    rationale = verdict.rationale
    if verdict.kind != "no_clinical_relevance":
        rationale = f"{rationale} {record_age_note(ctx)}"
    return Finding(
        kind=verdict.kind,  # type: ignore[arg-type]
        severity=verdict.severity,  # type: ignore[arg-type]
        safety_critical=verdict.safety_critical,
        rationale=rationale[:600],
        engine="rules",
        rule=verdict.rule,
        cites=verdict.cites,
        record_uid=st.uid,
        event_start=st.when(now),
    )
