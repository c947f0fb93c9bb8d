"""Condition, procedure, vaccine and pregnancy statements against their FHIR resources (allergies:
:mod:`.allergy_rules`)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from app.dictionary.models import ConditionEntry
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.context import (
    ClinicalContext,
    ClinicalItem,
    condition_active_at,
    condition_resolved_at,
)
from app.reconcile.matching import (
    Verdict,
    age_phrase,
    agreement,
    any_phrase,
    discrepancy,
    has_phrase,
    words,
)
from app.reconcile.models import Statement

VACCINE_WINDOW = timedelta(days=7)
PROCEDURE_WINDOW = timedelta(days=30)
"""A recorded procedure more than this before the date a statement gives it is an earlier occasion."""
"""A stated vaccination agrees with an Immunization of the same vaccine up to 7 days earlier (date
fuzz of a stated day); an older dose of a yearly vaccine is not this one."""
UNDATED_VACCINE_WINDOW = timedelta(days=30)
"""A vaccination told without a date the conventions pin ("got a flu shot at my physical the other day", "on the
12th") is the latest dose of that vaccine when the record holds one in the 30 days before the message; a yearly
vaccine's dose of last season is not it."""
A_PAST_COURSE = re.compile(
    r"\b(?:years ago|ages ago|long ago|as a (?:kid|child|baby|teen|teenager)|when (?:i|he|she) was (?:little|young"
    r"|small|a kid|a baby|a child|a teen|a teenager)|back in (?:the )?(?:19|20)\d\d"
    r"|(?:all|both)\s+(?:(?:two|three|four|\d)\s+)?(?:of\s+)?(?:my|his|her|their|the)\s+(?:[\w-]+\s+)?"
    r"(?:shots|jabs|doses|injections|vaccines|vaccinations)"
    r"|the (?:full|whole) (?:course|series)"
    # a course had already, its doses in the plural: "i had the hpv shots already", "he's had his hep b jabs"
    r"|(?:had|got|done|finished|completed)\s+(?:(?:all|both)\s+)?(?:the|my|his|her|their)\s+(?:[\w-]+\s+){1,2}"
    r"(?:shots|jabs|doses|injections|vaccines|vaccinations)\s+already"
    r"|(?:two|three|four|\d)\s+of\s+(?:them|those)(?=[^.;!]{0,40}$))\b",
    re.IGNORECASE,
)
"""A vaccination told as long past or as a finished course ("had both of his shingles jabs years ago", "all three of
his HPV shots", "i had the hpv shots already?? like three of them"): any recorded dose of that vaccine before the
message is it, whatever its age."""
VACCINE_FAMILIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # each family by its disease and by the brand names people say ("my second Shingrix shot", "the Prevnar jab")
    ("influenza", ("flu", "influenza", "fluzone", "flublok", "fluad", "flucelvax", "afluria", "fluarix", "flulaval")),
    ("covid", ("covid", "covid-19", "sars-cov-2", "coronavirus", "moderna", "comirnaty", "spikevax", "novavax")),
    ("tetanus", ("tetanus", "td", "tdap", "dtap", "boostrix", "adacel", "tenivac")),
    ("pneumococcal", ("pneumonia", "pneumococcal", "pcv13", "ppsv23", "prevnar", "pneumovax", "vaxneuvance")),
    ("zoster", ("shingles", "zoster", "shingrix", "zostavax")),
    ("hepatitis b", ("hep b", "hepatitis b", "engerix", "heplisav", "recombivax")),
    ("hepatitis a", ("hep a", "hepatitis a", "havrix", "vaqta")),
    ("hpv", ("hpv", "papillomavirus", "gardasil")),
    ("mmr", ("mmr", "measles", "mumps", "rubella", "priorix")),
    ("meningococcal", ("meningococcal", "meningitis", "menveo", "bexsero", "menactra", "trumenba", "menquadfi")),
    ("varicella", ("chickenpox", "varicella", "varivax")),
    ("polio", ("polio", "ipv", "ipol")),
    ("rsv", ("rsv", "arexvy", "abrysvo")),
)
PROCEDURE_STOPWORDS = frozenset(
    {
        "surgery",
        "operation",
        "procedure",
        "removal",
        "removed",
        "taken",
        "done",
        "replaced",
        "repaired",
        "had",
        "and",
        "last",
        "latest",
        "recent",
        "first",
        "annual",
        "routine",
    }
)
"""Words of a stated procedure that do not name it ("appendix removed" is matched on "appendix", "my last
colonoscopy" on "colonoscopy")."""
TREATED_CONDITIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("wisdom tooth", ("impacted molar", "impacted molars", "wisdom tooth", "wisdom teeth", "impacted tooth")),
    ("tooth extraction", ("dental caries", "tooth abscess", "dental abscess", "impacted tooth", "impacted molars")),
    ("cataract", ("cataract",)),
    ("appendectomy", ("appendicitis",)),
    ("cholecystectomy", ("gallstone", "gallstones", "cholecystitis", "cholelithiasis")),
    ("tonsillectomy", ("tonsillitis",)),
)
"""A stated procedure and the recorded conditions it treats (cited beside its gap when no Procedure names it)."""
_PAREN = re.compile(r"\s*\([^)]*\)\s*$")
SITE_WORDS: dict[str, tuple[str, ...]] = {
    "ankle": ("ankle",),
    "wrist": ("wrist",),
    "knee": ("knee",),
    "collarbone": ("clavicle", "collarbone"),
    "collar bone": ("clavicle", "collarbone"),
    "shoulder": ("shoulder",),
    "elbow": ("elbow",),
    "arm": ("arm", "forearm", "humerus", "radius", "ulna"),
    "forearm": ("forearm", "radius", "ulna"),
    "leg": ("leg", "tibia", "fibula", "femur"),
    "hip": ("hip",),
    "rib": ("rib", "ribs"),
    "finger": ("finger",),
    "thumb": ("thumb",),
    "toe": ("toe",),
    "foot": ("foot",),
    "feet": ("foot",),
    "hand": ("hand",),
    "back": ("back", "lumbar", "spine"),
    "neck": ("neck", "whiplash", "cervical"),
    "sinus": ("sinusitis", "sinus"),
    "sinuses": ("sinusitis", "sinus"),
    "ear": ("otitis", "ear"),
    "eardrum": ("tympanic", "eardrum"),
}
"""A body part a resolved condition was told by ("my ankle has healed", :mod:`app.ingest.narrative.healed_parts`) and
the words a recorded Condition of that site names ("Sprain of ankle", "Fracture of clavicle", "Chronic sinusitis")."""


