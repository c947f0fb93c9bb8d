"""A rescue auto-injector used: the emergency it answers is the finding, not the intake.

"Had to use my EpiPen last night, ... didn't know she had a cat. My throat started closing up": epinephrine
is taken only in anaphylaxis, so its use is an acute danger (issue #7: symptoms of acute danger tied to a
recorded condition, here the allergy): a high, safety-critical gap citing the active allergies whose allergen
the statement names (a cat names the dander allergy) and the epinephrine requests in force. When the quote also
tells the reaction to a recorded allergen ("bit into a peanut cookie, lips swelling, used her EpiPen"), that reaction
is the symptom's high gap, and the pen's use agrees with its prescription; so it does when the emergency is told over
("she used her EpiPen yesterday ... she is home and fine now").
"""

from __future__ import annotations

import re

from app.reconcile.allergy_rules import ALLERGIC_REACTION_SIGNS, substance_forms
from app.reconcile.context import ClinicalContext, ClinicalItem, allergy_active_at
from app.reconcile.matching import DrugFacts, Verdict, age_phrase, agreement, discrepancy, has_phrase
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
_OVER = re.compile(
    r"\b(?:(?:is|was|she's|he's|i'm|im|we're|all|doing)\s+(?:(?:fine|ok|okay|good|better|alright|all right)\s+now"
    r"|home(?:\s+now)?|back home)|(?:settled|calmed)\s+(?:down|right down)|(?:fine|ok|okay|alright)\s+now)\b",
    re.IGNORECASE,
)
"""The emergency told over ("she is home and fine now", "he's okay now")."""


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
    if active and ((named and ALLERGIC_REACTION_SIGNS.search(quote)) or _OVER.search(quote)):
        # the reaction to the recorded allergen is the symptom's finding (:func:`.symptom_verdict`), or the
        # emergency is over: the pen was used as prescribed
        return agreement(
            "allergy.rescue_used_as_prescribed",
            f"The statement reports using {drug.key} as prescribed: {age_phrase(active[0], ctx.as_of, 'authored')}.",
            active,
        )
    basis = f"The statement reports using {drug.key}, a rescue treatment for anaphylaxis"
    if named:
        basis += f"; the record holds {age_phrase(named[0], ctx.as_of)}"
    return discrepancy("gap", "high", "allergy.rescue_used", basis + ".", [*named, *active], safety=True)
