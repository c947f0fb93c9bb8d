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
    r"(?P<object>it|them)\s+(?:off|out)\b",
    re.IGNORECASE,
)
"""'... so I've left it off for the past week', "so I've been leaving it out": a stop said of a drug named before."""
_OF_THOSE = r"(?:of\s+(?:those|these|them|the|its|their)\s+)?"
_SIZE = r"(?:(?:big|small|little|large|huge|tiny|giant|soft|gel|chewable|fish|oil|oily|daily|nightly)\s+){0,2}"
"""Words between a count and its dose unit: "one of those big capsules", "a couple of the little pills"."""
_REFERRING = re.compile(
    # the subject may be dropped at the start of a sentence: "Been taking it 3 or 4 times a day"
    r"(?:\b(?:i|i've|ive|i'm|im|i have|i had|i was|we|we've|we're|we have)\s+"
    r"|(?:^|(?<=[.!?]\s))(?=(?:been|went|gone|skipped|missed|stopped|quit|forgot|ditched|binned|chucked|tossed|paused"
    r"|halved|started|restarted|took|taken)\s)"
    # a second verb of a subjectless sentence: "Found some old Keflex and took a couple"
    r"|(?<=\band\s)(?=(?:took|swallowed|popped|started|stopped|quit)\s)"
    # after the drug fronted as the topic: "Oh and the norvasc, been cutting those in half since Saturday", "The
    # simvastatin - been snapping those in half"; a lapse after a comma: "spotty with the Flovent, missed it twice"
    r"|(?:(?<=,\s)|(?<=\s[-\u2013\u2014]\s))(?=been\s+[a-z]+ing\s)"
    # "The lisinopril - stopped it about a week ago"
    r"|(?<=\s[-\u2013\u2014]\s)(?=(?:stopped|quit|ditched|skipped|missed|halved|started|restarted|binned|doubled)\s)"
    r"|(?<=,\s)(?=(?:(?:also|then|just)\s+)?(?:missed|skipped|forgot)\s))"
    r"(?:(?:been|just|also|now|already|then|finally|started|begun)\s+){0,2}"
    r"(?P<phrase>(?:not\s+|never\s+)?[a-z' ]{0,30}?\b(?P<verb>taking|taken|take|took|takes|using|use|used"
    # a dose swallowed, popped or downed is taken: "so I swallowed a second one before bed"
    r"|swallowed|swallowing|popped|popping|downed|started"
    r"|start|stopped|stop|quit|skipped|skipping|skip|missed|missing|went without|gone without|going without|go without"
    r"|cutting|splitting|halving|snapping|breaking|hiding|flushing|tossing|doing"
    # lay stops and holds: "Ditched it this past Sunday", "binned them", "paused it for the week"
    r"|binning|ditched|binned|chucked|tossed|paused|halved"
    # a refusal: "the simvastatin. She's been refusing it for about a week" (read as "I've been refusing it")
    r"|refusing|refused|refuses|refuse))"
    r"\s+(?:(?:on|back on|in on)\s+(?=it\b|them\b|those\b|these\b))?"
    r"(?P<object>another(?: one| dose| pill| tablet)?|a second(?: one| dose| pill| tablet)?"
    r"|an extra(?: one| dose| pill| tablet)?"
    r"|it|them|those|these|one|two|a couple|some(?=\s+(?:every|each|with|at|before|after|in|since|a\s+day|daily)\b)"
    r"|half(?: of it| of them| a tablet| a pill)?"
    r"|(?:the|each|every|my|those|these)\s+(?:\d+\s*mg\s+)?(?:tablet|tablets|pill|pills|capsule|capsules|softgels?"
    r"|gummies|drops)"
    # a dose named by its day: "I'm skipping this week's dose", "missed tonight's injection", "took today's one"
    r"|(?:this\s+(?:week|month|morning|evening)'s|today's|tonight's|yesterday's|last\s+night's|this\s+weekend's"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day's)\s+(?:dose|injection|shot|jab|pill|tablet|one|lot)"
    r"|(?:a|one|two|1|2)\s+"
    rf"{_OF_THOSE}(?:\d+(?:[.,]\d+)?\s*(?:mg|mcg|g|iu|units?|milligrams?|micrograms?)\s+)?{_SIZE}"
    r"(?:capsule|capsules|pill|pills|tablet|tablets|gummy|gummies|softgels?|dose|drops|scoop|spoonful|teaspoon)s?)\b",
    re.IGNORECASE,
)
_STOPPED_AFTER = re.compile(
    r"\b(?:and|then|but|so)\s+(?:then\s+)?(?:(?:i|i've|i have|i just)\s+)?(?:(?:just|finally|eventually)\s+)?"
    r"(?P<verb>quit|stopped|packed it in|gave up)(?P<object>)"
    r"(?=\s*(?:[.,;!?]|$)|\s+(?:on|last|yesterday|today|this|after|when|because|since|as|a|two|three|four|cold)\b)",
    re.IGNORECASE,
)
"""A stop said with no object after the drug was named in the same sentence: "I gave the simvastatin about a week
and then quit on Saturday", "took the Lipitor for a month, then stopped because of the aches"."""
_GIVING_IT_A_TRY = re.compile(
    r"\b(?:i'm|im|i am|i've been|i have been|i|we're|we've been)\s+(?:(?:now|just|also|finally)\s+)?"
    r"(?P<verb>giving|gave|given|trying)\s+(?P<object>it|them|those|that)(?:\s+(?:a\s+(?:try|go|shot|whirl)|out))\b",
    re.IGNORECASE,
)
"""A drug named before and tried by the speaker: "my neighbour swears by fish oil so I'm giving it a try"."""
_ON_IT = re.compile(
    r"\b(?:i've|ive|i have|i'm|im|i am|i was|i've been|i have been)\s+(?:(?:been|now|still|also|already|just)\s+){0,2}"
    r"(?P<verb>on)\s+(?P<object>it|them|those|these|that|the stuff)\b(?!\s+(?:about|with)\b)",
    re.IGNORECASE,
)
"""Being "on" a drug named before is taking it: "talked me into fish oil capsules, I've been on them since
last month"."""
_ROUTINE = (
    r"\s+(?:(?:every|each)\s+(?:morning|evening|night|day)|a\s+day|daily|nightly|with\s+(?:my\s+|the\s+)?"
    r"(?:breakfast|lunch|dinner|supper|tea|coffee|food|meals?)|(?:at|before)\s+(?:bedtime|bed|breakfast)"
    r"|first thing|in the (?:morning|evening))\b"
)
"""The routine a bare count is taken by ("one every morning", "one with my breakfast")."""
_HAD_ME_ON = re.compile(
    r"\b(?:she|he|they|(?:my|our|the)\s+(?:\w+\s+)?(?:wife|husband|partner|son|daughter|sister|brother|friend|mum|mom"
    r"|mother|dad|father|doctor|doc|gp|nurse|pharmacist))(?:'s|'ve|\s+has|\s+have|\s+had)?\s+(?:been\s+|now\s+|also\s+){0,2}"
    r"(?P<verb>had|got|gotten|put|started|kept|getting|having|putting|starting)\s+me\s+(?:on|onto|taking)\s+"
    r"(?P<object>it|them|those|these|the stuff|(?:the|those|these)\s+(?:\w+\s+)?(?:capsules|tablets|pills|gummies"
    r"|softgels|drops))\b",
    re.IGNORECASE,
)
"""Someone putting the speaker on a drug named before: "fish oil is good for the heart, so she's had me on the
capsules since last month", "my son read about CoQ10 and got me taking it": the speaker's start."""
_HAVING_DOSE = re.compile(
    r"\b(?:i|i've|ive|i have|i'm|im|i am|i had|i was|i've been|i have been)\s+"
    r"(?:(?:been|just|also|now|already|then)\s+){0,2}"
    r"(?P<verb>having|had|have)\s+"
    # a dose added on top: "I had another one", "had a second one before bed", "had one more at lunch"
    r"(?P<object>(?:another|a second|an extra)(?:\s+(?:one|dose|pill|tablet|capsule))?(?=\W)|one more\b"
    rf"|(?:a|one|two|three|1|2|3)\s+{_OF_THOSE}(?:\d+(?:[.,]\d+)?\s*(?:mg|mcg|g|iu|units?|milligrams?|micrograms?)\s+)?{_SIZE}"
    r"(?:capsules?|pills?|tablets?|gummy|gummies|softgels?|drops|scoops?|spoonfuls?|teaspoons?)"
    r"|them|it"
    # a bare count with the routine it is had by: "I've had one every morning since Monday", "been having one with
    # my breakfast" (not "I had one of those days")
    rf"|(?:one|two)(?={_ROUTINE}))\b(?!\s+(?:box|bottle|pack|packet|prescription|refill)\b)",
    re.IGNORECASE,
)
"""A dose of a drug named before, "had" or "been having" by the speaker: "my daughter read that ginkgo is good for the
memory, so I've been having one capsule every morning", "I've had two tablets a day since Monday"."""
_NONE_HAD = re.compile(
    r"(?:\b(?:i|we)\s+(?:(?:just|really|actually|still|simply)\s+)?|\b(?:i've|ive|we've)\s+(?=not\b)"
    r"|(?<=\bso\s)|(?<=\band\s)|(?<=\bbut\s)|(?:^|(?<=[.!?]\s)))"
    r"(?P<verb>haven'?t|have not|hadn'?t|had not|didn'?t|did not|not)\s+(?:been\s+able\s+to\s+)?"
    r"(?:had|have|taken|take|touched|swallowed)\s+"
    r"(?P<object>one|any|a\s+(?:single\s+)?(?:one|dose|pill|tablet|capsule)|it|them|that)"
    r"(?=\s*(?:[.,;!?]|$)|\s+(?:for|since|in|all|this|today|yesterday|over|at|while|because|either|now)\b)",
    re.IGNORECASE,
)
"""A dose of a drug named before said not had ("the Eliquis is still on the kitchen table, so I haven't had one
since Friday", "left my metformin behind and haven't taken any since Friday", "I've not had a single dose", "the
sim vastatin i havent had that since around new years"): a skip.
Not "haven't had one of those spells", "haven't had any side effects" (a noun follows), nor an event between
(:data:`_EVENT_BETWEEN`)."""
_EVENT_BETWEEN = re.compile(
    r"\b(?:attack|stroke|seizure|fit|episode|spell|fall|flare|flare-up|bout|infection|cold|relapse|migraine"
    r"|headache|nosebleed|bleed|problem|issue|reaction|side effects?|blood clot|clot|pain|cramp|ache|rash|hive"
    r"|symptom|dizziness|nausea)s?\b",
    re.IGNORECASE,
)
"""An event named between the drug and "haven't had one": the "one" is the event's ("on Plavix since the heart
attack, haven't had one since")."""
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
        [
            *_REFERRING.finditer(text),
            *_LEFT_OFF.finditer(text),
            *_ON_IT.finditer(text),
            *_GIVING_IT_A_TRY.finditer(text),
            *_HAVING_DOSE.finditer(text),
            *_STOPPED_AFTER.finditer(text),
            *_HAD_ME_ON.finditer(text),
            *_NONE_HAD.finditer(text),
        ],
        key=lambda x: x.start(),
    )
    for m in matches:
        earlier = [
            d
            for d in drugs
            if d.end <= m.start()
            and _within_previous_sentence(d, m.start(), sentences)
            and not _CONTAINER_AFTER.match(text, d.end)  # "the pill box" is no drug
        ]
        if not earlier:
            continue
        drug = earlier[-1]
        if "vaccine" in drug.key:
            continue  # "my tetanus booster is up to date, I had it in December": a vaccination, not an intake
        if m.re is _STOPPED_AFTER and not _same_sentence(drug, m.start(), sentences):
            continue
        if m.re is _NONE_HAD and (_EVENT_BETWEEN.search(text, drug.end, m.start()) or drug.start in governed):
            continue  # an event's "one", or a drug whose own verb already said what was done
        dropped_subject = _SUBJECT.match(m.group(0)) is None and m.re is not _HAD_ME_ON
        if dropped_subject and _THIRD_PERSON_OPENING.match(_sentence_of(drug, sentences, text)):
            continue  # "My dad takes warfarin. Went without it on Sunday": the dropped subject is the dad
        here = _governed_here(drug, m.start(), governed, sentences)
        if here and not _added_dose(text, m):
            continue
        if _added_dose(text, m) and drug.start in governed and not here:
            continue  # a dose added in a later sentence joins the quote of the intake before (``dose_count``)
        verb = m.group("verb").lower()
        if m.re is _LEFT_OFF:
            kind: str | None = "stop"
        elif m.re is _NONE_HAD:
            kind = "skip"
        elif m.re is _HAD_ME_ON:
            kind = "start"
        elif m.re is _ON_IT or m.re is _GIVING_IT_A_TRY or m.re is _HAVING_DOSE:
            kind = "intake"
        else:
            kind = verb_kind(m.group(0)[: m.start("object") - m.start()]) or (
                "intake" if verb == "taken" else None  # "I've taken a capsule every day"
            )
        if verb in _SPLIT_VERBS and not _IN_PARTS.match(text, m.end()):
            continue  # "breaking it down for my wife": no tablet split
        if m.group("object").lower().startswith("half") and kind in ("intake", "start", None):
            kind = "dose_change"  # "only taking half of it", "we started doing half since Sunday"
        stretched = _STRETCHED.search(_sentence_at(m, sentences, text)) is not None
        if kind == "intake" and stretched and _SPARSER_AFTER.match(text, m.end()):
            kind = "dose_change"  # "to make the amlodipine last, I've been taking it every other day": stretched
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
        negated = _PAST_NEGATION.search(m.group(0)) is not None or m.re is _NONE_HAD
        if negated and kind == "stop" and m.re is _REFERRING and _STOP_WORD.search(m.group(0)):
            continue  # "I haven't stopped it": no stop at all
        # "went without it" says the skip itself; "never went without it" is no skip
        own = kind in ("skip", "stop") and (negated or ("without" in verb and not _NEVER.search(m.group(0))))
        # "she's had me on them": the speaker is the one taking it, whoever put them on it
        # "she's had me on them", "my brother-in-law swears by it, so I started the capsules": the speaker is the one
        # taking it, whoever put them on it or praised it
        own_subject = m.re is _REFERRING and _OWN_SUBJECT.search(text, m.start(), m.start("verb")) is not None
        extra = {"speaker_subject": True} if m.re is _HAD_ME_ON or own_subject else {}
        out.append(
            Proposal(_KINDS[kind], fields, anchor, policy="negation_is_content" if own else "clinical", extra=extra)
        )
        governed[drug.start] = anchor
    return out


