"""Allergies as the speaker states them, and denials of an allergy.

"I'm allergic to penicillin", "I have a bad peanut allergy", "Latex gloves give me hives, I'm allergic
to latex", "grass pollen season, that one wrecks me": the substance as said (a drug by the dictionary, at
the level the person named it), its kind (drug / food / environment) and the reaction said in the same
sentence, before or after. "I'm not allergic to penicillin" / "I don't have a peanut allergy" is a
denial: an ``allergy`` record with ``status: denied`` (the negation is what was said; the reconciler
holds it against the record).
"""

from __future__ import annotations

import re

from app.ingest.narrative.allergen_exposure import find_exposure_reactions
from app.ingest.narrative.allergy_disproved import find_disproved_allergies
from app.ingest.narrative.allergy_verdicts import find_allergy_verdicts
from app.ingest.narrative.drug_reaction_signs import find_signs_by_reference
from app.ingest.narrative.drug_reactions import dose_each_time_span, find_drug_reactions, stated_drug, told_reaction
from app.ingest.narrative.models import Proposal
from app.ingest.narrative.sentences import sentence_spans
from app.ingest.narrative.terms import TermMatch

_ALLERGIC_TO = r"allergic (?:to|for|against)(?!\s+(?:years|ages|decades|months|a long time|as long|life|\d))"
""""allergic to", and a learner's "allergic for eggs" or "allergic against" (never "allergic for years")."""
_ALLERGY = re.compile(
    r"\b(?:i'm|im|i am|i'm very|i am very|i'm also|i am also"
    # an allergy come on: "I've become allergic to the verapamil", "I suddenly went allergic to latex"
    r"|(?:i've|i have|i|i'd|i had)\s+(?:now\s+|suddenly\s+|somehow\s+|recently\s+)?"
    r"(?:become|became|gone|went|turned|grown|gotten|got)(?:\s+(?:really|very|quite))?"
    # a formal hedge on it: "I appear to have become allergic to Aleve", "I seem to be allergic to the naproxen"
    r"|i\s+(?:appear|seem)\s+to\s+(?:have\s+(?:become|grown|gotten)|be|have\s+been)"
    # an allergy held a long time: "I've been allergic to penicillin since I was a kid", "I was always allergic"
    r"|(?:i've|i have|i)\s+(?:always\s+|ever\s+)?been(?:\s+(?:always|really|very|badly))?"
    r"|i\s+was(?:\s+always)?(?:\s+(?:really|very))?"
    # the speaker's allergy as a participle: "Being allergic to bee stings, I wear gloves"
    r"|(?<![\w'])being(?:\s+(?:so|very|badly|really|severely))?"
    # a verdict with the subject dropped after a clause break: "My lips puffed up, so yeah, still allergic to peanuts"
    r"|(?:^|(?<=[.,;:!?])|(?<=[.,;:!?]\s))\s*(?:(?:so|and|well|yeah|yep|guess|ok|okay)\W+){0,3}"
    r"(?=(?:still|definitely|clearly|obviously|evidently|apparently)\s))"
    # the verdict's adverbs: "I'm still allergic to shellfish", "I'm definitely allergic to it"
    r"(?:\s*(?<![\w'])(?:still|definitely|clearly|obviously|evidently|apparently|badly|severely|deathly|super|really"
    r"|so|very)){0,2}"
    r"\s+" + _ALLERGIC_TO + r"\s+(?P<sub>[^.,;!?\n]+)"
    # the allergen is a short noun phrase: "my son because of his peanut allergy" is the son's (a clause or another
    # person's possessive between "my" and "allergy" ends it)
    # ... or a speaker's plain "got" ("yes we know I got the egg allergy")
    r"|\b(?:i have an? |i have |i've got an? |i've got |i have got an? |i got (?:an? |the )?|my )"
    r"(?P<sub2>(?:(?!\b(?:because|his|her|their|our|your|its|since|when|but)\b)[a-z -]){3,31}?)"
    r" allergy\b"
    r"(?!\s+(?:to|season|medicine|medication|meds|pills?|shots?|tests?|testing|symptoms)\b)"
    r"|\ballergy to\s+(?P<sub3>[^.,;!?\n]+)"
    # a clinician's verdict: "the allergist confirmed a peanut allergy", "they diagnosed me with a shellfish allergy"
    # ... or suspected or written down by one: "Suspect fexofenadine allergy", "wrote down amoxicillin allergy"
    r"|\b(?:confirmed|diagnosed(?: me)?(?: with)?|found|identified|picked up)\s+(?:a|an|my)\s+"
    r"(?P<sub7>[a-z][a-z -]{2,30}?) allergy\b"
    r"|\b(?:suspect|suspects|suspected|wrote down|put (?:me|her|him) down as|documented)\s+(?:(?:a|an|my)\s+)?"
    r"(?P<sub6>[a-z][a-z -]{2,30}?) allergy\b"
    # the reaction named as an allergy: "the doctor said it's an allergic reaction to my hydrochlorothiazide"
    r"|\ballergic reaction (?:to|from)\s+(?P<sub4>[^.,;!?\n]+)"
    # a reaction the same sentence calls an allergy: "thinks it's a reaction to my hydrochlorothiazide and put it
    # down as a drug allergy"
    r"|\b(?:a|an)\s+(?:(?:bad|skin|drug|severe|nasty)\s+)?reaction (?:to|from)\s+(?=[^.;!?\n]*\ballerg)"
    r"(?P<sub5>[^.,;!?\n]+)",
    re.IGNORECASE,
)
_ALLERGY_SEVERITY = frozenset(
    {"bad", "severe", "serious", "mild", "slight", "real", "really", "very", "terrible", "nasty", "major", "minor"}
)
"""Severity words before "allergy" that are not part of the allergen ("a bad peanut allergy")."""
_NOT_ALLERGEN_WORDS = frozenset(
    {"has", "have", "had", "is", "was", "gets", "got", "get", "says", "said", "say", "thinks", "think", "no", "not"}
    | {"about", "this", "of", "for", "with", "in", "feeling"}
)
"""A verb or negation inside "my ... allergy" means the words are a clause ("my son has a peanut
allergy"), not an allergen."""
_PRONOUNS = frozenset({"them", "it", "that", "those", "these", "this", "him", "her", "one", "ones", "stuff"})
"""Words that only point at an allergen named elsewhere: no allergen of their own."""
_REACTION = re.compile(
    r"\b(?:gives me|give me|gave me|causes|caused|makes me break out in|i get|i got|i break out in)\s+"
    r"(?P<r>hives|a rash|rash|swelling|anaphylaxis|itching|a headache|nausea|diarrhea|trouble breathing)\b",
    re.IGNORECASE,
)
_FOODS = frozenset(
    [
        "peanut",
        "peanuts",
        "nut",
        "nuts",
        "tree",
        "shellfish",
        "shrimp",
        "fish",
        "milk",
        "dairy",
        "lactose",
        "egg",
        "eggs",
        "wheat",
        "gluten",
        "soy",
        "sesame",
        "strawberries",
        "strawberry",
        "tomatoes",
        "chocolate",
    ]
)
_ENVIRONMENT = frozenset(
    [
        "pollen",
        "dust",
        "mites",
        "mold",
        "cats",
        "cat",
        "dogs",
        "dog",
        "grass",
        "trees",
        "ragweed",
        "bees",
        "bee",
        "wasps",
        "latex",
        "animal",
        "dander",
    ]
)
_DENIED_ALLERGY = re.compile(
    r"\b(?:i'm|i am|i was|i've|i have)\s+(?:actually\s+|really\s+|definitely\s+|\w+ly\s+)?(?:not|never|never been)\s+"
    r"(?:actually\s+|really\s+|\w+ly\s+)?" + _ALLERGIC_TO + r"\s+(?P<sub>[^.,;!?\n]+)"
    r"|\bi (?:don't|do not|dont) (?:actually |really )?have (?:an? |any )?(?P<sub2>[a-z][a-z -]{2,30}?) allergy\b"
    r"(?!\s+(?:medicine|medication|meds|pills?|shots?|tests?|testing|symptoms)\b)",
    re.IGNORECASE,
)
"""A denial of an allergy by the speaker: the allergen follows "not allergic to" or precedes "allergy"."""
_DENIED_AFTER = re.compile(
    r"[^.;!?]{0,40}?\b(?:but|and|which|though)\s+"
    r"(?:(?:honestly|frankly|really|actually|truthfully|in fact|\w+ly)\s*,?\s+)?i(?:'m|\s+am)\s+"
    r"(?:\w+\s+)?not(?:\s+(?:really|actually))?\s*(?:[.,;!?]|$)"
    # the denial opening the next sentence: "my chart says I'm allergic to eggs. I'm not, never have been"
    r"|[^.;!?]{0,40}?[.;!?]+\s+i(?:'m|m|\s+am)\s+(?:really\s+|actually\s+|literally\s+|honestly\s+)?not"
    r"(?:\s+(?:really|actually|at all))?\s*(?:[.,;!?]|$)",
    re.IGNORECASE,
)
"""A denial after the stated allergy, used with ``match`` at the allergen's end: "my chart says I'm
allergic to shellfish and I'm really not" (not "... and I'm not sure how bad")."""
_WRONG_IN_CHART = re.compile(
    r"\b(?:an?|the|that)\s+(?P<sub>[a-z][a-z -]{1,30}?)\s+allergy\s+(?:in|on|to)\s+(?:my\s+)?(?:chart|file|record"
    r"|records|list|profile|notes|history|system)\b[^.;!?]{0,40}?\b(?:wrong|a mistake|an error|by mistake|isn't right"
    r"|is not right|not right|never had|nonsense|rubbish|bogus|made up|incorrect|false|not true)\b",
    re.IGNORECASE,
)
"""A recorded allergy the speaker says is wrong: "Whoever put a shellfish allergy in my chart got it wrong"."""
_DOUBTED_OR_STRUCK = re.compile(
    r"\bi (?:(?:honestly|really|truly|just|actually) )?(?:don't|do not|dont) (?:really |honestly |actually |even )?"
    r"(?:think|believe|reckon) (?:that )?"
    r"i(?:'m|m| am|(?:'ve| have) (?:ever )?been| was| ever was) (?:(?:really|actually|even|ever|truly|still) ){0,2}"
    + _ALLERGIC_TO
    + r"\s+(?P<sub>[^.,;!?\n]+)"  # "I don't think I was ever allergic to nuts"
    r"|\b(?:an?|the|that|my)\s+(?P<sub2>[a-z][a-z -]{1,30}?)\s+allergy\s+"
    r"(?:taken off|removed from|struck off|deleted from|off)\s+(?:of\s+)?my\s+"
    r"(?:chart|file|record|records|list|profile)\b",
    re.IGNORECASE,
)
"""A recorded allergy the speaker doubts or wants struck: "I don't think I'm allergic to cats at all", "I want the
peanut allergy taken off my chart"."""
_APPOSED = re.compile(r"\s*(?:,|\()\s*(?:the|my|i mean)?\s*", re.IGNORECASE)
"""Between a class said in lay words and the drug's own name that follows it."""
_LAY_MEDICINE = re.compile(
    r"\b(?:pills?|tablets?|tabs?|medicines?|medications?|meds|antibiotics?|drugs?|capsules?|injections?|shots?|jabs?"
    r"|one|ones|stuff|inhalers?|creams?|drops|sprays?|patch(?:es)?|statins?|blockers?|thinners?)\b",
    re.IGNORECASE,
)
"""A medicine said in lay words, which a drug's own name may follow in apposition."""
_STILL_UNSURE = re.compile(r"[^.;!?]*\b(?:not sure|unsure|might be|may be|could be|maybe)\b", re.IGNORECASE)
_RECORD_SAYS = re.compile(
    r"\b(?:chart|record|records|file|notes|portal|list)\s+(?:says|said|say|shows|lists|has)\s+(?:that\s+)?$",
    re.IGNORECASE,
)
_REACTION_BEFORE = re.compile(r"[^.;!?\n]{0,80}$")
_SEASONAL = re.compile(
    r"\b(?P<sub>(?:(?:grass|tree|birch|oak|cedar|weed|spring|ragweed)\s+)?pollen|ragweed"
    r"|(?:cat|dog|animal)\s+(?:dander|hair)|dust(?:\s+mites?)?|cats|dogs|mou?ld|bee\s+stings?|wasp\s+stings?|latex)"
    r"(?:\s+(?:season|count|time|in the air))?"
    # where the allergen is: "the mould down in the basement has my allergies going"
    r"(?:\s+(?:(?:down|up|out|over|back)\s+)?(?:in|at|on|from|around|under)\s+(?:(?:the|my|our)\s+)?\w+)?"
    r"(?P<between>\s*,?\s*(?:(?:that|this|it|they|those)(?:\s+one)?\s+)?(?:always\s+|really\s+|just\s+|totally\s+)?)"
    r"(?P<verb>(?:wrecks?|wrecked|kills?|killed|destroys?|destroyed|hammers?|hammered|floors?|floored|flattens?"
    r"|flattened|gets? to|got to)\s+me|knocks? me out|knocked me out|sets? me off|set me off|sets? off my allergies"
    r"|(?:makes?|made) me (?:sneeze|itch|wheeze|break out|puff up|swell(?: up)?|miserable)"
    r"|(?:makes?|made) my eyes (?:itch|water|swell|puff)"
    # the speaker's allergies stirred: "has my allergies going again", "got my allergies acting up", "triggers my
    # allergies"
    r"|(?:(?:has|have|had)(?:\s+got)?|gets?|got|is getting|sets?|keeps?)\s+my\s+allergies\s+"
    r"(?:going|acting up|playing up|flaring(?: up)?|kicking(?: off| in)?|up|off|bad|terrible|awful)"
    r"|(?:triggers?|triggered|sets? off|set off|flares? up|flared up|stirs? up|stirred up)\s+my\s+allergies)\b",
    re.IGNORECASE,
)
"""An environmental allergen said by what it does to the speaker: "grass pollen season, that one wrecks me
every May", "cats make me sneeze", "ragweed always floors me". The anchor is the reaction verb, so ConText
judges the speaker's clause (not "it's not grass pollen season")."""


