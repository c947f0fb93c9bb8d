"""A drug allergy said without the words "allergic to <drug>": by a pronoun, a clinician's verdict or a cause.

- a verdict on a drug named before, by a pronoun: "Every time I take my Claritin I break out in welts ... so
  I think I'm allergic to it", "I've had a rash since the amoxicillin, I must be allergic to them";
- a reaction to a drug, when the turn tells an allergic sign or names an allergy: "the urgent care doc said
  it's a reaction to the hydrochlorothiazide" after "I broke out in an itchy red rash";
- an allergic sign tied to a drug by a cause: "I broke out in hives after the Allegra", "every time I take
  the Bactrim my lips swell", "the penicillin gave me hives".

The substance is the drug's ingredient and the kind is drug. The anchor is the speaker's clause (the verdict
or the sign), so ConText judges it: another person's rash, a question or a denial is not admitted. A hedge
("I think I'm allergic to it") does not keep the allergy out: a suspected reaction to one's own drug is
acted on (``extra["hedge_tolerant"]``).
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Policy, Proposal
from app.ingest.narrative.terms import TermMatch

_PRONOUN_VERDICT = re.compile(
    r"\b(?:allergic|allergy|an allergic reaction|a reaction|reacting|reacted(?:\s+badly)?)\s+to\s+"
    r"(?P<pro>it|them|that|this|those|these|that stuff|this stuff|that drug|this drug|that medicine|the stuff)\b",
    re.IGNORECASE,
)
"""An allergy or reaction said of "it", "them", "that stuff": the drug named before."""
SIGN = (
    r"hives|welts?|(?:a\s+|an\s+)?(?:[\w-]+\s+){0,3}rash|itch(?:y|ing|iness)?|swell(?:ing|ed|s)?(?:\s+up)?"
    r"|puff(?:ed|s)? up|puffy|swollen(?:\s+(?:tongue|lips?|face|eyes?|throat))?"
    r"|wheez(?:e|ing|y)|anaphyla(?:xis|ctic)|blotch(?:es|y)|break(?:s)? out|broke out|breaking out|bumps"
    r"|(?:throat|tongue|lips?|face|eyes?)\s+(?:closed|closing|close|closes|swelled|swelling|swell|swells|tight(?:ened)?)"
)
_SIGN_RE = re.compile(rf"\b(?:{SIGN})\b", re.IGNORECASE)
_SKIN_SIGN = re.compile(r"\b(?:hives|welts?|rash|itch\w*|blotch\w*|(?:lips?|tongue|face|throat)\b)", re.IGNORECASE)
"""An allergic sign of the skin or the airway, as opposed to a swelling anywhere (a knee "swelled up when I was on")."""
_ALLERGY_WORD = re.compile(r"\ballerg", re.IGNORECASE)
_REACTION_TO = re.compile(
    r"\b(?:(?:a|an)\s+(?:(?:bad|skin|drug|severe|nasty|allergic)\s+)?reaction|(?:an\s+)?allergy)\s+(?:to|from)\s+"
    r"(?:the\s+|my\s+|that\s+)?(?:(?:new|latest|usual|other|daily|regular)\s+)?$",
    re.IGNORECASE,
)
_REACTS_TO = re.compile(
    r"\breact(?:s|ed|ing)?\s+(?:(?:really\s+)?(?:badly|bad|strongly|terribly)\s+)?(?:to|with)\s+(?:the\s+|my\s+|any\s+)?$",
    re.IGNORECASE,
)
"""The speaker reacting to a drug ("I react badly to codeine, it makes me itch all over"): an allergy when the turn
tells an allergic sign or names an allergy."""
_AFTER_DRUG = re.compile(
    # "within an hour of taking my usual diphenhydramine 25 mg tablet"
    r"\b(?:after|since|from|within\s+(?:(?:an?|half\s+an|a\s+few|a\s+couple\s+of|\w+)\s+)?(?:hours?|minutes?|mins?)"
    r"\s+of"
    # the sign told first, then the course it came with: "came out in an itchy rash all over when I had the amoxicillin"
    r"|when(?=\s+i\s+(?:had|took|was\s+on|was\s+given|started)\b))\s+(?:(?:taking|starting|i took|i started|i had"
    r"|i was on|i was given|having)\s+)?"
    r"(?:the\s+|my\s+|that\s+|a\s+|an\s+|some\s+)?(?:(?:usual|new|daily|regular|morning|evening|nightly)\s+)?"
    # "after the first dose of the Bactrim", "since my second course of amoxicillin"
    r"(?:(?:(?:first|second|third|last|new|latest|morning|evening|next|1st|2nd)\s+)?"
    r"(?:dose|pill|tablet|capsule|course|round|shot|injection|jab)s?\s+of\s+(?:the\s+|my\s+|that\s+)?)?$",
    re.IGNORECASE,
)
_SINCE_STARTED = re.compile(
    r"\b(?:since|after|when|once|ever since|right after)\s+(?:i\s+)?(?:first\s+)?(?:started|starting|took|taking"
    r"|began|went on|was put on|got put on|had)\s+(?:on\s+)?(?:the\s+|my\s+|that\s+|this\s+)?(?:new\s+)?$",
    re.IGNORECASE,
)
"""The speaker's start of a drug as the time of what follows ("Ever since I started the lisinopril my lips have been
swelling up")."""
_EVERY_TIME_AFTER = re.compile(
    r"\b(?:every time|each time|whenever|every single time|without fail)\b"
    r"|\b(?:doesn't|does not|never) (?:agree with|suit) me\b|\bdisagrees with me\b",
    re.IGNORECASE,
)
"""A sign said to follow the drug each time ("the penicillin doesn't agree with me, I get hives every time")."""
SPEAKER_SIGN = re.compile(
    rf"\b(?:i|i've|i'm)\s+(?:\w+\s+){{0,2}}?(?:get|got|getting|break|broke|breaking|came|come|coming|had|have|started"
    rf"|start|went|go)\s+(?:out\s+in\s+|up\s+in\s+|in\s+)?(?:{SIGN})\b"
    rf"|\bmy\s+(?:lips|lip|tongue|face|throat|eyes|skin|mouth|neck|arms|legs|chest|hands)\s+(?:\w+\s+){{0,3}}?(?:{SIGN})\b",
    re.IGNORECASE,
)
_SIGN_OVER = re.compile(
    r"^[^.;!?]{0,25}?\b(?:cleared|clearing|gone|better|improved|improving|disappeared|went away|go away|stopped"
    r"|settled|calmed|healed|faded)\b",
    re.IGNORECASE,
)
_TOOK_BEFORE = re.compile(
    r"(?:\bi\s+|(?:^|(?<=[.!?]\s))\W*)(?:just\s+)?(?:took|had|popped|swallowed|tried)\s+(?:a|an|one|my|the|some|two)?\s*"
    r"(?:(?:usual|regular|normal|daily|morning|evening|nightly)\s+)?$",
    re.IGNORECASE,
)
_SOON_AFTER = re.compile(
    r"^[^.;!?]{0,40}?\b(?:and|then|,)\s+(?:then\s+)?(?:within\s+(?:the\s+|an?\s+)?(?:hour|minutes|half\s+an\s+hour)"
    r"|(?:an?|half\s+an|two)\s+(?:hour|hours|minutes)\s+later|soon\s+after|shortly\s+after(?:wards)?|right\s+after"
    r"|not\s+long\s+after|minutes\s+later|by\s+(?:the\s+)?evening|that\s+night)\b,?\s*",
    re.IGNORECASE,
)
"""A dose said taken, then a sign soon after it in the same sentence: the dose brought the sign on."""
_ANTIHISTAMINES = (
    r"antihistamines?|benadryl|diphenhydramine|piriton|chlorphenamine|chlorpheniramine|cetirizine|zyrtec|loratadine"
    r"|claritin"
)
"""The antihistamines people take for a reaction, by name or brand."""
_AND_SIGN = re.compile(r"^[^.;!?]{0,40}?\b(?:and|then)\s+(?:then\s+)?(?=my\s|i\s)", re.IGNORECASE)
"""A dose said taken, then "and" a clause of the speaker's ("Took two Aleve for the hip and my lips swelled up")."""
_TREATED_AS_REACTION = re.compile(
    rf"\b(?:{_ANTIHISTAMINES}|epi-?pens?|adrenaline|epinephrine"
    r"|(?:won't|will not|wont|never)\s+(?:be\s+)?(?:touching|taking|having|touch|take|have)"
    r"\s+(?:that|it|them|those|any)(?:\s+\w+)?\s+again|never again)\b",
    re.IGNORECASE,
)
"""A turn treating a sign as a reaction to the dose before it: the sign treated as an allergy, or the drug sworn off."""
_REMEDY_TAKEN = re.compile(
    rf"(?:{_ANTIHISTAMINES})\b[^.;!?]{{0,30}}?\b(?:and|which|that)\s+(?:it\s+|that\s+)?"
    r"(?:settled|helped|worked|calmed|sorted|cleared|eased|took the edge off|brought it down|went down)",
    re.IGNORECASE,
)
"""An antihistamine taken that settled a reaction ("Took a Benadryl and it settled"): the remedy, not the cause."""
_TRIGGER = re.compile(r"\b(?:whenever|every time|each time|any time|when|if|once)\s+$", re.IGNORECASE)
_FOR_SIGN = re.compile(r"\b(?:for|treat|treating|to treat|against)\s+(?:my\s+|the\s+|his\s+|her\s+)?$", re.IGNORECASE)


