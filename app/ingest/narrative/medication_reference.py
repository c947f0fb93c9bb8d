"""A medication action said of a drug named earlier, by a pronoun or a dose word.

"My daughter read that ginkgo biloba is good for the memory, so I've been taking one capsule every
morning"; "The pharmacist sold me some melatonin. I took it at 10": the drug is named in one clause
(often about someone else), the speaker's own action follows with "it", "them", "one capsule". The
action is proposed for the nearest drug named before it, in the same or one of the two sentences before, when
no other drug comes between and no verb already governs that drug. The anchor is the speaker's verb
phrase, so ConText judges the speaker's clause ("I've been taking"), not the clause naming the drug.
"""

from __future__ import annotations

import re

from app.ingest.narrative.medication_verbs import verb_kind
from app.ingest.narrative.models import Proposal
from app.ingest.narrative.quantities import NUMBER, parse_number
from app.ingest.narrative.terms import TermMatch

_LEFT_OFF = re.compile(
    r"\b(?:i|i've|i have|i'm)\s+(?:(?:been|just|now|already)\s+){0,2}(?P<verb>left|leaving|kept|keeping)\s+"
    r"(?P<object>it|them)\s+off\b",
    re.IGNORECASE,
)
"""'... so I've left it off for the past week': a stop said of a drug named before."""
_REFERRING = re.compile(
    # the subject may be dropped at the start of a sentence: "Been taking it 3 or 4 times a day"
    r"(?:\b(?:i|i've|ive|i'm|im|i have|i had|i was|we|we've|we're|we have)\s+|(?:^|(?<=[.!?]\s))(?=been\s))"
    r"(?:(?:been|just|also|now|already|then|finally|started|begun)\s+){0,2}"
    r"(?P<phrase>(?:not\s+|never\s+)?[a-z' ]{0,20}?\b(?P<verb>taking|taken|take|took|takes|using|use|used|started"
    r"|start|stopped|stop|quit|skipped|skip|missed|cutting|splitting|halving|hiding|flushing|tossing|doing"
    r"|binning))\s+"
    r"(?P<object>it|them|those|these|one|two|a couple|half(?: of it| of them| a tablet| a pill)?"
    r"|the\s+(?:\d+\s*mg\s+)?(?:tablet|tablets|pill|pills)|(?:a|one|two|1|2)\s+"
    r"(?:\d+(?:[.,]\d+)?\s*(?:mg|mcg|g|iu|units?)\s+)?"
    r"(?:capsule|capsules|pill|pills|tablet|tablets|gummy|gummies|dose|drops|scoop|spoonful|teaspoon)s?)\b",
    re.IGNORECASE,
)
_ON_IT = re.compile(
    r"\b(?:i've|ive|i have|i'm|im|i am|i was|i've been|i have been)\s+(?:(?:been|now|still|also|already|just)\s+){0,2}"
    r"(?P<verb>on)\s+(?P<object>it|them|those|these|that|the stuff)\b(?!\s+(?:about|with)\b)",
    re.IGNORECASE,
)
"""Being "on" a drug named before is taking it: "talked me into fish oil capsules, I've been on them since
last month"."""
_STRENGTH_AFTER = re.compile(
    rf"\s*[,(]?\s*(?P<dose>{NUMBER})\s?(?P<unit>mg|mcg|µg|g|ml|units?|iu)\b(?!\s*/)", re.IGNORECASE
)
"""The strength said right after the drug's name ("gave me tramadol, 50 mg"): the dose of the intake that
refers back to it ("Been taking it 3 or 4 times a day")."""
_PAST_NEGATION = re.compile(r"\b(?:haven'?t|hasn'?t|have not|has not|didn'?t|did not)\b", re.IGNORECASE)
_KINDS = {
    "intake": "medication_intake",
    "stop": "regimen_change",
    "start": "regimen_change",
    "skip": "regimen_change",
    "dose_change": "regimen_change",
}


def find_referred_actions(
    text: str, drugs: list[TermMatch], sentences: list[tuple[int, int]], governed: dict[int, tuple[int, int]]
) -> list[Proposal]:
    """Proposals for drugs acted on by a later pronoun; ``governed`` maps a drug's start offset to the
    anchor of the proposal a verb already made for it (a drug governed in the referring sentence is
    left alone)."""
    out: list[Proposal] = []
    matches = sorted(
        [*_REFERRING.finditer(text), *_LEFT_OFF.finditer(text), *_ON_IT.finditer(text)], key=lambda x: x.start()
    )
    for m in matches:
        earlier = [d for d in drugs if d.end <= m.start() and _within_previous_sentence(d, m.start(), sentences)]
        if not earlier:
            continue
        drug = earlier[-1]
        if _governed_here(drug, m.start(), governed, sentences):
            continue
        verb = m.group("verb").lower()
        if m.re is _LEFT_OFF:
            kind: str | None = "stop"
        elif m.re is _ON_IT:
            kind = "intake"
        else:
            kind = verb_kind(m.group(0)[: m.start("object") - m.start()]) or (
                "intake" if verb == "taken" else None  # "I've taken a capsule every day"
            )
        if m.group("object").lower().startswith("half") and kind in ("intake", "start", None):
            kind = "dose_change"  # "only taking half of it", "we started doing half since Sunday"
        if kind not in _KINDS:
            continue
        fields: dict[str, object] = {"drug": drug.key}
        if kind != "intake":
            fields["action"] = kind
        elif (strength := _STRENGTH_AFTER.match(text, drug.end)) is not None:
            fields |= {"dose": parse_number(strength.group("dose")), "unit": strength.group("unit")}
        # the anchor starts at the verb: a negation before it ("not taking it") is ConText's to judge,
        # except a past one that says the skip itself ("so I haven't taken it since Monday")
        anchor = (m.start("verb"), m.end("object"))
        own = kind in ("skip", "stop") and _PAST_NEGATION.search(m.group(0)) is not None
        out.append(Proposal(_KINDS[kind], fields, anchor, policy="negation_is_content" if own else "clinical"))
        governed[drug.start] = anchor
    return out


def _governed_here(
    drug: TermMatch, pos: int, governed: dict[int, tuple[int, int]], sentences: list[tuple[int, int]]
) -> bool:
    """Whether a verb in the referring verb's own sentence already governs the drug."""
    anchor = governed.get(drug.start)
    if anchor is None:
        return False
    here = next(((s, e) for s, e in sentences if s <= pos < e), None)
    return here is not None and here[0] <= anchor[0] < here[1]


def _within_previous_sentence(drug: TermMatch, pos: int, sentences: list[tuple[int, int]]) -> bool:
    """The drug is named in the referring sentence or one of the two before it."""
    index = next((i for i, (s, e) in enumerate(sentences) if s <= pos < e), None)
    if index is None:
        return False
    first = sentences[max(0, index - 2)][0]
    return drug.start >= first
