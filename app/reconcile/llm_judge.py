"""The LLM judge for the residue: statements no rule can place.

The judge sees the curated clinical summary, the statement and a numbered candidate list of the
user's resources, and answers under a JSON schema (:class:`JudgeAnswer`) through the shared
interface (``app.llm.structured.invoke_structured``). It may only cite resources of the candidate list:
citations outside it are dropped (and counted in the logs), and the answer is forced into the
rubric's shape (no severity on an agreement, a severity on a discrepancy).

With the LLM backend ``none`` there is no judge: the residue gets no finding. Lifestyle talk is
never residue — a rule classifies it (``no_clinical_relevance`` unless it bears on the record).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.reconcile.context import (
    ClinicalContext,
    ClinicalItem,
    allergy_active_at,
    careplan_active_at,
    condition_active_at,
    medication_active_at,
)
from app.reconcile.models import Citation, Finding, FindingKind, Severity, Statement

log = logging.getLogger(__name__)

PROMPT_VERSION = "reconcile-judge/1"
MAX_CANDIDATES = 40

SYSTEM_PROMPT = """You compare one statement a patient made with their clinical record.
Classify it as exactly one kind:
- agreement: consistent with the record;
- contradiction: conflicts with documented data (stopping or changing an active medication, denying a
  recorded condition or allergy, taking a drug listed as an allergy, a value conflicting with a recorded one);
- gap: clinically actionable and absent from the record (a medication, supplement, condition, symptom,
  allergy, procedure, or a condition reported as resolved);
- no_clinical_relevance: routine lifestyle talk with no bearing on the record.
Severity (contradiction and gap only): high = stopping/skipping/changing an active chronic medication,
taking a listed allergen, a new drug allergy to a prescribed drug, acute-danger symptoms tied to a recorded
condition; medium = undocumented prescription medicine or interacting supplement, a new condition diagnosed
elsewhere, a materially different lab value, occasional missed doses, an undocumented procedure;
low = a condition reported resolved, lifestyle bearing on a recorded condition, an unrecorded immunization,
a minor symptom. safety_critical = not acting could lead to acute harm.
Cite only resources from the numbered candidate list, by resource_type, system and code exactly as listed.
The rationale is one short sentence comparing the statement with the record. Never diagnose, never
explain causes, never recommend treatment."""


class JudgeCitation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    resource_type: str = Field(description="as in the candidate list, e.g. MedicationRequest")
    system: str = Field(description="the code system URI exactly as in the candidate list")
    code: str = Field(description="the code exactly as in the candidate list")


class JudgeAnswer(BaseModel):
    """The judge's response schema (JSON-schema constrained)."""

    model_config = ConfigDict(extra="forbid")

    kind: FindingKind
    severity: Severity | None = Field(default=None, description="only for contradiction and gap")
    safety_critical: bool = False
    rationale: str = Field(max_length=400, description="one short sentence, no diagnosis or advice")
    cites: list[JudgeCitation] = Field(default_factory=list, description="only from the candidate list")


def candidate_items(ctx: ClinicalContext) -> list[ClinicalItem]:
    """The resources the judge may cite: those in force at the statement time, then the rest."""
    t = ctx.as_of
    current: list[ClinicalItem] = []
    other: list[ClinicalItem] = []
    for item in ctx.items:
        if item.citation() is None:
            continue
        active = {
            "MedicationRequest": medication_active_at,
            "MedicationStatement": medication_active_at,
            "Condition": condition_active_at,
            "AllergyIntolerance": allergy_active_at,
            "CarePlan": careplan_active_at,
        }.get(item.resource_type)
        (current if active is None or active(item, t) else other).append(item)
    recent_first = sorted(other, key=lambda i: (i.when is None, -(i.when.timestamp() if i.when else 0)))
    return (current + recent_first)[:MAX_CANDIDATES]


def candidate_lines(items: Sequence[ClinicalItem]) -> str:
    lines = []
    for n, item in enumerate(items, 1):
        when = item.when.date().isoformat() if item.when else "undated"
        status = item.status or item.clinical_status or ""
        lines.append(
            f"[{n}] {item.resource_type} | {item.display} | {item.code_system} | {item.code} "
            f"| {status} | {when}"
        )
    return "\n".join(lines)


def statement_text(st: Statement) -> str:
    fields = ", ".join(f"{k}={v}" for k, v in sorted(st.fields.items()) if v not in (None, "", []))
    when = st.event_start.isoformat() if st.event_start else "not stated"
    return f"type={st.type}; {fields}; event time={when}; quote={st.quote or ''!r}"


def build_messages(st: Statement, summary: str, items: Sequence[ClinicalItem]) -> list[Any]:
    from langchain_core.messages import HumanMessage, SystemMessage

    return [
        SystemMessage(content=SYSTEM_PROMPT),
        HumanMessage(
            content=f"Clinical summary:\n{summary or '(none)'}\n\n"
            f"Candidate resources:\n{candidate_lines(items) or '(none)'}"
            f"\n\nStatement:\n{statement_text(st)}"
        ),
    ]


def validated_finding(
    answer: JudgeAnswer, st: Statement, items: Sequence[ClinicalItem], when: Any
) -> Finding:
    """The answer as a Finding: citations outside the candidate list dropped, rubric shape enforced."""
    allowed: dict[tuple[str, str, str], Citation] = {}
    for item in items:
        citation = item.citation()
        if citation is not None:
            allowed.setdefault(citation.triple, citation)
    cites: list[Citation] = []
    for c in answer.cites:
        found = allowed.get((c.resource_type, c.system, c.code))
        if found is None:
            log.info("judge citation dropped record=%s type=%s", st.uid, c.resource_type)
        elif found not in cites:
            cites.append(found)
    discrepant = answer.kind in ("contradiction", "gap")
    return Finding(
        kind=answer.kind,
        severity=(answer.severity or "low") if discrepant else None,
        safety_critical=answer.safety_critical if discrepant else False,
        rationale=answer.rationale[:400],
        engine="llm",
        rule="llm.residue",
        cites=tuple(cites),
        record_uid=st.uid,
        event_start=when,
    )


def judge_residue(
    model: Any, st: Statement, ctx: ClinicalContext, *, summary: str, retries: int = 2
) -> Finding:
    """Ask the chat model about one residue statement (``model`` from ``app.llm.build_chat_model``)."""
    from app.llm.structured import invoke_structured

    items = candidate_items(ctx)
    answer = invoke_structured(model, JudgeAnswer, build_messages(st, summary, items), retries=retries)
    return validated_finding(answer, st, items, ctx.as_of)