def _speaker_sign_after(after: str) -> re.Match[str] | None:
    """The speaker's allergic sign after the drug, not one going away ("my rash has cleared") or treated ("for my
    hives")."""
    for m in SPEAKER_SIGN.finditer(after):
        if _SIGN_OVER.match(after, m.end()) or _FOR_SIGN.search(after, 0, m.start()):
            continue
        if _TRIGGER.search(after, 0, m.start()):
            continue  # "two puffs whenever I get wheezy": the sign the drug is used for, not one it brings on
        if re.search(r"\b(?:no|not|never|n't|without)\b", after[max(0, m.start() - 12) : m.start()], re.IGNORECASE):
            continue
        return m
    return None
_DRUG_CAUSES = re.compile(
    r"^\s*(?:tablets?|pills?|capsules?)?\s*(?:,\s*(?:it|they|that)\s+|(?:it|they|that)\s+)?"
    # the speaker's own use of it between: "the aleve i take for my knee gave me hives"
    r"(?:(?:that\s+|which\s+)?i\s+(?:take|took|use|used|was\s+given|got|get)\b[^.,;!?]{0,30}?\s+)?"
    r"(?:always\s+|just\s+)?"
    # a cleft: "the Allegra is what gave me the hives", "the amoxicillin must be what brought on the rash"
    r"(?:(?:is|was|must be|might be|could be|must have been)\s+(?:what|the thing that|the one that|the culprit that)"
    r"\s+)?"
    # a cause going on: "the lisinopril is giving me a blotchy rash", "it keeps bringing me out in welts"
    rf"(?:(?:is|are|was|were|'s|has been|have been|'s been|keeps?|kept)\s+)?"
    rf"(?:gives?|gave|giving|makes?|made|causes?|caused|causing|brings?|brought|bringing)"
    rf"\s+(?:me\s+)?(?:out\s+in\s+|on\s+)?(?:(?:a|an|the|these|those|big|red|itchy|my)\s+)*(?:{SIGN})\b",
    re.IGNORECASE,
)
_CANNOT_TAKE = re.compile(
    r"\b(?:can't|cannot|can not|couldn't|could not|am unable to|i'm unable to)\s+(?:take|have|tolerate|use|touch)\s+"
    r"(?:the\s+|any\s+)?$|\bnot allowed\s+(?:to\s+(?:take|have)\s+)?(?:the\s+|any\s+)?$",
    re.IGNORECASE,
)
"""A drug the speaker cannot take, with an allergic sign or an allergy in the sentence ("I can't take penicillin,
it gives me hives")."""
_EVERY_TIME = re.compile(
    r"\b(?:every time|each time|whenever|any time|anytime)\s+i\s+(?:take|took|have|had|use|used)\s+"
    r"(?:the\s+|my\s+|a\s+|an\s+)?$",
    re.IGNORECASE,
)
_OTHER_ALLERGENS = re.compile(
    r"\b(?:cats?|dogs?|pollen|grass|dust|mites?|mou?ld|bees?|wasps?|latex|peanuts?|nuts?|shellfish|shrimp|milk"
    r"|eggs?|wheat|soy|fish|dander|food|soap|detergent|plants?|ivy)\b",
    re.IGNORECASE,
)