_OWN_SUBJECT = re.compile(r"\b(?:i|i've|ive|i'm|im)\b", re.IGNORECASE)
_STOP_WORD = re.compile(r"\b(?:stopped|stop|quit)\b", re.IGNORECASE)
"""A stop verb in the phrase: "haven't stopped taking it" is no stop at all."""
_SUBJECT = re.compile(r"(?:i|i've|ive|i'm|im|we|we've|we're)\b", re.IGNORECASE)
_SPARSER_AFTER = re.compile(
    r"\s+(?:only\s+|just\s+)?(?:every\s+(?:other|second|third)\s+day|every\s+(?:few|couple(?:\s+of)?)\s+days"
    r"|on\s+alternate\s+days|(?:every\s+)?other\s+day|half\s+as\s+often)\b",
    re.IGNORECASE,
)
"""A dose spaced out, said after the referring verb: "taking it every other day", "having them every few days"."""
_STRETCHED = re.compile(
    r"\b(?:only|just)\s+(?:been\s+)?(?:taking|having|using)\b|\bto\s+(?:make|help)\s+[^.;!?]{0,40}?\blast\b"
    r"|\b(?:so|till|until)\s+(?:it|they|the\s+\w+|my\s+\w+)\s+lasts?\b|\bstretch(?:ing|ed)?\b|\bsave\s+money\b"
    r"|\buntil\s+(?:the|my)\s+(?:refill|prescription|script|new\s+supply)|\b(?:running|ran|run)\s+low\b"
    r"|\bcan(?:'t|not)\s+afford\b",
    re.IGNORECASE,
)
"""Why a dose is spaced out, or that it is the speaker's own doing: rationing a supply ("to make it last until the
refill", "stretching them out", "running low") or "only taking it ...". A spacing said alone may be the regimen."""