# --- conditions -------------------------------------------------------------------------------


def condition_matches(st: Statement, snapshot: DictionarySnapshot | None, ctx: ClinicalContext) -> list[ClinicalItem]:
    name = (st.text("name") or st.text("condition") or "").replace("_", " ")
    key = st.text("standard_key")
    entry = None
    if snapshot is not None:
        entry = (snapshot.get("condition", key) if key else None) or (
            snapshot.lookup("condition", name) if name else None
        )
    codes = set(entry.codes) if isinstance(entry, ConditionEntry) else set()
    keys = {k for k in (key, entry.key if entry else None) if k}
    # the condition as the dictionary names it, too: "sinus trouble" is "Sinusitis (unspecified)", which a
    # recorded "Chronic sinusitis" names
    named = _PAREN.sub("", entry.display).lower() if isinstance(entry, ConditionEntry) else ""
    told_over = (st.text("status") or st.text("stated_status")) == "resolved"
    part = name.lower().split(" ", 1)[-1] if entry is None and told_over else ""
    sites = SITE_WORDS.get(part) or SITE_WORDS.get(part.rstrip("s"), ())  # "ankle", "broken ribs"
    out = []
    for item in ctx.of_type("Condition"):
        core = _PAREN.sub("", item.display).lower()
        if (
            (item.code in codes)
            or (keys & item.term_keys("ConditionTerm"))
            or (name and (has_phrase(core, name) or has_phrase(name, core)))
            or (named and has_phrase(core, named))
            or any(has_phrase(core, site) for site in sites)
        ):
            out.append(item)
    return out