_SHELLFISH_OR_NUTS = (
    r"shellfish|shrimps?|prawns?|crabs?|lobsters?|peanuts?|tree nuts|nuts|fish|eggs?|sesame|strawberr(?:y|ies)"
)
_FOOD_REACTION = re.compile(
    rf"\b(?P<sub>{_SHELLFISH_OR_NUTS})(?:\s*(?:,|or|and)\s*(?:{_SHELLFISH_OR_NUTS}))*"
    r"(?:\s*,\s*|\s+(?:and|then)\s+|\s+(?:makes?|made)\s+)(?:(?:then\s+)?my\s+)?"
    r"(?P<verb>(?:throat|tongue|lips?|mouth|face)\s+(?:closes?|closed|closing|swells?|swelled|swelling|puffs?|puffed)"
    r"(?:\s+up)?)\b",
    re.IGNORECASE,
)
"""A food allergy said by what the food does to the speaker: "shrimp or crab and my throat closes up", "peanuts
make my tongue swell". The anchor is the reaction, so ConText judges the speaker's clause."""
_CARRIED_FOR = re.compile(
    r"\b(?:epi-?pens?|epinephrine|auto-?injectors?)\b[^.;!?]{0,60}?\b(?:because of|for|in case of)\s+(?:the|my)\s+"
    rf"(?P<sub>{_SHELLFISH_OR_NUTS}|bee stings?|bees|wasps?|latex)\s+(?:thing|allergy|issue|problem|reaction)s?\b",
    re.IGNORECASE,
)
"""An allergy said by the rescue pen kept for it: "I still keep the EpiPen in my backpack because of the shellfish
thing"."""


