"""Allergy statements against AllergyIntolerance: agreement, a denial of a recorded allergy, a new drug
allergy to a drug in force (high, safety-critical), other new allergies. A substance matches by its
phrase or content words (singular and plural, UK/US spellings), by the drug, or by a cross-reactive
family; the most specific match wins ("grass pollen": the grass pollen allergy, not the tree pollen one).
"""

from __future__ import annotations

import re

from app.reconcile.context import ClinicalContext, ClinicalItem, allergy_active_at, medication_active_at
from app.reconcile.matching import (
    DrugFacts,
    Verdict,
    age_phrase,
    agreement,
    discrepancy,
    family_of,
    has_phrase,
    item_mentions_drug,
    words,
)
from app.reconcile.models import Statement

ALLERGY_STOPWORDS = frozenset(
    {
        "allergy",
        "allergic",
        "allergies",
        "to",
        "the",
        "and",
        "of",
        "tree",
        "food",
        "foods",
        "animal",
        "sting",
        "stings",
        "product",
        "products",
        "drug",
        "medicine",
        "intolerance",
        "reaction",
    }
)
SPELLINGS: dict[str, str] = {
    "mold": "mould",
    "mould": "mold",
    "fish": "fish",
    "dairy": "milk",
    "milk": "dairy",
}


SHELLFISH_KINDS = frozenset(
    {"shrimp", "prawn", "crab", "lobster", "crayfish", "crawfish", "scallop", "clam", "mussel", "langoustine"}
)
"""Shellfish named by kind, matched to a recorded shellfish allergy ("shrimp" and "Shellfish (substance)")."""
TREE_NUT_KINDS = frozenset(
    {"walnut", "pecan", "cashew", "almond", "hazelnut", "pistachio", "macadamia", "filbert", "chestnut"}
)
"""Tree nuts named by kind, matched to a recorded nut allergy ("walnut" and "Allergy to nut"); a peanut is a
legume and is not one of them."""
FURRY_ANIMALS = frozenset({"cat", "dog", "kitten", "puppy", "horse", "rabbit", "hamster", "ferret"})
"""Animals whose allergy the record holds as an animal dander allergy ("cats" matches "Dander (animal) allergy")."""

ALLERGIC_REACTION_SIGNS = re.compile(
    r"\b(?:throat|tongue|lips?|mouth|face|eyes?)\s+(?:(?:feels?|felt|is|was|are|were|went|got|getting|started|"
    r"starting|began|had|has|have)\s+)?(?:(?:all|really|so|very|a bit|kind of|to)\s+)?"
    r"(?:tight|tightening|swollen|swelling|swell"
    r"|swelled(?: up)?|closing(?: up)?|tingling|tingly|puffed up|puffy|puffing up|itchy)\b"
    r"|\b(?:can't|cannot|couldn't|could not|hard to|trouble|struggling to)\s+(?:breathe|breathing|swallow|swallowing)\b"
    r"|\b(?:hives|welts)\b"
    r"|\b(?:wheezing|wheezy|fighting for (?:breath|air)|gasping for (?:breath|air))\b",
    re.IGNORECASE,
)
"""Signs of an allergic reaction in the quote: a throat tight or closing, lips or tongue swelling or tingling,
trouble breathing or swallowing, wheezing, hives."""


def substance_forms(substance: str) -> set[str]:
    """The phrase and its content words, singular and plural, with UK/US spellings; a furry animal also
    as the dander it sheds, a shellfish named by its kind ("shrimp", "crab") also as shellfish."""
    out = {substance}
    for word in words(substance):
        if word not in ALLERGY_STOPWORDS and len(word) >= 3:
            out.update({word, word.rstrip("s"), word + "s"})
            if word in SPELLINGS:
                out.add(SPELLINGS[word])
            if word.rstrip("s") in FURRY_ANIMALS:
                out.add("dander")
            if word.rstrip("s") in SHELLFISH_KINDS or word in ("shrimps", "prawns"):
                out.add("shellfish")
            if word.rstrip("s") in TREE_NUT_KINDS:
                out.update({"nut", "tree nut"})
    return {f for f in out if f and f not in ALLERGY_STOPWORDS}