def condition_verdict(st: Statement, snapshot: DictionarySnapshot | None, ctx: ClinicalContext) -> Verdict:
    t = ctx.as_of
    name = (st.text("name") or st.text("condition") or "the condition").replace("_", " ")
    stated = st.text("status") or st.text("stated_status")
    matches = condition_matches(st, snapshot, ctx)
    active = [i for i in matches if condition_active_at(i, t)]
    resolved = [i for i in matches if condition_resolved_at(i, t)]
    if stated == "denied":
        return _condition_denied(name, active, resolved, t)
    if stated == "resolved":
        if active:
            return discrepancy(
                "gap",
                "low",
                "condition.reported_resolved",
                f"The statement reports {name} as resolved; the record holds {age_phrase(active[0], t)} as active.",
                active,
            )
        if resolved:
            return agreement(
                "condition.resolved_matches",
                f"The statement reports {name} as resolved, as does {age_phrase(resolved[0], t)}.",
                resolved,
            )
        return discrepancy(
            "gap",
            "low",
            "condition.resolved_unrecorded",
            f"The statement reports {name} as resolved; the record has no such Condition.",
            [],
        )
    if active:
        return agreement(
            "condition.matches",
            f"The statement about {name} is consistent with {age_phrase(active[0], t)}.",
            active,
        )
    if resolved:
        return discrepancy(
            "gap",
            "medium",
            "condition.recorded_resolved",
            f"The statement reports {name} as current; the record shows {age_phrase(resolved[0], t)} resolved.",
            resolved,
        )
    precursors = _precursors(name, st.text("standard_key"), ctx)
    if precursors:
        return discrepancy(
            "gap",
            "medium",
            "condition.progressed_from_precursor",
            f"The statement reports {name}, diagnosed elsewhere; the record holds only its precursor "
            f"{age_phrase(precursors[0], t)}.",
            precursors,
        )
    return discrepancy(
        "gap",
        "medium",
        "condition.undocumented",
        f"The statement reports {name}, which no Condition in the record names (diagnosed elsewhere or not recorded).",
        [],
    )


def _precursors(name: str, key: str | None, ctx: ClinicalContext) -> list[ClinicalItem]:
    """Active Conditions that are the stated condition's precursor stage ("Prediabetes" for diabetes,
    "Prehypertension" for hypertension, "borderline ..."): a new diagnosis progressed from them."""
    words = {w for w in f"{name} {(key or '').replace('_', ' ')}".lower().split() if len(w) >= 5}
    out = []
    for item in ctx.of_type("Condition"):
        display = item.display.lower().split(" (")[0]
        if condition_active_at(item, ctx.as_of) and any(
            display.startswith((f"pre{w}", f"pre-{w}", f"borderline {w}")) for w in words
        ):
            out.append(item)
    return out


def _condition_denied(name: str, active: list[ClinicalItem], resolved: list[ClinicalItem], t: datetime) -> Verdict:
    """ "I don't have asthma": a contradiction of an active Condition, else consistent with the record."""
    if active:
        return discrepancy(
            "contradiction",
            "medium",
            "condition.denied_recorded",
            f"The statement denies {name}; the record holds {age_phrase(active[0], t)} as active "
            "(the record may be stale or wrong; it is not changed).",
            active,
        )
    if resolved:
        return agreement(
            "condition.denied_resolved",
            f"The statement denies {name}; the record shows {age_phrase(resolved[0], t)} resolved.",
            resolved,
        )
    return agreement("condition.denied_unrecorded", f"The statement denies {name}, which the record does not hold.", [])


# --- procedures and vaccines --------------------------------------------------------------------


