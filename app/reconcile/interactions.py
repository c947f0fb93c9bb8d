"""Drug interactions the rubric grades: what an undocumented drug or supplement adds to.

An undocumented drug with interaction potential is a medium gap that cites the requests in force it
interacts with: an anticoagulant or antiplatelet for a bleeding-risk drug or supplement (NSAIDs,
aspirin, ginkgo, fish oil, turmeric, another antiplatelet), a nitrate for a PDE-5 inhibitor
(sildenafil, tadalafil: a dangerous fall in blood pressure), simvastatin / lovastatin /
atorvastatin for a strong CYP3A4 inhibitor (clarithromycin, erythromycin, the azoles: statin
toxicity) or inducer (St John's wort, rifampin: the statin's effect lost; also a hormonal contraceptive's:
contraceptive failure, and digoxin's or a calcineurin inhibitor's level), an NSAID in force for a bleeding-risk
supplement (ginkgo, garlic, turmeric, vitamin E, fish oil), warfarin for an antibiotic
or antifungal that raises its effect (ciprofloxacin, metronidazole, fluconazole, co-trimoxazole), methotrexate
for co-trimoxazole (folate blocked twice, methotrexate cleared slower), clopidogrel for omeprazole or esomeprazole
(CYP2C19 blocked, clopidogrel activated less). Facts
from the drugs' labels; the lists are small and named here so a reviewer can read them whole.
"""

from __future__ import annotations

from app.reconcile.context import ClinicalContext, ClinicalItem, medication_active_at
from app.reconcile.matching import INTERACTION_SUPPLEMENTS, DrugFacts, any_phrase, item_mentions_drug

BLEEDING_RISK_CLASSES: tuple[str, ...] = ("anticoagulant", "antiplatelet")
BLEEDING_ADDITIVES: frozenset[str] = frozenset(
    {
        "aspirin",
        "ibuprofen",
        "naproxen",
        "diclofenac",
        "ginkgo",
        "ginkgo biloba",
        "fish oil",
        "omega-3",
        "omega-3 fatty acids",
        "garlic",
        "garlic extract",
        "vitamin e",
        "turmeric",
        "curcumin",
        "st john's wort",
        "clopidogrel",
        "ticagrelor",
        "prasugrel",
    }
)
"""Drugs and supplements that add to the bleeding risk of an active anticoagulant or antiplatelet."""
HERBAL_BLEEDING_ADDITIVES: frozenset[str] = frozenset(
    {
        "ginkgo",
        "ginkgo biloba",
        "garlic",
        "garlic extract",
        "vitamin e",
        "turmeric",
        "curcumin",
        "fish oil",
        "omega-3",
        "omega-3 fatty acids",
    }
)
"""Supplements that also add to the bleeding risk of an NSAID in force (ginkgo with naproxen or ibuprofen)."""
NSAID_WORDS: tuple[str, ...] = ("naproxen", "ibuprofen", "diclofenac", "meloxicam", "celecoxib", "nsaid", "ketorolac")



WARFARIN_POTENTIATORS = frozenset(
    {
        "ciprofloxacin",
        "levofloxacin",
        "metronidazole",
        "fluconazole",
        "sulfamethoxazole",
        "trimethoprim",
        "sulfamethoxazole / trimethoprim",
        "amiodarone",
        "clarithromycin",
        "erythromycin",
        "glucosamine",
    }
)
"""Drugs that raise warfarin's effect (INR) when added: antibiotics and antifungals above all, and the
glucosamine supplement (raised INR reported with warfarin)."""
CLOPIDOGREL_BLUNTERS = frozenset({"omeprazole", "esomeprazole"})
"""Proton pump inhibitors that block CYP2C19, which turns clopidogrel into its active form: with clopidogrel in force
its antiplatelet effect is weaker (clopidogrel's label advises against the pair)."""
METHOTREXATE_RAISERS = frozenset({"sulfamethoxazole", "trimethoprim", "sulfamethoxazole / trimethoprim"})
"""Co-trimoxazole with methotrexate in force: both block folate and trimethoprim slows methotrexate's clearance
(bone-marrow suppression); the pair is on both labels."""