def _most_specific(substance: str, matches: list[ClinicalItem]) -> list[ClinicalItem]:
    """The matches that name every content word of a several-word substance ("grass pollen": the grass
    pollen allergy, not also the tree pollen one), when there are any; else all matches."""
    content = [w for w in words(substance) if w not in ALLERGY_STOPWORDS and len(w) >= 3]
    if len(content) < 2:
        return matches
    full = [i for i in matches if all(any(has_phrase(i.text, f) for f in substance_forms(w)) for w in content)]
    return full or matches


DENIED_STATUSES = frozenset(
    {"denied", "refuted", "resolved", "inactive", "outgrown", "absent", "none", "not_allergic", "entered-in-error"}
)
"""An allergy said not to hold (now or ever): "I'm not allergic to cats", "I've outgrown it"; the record's is
contradicted."""


def allergy_verdict(st: Statement, ctx: ClinicalContext, drug: DrugFacts | None) -> Verdict:
    from app.reconcile.medication_rules import lay_class_matches  # the drug rules import this module's helpers
    t = ctx.as_of
    substance = st.text("substance") or ""
    forms = substance_forms(substance)
    family = drug.family if drug else family_of(substance)
    matches = []
    for item in ctx.of_type("AllergyIntolerance"):
        if (
            any(has_phrase(item.text, f) for f in forms)
            or (drug is not None and item_mentions_drug(item, drug))
            or (family is not None and family_of(item.display, *item.code_displays) == family)
        ):
            matches.append(item)
    matches = _most_specific(substance, matches)
    active = [i for i in matches if allergy_active_at(i, t)]
    if (st.text("status") or st.text("stated_status") or "").strip().lower() in DENIED_STATUSES:
        if active:
            return discrepancy(
                "contradiction",
                "medium",
                "allergy.denied_recorded",
                f"The statement denies an allergy to {substance}; the record holds "
                f"{age_phrase(active[0], t)} (the record is not changed).",
                active,
            )
        return agreement(
            "allergy.denied_unrecorded",
            f"The statement denies an allergy to {substance}, which the record does not list as active.",
            matches,
        )
    if active:
        return agreement(
            "allergy.matches",
            f"The stated allergy to {substance} matches {age_phrase(active[0], t)}.",
            active,
        )
    is_drug = (st.text("substance_kind") == "drug") or (drug is not None and drug.kind is not None)
    if is_drug and drug is not None:
        prescribed = [
            i
            for i in ctx.of_type("MedicationRequest", "MedicationStatement")
            if medication_active_at(i, t)
            and (
                item_mentions_drug(i, drug)
                or (family is not None and family_of(i.display, *[x.drug_class for x in i.terms]) == family)
            )
        ]
        if not prescribed:
            # "a reaction to my new blood pressure pill": the person's own requests in force of the class named
            prescribed = [i for i in lay_class_matches(st, ctx, drug) if medication_active_at(i, t)]
        if prescribed:
            return discrepancy(
                "gap",
                "high",
                "allergy.new_to_prescribed",
                f"The statement reports an allergy to {substance}, not in the record, while "
                f"{age_phrase(prescribed[0], t, 'authored')} is in force.",
                prescribed,
                safety=True,
            )
        return discrepancy(
            "gap",
            "medium",
            "allergy.undocumented_drug",
            f"The statement reports a drug allergy to {substance}, which the record does not list.",
            [],
        )
    if matches:
        return discrepancy(
            "gap",
            "low",
            "allergy.recorded_inactive",
            f"The statement reports an allergy to {substance}; the record holds "
            f"{age_phrase(matches[0], t)} as not active.",
            matches,
        )
    return discrepancy(
        "gap",
        "low",
        "allergy.undocumented",
        f"The statement reports an allergy to {substance}, which the record does not list.",
        [],
    )