def procedure_verdict(st: Statement, ctx: ClinicalContext) -> Verdict:
    t = ctx.as_of
    name = st.text("procedure") or st.text("name") or ""
    content = [w for w in words(name) if len(w) >= 3 and w not in PROCEDURE_STOPWORDS]
    matches = []
    for item in ctx.of_type("Procedure", "Condition"):
        if item.resource_type == "Condition" and not item.display.lower().startswith("history of"):
            continue
        display_words = words(item.display)
        if has_phrase(item.display, name) or (
            content and all(any(d.startswith(w[:5]) for d in display_words) for w in content)
        ):
            matches.append(item)
    # a procedure dated by the statement is that occasion: a record of the same procedure well before it is an
    # earlier one ("my colonoscopy on February 9th" against a colonoscopy of 2016), not this one
    earlier = [i for i in matches if st.event_start and i.when and i.when < st.event_start - PROCEDURE_WINDOW]
    matches = [i for i in matches if i not in earlier]
    if matches:
        latest = max(matches, key=lambda i: i.when or t)
        return agreement(
            "procedure.matches", f"The stated {name} matches {age_phrase(latest, t, 'performed')}.", [latest]
        )
    if earlier:
        before = max(earlier, key=lambda i: i.when or t)
        return discrepancy(
            "gap",
            "medium",
            "procedure.undocumented_occasion",
            f"The statement reports {name} on a date the record does not hold; the latest matching record is "
            f"{age_phrase(before, t, 'performed')}, an earlier occasion.",
            [],
        )
    treated = [  # the recorded condition the procedure treats: "wisdom tooth extraction" with impacted molars
        i
        for i in ctx.of_type("Condition")
        if condition_active_at(i, t)
        and any(has_phrase(name, said) and any_phrase(i.display, cues) for said, cues in TREATED_CONDITIONS)
    ]
    return discrepancy(
        "gap",
        "medium",
        "procedure.undocumented",
        f"The statement reports {name}, which no Procedure in the record names"
        + (f"; the record holds {age_phrase(treated[0], t)}." if treated else "."),
        treated,
    )


def vaccine_family(*texts: str | None) -> str | None:
    for family, markers in VACCINE_FAMILIES:
        if any(has_phrase(text, m) for text in texts for m in markers):
            return family
    return None


def immunization_verdict(st: Statement, ctx: ClinicalContext) -> Verdict:
    t = ctx.as_of
    family = vaccine_family(st.text("drug"), st.text("name"), st.quote)
    # a stated period ("at my check-up in December") is read at its end: a dose recorded anywhere in it counts
    start = st.event_start if st.event_start is not None and st.event_start < t else t
    window = VACCINE_WINDOW if st.event_start is not None else UNDATED_VACCINE_WINDOW
    any_age = family is not None and st.event_start is None and A_PAST_COURSE.search(st.quote or "") is not None
    recent = [  # a finished course or a dose long past is any recorded dose, whatever its age
        i
        for i in ctx.of_type("Immunization")
        if i.when is not None
        and (any_age or start - window <= i.when)
        and i.when <= t
        and (family is None or vaccine_family(i.text) == family)
    ]
    what = f"the {family} vaccination" if family else "a vaccination"
    if recent:
        latest = max(recent, key=lambda i: i.when or t)
        return agreement(
            "immunization.matches",
            f"The statement reports {what}, as does {age_phrase(latest, t, 'given')}.",
            [latest],
        )
    return discrepancy(
        "gap",
        "low",
        "immunization.unrecorded",
        f"The statement reports {what}; the record holds no matching Immunization"
        + ("." if any_age else f" in the {window.days} days before."),
        [],
    )


def pregnancy_verdict(st: Statement, ctx: ClinicalContext) -> Verdict | None:
    """A stated pregnancy against an active pregnancy Condition; other statuses are residue."""
    if st.text("status") != "pregnant":
        return None
    t = ctx.as_of
    recorded = [i for i in ctx.of_type("Condition") if condition_active_at(i, t) and has_phrase(i.text, "pregnancy")]
    if recorded:
        return agreement("pregnancy.matches", f"The stated pregnancy matches {age_phrase(recorded[0], t)}.", recorded)
    return discrepancy(
        "gap",
        "medium",
        "pregnancy.unrecorded",
        "The statement reports a pregnancy the record does not hold.",
        [],
    )