_OWN_DRUG_SUSPECTED = re.compile(
    r"\bi\s+(?:think|reckon|guess|suspect|believe)\s+(?:that\s+)?(?:i'?m|i\s+am|i\s+might\s+be|i\s+may\s+be"
    r"|i'?ve\s+become|i\s+have\s+become|i\s+must\s+be)\s+(?:now\s+|actually\s+|really\s+)?allergic\s+(?:to|for)\s+"
    r"(?:my\s+|this\s+|that\s+|the\s+)?",
    re.IGNORECASE,
)
"""The speaker suspecting an allergy to a drug ("I think I'm allergic to my allegra???", "I think I am allergic for
Piriton"): a suspected drug allergy is recorded, as a clinician would note it."""


def find_allergies(text: str, drugs: list[TermMatch]) -> list[Proposal]:
    """Stated allergies and denied ones (``status: denied``), one proposal per allergen."""
    out: list[Proposal] = []
    denials = [*_DENIED_ALLERGY.finditer(text), *_WRONG_IN_CHART.finditer(text), *_DOUBTED_OR_STRUCK.finditer(text)]
    for m in denials:
        if m.re is _DOUBTED_OR_STRUCK and _STILL_UNSURE.match(text, m.start()):
            continue  # "I don't think I'm allergic to penicillin but I'm not sure": no denial
        group = "sub" if m.group("sub") else "sub2"
        proposal = _allergy(text, m, group, drugs)
        if proposal is not None:
            proposal.fields["status"] = "denied"
            proposal.policy = "negation_is_content"
            out.append(proposal)
    for proposal in find_disproved_allergies(text, sentence_spans(text), drugs):
        if not any(p.fields["substance"] == proposal.fields["substance"] for p in out):
            out.append(proposal)  # "my notes say shellfish allergy, but I ate prawns and didn't get an itch"
    for proposal in find_allergy_verdicts(text, sentence_spans(text)):
        if not any(p.fields["substance"] == proposal.fields["substance"] for p in out):
            out.append(proposal)  # "fish allergy strikes again", "peanuts came up negative on the prick test"
    verdicts = [p.fields["substance"] for p in out]
    for m in _ALLERGY.finditer(text):
        if any(d.start() <= m.start() < d.end() or m.start() <= d.start() < m.end() for d in denials):
            continue
        group = next(g for g in ("sub", "sub2", "sub3", "sub4", "sub5", "sub6", "sub7") if m.group(g))
        proposal = _allergy(text, m, group, drugs)
        if proposal is None or proposal.fields["substance"] in verdicts:
            continue
        if group in ("sub4", "sub5"):  # "an allergic reaction to X" is the allergy, not a condition of its own
            proposal.extra["covers"] = (m.start(), m.end())
        said_by_record = _RECORD_SAYS.search(text, max(0, m.start() - 40), m.start()) is not None
        denial = _DENIED_AFTER.match(text, proposal.anchor[1])
        if denial is not None:
            proposal.fields["status"] = "denied"
            proposal.policy = "negation_is_content"
            speaker = list(re.finditer(r"\bi(?:'m|m|\s+am)\b", denial.group(0), re.IGNORECASE))
            if speaker:  # judged where the person denies it ("... allergic to peanuts?? im literally not")
                proposal.anchor = (denial.start() + speaker[-1].start(), denial.end())
        elif said_by_record:
            continue  # the record speaking ("my chart says I'm allergic to X"), not the person
        elif proposal.fields.get("substance_kind") == "drug" and _OWN_DRUG_SUSPECTED.search(
            text, max(0, m.start() - 40), proposal.anchor[1] + 12
        ):
            # "i think im allergic to my allegra???": a suspected reaction to one's own drug is acted on, however
            # hedged or asked
            proposal.extra["hedge_tolerant"] = True
        out.append(proposal)
    for m in [*_CARRIED_FOR.finditer(text), *_FOOD_REACTION.finditer(text)]:
        if any(p.anchor[0] - 80 <= m.start("sub") < p.anchor[1] + 80 for p in out if p.type == "allergy"):
            continue  # already stated ("allergic to shellfish", "because of the shellfish thing")
        said = " ".join(m.group("sub").lower().split())
        kind = "environment" if said.startswith(("bee", "wasp", "latex")) else "food"
        fields = {"substance": said, "substance_kind": kind, "reaction": None}
        anchor = (m.start("verb"), m.end("verb")) if m.re is _FOOD_REACTION else (m.start("sub"), m.end("sub"))
        out.append(Proposal("allergy", fields, anchor))
    spans = sentence_spans(text)
    for proposal in [*find_drug_reactions(text, drugs, spans), *find_signs_by_reference(text, drugs, spans)]:
        same = [p for p in out if p.type == "allergy" and p.fields.get("substance") == proposal.fields["substance"]]
        for p in same:  # "said it's most likely an allergy to the simvastatin": a suspected reaction is acted on
            if p.fields.get("status") != "denied":
                p.extra["hedge_tolerant"] = True
        if not same:
            out.append(proposal)  # "... so I think I'm allergic to it", "a reaction to the hydrochlorothiazide"
    for proposal in find_exposure_reactions(text, sentence_spans(text)):
        if not any(p.type == "allergy" and abs(p.anchor[0] - proposal.anchor[0]) < 120 for p in out):
            out.append(proposal)  # "my sister's cat stayed all weekend and my eyes streamed"
    for p in out:  # "I came up in hives ... it's an allergy to the naproxen": the sign the turn told
        if p.fields.get("substance_kind") == "drug" and not p.fields.get("reaction") and p.fields.get("status") is None:
            p.fields["reaction"] = told_reaction(text, _sentence_end(text, p.anchor[1]))
        stated = p.fields.get("substance_kind") == "drug" and p.fields.get("status") is None
        if stated and "intake_span" not in p.extra and (each := dose_each_time_span(text, p.anchor[1])) is not None:
            p.extra["intake_span"] = each  # "... allergic to Allegra. Every time I took it I got hives"
    for m in _SEASONAL.finditer(text):
        if any(p.anchor[0] <= m.start("sub") < p.anchor[1] + 40 for p in out):
            continue  # already stated as "allergic to pollen"
        said = " ".join(m.group("sub").lower().split())
        fields = {"substance": said, "substance_kind": "environment", "reaction": None}
        out.append(Proposal("allergy", fields, (m.start("verb"), m.end("verb"))))
    return out


