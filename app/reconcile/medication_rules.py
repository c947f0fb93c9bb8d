"""Drug statements against MedicationRequest / MedicationStatement and AllergyIntolerance.

Covers ``regimen_change`` (start / stop / skip / dose_change), ``medication_intake``,
``prescription`` and ``current_medication``. The order is the rubric's priority: a drug the record
lists as an allergy first, then double dosing, then the regimen against the active requests.
"""

from __future__ import annotations

from datetime import timedelta

from app.reconcile.context import (
    ClinicalContext,
    ClinicalItem,
    allergy_active_at,
    condition_active_at,
    medication_active_at,
)
from app.reconcile.double_dose import said_double_dose
from app.reconcile.interactions import (
    has_interaction_potential,
    interacting_meds,
    interaction_risk,
)
from app.reconcile.matching import (
    DrugFacts,
    Verdict,
    age_phrase,
    agreement,
    any_phrase,
    discrepancy,
    family_of,
    has_phrase,
    item_mentions_drug,
)
from app.reconcile.models import Statement
from app.reconcile.regimen_actions import OCCASIONAL_CUES, STOP_ACTIONS, skips_a_run_of_days, statement_action
from app.reconcile.rescue_use import rescue_use_verdict

RECENT_CARDIAC_EVENT = timedelta(days=365)
"""A cardiac Condition or Procedure this recent makes stopping a statin high severity."""

CARDIAC_WORDS: tuple[str, ...] = (
    "myocardial infarction",
    "heart attack",
    "coronary",
    "angina",
    "cardiac arrest",
    "heart failure",
    "atrial fibrillation",
    "coronary stent",
    "cardiac stent",
    "heart stent",
    "angioplasty",
    "heart bypass",
    "cardiac bypass",
    "catheter ablation",
    "percutaneous coronary",
    "ischemic heart",
    "ischaemic heart",
    "cardiomyopathy",
    "stroke",
    "cerebrovascular",
    "cardioversion",
    "pacemaker",
    "defibrillator",
    "heart valve",
    "valve replacement",
    "cardiac catheterization",
)
"""Words of a Condition or Procedure display that make it a cardiac event or cardiac history (a stent
or a bypass only when cardiac: a gastric bypass or a ureteral stent is no cardiac procedure)."""

ATHEROSCLEROTIC_WORDS: tuple[str, ...] = (
    "myocardial infarction",
    "heart attack",
    "coronary",
    "angina",
    "cardiac arrest",
    "stent",
    "angioplasty",
    "bypass",
    "ischemic",
    "ischaemic",
    "stroke",
    "cerebrovascular",
)
"""The cardiac events a statin guards against (an infarction, a coronary procedure, a stroke): a rhythm
procedure (cardioversion, catheter ablation, a pacemaker) is cardiac care but no event that makes stopping a
statin high."""


LAY_CLASS_PHRASES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("water pill", "water pills", "water tablet", "fluid pill", "diuretic"), ("diuretic",)),
    (("blood thinner", "blood thinners"), ("anticoagulant", "antiplatelet")),
    (
        ("blood pressure pill", "blood pressure pills", "blood pressure medicine", "blood pressure medication",
         "blood pressure meds", "bp pill", "bp pills", "bp meds"),
        ("antihypertensive",),
    ),
    (("cholesterol pill", "cholesterol medicine", "cholesterol medication", "statin"), ("statin",)),
    (
        ("diabetes pill", "diabetes medicine", "diabetes medication", "sugar pill", "sugar pills"),
        ("antidiabetic", "insulin"),
    ),
    (("thyroid pill", "thyroid medicine", "thyroid medication"), ("thyroid",)),
    (
        ("seizure medicine", "seizure medication", "seizure meds", "seizure pill", "seizure pills",
         "epilepsy medicine", "epilepsy medication", "epilepsy meds", "anticonvulsant"),
        ("antiepileptic",),
    ),
    (("birth control", "the pill", "contraceptive pill", "oral contraceptive", "bcp", "bcps"), ("contraceptive",)),
)
"""Lay names of a drug class ("my water pill", "my blood pressure pills"): the dictionary reads them
as the class's usual ingredient (water pill -> hydrochlorothiazide) or as a class entry
(``antihypertensive``, ``anticoagulant``, ``statin``, ``antidiabetic``); when no request names that
ingredient, the person's own requests of the class are the ones meant (a "water pill" on a
furosemide request is the furosemide)."""