def find_drug_reactions(text: str, drugs: list[TermMatch], sentences: list[tuple[int, int]]) -> list[Proposal]:
    """Drug allergies said by a pronoun verdict, a clinician's "reaction to", or a sign with its cause."""
    out: list[Proposal] = []
    for m in _PRONOUN_VERDICT.finditer(text):
        drug = _drug_before(text, m.start(), drugs, sentences)
        if drug is not None:
            out.append(reaction_proposal(drug, (_clause_start(text, m.start()), m.end())))
    for drug in drugs:
        sentence = next(((s, e) for s, e in sentences if s <= drug.start < e), (0, len(text)))
        before = text[sentence[0] : drug.start]
        after = text[drug.end : sentence[1]]
        if (_REACTION_TO.search(before) or _REACTS_TO.search(before)) and (
            _SIGN_RE.search(text) or _ALLERGY_WORD.search(text)
        ):
            out.append(reaction_proposal(drug, (drug.start, drug.end)))
            continue
        sign = _SIGN_RE.search(before)
        if (
            sign is not None
            and (after_drug := _AFTER_DRUG.search(before)) is not None
            and (not after_drug.group(0).lower().startswith("when") or _SKIN_SIGN.search(before) is not None)
        ):
            # the dose the sign followed is the cause, not an intake of its own
            taking = (sentence[0] + after_drug.start(), drug.end)
            out.append(reaction_proposal(drug, (sentence[0] + sign.start(), sentence[0] + sign.end()), taking=taking))
            continue
        if _CANNOT_TAKE.search(before) and (_SIGN_RE.search(after) or _ALLERGY_WORD.search(after)):
            out.append(reaction_proposal(drug, (drug.start, drug.end), speaker=True))
            continue
        caused = _DRUG_CAUSES.match(after)
        if caused is not None:
            out.append(reaction_proposal(drug, (drug.start, drug.end + caused.end())))
            continue
        every = _EVERY_TIME.search(before)
        if every is not None:
            # the dose each time is the cause, not an intake of its own (``extra["intake_span"]``)
            taking = (sentence[0] + every.start(), drug.end)
            later = _SIGN_RE.search(after)
            if later is not None:
                out.append(reaction_proposal(drug, (drug.end + later.start(), drug.end + later.end()), taking=taking))
                continue
            # the sign told first: "I come out in a rash whenever I take the amoxicillin"
            earlier = _speaker_sign_before(before[: every.start()])
            if earlier is not None:
                anchor = (sentence[0] + earlier.start(), sentence[0] + earlier.end())
                out.append(reaction_proposal(drug, anchor, taking=taking))
                continue
        # a dose, then the speaker's sign soon after it: "Took a Benadryl at 3pm and within the hour I broke out in
        # hives" (the dose is the cause, no intake of its own)
        if (took := _TOOK_BEFORE.search(before)) is not None and (soon := _SOON_AFTER.match(after)) is not None and (
            sign_after := _speaker_sign_after(after[soon.end() :])
        ) is not None:
            start = drug.end + soon.end() + sign_after.start()
            taking = (sentence[0] + took.start(), drug.end)
            out.append(reaction_proposal(drug, (start, start + len(sign_after.group(0))), taking=taking))
            continue
        # a dose, then "and" the speaker's sign, with the turn treating it as a reaction to the dose (an antihistamine,
        # an EpiPen, the drug sworn off): "Took two Aleve for the hip and my lips swelled up on Saturday ... Went down
        # with an antihistamine. I won't be touching that again"
        if (
            (took := _TOOK_BEFORE.search(before)) is not None
            and (joined := _AND_SIGN.match(after)) is not None
            and (sign_after := _speaker_sign_after(after[joined.end() :])) is not None
            and _TREATED_AS_REACTION.search(text, drug.end) is not None
        ):
            start = drug.end + joined.end() + sign_after.start()
            taking = (sentence[0] + took.start(), drug.end)
            out.append(reaction_proposal(drug, (start, start + len(sign_after.group(0))), taking=taking))
            continue
        # the speaker's sign after a start of the drug or after the drug each time: "Ever since I started the
        # lisinopril my lips have been swelling up", "the penicillin doesn't agree with me, I get hives every time"
        if (_SINCE_STARTED.search(before) or _EVERY_TIME_AFTER.search(after)) and (
            sign_after := _speaker_sign_after(after)
        ) is not None:
            out.append(reaction_proposal(drug, (drug.end + sign_after.start(), drug.end + sign_after.end())))
    # the earliest clause tells the reaction itself and dates the allergy ("Last Monday I broke out in hives after
    # taking my Allegra. The pharmacist thinks I'm allergic to it"): it is kept over a later verdict
    return _one_per_drug(sorted(out, key=lambda p: p.anchor[0]))


