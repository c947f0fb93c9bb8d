"""A recorded allergy the speaker says is wrong by an exposure that brought no reaction.

"My file says I'm allergic to shellfish, but I ate a whole bowl of prawns at Christmas and nothing happened", "that
peanut allergy they have me down for, I had peanut butter on toast this morning and didn't get so much as an itch",
"Apparently I'm allergic to penicillin. I had amoxicillin last winter with no reaction at all": the allergy named as
the record's or someone's claim (a chart, notes, "apparently", "supposedly", "wrong"), and the speaker exposed with no
reaction in the same or the next sentence: an ``allergy`` denied (``status: denied``). The anchor is the no-reaction
phrase, so ConText judges the speaker's clause (a hypothetical or another person's exposure is not admitted). An
allergy the speaker affirms ("I'm allergic to shellfish but a prawn slipped through and I was fine") has no claim of
another and is left alone.
"""

from __future__ import annotations

import re

from app.ingest.narrative.drug_reactions import stated_drug
from app.ingest.narrative.models import Proposal
from app.ingest.narrative.terms import TermMatch

_MENTION = re.compile(
    r"\b(?:an?|the|that|this|my|their|so-called|supposed|put|puts|listed|lists|wrote|added|says|said|shows)\s+"
    r"(?P<sub>[a-z][a-z -]{1,30}?)\s+allerg(?:y|ies)\b"
    r"|\ballergic to\s+(?P<sub2>[^.,;!?\n]+)",
    re.IGNORECASE,
)
_CLAIM = re.compile(
    r"\b(?:notes?|chart|file|record|records|list|system|portal|paperwork|says|said|say|listed|supposedly|apparently"
    r"|meant to be|supposed to be|wrong|mistake|error|according to|down as|down for|have me down|has me down"
    r"|put me down|they think|thinks i|claims?)\b",
    re.IGNORECASE,
)
"""The allergy as the record's or someone's claim, not the speaker's own statement."""
_EXPOSED = re.compile(
    r"\bi(?:'ve|\s+have|'d|\s+had)?\s+(?:(?:just|actually|since|even|already|recently|happily|been)\s+){0,2}"
    r"(?:ate|eaten|eat|eating|had|having|took|taken|tried|tasted|scoffed|demolished|was given|got given|been given"
    r"|adopted|spent|stayed|petted|cuddled|played with|slept with|lived with"
    # a thing handled or worn: "I wear latex gloves at work every single day"
    r"|wear|wore|worn|wearing|use|used|using|handle|handled|handling|touch|touched|work with|worked with)\b",
    re.IGNORECASE,
)
_NO_REACTION = re.compile(
    r"\b(?:didn't|did not|never|not)\s+(?:even\s+|once\s+|so much as\s+|really\s+)?"
    r"(?:get|got|have|had|react|reacted|break out|broke out|come out|came out|sneeze|sneezed|itch|itched)\b"
    r"(?:\s+(?:a|an|one|any|so much as)?\s*(?:\w+\s+)?(?:itch|rash|hives?|reaction|spot|bump|swelling|sniffle|tingle"
    r"|symptoms?|problems?|issues?|trouble|thing))?"
    r"|\b(?:no|zero|not any|never any) (?:reaction|reactions|problems?|issues?|hives|rash|itch|itching|swelling"
    r"|symptoms?|trouble)\b"
    r"|\bnothing (?:happened|at all happened)\b"
    r"|\bnot (?:a|one|even a|even one) (?:single )?(?:itch|hive|rash|spot|bump|sneeze|reaction|sniffle)\b"
    r"|\b(?:was|were|felt)\s+(?:(?:totally|completely|perfectly|absolutely|just|absolutely)\s+)?"
    r"(?:fine|ok|okay|grand|right as rain)\b"
    r"|\bwithout (?:any |a |so much as an? )?(?:reaction|problems?|issues?|trouble|itch|rash|hives)\b",
    re.IGNORECASE,
)
_FLAT_DENIAL = re.compile(
    # "I'm honestly not allergic", "im not allergic to fish at all", "Not allergic to milk at all anymore"
    r"(?:\bi(?:'m|m|\s+am)\s+|(?:^|(?<=[.!?]\s)))(?:(?:honestly|really|actually|simply|just|definitely|certainly"
    r"|absolutely)\s+)?not\s+allergic"
    r"(?:\s+to\s+(?:it|that|them|those|[\w' -]{2,30}?))?(?:\s+at\s+all)?(?:\s+any\s*more)?"
    r"(?=\s*(?:[.,;!]|$|\b(?:and|but|so|never|anymore|lol|tbh)\b))"
    r"|\bi\s+(?:(?:honestly|really|actually|simply|just|definitely|certainly)\s+)?(?:don't|do not)"
    r"(?:\s+(?:have\s+(?:it|that|one|any such thing)|at all))?(?=\s*(?:[.,;!]|$|\b(?:and|but|so)\b))"
    r"|\bi\s+(?:(?:honestly|really|just|simply)\s+)?(?:don't|do not)\s+think\s+(?:that|this|the)\s+allergy\s+"
    r"(?:is|was)\s+(?:a|even a)\s+(?:real\s+)?thing"
    r"|\bgot\s+(?:it|that|this|me)\s+(?:all\s+)?wrong\b"
    # never allergic at all, typos allowed: "ive never been allergic to shellfish in my life"
    r"|\bi(?:'ve|ve|\s+have)?\s+(?:honestly\s+|really\s+)?never\s+(?:ever\s+)?been\s+allergic\b"
    r"|\ballergy\b[^.;!?]{0,30}?\b(?:is|was)(?:n't|nt|\s+not)\s+(?:right|true|correct|accurate)\b"
    r"|\b(?:a\s+)?(?:mix-?up|mixed\s+me\s+up)\b"
    r"|\ballergy\b[^.;!?]{0,30}?\b(?:is|was|'s)\s+(?:just\s+|totally\s+|completely\s+|simply\s+)?"
    r"(?:wrong|bogus|a mistake"
    r"|an error|made up|nonsense|rubbish|false|fake|not (?:real|right|true)|outdated|out of date|old news)\b"
    # outgrown: "I grew out of it when I was little"
    r"|\bi\s+(?:(?:totally|completely|just)\s+)?(?:grew|have grown|'ve grown|outgrew|have outgrown|'ve outgrown)"
    r"(?:\s+out\s+of)?\s+(?:it|that|them)\b"
    # no reaction ever, the subject dropped: "Never had any reaction to fish in my whole life"
    r"|(?:^|(?<=[.!?]\s)|\bi\s+(?:have\s+|'ve\s+)?)never\s+(?:ever\s+)?(?:had|got)\s+(?:any|a|one|a single)\s+"
    r"(?:reaction|problem|issue)s?\b",
    re.IGNORECASE,
)
"""The speaker's flat denial of the allergy just named as the record's: "I'm honestly not allergic", "it says I have
a peanut allergy and I honestly don't", "I really don't think that allergy is a thing for me", "that fish allergy on
my file is bogus", "never had any reaction to fish"."""
_STOP_WORDS = frozenset(
    {"in", "on", "at", "is", "was", "and", "but", "so", "which", "that", "they", "my", "for", "from", "since"}
    | {"because", "say", "says", "said", "has", "have", "had", "lists", "shows", "a", "an", "the", "notes"}
    | {"chart", "file"}
)
_FOODS = re.compile(
    r"\b(?:shellfish|shrimps?|prawns?|crabs?|lobsters?|fish|peanuts?|nuts?|tree nuts?|walnuts?|cashews?|almonds?|eggs?"
    r"|milk|dairy|wheat|gluten|soy|sesame|strawberr(?:y|ies)|kiwis?)\b",
    re.IGNORECASE,
)
_ENVIRONMENT = re.compile(r"\b(?:cats?|dogs?|pollen|grass|dust|mites?|mou?ld|latex|bees?|wasps?|horses?)\b", re.I)


