"""Lifestyle talk that produced no record: a kept turn's conversation event classified as no clinical relevance.

Issue #7 classifies every new narrative fact, and routine lifestyle talk ("we went bowling with my cousins",
"signed up for a pottery class") is a fact of its own kind: no_clinical_relevance. A kept turn that produced
no typed record survives as a conversation event; when the event names nothing clinical — no drug, condition,
symptom or test of the dictionary, no clinical word (a body part, a clinician, a medicine, a reading) — it is
lifestyle talk and gets that finding. An event that does name something clinical gets none: it may hold a fact
the rules could not type, and calling it irrelevant would hide it (the LLM judge, when configured, sees it
through the conversation summary, not through this rule). Pure: the dictionary terms come as an argument.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import datetime

from app.reconcile.models import Finding

CLINICAL_TERM_KINDS = frozenset({"drug", "condition", "symptom", "test"})
"""Dictionary term kinds that make a text clinical (a food or an activity term does not)."""

_CLINICAL_CUES = re.compile(
    r"\b(?:"
    # care and its places
    r"doctors?|dr|gp|nurses?|physician|specialist|surgeon|dentist|pharmacist|pharmacy|chemist|clinic|hospital"
    r"|er|a&e|urgent care|ambulance|appointment|check-?up|referral|diagnos\w*|prescri\w*|scan|x-?ray|mri|ct"
    r"|ultrasound|biopsy|surgery|operation|procedure|therapy|physio\w*|vaccin\w*|jab|shot|booster"
    # medicines and readings
    r"|medicines?|medications?|meds|pills?|tablets?|capsules?|dose|doses|dosage|inhaler|injection|drops"
    r"|supplements?|vitamins?|blood|sugar|glucose|pressure|bp|cholesterol|readings?|results?|labs?|tests?"
    r"|weight|weigh\w*|pulse|heart\s?rate|temperature|oxygen"
    # the body and how it feels
    r"|pain\w*|aches?|aching|ached|hurts?|hurting|sore|sick|ill|unwell|fever|swollen|swelling|bleed\w*|bruis\w*"
    r"|dizzy|faint\w*|nause\w*|vomit\w*|cough\w*|breath\w*|tired|exhausted|fatigue|injur\w*|sprain\w*|broke"
    r"|allerg\w*|rash|itch\w*|symptoms?|infection|pregnan\w*|period|anxious|anxiety|depress\w*|panic|stress\w*"
    r"|heart|chest|lungs?|stomach|belly|bowels?|head|back|neck|shoulders?|arms?|hands?|wrists?|fingers?|hips?"
    r"|knees?|legs?|ankles?|feet|foot|toes?|eyes?|ears?|throat|skin|teeth|tooth|joints?|muscles?|bones?"
    r")\b",
    re.IGNORECASE,
)
LIFESTYLE_RULE = "conversation.lifestyle_talk"


def names_something_clinical(text: str, term_kinds: Collection[str]) -> bool:
    """Whether ``text`` names a clinical dictionary term (its kinds given) or a clinical word."""
    return bool(CLINICAL_TERM_KINDS.intersection(term_kinds)) or _CLINICAL_CUES.search(text) is not None


def lifestyle_talk_finding(
    event_uid: str, text: str, term_kinds: Collection[str], event_start: datetime | None
) -> Finding | None:
    """No clinical relevance for a conversation event that names nothing clinical; ``None`` otherwise."""
    if not text.strip() or names_something_clinical(text, term_kinds):
        return None
    return Finding(
        kind="no_clinical_relevance",
        rationale="Everyday talk that names no medicine, condition, symptom, test or body part; the clinical "
        "record is not concerned.",
        engine="rules",
        rule=LIFESTYLE_RULE,
        event_uid=event_uid,
        event_start=event_start,
    )