def cardiac_items(ctx: ClinicalContext, *, within: timedelta | None = None) -> tuple[ClinicalItem, ...]:
    """Cardiac Conditions and Procedures known at the statement time (``within`` it, if given)."""
    out = []
    for item in ctx.of_type("Condition", "Procedure"):
        if any_phrase(item.text, CARDIAC_WORDS) is None:
            continue
        if within is not None and (item.when is None or ctx.as_of - item.when > within):
            continue
        out.append(item)
    return tuple(out)


RUBRIC_HIGH_CLASSES: tuple[str, ...] = (
    "antidiabetic",
    "insulin",
    "antihypertensive",
    "anticoagulant",
    "antiplatelet",
    "antiepileptic",
)
"""Drug-class words of the rubric's high tier: stopping, skipping or changing one is high and safety."""
def in_rubric_high_tier(drug: DrugFacts) -> bool:
    cls = (drug.drug_class or "").lower()
    return any(word in cls for word in RUBRIC_HIGH_CLASSES) or drug.key.startswith("insulin")


SEIZURE_CONDITION_CODES = frozenset({"84757009", "128613002"})
"""Epilepsy and seizure disorder (SNOMED CT): the conditions that make a drug listed for seizures the person's
antiepileptic."""


def seizure_conditions_treated(drug: DrugFacts, ctx: ClinicalContext) -> tuple[ClinicalItem, ...]:
    """The person's active epilepsy or seizure disorder, when the dictionary lists the drug for it: a
    benzodiazepine such as diazepam prescribed to someone with epilepsy is their antiepileptic, and stopping
    or skipping it is in the rubric's high tier like any antiepileptic's."""
    if not SEIZURE_CONDITION_CODES.intersection(drug.indications):
        return ()
    return tuple(
        i
        for i in ctx.of_type("Condition")
        if i.code in SEIZURE_CONDITION_CODES and condition_active_at(i, ctx.as_of)
    )


def _undocumented_severity(drug: DrugFacts) -> str:
    """Medium for a prescription medicine or anything with interaction potential, else low."""
    if drug.kind in ("prescription", None) and (drug.kind == "prescription" or drug.chronic):
        return "medium"
    return "medium" if has_interaction_potential(drug) else "low"


def listed_allergies(ctx: ClinicalContext, drug: DrugFacts) -> tuple[ClinicalItem, ...]:
    """Active AllergyIntolerances to the ingredient itself or to its cross-reactive family."""
    family = drug.family
    out = []
    for item in ctx.of_type("AllergyIntolerance"):
        if not allergy_active_at(item, ctx.as_of):
            continue
        if item_mentions_drug(item, drug):
            out.append(item)
            continue
        classes = [t.drug_class for t in item.terms if t.label == "DrugTerm"]
        if family is not None and family_of(item.display, *item.code_displays, *classes) == family:
            out.append(item)
    return tuple(out)