def find_disproved_allergies(text: str, sentences: list[tuple[int, int]], drugs: list[TermMatch]) -> list[Proposal]:
    """One denied allergy per claimed allergy followed by an exposure without reaction."""
    out = []
    for i, (start, end) in enumerate(sentences):
        for m in _MENTION.finditer(text, start, end):
            if _CLAIM.search(text, start, end) is None:
                continue
            proof = (
                _exposure_without_reaction(text, start, end)
                or (_exposure_without_reaction(text, *sentences[i + 1]) if i + 1 < len(sentences) else None)
                or _flat_denial(text, m.end(), sentences[i : i + 3])
            )
            if proof is None:
                continue
            group = "sub" if m.group("sub") else "sub2"
            fields = _allergen(text, m, group, drugs)
            if fields is not None:
                out.append(Proposal("allergy", fields, proof, policy="negation_is_content"))
    if not out and (_CLAIM.search(text) or _ANSWERED_NO.match(text)):
        out += _lived_with_without_reaction(text, sentences)
    if not out and _SELF_DENIAL_SUPPORT.search(text):
        for m in _SELF_DENIAL.finditer(text):
            fields = _allergen(text, m, "sub2", drugs)
            if fields is not None:
                out.append(Proposal("allergy", fields, (m.start(), m.end("sub2")), policy="negation_is_content"))
    return out


