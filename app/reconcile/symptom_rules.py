"""Symptoms against the record: the rubric's acute dangers, and symptoms of recorded conditions.

Chest pain with a cardiac history, hypoglycaemia signs on insulin or a sulfonylurea, fainting,
seizure or stroke signs with a recorded neurological condition (a face or speech failing with a recorded
hypertension), breathing failing (can't breathe, lips
turning blue, the reliever not working) with a recorded airway disease, a headache with disturbed vision in
pregnancy or high blood pressure (:mod:`.hypertensive_signs`), the worst headache ever with a recorded migraine
or high blood pressure (:mod:`.thunderclap_headache`) are high, safety-critical gaps
citing what they are tied to; a symptom of a recorded Condition is an agreement; any other symptom a
low gap. The words are read from the name as said, the grounded key and the quote.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from app.ingest.narrative.acute_signs import (
    BREATHING_SAID,
    CHEST_SQUEEZED,
    CYANOSIS_SAID,
    FAINT_SAID,
    SPEECH_SAID,
    WEAKNESS_SAID,
)
from app.ingest.narrative.site_pain import PAIN_QUALITY_FEELING
from app.reconcile.allergy_rules import ALLERGIC_REACTION_SIGNS, ALLERGY_STOPWORDS
from app.reconcile.context import (
    ClinicalContext,
    ClinicalItem,
    allergy_active_at,
    condition_active_at,
    medication_active_at,
)
from app.reconcile.hypertensive_signs import hypertensive_signs_verdict
from app.reconcile.matching import Verdict, age_phrase, agreement, any_phrase, discrepancy, has_phrase, words
from app.reconcile.medication_rules import cardiac_items
from app.reconcile.models import Statement
from app.reconcile.palpitation_rules import palpitations_verdict
from app.reconcile.symptom_citations import (
    FACE_OR_SPEECH_SIGNS,
    VASCULAR_WORDS,
    blood_causes_of_fainting,
    cardiac_conditions_relied_on,
    seizure_conditions_relied_on,
    stroke_risk_conditions,
    syncope_causes,
)
from app.reconcile.thunderclap_headache import thunderclap_verdict

PAIN_WORDS = ("pain", "ache", "aches", "aching", "sore", "hurts")
NO_BODY_PAIN = ("throat", "cold sore", "canker sore", "mouth ulcer", "bed sore", "pressure sore")
"""A recorded "Chronic pain" covers any pain symptom but the acute-danger ones, a sore throat and a lesion."""
CHEST_PAIN = (
    "chest pain",
    "chest tightness",
    "chest pressure",
    "pain in my chest",
    "angina",
    # pressure words with the chest ("squeezing in my chest", "tightness in my chest", "my chest felt tight")
    "squeezing in my chest",
    "squeeze in my chest",
    "pressure in my chest",
    "tightness in my chest",
    "heaviness in my chest",
    "weight on my chest",
    "tight chest",
    "chest felt tight",
    "chest was tight",
    "chest is tight",
    "chest got tight",
    "chest heaviness",
)
CHEST_PAIN_SAID = re.compile(
    rf"(?:\b(?:pain|ache|pressure|tightness|discomfort|squeezing|heaviness)|{PAIN_QUALITY_FEELING})"
    r"(?: (?:right|just))? (?:in|across|on)(?: the (?:middle|centre|center|front) of)? my chest\b"
    # the chest said to be in a pain state, by a linking or change-of-state verb: "my chest went tight", "my chest
    # felt heavy", "my chest started getting tight"
    r"|\bmy chest(?:'s| (?:is|was|went|goes|turned|got|gets|felt|feels|became|(?:started|began) (?:getting|feeling"
    r"|to (?:get|feel))))(?: (?:really|so|very|all|kind of|a bit|a little))? (?:tight|heavy|tightening|squeezed"
    r"|crushed|sore)\b",
    re.IGNORECASE,
)
"""A chest-pain word placed in the chest with a location between: "a squeezing pain right in the middle of
my chest", "a pain across my chest", "a tight, squeezing feeling across my chest" (a feeling said by a pain
quality)."""
FAINTING = (
    "faint",
    "fainted",
    "fainting",
    "syncope",
    "passed out",
    "pass out",
    "blacked out",
    "black out",
    "lost consciousness",
    "collapsed",
)
NEAR_FAINTING = ("near fainting", "presyncope", "near syncope")
"""A near-faint (the dictionary's ``near_fainting``): high like a faint with a recorded heart or vascular
condition it bears on, else a minor symptom."""
HYPOGLYCAEMIA = (
    "hypoglycemia",
    "hypoglycaemia",
    "low blood sugar",
    "low sugar",
    "sugar low",
    "sugar crash",
    "shaky",
    "shakiness",
    "trembling",
    "cold sweat",
    "cold sweats",
    "sweaty and dizzy",
    "tremor",
    "shaking",
    "the shakes",
    "drenched in sweat",
    "woke up drenched",
    "sweating and shaking",
)
SEIZURE = ("seizure", "seizures", "convulsion", "convulsions")
SEIZURE_DISORDER_NAMES = ("epilepsy", "epileptic", "seizure disorder", "fits", "fit")
"""A symptom *named* by the seizure disorder ("I had one of my fits") is a seizure; read from the name and key
only, never the quote ("the shoe fits")."""
STROKE_SIGNS = (
    "numb",
    "numbness",
    "went numb",
    "face drooping",
    "facial droop",
    "slurred speech",
    "trouble speaking",
    "one-sided weakness",
    "dysarthria",
    "slurred",
    "slurring",
    "garbled",
    "hand went weak",
    "arm went weak",
    "leg went weak",
    "side went weak",
    "face drooped",
    "drooping face",
)
NEURO_HISTORY = (
    "stroke",
    "cerebrovascular",
    "transient ischemic",
    "epilepsy",
    "epileptic",
    "seizure",
    "seizures",
)
EMBOLIC_SOURCES = ("atrial fibrillation", "atrial flutter")
"""Recorded rhythm disorders that throw the clots behind a stroke: stroke signs told by what happened (words
coming out wrong, a hand that would not grip) are tied to them when no neurological history is recorded (with
one, the history alone is cited, as before)."""
RESPIRATORY_HISTORY = (
    "asthma",
    "chronic obstructive",
    "copd",
    "emphysema",
    "bronchiectasis",
    "cystic fibrosis",
    "chronic bronchitis",
    "obstructive bronchitis",
)
"""Recorded airway diseases whose attack is an acute danger when the breathing fails."""
OVERDOSE_HISTORY: tuple[str, ...] = ("overdose", "opioid abuse", "opioid dependence", "opioid use disorder")
"""Recorded conditions under which failing breathing or blue lips are an acute danger (respiratory depression)."""
RELIEVER_FAILED = re.compile(
    r"\b(?:puffer|inhaler|reliever|nebuli[sz]er|ventolin|albuterol|salbutamol|blue inhaler|pump)\s+"
    r"(?:didn'?t|did not|wasn'?t|was not|isn'?t|is not|doesn'?t|does not|won'?t|wouldn'?t|ain'?t)\s+(?:\w+\s+)?"
    r"(?:help|helping|work|working|do anything|do much|touch it|make a difference|fix it|doing nothing|doin nothin"
    r"|doin nothing|doing nothin)\b"
    # the reliever used again and again without relief: "used the blue inhaler 4 times ... and it's not helping"
    r"|\b(?:puffer|inhaler|reliever|nebuli[sz]er|ventolin|albuterol|salbutamol|pump)\b[^.;!?]{0,60}?"
    r"\b(?:it's|its|it is|it was|that's|but)\s+(?:still\s+)?(?:not|n't|isn't|wasn't)\s+(?:\w+\s+)?"
    r"(?:help|helping|working|doing anything)\b"
    # "did 10 puffs of ventolin and it barely touched it"
    r"|\b(?:puffer|inhaler|reliever|nebuli[sz]er|ventolin|albuterol|salbutamol|pump)\b[^.;!?]{0,60}?"
    r"\b(?:barely|hardly|scarcely)\s+(?:touched|touching|helped|helping|did anything|doing anything|made a dent)\b",
    re.IGNORECASE,
)
"""The reliever failing ("my puffer didn't help", "the blue puffer aint doin nothin", "it barely touched it"): a sign
the attack is severe."""


def respiratory_distress(name: str, quote: str) -> bool:
    """Breathing failing, lips turning blue or the reliever not working, said of the speaker."""
    return (
        "cyanosis" in name
        or BREATHING_SAID.search(quote) is not None
        or CYANOSIS_SAID.search(quote) is not None
        or RELIEVER_FAILED.search(quote) is not None
    )


HYPOGLYCAEMIC_DRUG_WORDS = ("insulin", "sulfonylurea", "glipizide", "glyburide", "glimepiride", "gliclazide")


def _diabetes(ctx: ClinicalContext) -> list[ClinicalItem]:
    """The active diabetes Conditions the hypoglycaemic drug treats (cited beside the drug)."""
    return [
        i
        for i in ctx.of_type("Condition")
        if condition_active_at(i, ctx.as_of)
        and i.display.lower().startswith(("diabetes", "type 1 diabetes", "type 2 diabetes", "insulin-dependent"))
    ]


def _prefer_active(items: Sequence[ClinicalItem], t: datetime) -> list[ClinicalItem]:
    """The active Conditions among ``items`` when there are any, else all of them: the citation
    names what the record holds at the statement time. A "History of ..." situation is dropped
    when the condition itself is among them (cite "Seizure disorder", not also "History of single
    seizure")."""
    chosen = [i for i in items if i.resource_type == "Condition" and condition_active_at(i, t)] or list(items)
    disorders = [i for i in chosen if not i.display.lower().startswith("history of")]
    return disorders or chosen



_ALLERGEN_GENERIC = frozenset({"allergy", "allergic", "intolerance", "substance", "disorder", "finding", "to", "of"})
def _names_allergen(quote: str | None, allergy: ClinicalItem) -> bool:
    """Whether the quote names the recorded allergy's substance ("a bee got me" and "Allergy to bee venom"):
    a content word of the allergy's display, singular or plural."""
    content = [
        w for w in words(allergy.display) if len(w) >= 3 and w not in ALLERGY_STOPWORDS and w not in _ALLERGEN_GENERIC
    ]
    said = set(words(quote))
    return any({w, w.rstrip("s"), w + "s"} & said for w in content)


# --- symptoms -----------------------------------------------------------------------------------


def symptom_verdict(st: Statement, ctx: ClinicalContext) -> Verdict:
    t = ctx.as_of
    name = (st.text("name") or "the symptom").replace("_", " ")
    key = (st.text("standard_key") or "").replace("_", " ")  # "tight chest" is grounded as chest_pain
    text = " ".join(x for x in (name, key, st.quote or "") if x)
    quote = st.quote or ""
    if any_phrase(text, CHEST_PAIN) or CHEST_PAIN_SAID.search(quote) or CHEST_SQUEEZED.search(quote):
        history = cardiac_conditions_relied_on(cardiac_items(ctx), t) or _prefer_active(cardiac_items(ctx), t)
        if history:
            return discrepancy(
                "gap",
                "high",
                "symptom.chest_pain_cardiac_history",
                f"The statement reports {name} with a recorded cardiac history: {age_phrase(history[0], t)}.",
                history,
                safety=True,
            )
        return discrepancy(
            "gap",
            "medium",
            "symptom.chest_pain",
            f"The statement reports {name}; no cardiac history is recorded.",
            [],
        )
    if any_phrase(text, HYPOGLYCAEMIA):
        meds = [
            i
            for i in ctx.of_type("MedicationRequest", "MedicationStatement")
            if medication_active_at(i, t)
            and (
                any_phrase(i.display, HYPOGLYCAEMIC_DRUG_WORDS)
                or any(any_phrase(f"{x.key} {x.drug_class or ''}", HYPOGLYCAEMIC_DRUG_WORDS) for x in i.terms)
            )
        ]
        if meds:
            return discrepancy(
                "gap",
                "high",
                "symptom.hypoglycaemia_on_insulin_or_sulfonylurea",
                f"The statement reports {name} while {age_phrase(meds[0], t, 'authored')} is in force.",
                [*meds, *_diabetes(ctx)],
                safety=True,
            )
    near_faint = any_phrase(f"{name} {key}", NEAR_FAINTING) is not None
    if near_faint or any_phrase(text, FAINTING) or FAINT_SAID.search(st.quote or ""):
        active = [i for i in ctx.of_type("Condition") if condition_active_at(i, t)]
        heart = (
            syncope_causes([i for i in cardiac_items(ctx) if i in active])
            or seizure_conditions_relied_on(active, t)  # a blackout may be a seizure
            or [
                i
                for i in active
                if any_phrase(i.display, VASCULAR_WORDS) and not i.display.lower().startswith("history of")
            ]
        )
        if near_faint and not heart:  # nearly fainting with no heart or vascular condition: a minor symptom
            return discrepancy(
                "gap",
                "low",
                "symptom.near_fainting",
                f"The statement reports {name}; the record holds no heart or vascular condition it bears on.",
                [],
            )
        heart = heart or blood_causes_of_fainting(active)  # an anaemia on record
        return discrepancy(
            "gap",
            "high",
            "symptom.fainting",
            f"The statement reports {name}"
            + (f"; the record holds {age_phrase(heart[0], t)}." if heart else "."),
            heart,
            safety=True,
        )
    racing = palpitations_verdict(name, key, quote, ctx)  # with dizziness in heart disease (:mod:`.palpitation_rules`)
    if racing is not None:
        return racing
    warning = hypertensive_signs_verdict(name, key, quote, ctx)  # pre-eclampsia's signs (:mod:`.hypertensive_signs`)
    if warning is not None:
        return warning
    sudden = thunderclap_verdict(name, key, quote, ctx)  # the worst headache ever (:mod:`.thunderclap_headache`)
    if sudden is not None:
        return sudden
    if respiratory_distress(f"{name} {key}", st.quote or ""):
        airway = _prefer_active(
            [i for i in ctx.of_type("Condition") if any_phrase(i.display, RESPIRATORY_HISTORY)], t
        )
        airway = [i for i in airway if condition_active_at(i, t)]
        # lips turning blue on a record of overdose: the breathing an opioid slows
        airway = airway or [
            i
            for i in ctx.of_type("Condition")
            if any_phrase(i.display, OVERDOSE_HISTORY) and condition_active_at(i, t)
        ]
        if airway:
            return discrepancy(
                "gap",
                "high",
                "symptom.respiratory_distress",
                f"The statement reports {name} with signs of severe breathing difficulty; the record holds "
                f"{age_phrase(airway[0], t)}.",
                airway,
                safety=True,
            )
    seizure = any_phrase(text, SEIZURE) or any_phrase(f"{name} {key}", SEIZURE_DISORDER_NAMES)
    told = SPEECH_SAID.search(st.quote or "") or WEAKNESS_SAID.search(st.quote or "")
    if seizure or any_phrase(text, STROKE_SIGNS) or told:
        neurological = [i for i in ctx.of_type("Condition") if any_phrase(i.text, NEURO_HISTORY)]
        # a seizure relies on every active seizure entry, its "History of ..." situation included, as chest pain
        # does on the heart's (:mod:`.symptom_citations`)
        history = (seizure and seizure_conditions_relied_on(neurological, t)) or _prefer_active(neurological, t)
        if not seizure and not history and told:  # told stroke signs with no neurological history: the
            history = [  # recorded embolic source is what they are tied to
                i
                for i in ctx.of_type("Condition")
                if condition_active_at(i, t) and any_phrase(i.display, EMBOLIC_SOURCES)
            ]
        if not seizure and not history and (told or any_phrase(text, FACE_OR_SPEECH_SIGNS)):
            history = stroke_risk_conditions(ctx.of_type("Condition"), t)  # with neither: the hypertension behind it
        if history or seizure:
            return discrepancy(
                "gap",
                "high",
                "symptom.acute_neurological",
                f"The statement reports {name}"
                + (f"; the record holds {age_phrase(history[0], t)}." if history else "."),
                history,
                safety=True,
            )
    if ALLERGIC_REACTION_SIGNS.search(st.quote or ""):
        allergies = [i for i in ctx.of_type("AllergyIntolerance") if allergy_active_at(i, t)]
        exposed = [i for i in allergies if _names_allergen(st.quote, i)]
        if exposed:
            return discrepancy(
                "gap",
                "high",
                "symptom.reaction_to_recorded_allergen",
                f"The statement reports {name}, signs of an allergic reaction, after the allergen of "
                f"{age_phrase(exposed[0], t)}.",
                exposed,
                safety=True,
            )
    recorded = [
        i
        for i in ctx.of_type("Condition")
        if condition_active_at(i, t)
        and (
            has_phrase(i.display, name)
            or has_phrase(name, i.display.split(" (")[0])
            or (any_phrase(name, PAIN_WORDS) and not any_phrase(name, NO_BODY_PAIN)
                and has_phrase(i.display, "chronic pain"))
        )
    ]
    if recorded:
        return agreement(
            "symptom.matches_condition",
            f"The stated {name} is consistent with {age_phrase(recorded[0], t)}.",
            recorded,
        )
    return discrepancy(
        "gap",
        "low",
        "symptom.minor",
        f"The statement reports {name}, a symptom the record does not hold.",
        [],
    )


# --- lifestyle ----------------------------------------------------------------------------------
