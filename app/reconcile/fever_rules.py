"""A fever while under treatment for cancer: the rubric's acute danger tied to a recorded condition.

A temperature of 38.0 °C (100.4 °F) or more, stated as a reading or as a fever, with an active cancer
Condition and chemotherapy said in the statement ("my last docetaxel infusion was a week ago") or in
force in the record is a high, safety-critical gap citing the cancer conditions (a fever on chemotherapy
may be a neutropenic fever). Without a recorded cancer, or without chemotherapy, the other rules decide.
"""

from __future__ import annotations

import re

from app.reconcile.context import ClinicalContext, ClinicalItem, condition_active_at, medication_active_at
from app.reconcile.matching import Verdict, age_phrase, any_phrase, discrepancy
from app.reconcile.models import Statement

FEVER_CELSIUS = 38.0
CANCER_WORDS: tuple[str, ...] = (
    "neoplasm",
    "cancer",
    "carcinoma",
    "malignant",
    "lymphoma",
    "leukemia",
    "leukaemia",
    "myeloma",
    "sarcoma",
    "melanoma",
)
CHEMOTHERAPY_SAID = re.compile(
    r"\b(?:chemo|chemotherapy|infusions?|chemo cycle|cycle of chemo|docetaxel|paclitaxel|carboplatin|cisplatin"
    r"|oxaliplatin|cyclophosphamide|doxorubicin|gemcitabine|fluorouracil|capecitabine|etoposide)\b",
    re.IGNORECASE,
)
"""Chemotherapy said in the statement: the word, an infusion, or a common cytotoxic drug by name."""
CHEMOTHERAPY_CLASSES: tuple[str, ...] = ("antineoplastic", "chemotherapy", "cytotoxic", "alkylating", "taxane")
FEVER_NAMES: tuple[str, ...] = ("fever", "high temperature", "pyrexia", "febrile")


def _celsius(value: float) -> float:
    """A body temperature in °C; a value above 50 is read as °F."""
    return (value - 32.0) * 5.0 / 9.0 if value > 50 else value


def _fever_said(st: Statement) -> bool:
    if st.type == "vital_sign" and st.text("kind") == "temperature":
        value = st.number("value_canonical") or st.number("value")
        return value is not None and _celsius(value) >= FEVER_CELSIUS
    if st.type == "symptom":
        return any_phrase(f"{st.text('name') or ''} {st.text('standard_key') or ''}", FEVER_NAMES) is not None
    return False


def _on_chemotherapy(st: Statement, ctx: ClinicalContext) -> bool:
    if CHEMOTHERAPY_SAID.search(st.quote or ""):
        return True
    return any(
        medication_active_at(i, ctx.as_of)
        and any(any_phrase(t.drug_class or "", CHEMOTHERAPY_CLASSES) for t in i.terms)
        for i in ctx.of_type("MedicationRequest", "MedicationStatement")
    )


def cancers(ctx: ClinicalContext) -> list[ClinicalItem]:
    """The active cancer Conditions as of the statement."""
    return [
        i
        for i in ctx.of_type("Condition")
        if condition_active_at(i, ctx.as_of) and any_phrase(i.display.lower(), CANCER_WORDS) is not None
    ]


def fever_on_chemotherapy_verdict(st: Statement, ctx: ClinicalContext) -> Verdict | None:
    """A high, safety-critical gap for a fever under chemotherapy with a recorded cancer, else ``None``."""
    if not _fever_said(st):
        return None
    recorded = cancers(ctx)
    if not recorded or not _on_chemotherapy(st, ctx):
        return None
    return discrepancy(
        "gap",
        "high",
        "fever.on_chemotherapy",
        f"The statement reports a fever under chemotherapy with {age_phrase(recorded[0], ctx.as_of)} "
        "(a possible neutropenic fever).",
        recorded,
        safety=True,
    )