def reaction_proposal(
    drug: TermMatch, anchor: tuple[int, int], *, speaker: bool = False, taking: tuple[int, int] | None = None
) -> Proposal:
    """``speaker``: a negation in the clause is the content ("can't take"), not a denial; ``taking``: the clause
    of the dose that brings the sign on ("every time I take my Allegra"), no intake of its own."""
    fields = {"substance": stated_drug(drug), "substance_kind": "drug", "reaction": None}
    policy: Policy = "negation_is_content" if speaker else "clinical"
    extra: dict[str, object] = {"hedge_tolerant": True}
    if taking is not None:
        extra["intake_span"] = taking
    return Proposal("allergy", fields, anchor, policy=policy, extra=extra)


def _speaker_sign_before(before: str) -> re.Match[str] | None:
    """The speaker's allergic sign told before "every time I take ...", the last one, not a denied one."""
    found = [
        m for m in SPEAKER_SIGN.finditer(before)
        if not re.search(r"\b(?:no|not|never|n't|without)\b", before[max(0, m.start() - 12) : m.end()], re.I)
    ]
    return found[-1] if found else None


def stated_drug(drug: TermMatch) -> str:
    """The allergen at the level the person named it: a broader name than the dictionary key
    ("penicillin" for the key ``penicillin v``) is kept as said; any other alias (a brand, a
    misspelling) is recorded as the key."""
    said = drug.text.lower().split()
    return " ".join(said) if set(said) < set(drug.key.split()) else drug.key