def _sentence_at(m: re.Match[str], sentences: list[tuple[int, int]], text: str) -> str:
    span = next(((s, e) for s, e in sentences if s <= m.start() < e), (0, len(text)))
    return text[span[0] : span[1]]


_NEVER = re.compile(r"\b(?:never|not|n't)\b", re.IGNORECASE)
_THIRD_PERSON_OPENING = re.compile(
    r"\s*(?:(?:so|and|but|well)\s+)?(?:he|she|they|(?:my|our|his|her)\s+(?:\w+\s+)?(?:dad|father|mom|mum|mother|wife"
    r"|husband|partner|son|daughter|sister|brother|friend|grandma|grandpa|aunt|uncle|neighbou?r|kid|child|boss))\b",
    re.IGNORECASE,
)
"""A sentence about someone else: a later sentence with no subject of its own goes on about them."""


def _sentence_of(drug: TermMatch, sentences: list[tuple[int, int]], text: str) -> str:
    span = next(((s, e) for s, e in sentences if s <= drug.start < e), (0, len(text)))
    return text[span[0] : span[1]]


_SPLIT_VERBS = frozenset({"cutting", "splitting", "snapping", "breaking"})
_IN_PARTS = re.compile(
    r"\s+(?:\w+\s+)?(?:in half|in two|into halves|in halves|in quarters|into quarters)\b", re.IGNORECASE
)
"""A tablet split is said with its parts: "snapping each tablet in half", "cutting them in two"."""
_CONTAINER_AFTER = re.compile(r"\s+(?:box|boxes|organi[sz]er|dispenser|cutter|splitter|case)\b", re.IGNORECASE)
_ADDED_OBJECT = re.compile(r"another|a second|an extra|one more|two\b|three\b|2\b|3\b", re.IGNORECASE)
"""A dose on top ("another", "one more") or a count at once ("so I took two of them this morning to make up")."""
_MORE_AFTER = re.compile(r"\s+(?:more|again)\b", re.IGNORECASE)