def has_interaction_potential(drug: DrugFacts) -> bool:
    cls = (drug.drug_class or "").lower()
    return (
        drug.key in INTERACTION_SUPPLEMENTS
        or (drug.kind == "supplement" and any_phrase(drug.key, tuple(INTERACTION_SUPPLEMENTS)) is not None)
        or drug.key in BLEEDING_ADDITIVES
        or drug.key in WARFARIN_POTENTIATORS
        or drug.key in CYP3A4_INHIBITORS
        or drug.key in CYP3A4_INDUCERS
        or drug.family == "nsaid"
        or any(word in cls for word in ("nsaid", "anticoagulant", "antiplatelet"))
    )



NITRATE_WORDS: tuple[str, ...] = ("nitroglycerin", "nitrate", "isosorbide")
"""A PDE-5 inhibitor (sildenafil, tadalafil) with a nitrate: a dangerous fall in blood pressure."""
CYP3A4_INHIBITORS = frozenset({"clarithromycin", "erythromycin", "itraconazole", "ketoconazole", "ritonavir"})
"""Strong CYP3A4 inhibitors: they raise the levels of the statins CYP3A4 clears."""
CYP3A4_INDUCERS = frozenset({"st john's wort", "rifampin", "rifampicin"})
"""Strong CYP3A4 inducers: they lower the levels of those statins and of hormonal contraceptives."""
CYP3A4_STATINS: tuple[str, ...] = ("simvastatin", "lovastatin", "atorvastatin")
"""Statins cleared by CYP3A4: an inhibitor raises their levels (myopathy, rhabdomyolysis), an inducer
lowers them (lost cholesterol control)."""
HORMONAL_CONTRACEPTIVE_WORDS: tuple[str, ...] = (
    "contraceptive",
    "ethinyl estradiol",
    "levonorgestrel",
    "norethindrone",
    "norgestimate",
    "drospirenone",
    "desogestrel",
    "etonogestrel",
    "norelgestromin",
    "seasonique",
)
"""Hormonal contraceptives: a strong CYP3A4 inducer lowers their levels (contraceptive failure,
breakthrough bleeding); a hormonal IUD acts locally and is left out."""


INDUCER_LOWERED: tuple[str, ...] = ("digoxin", "cyclosporine", "tacrolimus")
"""Narrow-margin drugs whose levels a strong inducer (St John's wort, rifampin: CYP3A4 and P-glycoprotein)
lowers: digoxin, the calcineurin inhibitors."""


THYROID_BINDERS: tuple[str, ...] = ("calcium", "iron", "ferrous", "magnesium")
"""Supplements that bind levothyroxine in the gut and lower its absorption when taken with it."""


STATIN_DUPLICATES = frozenset({"red yeast rice", "red yeast rice extract", "monacolin k"})
"""Supplements that are a statin themselves (red yeast rice holds monacolin K, which is lovastatin): with a statin
in force the dose of statin adds up (myopathy, liver injury)."""


def is_pde5(drug: DrugFacts) -> bool:
    return any_phrase((drug.drug_class or "").lower(), ("pde5", "pde-5", "phosphodiesterase")) is not None


