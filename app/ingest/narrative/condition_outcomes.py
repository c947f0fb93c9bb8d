"""A condition's state told without a first-person cue before its name (round 25).

- over, with the name opening the sentence: "Gout's gone!", "Psoriasis is finally cleared up", or named as a
  vague "thing" whose end is told: "whatever that sinus thing was, it's over", "the asthma business is done
  with";
- named by a clinician or a clinic as the diagnosis, with nothing after it in the clause: "urgent care says
  bronchitis.", "the walk-in said UTI, antibiotics for a week", "the dermatologist thinks it's rosacea";
- the right diagnosis after a disputed entry: "my chart says gout?? no. it's plantar fasciitis, that's all"
  (active; only when the turn has disputed another condition before it).

Not admitted: a question ("is eczema gone for good?"), a generic statement ("flu is going around"), another
person's ("my son's doctor says croup" is ConText's other experiencer), a plan or a hope.
"""

from __future__ import annotations

import re

_OPENS_SENTENCE = re.compile(
    r"^\W*(?:(?:so|and|oh|well|good news|great news|funny thing|guess what|update|btw|by the way|anyway)\W+)?"
    r"(?:(?:the|my)\s+)?$",
    re.IGNORECASE,
)
_OVER_AFTER = re.compile(
    r"^(?:(?:'s|’s|\s+is|\s+has|\s+have|\s+are)\s+(?:been\s+)?|\s*[:?!\u2014\u2013-]+\s*|\s+)"
    r"(?:(?:all|completely|totally|finally|now|fully|well and truly|officially|basically|pretty much|just)\s+){0,2}"
    r"(?:gone(?:\s+away)?|cleared(?:\s+up)?|over|resolved|healed|cured|history|passed|done|fixed|clear|stopped"
    r"|disappeared|vanished)\b(?![-\w])(?![^.;!?]*\?)",
    re.IGNORECASE,
)
"""The name opening its sentence, then over: "Eczema's gone!", "Bronchitis: gone.", "The ringworm? Gone.", "Kidney
stone passed last night", "my anemia's fixed", "Funny thing, the migraines have basically stopped"."""
_VAGUE_THING_OVER = re.compile(
    r"^\s*(?:(?:thing|business|trouble|problem|issue|stuff|episode|bother|front)\b\s*)?(?:was|is)?\s*,?\s*"
    r"(?:(?:it's|it is|it has|that's|that is|it)\s+)?(?:(?:all|completely|totally|finally|now|well and truly)\s+)?"
    r"(?:over|gone|done(?:\s+with)?|cleared(?:\s+up)?|finished|history|behind me)\b(?![-\w])(?![^.;!?]*\?)",
    re.IGNORECASE,
)
"""The condition called a vague "thing" and its end told: "whatever that sinus thing was, it's over"."""
_VAGUE_BEFORE = re.compile(r"\b(?:whatever|the|that|this|my)\s+$", re.IGNORECASE)
_CLINICIAN_SAYS = re.compile(
    r"\b(?:clinic|walk-in|walk in|urgent care|er|a&e|emergency room|hospital|doctor|doc|gp|nurse|physician|ob|obgyn"
    # the clinic as "they", after a test or a visit: "failed the glucose test ... so now they're saying X"
    r"|(?<=now )they(?:'re|\s+are)?|(?<=so )they(?:'re|\s+are)?"
    r"|consultant|specialist|surgeon|[a-z]+ologist|[a-z]+iatrist|dentist|optician|pharmacist|derm|eye doc|ent"
    r"|cardiology|neurology|dermatology|rheumatology|urology|sleep clinic|allergist)\s+"
    r"(?:(?:finally|just|also|then|officially|actually)\s+)?"
    r"(?:says|said|saying|thinks|thought|reckons|confirmed|diagnosed|told\s+me|tells\s+me|found|spotted|picked up"
    r"|put a name on it\s*[:\u2014\u2013-]|visit\s*:|(?:'s|’s)\s+verdict\s*[:\u2014\u2013-]?)"
    # a time between the verb and what was said: "told me three days ago that its asthma"
    r"(?:\s+(?:(?:yesterday|today|last\s+\w+|this\s+\w+|on\s+\w+|(?:a|one|two|three|four|five|six|\d+)\s+\w+\s+ago))\s*)?"
    r"\s+(?:that\s+)?(?:(?:it's|its|it is|it was|i have|i've got|i had"
    r"|that it's|that i have|me with)\s+)?(?:an?\s+)?(?:(?:probably|likely|definitely)\s+)?$",
    re.IGNORECASE,
)
_CLAUSE_ENDS = re.compile(
    r"^\s*(?:[^\w\s?.!;,]+\s*)?(?:[.!;,]|$|(?:and|so|on|in|at|last|this|yesterday|today|two|three|a)\b)"
    r"(?![^.;!?]*\?)",
    re.IGNORECASE,
)
"""The clause ends after the name, an emoji allowed ("they're saying gestational diabetes 😩")."""
_NOT_SPEAKERS = re.compile(
    r"\b(?:his|her|their|my\s+(?:son|daughter|wife|husband|mom|mum|dad|father|mother|kids?|child|baby|partner"
    r"|friend|sister|brother)(?:'s)?)\b|\b(?:if|might|may|could|whether|hope|hoping|worried|afraid|probably not)\b",
    re.IGNORECASE,
)


