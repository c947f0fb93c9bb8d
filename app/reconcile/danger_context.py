"""Lifestyle talk told around a sign of acute danger in the same turn bears on the condition it is tied to.

A walk, a meal, a night's sleep or a mood told in the turn that reports an acute-danger symptom tied to a
recorded condition ("Walking the dog up the hill I got that squeezing across my chest again", "... my left
arm went numb. It passed but I didn't sleep much after") is no routine lifestyle talk: it is the circumstance
or the aftermath of that sign. Issue 7 files "lifestyle information bearing on a recorded condition" as a
**low gap**, so such a record's ``no_clinical_relevance`` becomes a low gap citing the recorded conditions
the danger sign cites. Pure: the turn's statements and findings in, findings out.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.reconcile.models import Finding, Statement

CIRCUMSTANCE_TYPES = frozenset({"exercise", "meal", "sleep", "mood_stress"})
"""Lifestyle records that can be the circumstance or aftermath of a symptom."""
RULE = "lifestyle.circumstance_of_danger_sign"


def lifestyle_around_danger(statements: Sequence[Statement], findings: list[Finding]) -> list[Finding]:
    """``findings`` with each lifestyle ``no_clinical_relevance`` of a turn holding a safety-critical symptom
    gap tied to a recorded Condition turned into a low gap citing those conditions (module docstring)."""
    types: dict[str | None, str] = {st.uid: st.type for st in statements if st.uid is not None}
    danger = [
        f
        for f in findings
        if f.safety_critical
        and f.kind == "gap"
        and types.get(f.record_uid) == "symptom"
        and any(c.resource_type == "Condition" for c in f.cites)
    ]
    if not danger:
        return findings
    conditions = tuple(dict.fromkeys(c for f in danger for c in f.cites if c.resource_type == "Condition"))
    out = []
    for f in findings:
        if f.kind == "no_clinical_relevance" and types.get(f.record_uid) in CIRCUMSTANCE_TYPES:
            kind = types[f.record_uid].replace("_", " ")  # the record's type, said in words
            f = f.model_copy(
                update={
                    "kind": "gap",
                    "severity": "low",
                    "rule": RULE,
                    "cites": conditions,
                    "rationale": (
                        f"The {kind} is told in the same turn as a sign of acute danger tied to a recorded "
                        "condition: lifestyle information bearing on that condition."
                    ),
                }
            )
        out.append(f)
    return out