def _allergy(text: str, m: re.Match[str], group: str, drugs: list[TermMatch]) -> Proposal | None:
    """One allergen of a statement: substance as said, kind, reaction in the same sentence."""
    raw_start, raw_end = m.start(group), m.end(group)
    drug = next((d for d in drugs if raw_start <= d.start < raw_end), None) or next(
        (
            d
            for d in drugs
            if d.start >= raw_end
            and _APPOSED.fullmatch(text, raw_end, d.start)
            and _LAY_MEDICINE.search(text, raw_start, raw_end)
        ),
        None,
    )  # "an allergic reaction to my blood pressure pill, the hydrochlorothiazide": the drug named in apposition; never
    # "allergic to bees, epi pen lives in my locker" (the remedy after an allergen that is no medicine)
    kind: str | None
    if drug is not None:
        substance, kind = stated_drug(drug), "drug"
        anchor = (drug.start, drug.end)
    else:
        words = _substance_words(m.group(group))
        if group == "sub2":  # "I've got a bad peanut allergy"; never "my son has a peanut allergy"
            said = words.split()
            if {w.lower() for w in said} & _NOT_ALLERGEN_WORDS:
                return None
            while said and said[0].lower() in _ALLERGY_SEVERITY:
                said = said[1:]
            words = " ".join(said)
        if words.lower() in _PRONOUNS:  # "The new one is strawberries. ... the GP reckons she's allergic to them"
            named = _food_named_before(text, raw_start)
            if named is None:
                return None
            words, raw_start, raw_end = named.group(0), named.start(), named.end()
        if not words:
            return None
        substance = words
        low = set(words.lower().split())
        kind = _substance_kind(low)
        word_start = text.lower().find(words.lower(), raw_start)
        anchor = (word_start, word_start + len(words)) if word_start >= 0 else (raw_start, raw_end)
    before = _REACTION_BEFORE.search(text, 0, m.start())
    reaction = (
        _REACTION.search(text[m.end() : m.end() + 80])
        or _REACTION.search(m.group(0))
        or (_REACTION.search(before.group(0)) if before else None)
    )
    fields = {
        "substance": substance,
        "substance_kind": kind,
        "reaction": reaction.group("r") if reaction else None,
    }
    return Proposal("allergy", fields, anchor)