def medication_verdict(st: Statement, ctx: ClinicalContext, drug: DrugFacts) -> Verdict:
    t = ctx.as_of
    meds = [i for i in ctx.of_type("MedicationRequest", "MedicationStatement") if item_mentions_drug(i, drug)]
    if not meds:
        meds = lay_class_matches(st, ctx, drug)
    active = [i for i in meds if medication_active_at(i, t)]
    ended = [i for i in meds if not medication_active_at(i, t)]
    # a prescription is a clinician's act, not a dose taken: a new prescription of a drug whose request ended is a
    # gap (the new prescription is absent from the record), never "taking a stopped drug"
    action = statement_action(st)
    quote = st.quote or ""

    if action in (None, "start", "take", "dose_change", "prescribed"):
        allergies = listed_allergies(ctx, drug)
        if allergies and action != "dose_change":
            return discrepancy(
                "contradiction",
                "high",
                "allergy.taking_listed_allergen",
                f"The statement reports taking {drug.key}; the record lists "
                + "; ".join(age_phrase(a, t) for a in allergies)
                + ".",
                [*allergies, *active],
                safety=True,
            )

    if action is None:
        action = "change"  # a regimen change whose action is not said ("leaving out the simvastatin") changes it

    if action == "take" and (rescue := rescue_use_verdict(st, ctx, drug, active)) is not None:
        return rescue  # "had to use my EpiPen": the anaphylaxis is the finding

    if action == "take" and _double_dose(st, active):
        return discrepancy(
            "contradiction" if active else "gap",
            "high",
            "med.double_dose",
            f"The statement reports a double dose of {drug.key}"
            + (
                f" against {age_phrase(active[0], t, 'authored')}."
                if active
                else "; no request for it is recorded."
            ),
            active,
            safety=True,
        )

    if action in STOP_ACTIONS:
        if active:
            return _stop_active(st, ctx, drug, action, active, quote)
        if action == "stop" and ended:
            latest = max(ended, key=lambda i: i.when or t)
            return agreement(
                "med.stop_matches_record",
                f"The statement reports stopping {drug.key}; the record holds no request in force "
                "at that time "
                f"({age_phrase(latest, t, 'authored')}, status {latest.status}).",
                [latest],
            )
        return _undocumented(
            drug,
            ctx,
            f"The statement reports a change to {drug.key}, which no medication in the record names.",
        )

    if active:
        return agreement(
            "med.matches_request",
            f"The statement about {drug.key} is consistent with "
            f"{age_phrase(active[0], t, 'authored')}, in force then.",
            active,
        )
    if ended and action == "take":
        latest = max(ended, key=lambda i: i.when or t)
        if drug.chronic and drug.kind != "otc":
            return discrepancy(
                "contradiction",
                "medium",
                "med.taking_stopped",
                f"The statement reports taking {drug.key}; the record shows it ended "
                f"({age_phrase(latest, t, 'authored')}, status {latest.status}).",
                [latest],
            )
        return discrepancy(
            "gap",
            _undocumented_severity(drug),
            "med.taking_ended_request",
            f"The statement reports taking {drug.key}; the only matching request is no longer in force "
            f"({age_phrase(latest, t, 'authored')}, status {latest.status}).",
            [latest],
        )
    return _undocumented(drug, ctx, f"The statement reports {drug.key}, which the record does not list.")


def lay_class_matches(st: Statement, ctx: ClinicalContext, drug: DrugFacts) -> list[ClinicalItem]:
    """The requests of the drug class the statement names in lay words, when the statement's drug
    belongs to that class (see :data:`LAY_CLASS_PHRASES`)."""
    own = (drug.drug_class or "").lower()
    classes = [
        word
        for phrases, words in LAY_CLASS_PHRASES
        if any_phrase(st.quote, phrases) or drug.key in words  # the dictionary's class entries
        for word in words
        if word in own
    ]
    if not classes:
        return []
    return [
        item
        for item in ctx.of_type("MedicationRequest", "MedicationStatement")
        if any(word in (term.drug_class or "").lower() for term in item.terms for word in classes)
    ]