_SELF_DENIAL = re.compile(
    r"\b(?:i(?:'m|m|\s+am)\s+(?:(?:really|actually|honestly|definitely)\s+)?not\s+(?:(?:really|actually)\s+)?"
    r"|(?:i\s+)?(?:(?:honestly|really)\s+)?(?:don't|do not|dont)\s+(?:really\s+)?think\s+i(?:'m|m|\s+am)\s+)"
    r"allergic\s+to\s+(?P<sub2>[^.,;!?\n]+)",
    re.IGNORECASE,
)
"""The speaker's own denial of an allergy: "im not really allergic to peanuts", "Honestly don't think I'm allergic to
cats"."""
_SELF_DENIAL_SUPPORT = re.compile(
    r"\b(?:mix(?:ed)?[- ]?up|mistake|wrong|chart|file|record|portal|never\s+(?:was|been|reacted)"
    r"|(?:i'm|im|i\s+am|i\s+was)\s+(?:(?:totally|completely|perfectly|absolutely|just)\s+)?fine"
    r"|no\s+(?:reaction|problems?|issues?)|not\s+(?:a|one)\s+(?:single\s+)?(?:sneeze|hive|reaction))\b",
    re.IGNORECASE,
)
"""What makes the denial one of the record, not a passing remark: an entry or a mix-up named, or an exposure that
brought nothing ("My roommate has two and I'm totally fine around them")."""


_LIVED_WITH = re.compile(
    r"\bi(?:'ve|\s+have|\s+had|'d)?\s+(?:always\s+)?(?:had|owned|kept|lived with|grown up with|grew up with|been around"
    r"|looked after)\s+(?:(?:a|two|three|four|several|a couple of|a few|my|our|\d+)\s+)?(?P<animal>cats?|dogs?|horses?"
    r"|rabbits?|hamsters?|guinea pigs?)\b"
    r"[^.;!?]{0,40}?\b(?:for\s+(?:years|ages|decades|donkey's years|(?:\w+\s+)?years)|all my life|since i was)",
    re.IGNORECASE,
)
"""An animal lived with for a long time: "I've had two cats for years", "I grew up with dogs all my life"."""
_ANSWERED_NO = re.compile(r"^\W*(?:no|nope|nah|not true|that's not right)\b", re.IGNORECASE)
"""The message answers no (to "the record lists a cat allergy")."""


def _lived_with_without_reaction(text: str, sentences: list[tuple[int, int]]) -> list[Proposal]:
    """"No, that's wrong. I've had two cats for years and never so much as sneezed near them": the allergy to the
    animal denied, by the speaker living with it without a reaction (anchored at the no-reaction phrase)."""
    out = []
    for start, end in sentences:
        for m in _LIVED_WITH.finditer(text, start, end):
            calm = _NO_REACTION.search(text, m.end(), min(end, m.end() + 100))
            if calm is None:
                continue
            animal = m.group("animal").lower()
            fields = {"substance": animal, "substance_kind": "environment", "reaction": None, "status": "denied"}
            out.append(Proposal("allergy", fields, (calm.start(), calm.end()), policy="negation_is_content"))
    return out


def _flat_denial(text: str, after: int, sentences: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The speaker's flat denial after the mention, in its sentence or the two after it."""
    for start, end in sentences:
        denial = _FLAT_DENIAL.search(text, max(start, after), end)
        if denial is not None:
            return denial.start(), denial.end()
    return None


def _exposure_without_reaction(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The no-reaction phrase after the speaker's exposure in ``text[start:end]``."""
    for exposed in _EXPOSED.finditer(text, start, end):
        calm = _NO_REACTION.search(text, exposed.end(), min(end, exposed.end() + 120))
        if calm is not None:
            return calm.start(), calm.end()
    return None


def _allergen(text: str, m: re.Match[str], group: str, drugs: list[TermMatch]) -> dict[str, object] | None:
    drug = next((d for d in drugs if m.start(group) <= d.start < m.end(group)), None)
    if drug is not None:
        return {"substance": stated_drug(drug), "substance_kind": "drug", "reaction": None, "status": "denied"}
    said_words = m.group(group).split()
    if group == "sub":  # the words right before "allergy": "my notes say shellfish allergy" is shellfish
        said_words = said_words[::-1]
    words: list[str] = []
    for word in said_words:
        if word.lower() in _STOP_WORDS or len(words) == 3:
            break
        words.append(word)
    if group == "sub":
        words = words[::-1]
    while words and words[0].lower() in ("a", "an", "the", "some", "bad", "severe", "mild"):
        words = words[1:]
    said = " ".join(words).lower()
    if not said:
        return None
    kind = "food" if _FOODS.search(said) else "environment" if _ENVIRONMENT.search(said) else None
    return {"substance": said, "substance_kind": kind, "reaction": None, "status": "denied"}