def interacting_meds(ctx: ClinicalContext, drug: DrugFacts) -> list[ClinicalItem]:
    """Active requests an undocumented drug interacts with: anticoagulants / antiplatelets for a
    bleeding-risk drug, nitrates for a PDE-5 inhibitor, the statins a strong CYP3A4 inhibitor raises
    (and the statins and hormonal contraceptives an inducer lowers),
    warfarin for an antibiotic or antifungal that raises its effect, levothyroxine for a calcium, iron or
    magnesium supplement that binds it."""
    if is_pde5(drug):
        return [
            item
            for item in ctx.of_type("MedicationRequest", "MedicationStatement")
            if medication_active_at(item, ctx.as_of)
            and (
                any_phrase(item.display, NITRATE_WORDS)
                or any(any_phrase(f"{t.key} {t.drug_class or ''}", NITRATE_WORDS) for t in item.terms)
            )
        ]
    active = [i for i in ctx.of_type("MedicationRequest", "MedicationStatement") if medication_active_at(i, ctx.as_of)]
    statins = [
        i
        for i in active
        if drug.key in CYP3A4_INHIBITORS | CYP3A4_INDUCERS
        and (any_phrase(i.display, CYP3A4_STATINS) or any(t.key in CYP3A4_STATINS for t in i.terms))
    ]
    contraceptives = [
        i
        for i in active
        if drug.key in CYP3A4_INDUCERS
        and not any_phrase(i.display, ("intrauterine",))
        and (
            any_phrase(i.display, HORMONAL_CONTRACEPTIVE_WORDS)
            or any(any_phrase(f"{t.key} {t.drug_class or ''}", HORMONAL_CONTRACEPTIVE_WORDS) for t in i.terms)
        )
    ]
    lowered = [
        i
        for i in active
        if drug.key in CYP3A4_INDUCERS
        and (any_phrase(i.display, INDUCER_LOWERED) or any(t.key in INDUCER_LOWERED for t in i.terms))
    ]
    duplicated = [
        i
        for i in active
        if drug.key in STATIN_DUPLICATES
        and ("vastatin" in i.display.lower() or any("vastatin" in t.key for t in i.terms))
    ]
    blunted = [
        i
        for i in active
        if drug.key in CLOPIDOGREL_BLUNTERS
        and (any_phrase(i.display, ("clopidogrel",)) or any(t.key == "clopidogrel" for t in i.terms))
    ]
    cyp3a4 = [*statins, *contraceptives, *lowered, *duplicated, *blunted]
    if drug.key in CYP3A4_INHIBITORS or drug.key in WARFARIN_POTENTIATORS:
        warfarin = [
            i
            for i in active
            if drug.key in WARFARIN_POTENTIATORS
            and (any_phrase(i.display, ("warfarin",)) or any(t.key == "warfarin" for t in i.terms))
        ]
        antifolate = [
            i
            for i in active
            if drug.key in METHOTREXATE_RAISERS
            and (any_phrase(i.display, ("methotrexate",)) or any(t.key == "methotrexate" for t in i.terms))
        ]
        return [*cyp3a4, *warfarin, *antifolate]
    if any_phrase(drug.key, THYROID_BINDERS) is not None:
        thyroid = [
            i
            for i in active
            if any_phrase(i.display, ("levothyroxine",)) or any(t.key == "levothyroxine" for t in i.terms)
        ]
        cyp3a4 = [*cyp3a4, *thyroid]
    if drug.key not in BLEEDING_ADDITIVES and drug.family != "nsaid":
        return cyp3a4
    out = []
    for item in ctx.of_type("MedicationRequest", "MedicationStatement"):
        if not medication_active_at(item, ctx.as_of) or item_mentions_drug(item, drug):
            continue
        classes = " ".join((t.drug_class or "") for t in item.terms).lower()
        if any(word in classes for word in BLEEDING_RISK_CLASSES) or any_phrase(item.display, ("warfarin",)):
            out.append(item)
        elif drug.key in HERBAL_BLEEDING_ADDITIVES and (any_phrase(item.display, NSAID_WORDS) or "nsaid" in classes):
            out.append(item)  # ginkgo with naproxen in force: the bleeding risk adds up
    return [*out, *(i for i in cyp3a4 if i not in out)]


def interaction_risk(drug: DrugFacts) -> str:
    """The risk an undocumented drug adds to the requests :func:`interacting_meds` cites, for the rationale."""
    if is_pde5(drug):
        return "a fall in blood pressure with"
    if drug.key in CYP3A4_INHIBITORS:
        return "statin toxicity to"
    if drug.key in STATIN_DUPLICATES:
        return "a second statin (monacolin K) to"
    if any_phrase(drug.key, THYROID_BINDERS) is not None:
        return "lower absorption to"
    if drug.key in METHOTREXATE_RAISERS:
        return "a raised effect (bleeding, marrow toxicity) to"
    if drug.key in CLOPIDOGREL_BLUNTERS:
        return "a weaker antiplatelet effect to"
    return "bleeding risk to"