def _added_dose(text: str, m: re.Match[str]) -> bool:
    """A dose taken on top of the one named ("so I took one more", "I had another"): a new intake of the drug
    even where a verb already governs it ("couldn't remember whether I'd had my Coumadin, so I took one more")."""
    return _ADDED_OBJECT.match(m.group("object")) is not None or _MORE_AFTER.match(text, m.end()) is not None


def _governed_here(
    drug: TermMatch, pos: int, governed: dict[int, tuple[int, int]], sentences: list[tuple[int, int]]
) -> bool:
    """Whether a verb in the referring verb's own sentence already governs the drug."""
    anchor = governed.get(drug.start)
    if anchor is None:
        return False
    here = next(((s, e) for s, e in sentences if s <= pos < e), None)
    return here is not None and here[0] <= anchor[0] < here[1]


def _same_sentence(drug: TermMatch, pos: int, sentences: list[tuple[int, int]]) -> bool:
    """The drug is named in the sentence of the verb at ``pos``."""
    return any(s <= drug.start < e and s <= pos < e for s, e in sentences)


def _within_previous_sentence(drug: TermMatch, pos: int, sentences: list[tuple[int, int]]) -> bool:
    """The drug is named in the referring sentence or one of the two before it."""
    index = next((i for i, (s, e) in enumerate(sentences) if s <= pos < e), None)
    if index is None:
        return False
    first = sentences[max(0, index - 2)][0]
    return drug.start >= first