_WORD = re.compile(r"[a-z]+", re.IGNORECASE)


def _food_named_before(text: str, end: int) -> re.Match[str] | None:
    """The last food or environmental allergen word in the 200 characters before ``end``, which a pronoun stands
    for ("The new one is strawberries. ... allergic to them"); ``None`` when there is none."""
    found = None
    for m in _WORD.finditer(text, max(0, end - 200), end):
        if m.group(0).lower() in _FOODS or m.group(0).lower() in _ENVIRONMENT:
            found = m
    return found


def _substance_kind(words: set[str]) -> str | None:
    """Environment before food for pollens, moulds and animals ("tree pollen" is no tree nut); a drug the
    dictionary does not hold by its class word or stem ("sulfa drugs", "most antibiotics", "codeine")."""
    if words & _ENVIRONMENT and not words & {"nut", "nuts"}:
        return "environment"
    if words & _FOODS:
        return "food"
    return "drug" if any(_DRUG_STEM.search(w) for w in words) else None


_DRUG_STEM = re.compile(
    r"^(?:drugs?|medicines?|medications?|meds|antibiotics?|pills?|tablets?|sulfa|sulpha|nsaids?|opioids?|opiates?"
    r"|codeine|penicillins?|statins?|anaesthetics?|anesthetics?)$"
    r"|(?:cillin|cillins|mycin|cycline|floxacin|cef\w*|sulfa\w*|caine|pril|sartan|olol|statin|azole|profen)$",
    re.IGNORECASE,
)
"""Class words and INN stems of drugs: an allergen the dictionary does not hold is still a drug."""


def _substance_words(raw: str) -> str:
    words = []
    raw = re.sub(r"\b(?:any|no) (?:more|longer)\b", "anymore", raw, flags=re.IGNORECASE)  # "bees any more"
    for word in raw.strip().split():
        if word.lower() in (
            "and",
            "but",
            "so",
            "which",
            "it",
            "that",
            "since",
            "because",
            "when",
            "too",
            "also",
            "at",
            "in",
            "whatsoever",
            "after",
            "anyway",
            "now",
            "either",
            "anymore",
            "though",
            "my",
            "for",
            "all",
            "ever",
            "from",
            "as",
            "like",
            # chat fillers after the allergen: "still super allergic to peanuts btw"
            "btw",
            "lol",
            "tbh",
            "fyi",
            "imo",
            "haha",
        ):
            break
        words.append(word)
        if len(words) == 3:
            break
    while words and words[0].lower() in ("a", "an", "some", "the", "my"):
        words = words[1:]
    return " ".join(words).strip()


def _sentence_end(text: str, pos: int) -> int:
    return next((e for s, e in sentence_spans(text) if s <= pos <= e), len(text))
