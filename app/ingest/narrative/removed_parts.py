"""A procedure told as a removal: a part of the speaker taken out, by whatever words, determiners and sides.

:mod:`.procedures` reads "I had my appendix out" and "they took my gallbladder out"; people also say the part with
a count, a side or a place on the body, and name the body part it came out of:

- **a clinician took it out**, the part's owner said by "my" before it or by "out of / from my <site>" after it:
  "they took the cataract out of my left eye", "an eye surgeon over in Portland removed the cataract from my right
  eye", "the dentist pulled both of my bottom wisdom teeth";
- **the speaker had it taken out**, the subject "I" or dropped: "I finally had the two bottom wisdom teeth taken
  out", "got the cataract in my left eye removed", "had a back tooth pulled on Monday";
- **the part in the passive**: "the cataract in my right eye was removed", "my lower wisdom teeth were pulled".

Recorded under the procedure's name (cataract -> cataract surgery, wisdom teeth -> wisdom tooth extraction, a tooth
-> tooth extraction). Not read: a plan ("wants to pull that molar on Thursday", "they'll take the cataract out next
month"), another person's part ("took the cataract out of my mother's eye", "pulled his wisdom teeth").
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal

PART_PROCEDURES = {
    "cataract": "cataract surgery",
    "cataracts": "cataract surgery",
    "wisdom teeth": "wisdom tooth extraction",
    "wisdom tooth": "wisdom tooth extraction",
    "tooth": "tooth extraction",
    "teeth": "tooth extraction",
    "molar": "tooth extraction",
    "molars": "tooth extraction",
    "appendix": "appendectomy",
    "gallbladder": "cholecystectomy",
    "tonsils": "tonsillectomy",
    "tonsils and adenoids": "tonsillectomy and adenoidectomy",
    "adenoids and tonsils": "tonsillectomy and adenoidectomy",
    "adenoids": "adenoidectomy",
    "thyroid": "thyroidectomy",
    "spleen": "splenectomy",
    "uterus": "hysterectomy",
    "womb": "hysterectomy",
    "ovaries": "oophorectomy",
    "ovary": "oophorectomy",
    "prostate": "prostatectomy",
    "kidney": "nephrectomy",
}
"""A part said to be taken out and the procedure it is recorded as ("appendix removed" -> appendectomy); shared
with :mod:`.procedures`, whose organ patterns read the same names."""
_PART = (
    r"(?P<part>wisdom teeth|wisdom tooth|cataracts?|teeth|tooth|molars?|appendix|gallbladder|tonsils|adenoids|thyroid"
    r"|spleen|uterus|womb|ovaries|ovary|prostate)"
)
_MODS = (
    r"(?:(?:two|three|four|all four|both|all|remaining|last|bottom|top|lower|upper|left|right|back|front|impacted"
    r"|infected|bad|cracked|broken|rotten|cloudy|old|other|remaining)\s+){0,3}"
)
_DET = rf"(?:(?:the|my|a|an|that|this|those|these|two|three|four|both|all|\d)\s+(?:of\s+(?:my|the)\s+|of\s+)?)?{_MODS}"
_SITE = (
    r"(?:\s+(?:out\s+of|from|in|on)\s+(?P<site_owner>my|the)\s+(?:(?:left|right|other|bad)\s+)?"
    r"(?:eye|mouth|jaw|gum)s?)"
)
_OUT = r"(?:taken\s+out|removed|pulled(?:\s+out)?|out|extracted|yanked(?:\s+out)?|cut\s+out|whipped\s+out|done)"
_TOOK = re.compile(
    r"\b(?P<agent>they|she|he|(?:the|my|an?)\s+(?:[\w-]+\s+){0,2}?(?:doctors?|surgeons?|dentist|specialist"
    r"|ophthalmologist|team|hospital|clinic)(?:\s+(?:(?:over|up|down|out)\s+)?(?:in|at|from)\s+[\w' ]{1,30}?)?"
    r"|dr\.?\s+\w+)"
    r"\s+(?:(?:finally|just|also|then|eventually)\s+)?"
    # "had to" said of a removal done: "the dentist had to pull a tooth yesterday"
    r"(?:took|pulled|removed|extracted|yanked|cut|whipped|lasered|had\s+to\s+(?:pull|take|remove|extract|cut))"
    r"(?:\s+out)?\s+"
    rf"(?P<det>{_DET}){_PART}(?:\s+out(?!\s+of\b))?{_SITE}?",
    re.IGNORECASE,
)
_HAD = re.compile(
    r"(?:\b(?:i|i've|i\s+have)\s+|(?:^|(?<=[.!?]\s)))(?:(?:finally|just|also|then|eventually|only)\s+)?"
    r"(?:had|got|gotten)\s+"
    rf"(?P<det>{_DET}){_PART}{_SITE}?\s+(?:(?:finally|all)\s+)?{_OUT}\b",
    re.IGNORECASE,
)
_PASSIVE = re.compile(
    rf"\b(?P<det>(?:the|my)\s+{_MODS}){_PART}{_SITE}?\s+(?:was|were|got)\s+(?:(?:finally|just|all)\s+)?"
    r"(?:taken\s+out|removed|pulled(?:\s+out)?|extracted|yanked(?:\s+out)?|cut\s+out|whipped\s+out)\b",
    re.IGNORECASE,
)
_OTHERS = re.compile(r"\b(?:his|her|their|your)\b|\bmy\s+\w+'s\b", re.IGNORECASE)
_OTHERS_AFTER = re.compile(r"\s*(?:out\s+of|from|in|on|of)\s+(?:his|her|their|your|my\s+\w+'s|the\s+\w+'s)\b", re.I)
"""Another person's part ("pulled his wisdom teeth", "out of my mother's eye")."""
_PLANNED = re.compile(
    r"\b(?:want|wants|wanted|going\s+to|gonna|plan|plans|planning|might|may|could|should|would|will|'ll|need|needs"
    r"|needed|have\s+to|has\s+to|booked|scheduled|if|about\s+to|supposed\s+to|next|tomorrow)\b[^.;!?]{0,40}$",
    re.IGNORECASE,
)
_FUTURE_AFTER = re.compile(
    r"[^.;!?]{0,30}?\b(?:next|tomorrow|in\s+(?:a|two|three|\d+)\s+(?:days?|weeks?|months?))\b", re.IGNORECASE
)