def _undocumented(drug: DrugFacts, ctx: ClinicalContext, basis: str) -> Verdict:
    interacting = interacting_meds(ctx, drug)
    if interacting:
        basis += f" It adds {interaction_risk(drug)} {age_phrase(interacting[0], ctx.as_of, 'authored')}."
        return discrepancy("gap", "medium", "med.undocumented_interacting", basis, interacting)
    treated = treated_conditions(ctx, drug)
    if treated:
        basis += f" It treats {age_phrase(treated[0], ctx.as_of)}."
    return discrepancy("gap", _undocumented_severity(drug), "med.undocumented", basis, treated)


def treated_conditions(ctx: ClinicalContext, drug: DrugFacts) -> list[ClinicalItem]:
    """The recorded Conditions in force that the undocumented drug treats (its dictionary indications, by
    SNOMED CT code): allopurinol for a recorded gout, levetiracetam for a recorded seizure disorder."""
    if not drug.indications or drug.kind not in ("prescription", None):
        return []
    return [
        item
        for item in ctx.of_type("Condition")
        if item.code in drug.indications and condition_active_at(item, ctx.as_of)
    ]


def _double_dose(st: Statement, active: list[ClinicalItem]) -> bool:
    if said_double_dose(st.quote, st.text("drug")):
        return True
    dose = st.number("dose")
    if dose is None or not active:
        return False
    for item in active:
        prescribed = _prescribed_dose(item)
        if prescribed and dose >= 2 * prescribed:
            return True
    return False


def _prescribed_dose(item: ClinicalItem) -> float | None:
    """The strength in the product display (``Metformin 500 MG …`` → 500) as a rough dose bound."""
    words = item.display.lower().split()
    for i, word in enumerate(words[:-1]):
        if words[i + 1] in ("mg", "mcg", "g", "unt", "units") and word.replace(".", "", 1).isdigit():
            return float(word)
    return None


def _stop_active(
    st: Statement, ctx: ClinicalContext, drug: DrugFacts, action: str, active: list[ClinicalItem], quote: str
) -> Verdict:
    t = ctx.as_of
    verb = {"stop": "stopping", "skip": "skipping", "dose_change": "changing the dose of", "change": "changing"}[action]
    basis = (
        f"The statement reports {verb} {drug.key} while {age_phrase(active[0], t, 'authored')} was in force."
    )
    if action == "skip" and any_phrase(quote, OCCASIONAL_CUES) and not skips_a_run_of_days(quote):
        return discrepancy(
            "contradiction",
            "medium",
            "med.occasional_missed_doses",
            basis + " Doses are missed occasionally.",
            active,
        )
    if drug.is_statin:
        recent = tuple(
            i for i in cardiac_items(ctx, within=RECENT_CARDIAC_EVENT) if any_phrase(i.text, ATHEROSCLEROTIC_WORDS)
        )
        if recent:
            return discrepancy(
                "contradiction",
                "high",
                "med.stop_statin_after_cardiac_event",
                basis + f" The record shows a recent cardiac event: {age_phrase(recent[0], t)}.",
                [*active, *recent],
                safety=True,
            )
        return discrepancy("contradiction", "medium", "med.stop_statin", basis, active)
    if in_rubric_high_tier(drug):
        return discrepancy("contradiction", "high", "med.stop_high_risk", basis, active, safety=True)
    seizures = seizure_conditions_treated(drug, ctx)
    if seizures:
        return discrepancy(
            "contradiction",
            "high",
            "med.stop_seizure_treatment",
            basis + f" It treats the recorded {seizures[0].display.lower()} ({age_phrase(seizures[0], t)}).",
            active,
            safety=True,
        )
    if drug.chronic:
        return discrepancy("contradiction", "medium", "med.stop_chronic", basis, active)
    return discrepancy("contradiction", "medium", "med.stop_active", basis, active)


def is_vaccine(drug: DrugFacts | None, st: Statement) -> bool:
    if drug is not None and drug.kind == "vaccine":
        return True
    return any(has_phrase(st.text("drug"), w) for w in ("vaccine", "shot", "booster", "jab", "immunization"))
