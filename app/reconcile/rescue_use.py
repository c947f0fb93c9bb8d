"""A rescue auto-injector used: the emergency it answers is the finding, not the intake.

"Had to use my EpiPen last night, ... didn't know she had a cat. My throat started closing up": epinephrine
is taken only in anaphylaxis, so its use is an acute danger (issue #7: symptoms of acute danger tied to a
recorded condition, here the allergy): a high, safety-critical gap citing the active allergies whose allergen
the statement names (a cat names the dander allergy) and the epinephrine requests in force.
"""

from __future__ import annotations

import re

from app.reconcile.allergy_rules import substance_forms
from app.reconcile.context import ClinicalContext, ClinicalItem, allergy_active_at
from app.reconcile.matching import DrugFacts, Verdict, age_phrase, discrepancy, has_phrase
from app.reconcile.models import Statement

RESCUE_FOR_ANAPHYLAXIS = frozenset({"epinephrine"})
"""Ingredients used only to treat anaphylaxis."""
_CARRIED = re.compile(
    r"\b(?:carry|carries|carrying|carried|keep|keeps|keeping|kept|bring|brings|pack|packs|packed|everywhere|spare"
    r"|expired|refill|refilled|renewed|pick(?:ed)? up)\b",
    re.IGNORECASE,
)
_USED = re.compile(
    r"\b(?:used|use|using|jabbed|jab|stabbed|injected|inject|gave myself|give myself|administered|needed|had to)\b",
    re.IGNORECASE,
)
"""A pen kept or carried is no emergency unless the quote also says it was used."""


def rescue_use_verdict(
    st: Statement, ctx: ClinicalContext, drug: DrugFacts, active: list[ClinicalItem]
) -> Verdict | None:
    """The finding for an anaphylaxis rescue drug used, or None for any other drug."""
    if drug.key not in RESCUE_FOR_ANAPHYLAXIS or st.type != "medication_intake":
        return None  # a pen prescribed or carried ("we always carry his auto-injector") is no emergency
    quote = st.quote or ""
    if _CARRIED.search(quote) and not _USED.search(quote):
        return None
    forms = substance_forms(st.quote or "")
    named = [
        item
        for item in ctx.of_type("AllergyIntolerance")
        if allergy_active_at(item, ctx.as_of) and any(has_phrase(item.text, f) for f in forms)
    ]
    basis = f"The statement reports using {drug.key}, a rescue treatment for anaphylaxis"
    if named:
        basis += f"; the record holds {age_phrase(named[0], ctx.as_of)}"
    return discrepancy("gap", "high", "allergy.rescue_used", basis + ".", [*named, *active], safety=True)