def find_removed_parts(text: str) -> list[Proposal]:
    """Procedures told as a part of the speaker taken out (see the module docstring)."""
    out: list[Proposal] = []
    for rx in (_TOOK, _HAD, _PASSIVE):
        for m in rx.finditer(text):
            if any(p.anchor[0] < m.end() and m.start() < p.anchor[1] for p in out):
                continue
            det = m.group("det").lower()
            if _OTHERS.search(m.group(0)) or _OTHERS_AFTER.match(text, m.end()):
                continue
            if rx is _TOOK and not _speakers(det, m):
                continue
            clause_start = max(text.rfind(c, 0, m.start()) for c in ".;:!?") + 1  # "I should have said: ..."
            if _PLANNED.search(text[clause_start : m.start()]) or _FUTURE_AFTER.match(text, m.end()):
                continue
            procedure = PART_PROCEDURES[_part_key(m.group("part"))]
            proposal = Proposal("surgery_history", {"procedure": procedure}, (m.start(), m.end()))
            if "my" in det.split() or (m.group("site_owner") or "").lower() == "my":
                proposal.extra["speaker_subject"] = True  # "my daughter drove me ... they took my cataract out"
            out.append(proposal)
    return out


def _speakers(det: str, m: re.Match[str]) -> bool:
    """A clinician's removal is the speaker's when "my" owns the part or the site, or the doer is a clinician
    or "they" and the part is said with "the" ("they took the cataract out")."""
    site_owner = (m.group("site_owner") or "").lower()
    return "my" in det.split() or site_owner == "my" or not site_owner


def _part_key(said: str) -> str:
    return re.sub(r"\s+", " ", said.lower())