def _drug_before(
    text: str, pos: int, drugs: list[TermMatch], sentences: list[tuple[int, int]]
) -> TermMatch | None:
    """The drug named last before ``pos`` in its sentence or the two before, with no other allergen between."""
    index = next((i for i, (s, e) in enumerate(sentences) if s <= pos < e), None)
    if index is None:
        return None
    first = sentences[max(0, index - 2)][0]
    earlier = [d for d in drugs if first <= d.start and d.end <= pos]
    if not earlier:
        return None
    drug = earlier[-1]
    if len(earlier) > 1 and _REMEDY_TAKEN.match(text, drug.start, pos):
        # "Took my usual Aleve ... hives ... Took a Benadryl and it settled. I think I've become allergic to it": the
        # antihistamine that settled the reaction is the remedy, the drug before it the cause
        drug = earlier[-2]
    if _OTHER_ALLERGENS.search(text, drug.end, pos):
        return None
    return drug


def _clause_start(text: str, pos: int) -> int:
    """Where the speaker's clause before ``pos`` starts (after the last comma, "so" or sentence end)."""
    cut = max(
        text.rfind(",", 0, pos),
        text.rfind(".", 0, pos),
        text.rfind(" so ", 0, pos) + 3,
        text.rfind(" and ", 0, pos) + 4,
    )
    return cut + 1 if cut >= 0 else 0


def _one_per_drug(proposals: list[Proposal]) -> list[Proposal]:
    seen: set[str] = set()
    out = []
    for p in proposals:
        key = str(p.fields["substance"])
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


_TOLD_SIGN = re.compile(r"\b(?:hives|welts|rash|swelling|anaphylaxis)\b", re.IGNORECASE)
"""The allergic sign a turn tells, by the noun a drug allergy records (kept as said: the reaction is verbatim)."""
_OTHERS_SIGN = re.compile(r"\b(?:his|her|their|he|she|they|[a-z]+'s)\s+(?:\w+\s+){0,3}$", re.IGNORECASE)


def told_reaction(text: str, end: int) -> str | None:
    """The first allergic sign the turn tells up to ``end`` (the end of the allergy's sentence), the speaker's: "I
    came up in hives ... Urgent care said it's an allergy to the naproxen" records hives; "this itchy rash is an
    allergic reaction to the clopidogrel" a rash. Not another person's sign ("my wife's rash")."""
    for m in _TOLD_SIGN.finditer(text, 0, end):
        if _OTHERS_SIGN.search(text, max(0, m.start() - 40), m.start()):
            continue
        return m.group(0).lower()
    return None


_EACH_TIME_IT = re.compile(
    r"\b(?:every time|each time|whenever|any time|anytime|every single time)\s+i\s+(?:take|took|have|had|use|used)"
    r"\s+(?:it|them|that|those)\b",
    re.IGNORECASE,
)


def dose_each_time_span(text: str, after: int) -> tuple[int, int] | None:
    """The "every time I took it" clause after a drug allergy's drug (``after``), within the next sentence: the dose
    that brings the sign on, no intake of its own ("... allergic to Allegra now. Every time I took it I got hives")."""
    m = _EACH_TIME_IT.search(text, after, min(len(text), after + 200))
    return m.span() if m is not None else None

