"""Health history: symptoms and clinical visits (static facts — sex, age, blood type, pregnancy — are
:mod:`.static_facts`'; conditions and family history: :mod:`.conditions`, surgeries: :mod:`.procedures`,
allergies: :mod:`.allergies`).

Symptoms are dictionary terms named by their dictionary display ("nausea" for "nauseous"; the
write path grounds the name to the standard key by alias); they become a record only when a
first-person cue governs them ("I have", "woke up with", "my ... hurts", a symptom joined to one just
read, or the symptom as the speaker's verb: "I fainted"), or when the symptom opens an onset clause
about the speaker ("Chest pain woke me up").
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.sentences import last_match, sentence_end, sentence_start
from app.ingest.narrative.terms import TermMatch, tokenize

_SYMPTOM_CUE = re.compile(
    r"\bwoke up[^.;!?]{0,60}?\b(?:absolutely|completely|totally|all|so|really)\b|"
    r"\b(?:i'm|i am|i was|sitting|lying|up|woke up|woke|woken|stuck)\b[^.;!?]{0,40}?\bwith\b|"
    r"\b(?:only |main |one |my )?(?:complaint|problem|issue|thing) (?:(?:now|today|left|at the moment) )?(?:is|was)\b|"
    r"\b(?:i have|i've got|i got|i've been having|i have been having|i had|i feel|i felt|i'm feeling|"
    r"i am feeling"
    r"|feeling|i'm|i am|i was|i've been|i've had|i have had|having|woke up with|woke up|suffering from|experiencing"
    r"|my|bad|terrible|"
    r"severe"
    r"|mild|slight|awful|horrible|some|a lot of|lots of|still|small|little|minor|tiny"
    r"|^\W*(?:had|have|got|getting|having|been having|still have)|keep getting|been getting|getting"
    # the subject dropped before a catching verb: "Picked up a scratchy throat yesterday", "Came down with a cough"
    r"|^\W*(?:(?:just|also|then|and)\s+)?(?:picked up|came down with|caught|developed)"
    r"|got\s+(?:this|that|a|an|some|these|those)|came over all|went all|felt all|got all|came over|feeling all"
    # the complaint coming over the speaker, or the speaker going into it: "I come over dizzy", "I went so light-headed"
    r"|(?:come|comes|coming) over|i (?:went|go|goes|going) (?:so|really|very|quite|a bit|a little|completely|totally)"
    r"|(?:and|then|suddenly|just)\s+(?:got|had)"
    # a have-verb with an adverb after the subject: "I've just had a scratchy throat", "I've also picked up a cough"
    r"|\b(?:i|i've|i have)\s+(?:(?:just|only|also|really|still|recently|now|since|actually|kind of|sort of)\s+){1,2}"
    r"(?:had|have|got|been having|been getting|developed|picked up|come down with|came down with)"
    r"|^\W*(?:(?:just|only|still)\s+)?(?:an?\s+)?(?:little\s+)?(?:bit|touch|spot|hint) of"
    # a lead-in set off by a dash, the subject dropped after it: "Scary thing - fainted in the kitchen"
    r"|^[\w' ]{0,29}\w(?=\s[-–—]\s*$)"
    # a hedge opening the sentence: "Kind of a scratchy sore throat since yesterday"
    r"|^\W*(?:(?:just|only|still|also)\s+)?(?:kind|sort)\s+of\s+(?:an?\s+)?"
    # what the trouble is, played down: "It's only a runny nose", "it's just a cough", "Just a sore throat"
    r"|(?:\bit(?:'s| is| was)|^\W*)\s*(?:only|just|simply|merely|mostly|nothing but)(?:\s+(?:a|an|some))?"
    # the event named for what it was: "Pretty sure it was a seizure", "that was definitely a panic attack"
    r"|\b(?:it|that|this)\s+(?:was|'s)\s+(?:(?:definitely|actually|clearly|obviously|def|for sure)\s+)?(?:an?\s+)?"
    # the subject dropped, as in a text: "Felt dizzy all morning", "Been coughing since Sunday", "Still feeling sick"
    r"|^\W*(?:(?:still|just|also|really|so)\s+)?(?:felt|feel|feels|been|been feeling|went|go|going))\b",
    re.IGNORECASE,
)
_FELT_TERM = re.compile(r"(?:felt|feel|feeling)\b", re.IGNORECASE)
_QUANTITY_HEDGE = re.compile(
    r"\b(?:an?\s+)?(?:little\s+)?(?:bit|touch|spot|hint) of\b|\b(?:kind|sort) of\b", re.IGNORECASE
)
"""A quantity hedge between the cue and the symptom does not count as words: "I have a bit of a runny
nose", "a touch of nausea"; a sentence may open with one ("bit of a runny nose since yesterday")."""
_NAMED_BY = re.compile(
    r"\bwhat\s+(?:(?:my|our|the|his|her)\s+)?(?:[a-z]+\s+)?(?:thinks|thought|says|said|called|calls|reckons"
    r"|reckoned|figures|figured|believes|believed)(?:\s+(?:was|is))?\s+(?:an?\s+)?$",
    re.IGNORECASE,
)
"""Someone's name for what the speaker had, right before the symptom: "I had what my wife thinks was a seizure", "had
what the nurse called a funny turn" (the cue is read as if the name were not there)."""
_CONJOINED = re.compile(
    r"\s*,?\s*(?:and|or|plus|,|&|\+)\s+(?:(?:a|an|some)\s+)?"
    r"(?:(?:really|very|so|a bit|a little|kind of|all)\s+)?",
    re.IGNORECASE,
)
_SUBJECT_BEFORE = re.compile(
    r"\b(?:i|we)(?:'d|\s+had)?(?:\s+(?:just|suddenly|also|then|briefly|actually|even|again|really|must have|must've"
    r"|might have|probably))?\s*$",
    re.IGNORECASE,
)
"""A symptom said as the verb of a first-person subject: "I fainted", "I suddenly passed out", "I'd blacked out"."""
_SHARED_SUBJECT = re.compile(
    r"\bi\b(?:(?!\b(?:he|she|they|we|you|it|his|her|him|them|their)\b)[^.;!?:])*(?:,\s*(?:and\s+)?|\s+and\s+)"
    r"(?:then\s+)?"
    r"(?:(?:just|suddenly|simply|completely|briefly)\s+)?$",
    re.IGNORECASE,
)
_VERB_FORM = re.compile(r"(?:(?:nearly|almost)\s+)?(?:\w+ed|threw|fell|blacked|passed|keeled)\b", re.IGNORECASE)
"""A symptom verb after a comma or "and" continuing the speaker's clause, no other subject between ("I got up, just
fainted", "I was standing at the sink and just blacked out", "I stood up and then passed out")."""
_NO_OBJECT_AFTER = re.compile(
    r"\s*(?:[.,;:!]|$|(?:in|at|on|while|during|when|after|before|for|from|yesterday|today|tonight|this|last|again"
    r"|twice|once|briefly|completely|cold|and|then|just|out\s+of|off|onto|into|right\s+(?:there|out|off|onto|into|in"
    r"|on|at))\b)",
    re.IGNORECASE,
)
"""What may follow a symptom verb with no object: a place, a time, a conjunction or the end ("Fainted in the queue")."""
_ONSET_ME = re.compile(
    r"\s+(?:(?:suddenly|just|really|then|first|finally)\s+)?(?:woke|wakes|wake|waking|hit|hits|struck|strikes|got|gets"
    r"|kept|keeps|came over|comes over|crept up on|creeps up on)\s+me\b",
    re.IGNORECASE,
)
_ONSET_AFTER = re.compile(
    r"\s+(?:(?:suddenly|just|really|then|first|finally)\s+)?(?:(?:woke|wakes|wake|waking|hit|hits|struck|strikes|got|gets"
    r"|kept|keeps|came over|comes over|crept up on|creeps up on)\s+me\b|came on|comes on|kicked in|kicks in|set in"
    r"|sets in|started|starts|began|begins|came back|comes back)\b",
    re.IGNORECASE,
)
"""An onset verb right after a symptom that opens its clause: "Chest pain woke me up", "a headache came on"."""
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|me|my)\b", re.IGNORECASE)
_FRAGMENT_OPENING = re.compile(
    r"^\W*(?:(?:oh|ugh|well|also|so|and|still|now|plus)\W+)?(?:(?:a|an|really|very|pretty|proper|right|constant"
    r"|kinda|sorta|kind of|sort of|bit|a bit|a little|slightly|super|so|quite|feeling|feelin"
    r"|nagging|dull|sharp|bad|awful|nasty|horrible|terrible|mild|slight|annoying|persistent|throbbing|pounding"
    r"|splitting|raging|banging|stinking|niggly|niggling|tickly|[a-z]+y)\s+){0,3}$",
    re.IGNORECASE,
)
"""Only describing words before a symptom that opens its sentence: "Scratchy sore throat ...", "Awful headache
...", "Stuffy blocked nose ..." (no subject, no other person)."""
_FRAGMENT_CIRCUMSTANCE_AFTER = re.compile(
    r"^\s*,?\s*(?:(?:on|at|after|when|whenever|while|during|from|and|plus|non[- ]?stop|again|every\s+time"
    r"|out\s+of\s+nowhere|in\s+my)\b|[&+])"
    # not a remark about the complaint: "Chest pain on exertion is what my dad had", "... is a common symptom"
    r"(?![^.;!?,]*\b(?:is|are)\s+(?:what|how|a|an|the|common|typical|normal|one|usually|often|more|less)\b)"
    r"(?!\s+(?:is|are|was|were|can|may|might|could|would|will|should|causes?|means?)\b)",
    re.IGNORECASE,
)
"""What may follow a complaint that opens a note: when or where it came, or another complaint joined ("SOB on the
stairs again today", "Wheezy and breathless since the weekend"); not "Chest pain is a symptom of ...", not "Headache
medicine"."""
_FRAGMENT_TIME_AFTER = re.compile(
    r"^\s*,?\s*(?:(?:again|still)\s+)?(?:(?:ever\s+)?since\b|for\s+(?:the\s+)?(?:past\s+|last\s+)?(?:\d+|a|an|two|three|four|five"
    r"|six|several|a few|few|a couple|couple|days|weeks|ages)\b|all\s+(?:day|night|morning|afternoon|evening|week"
    r"|weekend)\b|(?:this|last|yesterday)\s+(?:morning|night|evening|afternoon|week)\b|(?:yesterday|today"
    r"|tonight|overnight)\b|on and off\b|off and on\b|again\b|every\s+(?:morning|night|day|evening)\b"
    r"|most\s+(?:days|nights|mornings)\b|(?:coming and going|comes and goes)\b"
    # when it comes, then since when: "Kinda nauseous in the mornings since Saturday"
    r"|(?:in\s+the\s+(?:mornings?|evenings?|afternoons?|nights?)|at\s+night|after\s+(?:meals|eating|food|dinner"
    r"|breakfast|lunch))(?=[^.;!?]{0,30}\b(?:since|for|lately|recently|all\s+week|this\s+week)\b)"
    r"|(?:from|starting)\s+(?:yesterday|monday|tuesday|wednesday|thursday|friday"
    r"|saturday|sunday|last)\b|(?:a|the)\s+last\s+(?:\w+\s+)?(?:days|weeks)\b)",
    re.IGNORECASE,
)
"""A time said right after a symptom that opens a verbless fragment: "... since yesterday", "... all morning",
"... on and off", "... again today": the speaker's complaint, told as a note."""
_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:and|but|then|so|when|after|before)\b", re.IGNORECASE)
_NOT_A_SYMPTOM = re.compile(
    r"[\s-]*(?:relief|reliever|buster|fix|free|management|ball|test|level|levels)\b", re.IGNORECASE
)
"""A symptom word used as a modifier ("stress relief", "stress-buster") is not a complaint."""
_ONTO_FURNITURE = re.compile(
    r"\s+(?:on|onto|into|in)\s+(?:the\s+|my\s+|a\s+)?(?:sofa|couch|bed|chair|armchair|recliner|settee)\b",
    re.IGNORECASE,
)
"""A collapse onto furniture is tiredness, not a faint: "I collapsed on the sofa after work", "collapsed into bed"."""
_SEVERITY = re.compile(
    r"(?<!\bnothing )(?<!\bno )(?<!\bnot )"  # "nothing worse than that" is no severity
    r"(?<!\bfor )(?<!\bin )(?<!\bafter )(?<!\bwait )"  # "stiff for a bit", "in a bit": a length, no severity
    r"\b(?P<s>(?:really |very |so |pretty )?(?:mild|slight|moderate|severe|bad|terrible|awful|horrible|"
    r"excruciating"
    r"|unbearable|sharp|dull|intense|worst|worse|better|killing me)|a (?:little|bit of|bit)|\d{1,2}\s?/\s?10"
    r"|\d{1,2} out of 10)\b",
    re.IGNORECASE,
)
_BODY_PARTS = (
    "head|forehead|temples?|face|jaw|eyes?|ears?|nose|mouth|teeth|tooth|gums?|throat|neck|shoulders?|arms?|elbows?"
    "|wrists?|hands?|fingers?|thumbs?|chest|ribs?|breasts?|back|spine|sides?|stomach|belly|tummy|abdomen|gut|hips?"
    "|groin|pelvis|bladder|legs?|thighs?|knees?|calf|calves|shins?|ankles?|feet|foot|heels?|toes?|joints?|muscles?"
    "|skin|lungs?|heart|kidneys?"
)
PAIN_IN = re.compile(
    rf"\bin (?:my|the|both) (?P<site>(?:(?:left|right|lower|upper|big|little) )?(?:{_BODY_PARTS}))\b", re.IGNORECASE
)
"""A body site is a body part ("in my lower back"), never a place ("in the kitchen")."""
_VISIT = (
    (
        "vaccination",
        re.compile(
            # "I haven't had my flu shot yet", "never got the shingles vaccine": no vaccination
            r"(?<!n't )(?<!not )(?<!never )"
            r"\b(?:got|had|did\s+have|received|get|getting|gave me|give me|given|talked me into|into|grabbed"
            r"|picked up)\s+"
            r"(?:my\s+|a\s+|the\s+|an\s+)?(?!of\b)"
            # one dose of a series: "Got the first of the two shingles shots at CVS"
            r"(?:(?:first|second|third|last|final)\s+(?:one\s+)?of\s+(?:the\s+|my\s+)?(?:two\s+|three\s+|2\s+|3\s+)?)?"
            # a steroid shot into a joint is a procedure, not a vaccination ("a cortisone shot in my knee")
            r"(?!(?:[\w-]+\s+){0,2}?(?:cortisone|steroid|corticosteroid|epidural)\s+(?:shot|jab)\b)"
            # a drug's injection is an intake (:mod:`.drug_injections`): "got my B12 shot", "had my insulin jab"
            r"(?!(?:[\w-]+\s+){0,2}?(?:b12|b-12|insulin|testosterone|depo(?:-provera)?|vitamin\s+\w+)\s+(?:shot|jab)s?\b)"
            # "the Johnson & Johnson one-shot vaccine": a brand of up to four words
            r"(?:(?:[\w&-]+\s+){0,4}?(?:shot|vaccine|vaccination|jab|booster|vax|vaxx)s?\b"
            # an injection (or a needle) is a vaccination only by its disease: "my influenza injection", "me shingles
            # needle", not "my B12 injection"
            r"|(?:flu|influenza|covid(?:-19)?|tetanus|pneumonia|pneumococcal|shingles|hep(?:atitis)?\s+[ab])"
            r"\s+(?:injection|needle)s?\b"
            # the vaccine as "the ... one": "i got the meningitis one", "gave him the meningitis B one"
            r"|(?:flu|influenza|covid(?:-19)?|tetanus|pneumonia|pneumococcal|shingles|meningitis|meningococcal|hpv"
            r"|hep(?:atitis)?\s+[ab]|whooping\s+cough|mmr|typhoid|rabies|yellow\s+fever)\s+(?:[a-z]\s+)?one\b)"
            r"|\bgot vaccinated\b",
            re.IGNORECASE,
        ),
    ),
    (
        "emergency",
        re.compile(
            r"\b(?:went to|go to|was in|ended up in|rushed to|taken to|at) (?:the )?(?:er|e\.r\.|"
            r"emergency room|urgent care"
            r"|emergency department|a&e)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "hospitalization",
        re.compile(
            r"\b(?:hospitali[sz]ed|admitted to (?:the )?hospital|(?:was|were|been) in (?:the )?hospital|"
            r"stayed in (?:the )?hospital)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "checkup",
        re.compile(
            r"\b(?:check-?up|physical exam|annual physical|my physical|annual exam|wellness visit)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "appointment",
        re.compile(
            r"\b(?:saw|see|seeing|visited|went to see|went to|have an appointment with|appointment with|"
            r"appt with)\s+"
            r"(?:my\s+|the\s+|a\s+|an\s+)?(?:new\s+)?(?:doctor|dr\b|physician|cardiologist|endocrinologist|"
            r"nurse practitioner"
            r"|specialist|gp|pcp|dentist|clinic|provider|dietitian|nutritionist|therapist|psychiatrist|"
            r"dermatologist|allergist|surgeon|optometrist|optician|physio(?:therapist)?|chiropractor"
            # any specialist by the suffix: "the allergist", "a rheumatologist", "the podiatrist"
            r"|[a-z]{3,}(?:ologist|iatrist))\b"
            r"|\b(?:doctor'?s appointment|doctor appointment|dr appointment|an appointment|my appointment|"
            r"(?:that|the) appointment(?= is\b| will be\b| was\b)|"
            r"a follow-?up"
            r"|for (?:a|my) follow-?up)\b",
            re.IGNORECASE,
        ),
    ),
)
_SPELL_SIGN = re.compile(
    r"\b(?:twitch\w*|jerk\w*|shaking|shook|convuls\w*|unresponsive|wouldn't respond|didn't respond)"
    r"|\b(?:don't|do not|can't|cannot|couldn't|didn't)\s+remember\b|\b(?:told|tells) me\b|\bsaid i\b",
    re.IGNORECASE,
)
"""A staring spell is a seizure sign only with a sign beside it (twitching, no memory of it) or a witness."""


def find_symptoms(text: str, symptoms: list[TermMatch], sentences: list[tuple[int, int]]) -> list[Proposal]:
    out: list[Proposal] = []
    for match in symptoms:
        start = sentence_start(match.start, sentences)
        end = sentence_end(match.end, sentences)
        before = text[start : match.start]
        cued = _NAMED_BY.sub(" ", before)
        cue = last_match(_SYMPTOM_CUE, cued)
        by_cue = cue is not None and len(tokenize(_QUANTITY_HEDGE.sub(" ", cued[cue.end() :]))) <= 3
        # a complaint named with its own verb, opening a text: "Felt faint in the queue", "Feeling faint again"
        by_cue = by_cue or (not before.strip(" \t\"'") and _FELT_TERM.match(match.text) is not None)
        # a symptom verb opening a sentence, the subject dropped as in a text: "Blacked out in the garden on Sunday",
        # "passed out at work today" (not "Passed out leaflets": a place, a time or the end must follow)
        by_cue = by_cue or (
            not before.strip(" \t\"'")
            and _VERB_FORM.match(match.text) is not None
            and _NO_OBJECT_AFTER.match(text, match.end) is not None
        )
        # a symptom joined to one just read ("drenched in sweat and shaky all over")
        by_cue = by_cue or any(
            start <= p.anchor[1] <= match.start and _CONJOINED.fullmatch(text[p.anchor[1] : match.start]) for p in out
        )
        as_verb = not by_cue and _SUBJECT_BEFORE.search(before) is not None
        # a second verb of the speaker's clause, the subject shared: "I went down in the kitchen, just blacked out"
        as_verb = as_verb or (
            not by_cue
            and _SHARED_SUBJECT.search(before) is not None
            and _VERB_FORM.match(match.text) is not None
            and _NO_OBJECT_AFTER.match(text, match.end) is not None  # not "... and passed out leaflets"
        )
        as_subject = not (by_cue or as_verb) and _onset_subject(before, text[match.end : end])
        # a verbless note of the complaint: "Scratchy sore throat since yesterday, nothing dramatic"
        as_note = (
            not (by_cue or as_verb or as_subject)
            and _FRAGMENT_OPENING.match(before) is not None
            and (
                _FRAGMENT_TIME_AFTER.match(text[match.end : end]) is not None
                # when or where it came, or another complaint joined: "SOB on the stairs again today", "pounding heart
                # after my morning coffee", "Wheezy and breathless since the weekend"
                or _FRAGMENT_CIRCUMSTANCE_AFTER.match(text[match.end : end]) is not None
                # the complaint alone as a note, its sentence ended: "headache. on and off. third day of it"
                or text[match.end : end].strip() in ("", ".", "!", "...")
            )
        )
        if not (by_cue or as_verb or as_subject or as_note) or _NOT_A_SYMPTOM.match(text[match.end :]):
            continue
        if match.text.lower().startswith("collaps") and _ONTO_FURNITURE.match(text[match.end :]):
            continue
        if match.text.lower().endswith("into space") and not _SPELL_SIGN.search(text):
            continue  # "staring into space thinking about dinner": a daydream, unless seen or with a seizure sign
        clause = text[start:end]
        severity = _SEVERITY.search(clause)
        site = PAIN_IN.match(text[match.end : end].lstrip())
        fields = {
            "name": match.key,
            "severity": severity.group("s") if severity else None,
            "body_site": site.group("site") if site else None,
        }
        out.append(Proposal("symptom", fields, (match.start, match.end)))
    return out


def _onset_subject(before: str, after: str) -> bool:
    """The symptom is the subject of an onset clause about the speaker: "Chest pain woke me up",
    "dizziness hit me when I stood up", "a headache came on after I ate" (first person in the clause)."""
    lead = _CLAUSE_BREAK.split(before)[-1]
    if len(tokenize(lead)) > 3 or "'s" in lead or not _ONSET_AFTER.match(after):
        return False
    return _ONSET_ME.match(after) is not None or _FIRST_PERSON.search(after) is not None


def find_visits(text: str) -> list[Proposal]:
    out: list[Proposal] = []
    for kind, rx in _VISIT:
        for m in rx.finditer(text):
            if any(p.anchor[0] <= m.start() < p.anchor[1] or m.start() <= p.anchor[0] < m.end() for p in out):
                continue
            out.append(Proposal("clinical_visit", {"kind": kind}, (m.start(), m.end()), policy="plain"))
    return out
