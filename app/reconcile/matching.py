"""Pure helpers the rule modules share: naming a statement's drug, matching words and terms,
citing resources, and saying how old the record is.

Facts that are not in the dictionary and that the rubric needs (which supplements carry
interaction potential, which words signal an acute-danger symptom) are named constants here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from app.dictionary.models import DrugEntry
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.context import ClinicalContext, ClinicalItem
from app.reconcile.models import Citation, Statement

INTERACTION_SUPPLEMENTS: frozenset[str] = frozenset(
    {
        "st john's wort",
        "st johns wort",
        "st. john's wort",
        "ginkgo",
        "ginkgo biloba",
        "ginseng",
        "garlic",
        "fish oil",
        "omega-3",
        "omega 3",
        "omega-3 fatty acids",
        "vitamin k",
        "vitamin e",
        "turmeric",
        "curcumin",
        "red yeast rice",
        "potassium",
        "grapefruit",
        "licorice",
        "echinacea",
        "kava",
        "valerian",
        "calcium",
        "iron",
        "magnesium",
        "niacin",
        "coenzyme q10",
        "coq10",
        "green tea extract",
        "saw palmetto",
        "dong quai",
        "feverfew",
    }
)
"""Supplements with documented drug-interaction potential (anticoagulants, statins, antihypertensives,
levothyroxine absorption, …): an undocumented one is a medium gap, other supplements a low one."""

CROSS_REACTIVE_FAMILIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("penicillin", ("penicillin", "amoxicillin", "ampicillin", "piperacillin", "dicloxacillin", "nafcillin")),
    (
        "cephalosporin",
        ("cephalosporin", "cefalexin", "cephalexin", "cefazolin", "ceftriaxone", "cefuroxime", "cefdinir"),
    ),
    ("sulfonamide", ("sulfonamide", "sulfa", "sulfamethoxazole")),
    ("nsaid", ("nsaid", "nonsteroidal", "non-steroidal", "ibuprofen", "naproxen", "diclofenac", "aspirin")),
    ("statin", ("statin", "hmg-coa")),
    ("opioid", ("opioid", "codeine", "morphine", "oxycodone", "hydrocodone", "tramadol")),
)
"""Drug families whose members cross-react for allergy purposes, with the words that name them
(in a drug class, an ingredient key or an allergy display)."""

_WORD = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*")


def words(text: str | None) -> list[str]:
    return _WORD.findall((text or "").lower())


def has_phrase(text: str | None, phrase: str) -> bool:
    """``phrase`` occurs in ``text`` on word boundaries (case-insensitive)."""
    if not text or not phrase:
        return False
    return re.search(rf"(?<![a-z0-9]){re.escape(phrase.lower())}(?![a-z0-9])", text.lower()) is not None


def any_phrase(text: str | None, phrases: Iterable[str]) -> str | None:
    return next((p for p in phrases if has_phrase(text, p)), None)


def family_of(*texts: str | None) -> str | None:
    """The cross-reactive family named by any of ``texts`` (class, key or display)."""
    for family, markers in CROSS_REACTIVE_FAMILIES:
        for text in texts:
            low = (text or "").lower()
            if any(marker in low for marker in markers):
                return family
    return None


@dataclass(frozen=True, slots=True)
class DrugFacts:
    """What the rubric needs to know about the statement's drug."""

    key: str
    drug_class: str | None = None
    kind: str | None = None  # prescription | otc | supplement | vaccine | None (unknown)
    chronic: bool = False
    high_risk: bool = False
    indications: tuple[str, ...] = ()  # SNOMED CT codes of the conditions it treats (dictionary)

    @property
    def family(self) -> str | None:
        return family_of(self.drug_class, self.key)

    @property
    def is_statin(self) -> bool:
        # every statin's name ends in "-vastatin" (atorva-, simva-, rosuva-, prava-, lova-, fluva-, pitava-);
        # nystatin, an antifungal, does not
        return family_of(self.drug_class) == "statin" or self.key.endswith("vastatin")


def drug_facts(
    statement: Statement, snapshot: DictionarySnapshot | None, ctx: ClinicalContext
) -> DrugFacts | None:
    """The statement's drug from the dictionary (by key, then alias), else from the record's terms."""
    name = statement.text("drug") or statement.text("substance")
    if not name:
        return None
    entry = None
    if snapshot is not None:
        entry = snapshot.get("drug", name) or snapshot.lookup("drug", name)
    if isinstance(entry, DrugEntry):
        return DrugFacts(entry.key, entry.drug_class, entry.kind, entry.chronic, entry.high_risk, entry.indications)
    for item in ctx.items:
        for term in item.terms:
            if term.label == "DrugTerm" and term.key == name:
                return DrugFacts(name, term.drug_class, None, term.chronic, term.high_risk)
    return DrugFacts(name, statement.text("drug_class"))


def item_mentions_drug(item: ClinicalItem, drug: DrugFacts) -> bool:
    """The resource is about the ingredient: a mapped term, else the ingredient word in its display."""
    if drug.key in item.term_keys("DrugTerm"):
        return True
    return has_phrase(item.display, drug.key)


def cite(items: Iterable[ClinicalItem]) -> tuple[Citation, ...]:
    out: list[Citation] = []
    for item in items:
        citation = item.citation()
        if citation is not None and citation not in out:
            out.append(citation)
    return tuple(out)


def days_between(earlier: datetime | None, later: datetime) -> int | None:
    return None if earlier is None else (later - earlier).days


def age_phrase(item: ClinicalItem, t: datetime, what: str = "recorded") -> str:
    """``"MedicationRequest 'Metformin …' (recorded 412 days before the statement)"``."""
    days = days_between(item.when, t)
    label = f"{item.resource_type} '{item.display}'" if item.display else item.resource_type
    if days is None:
        return f"{label} (undated)"
    if days < 0:
        return f"{label} ({what} {-days} days after the statement)"
    return f"{label} ({what} {days} days before the statement)"


def record_age_note(ctx: ClinicalContext) -> str:
    """The sentence every rules finding ends with: how current the compared record was."""
    days = ctx.record_age_days
    if days is None:
        return "No clinical entry predates the statement."
    return f"Clinical record as of the statement: latest entry {days} days earlier."


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a rule decided; :func:`app.reconcile.rules.apply_rules` makes it a Finding."""

    kind: str
    rule: str
    rationale: str
    severity: str | None = None
    safety_critical: bool = False
    cites: tuple[Citation, ...] = ()


def agreement(rule: str, rationale: str, items: Iterable[ClinicalItem]) -> Verdict:
    return Verdict("agreement", rule, rationale, cites=cite(items))


def discrepancy(
    kind: str,
    severity: str,
    rule: str,
    rationale: str,
    items: Iterable[ClinicalItem],
    *,
    safety: bool = False,
) -> Verdict:
    return Verdict(kind, rule, rationale, severity, safety, cite(items))