def told_over(before: str, after: str) -> bool:
    """Whether the condition is said to be over with no first-person cue before it."""
    if _NOT_SPEAKERS.search(before):
        return False
    if _OPENS_SENTENCE.match(before) and _OVER_AFTER.match(after):
        return True
    return _VAGUE_BEFORE.search(before) is not None and _VAGUE_THING_OVER.match(after) is not None


_CLINICIAN_AFTER = re.compile(
    r"^\W*(?:[\w-]+\s+){0,3}?(?:per|says|said|according\s+to|confirmed\s+by|diagnosed\s+by|courtesy\s+of)\s+"
    r"(?:the|my|a|this|that)?\s*(?:[\w-]+\s+){0,2}?(?:clinic|walk-in|urgent\s+care|er|a&e|hospital|doctor|doc|gp|nurse"
    r"|physician|consultant|specialist|surgeon|[a-z]+ologist|[a-z]+iatrist|ent|ob|guy|lady|team)\b(?![^.;!?]*\?)",
    re.IGNORECASE,
)
"""The clinician named after the diagnosis that opens the sentence: "Vertigo - BPPV, per the ENT", "pink eye per the
urgent care nurse", "Plantar fasciitis, says the sports med guy", "Shingles. Confirmed by the walk-in clinic"."""


def clinician_named(before: str, after: str) -> bool:
    """Whether a clinician or a clinic named the condition as the diagnosis ("the walk-in says UTI.", "Shingles.
    Confirmed by the walk-in clinic this morning")."""
    if _NOT_SPEAKERS.search(before):
        return False
    said = _CLINICIAN_SAYS.search(before) is not None or _RESULT_SAYS.search(before) is not None
    if said and _CLAUSE_ENDS.match(after) is not None:
        return True
    return _OPENS_SENTENCE.match(before) is not None and _CLINICIAN_AFTER.match(after) is not None


_RESULT_SAYS = re.compile(
    r"\b(?:my|the)\s+(?:[\w-]+\s+){0,3}?(?:results?|study|scan|biopsy|report|tests?)\b(?:\s+(?:from|of|at)\s+[^.;!?:]{1,50}?)?"
    r"(?:\s*:\s*|\s+(?:showed|shows|show|came back(?:\s+(?:as|with))?|confirmed|confirm|says|said)\s+)"
    r"(?:(?:that\s+)?i\s+(?:have|had|'ve got)\s+)?(?:(?:a|an|mild|moderate|severe|early|early-stage)\s+)*$",
    re.IGNORECASE,
)
"""A result said to name the diagnosis: "got the results from the overnight sleep study: moderate obstructive sleep
apnea", "the biopsy came back as basal cell carcinoma"."""


_CORRECTION_BEFORE = re.compile(
    r"(?:^|[.!?,;:]\s*)(?:(?:nope|no|nah)\W+)?(?:it's|its|it’s|it is|it was)\s+(?:(?:just|only|actually|really"
    r"|simply|in fact)\s+)?(?:an?\s+)?$",
    re.IGNORECASE,
)


def corrected_to(before: str) -> bool:
    """Whether the condition is said as the right one ("nope. it's X"); the caller checks that a disputed entry
    came before it in the turn."""
    return _CORRECTION_BEFORE.search(before) is not None and not _NOT_SPEAKERS.search(before)
