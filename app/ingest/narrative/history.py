"""Health history and static facts: conditions, family history, symptoms, clinical visits, sex,
birth date or age, blood type, pregnancy (surgeries: :mod:`.procedures`, allergies: :mod:`.allergies`).

Conditions and symptoms are dictionary terms (the extractor names them: a condition as said, "heart
attack"; a symptom by its dictionary name, "nausea"; the write path grounds the name to the
standard key by alias); they become a record only when a first-person cue governs them ("I have",
"diagnosed with", "my ... hurts", or the symptom as the speaker's verb: "I fainted") or, for
conditions, a relative does (ConText then turns it into ``family_history``). A condition is
resolved when the words say so on either side ("I had a cold", "my hypertension is resolved now",
"I no longer have ..."), not when a present perfect runs on ("I've had a migraine since Sunday");
a flare ("my gout flared up") is a symptom episode. A first-person denial ("I don't have asthma", "I
was never diabetic", "my chart says COPD but I don't have it") is a condition with status ``denied``.
"""

from __future__ import annotations

import re
from datetime import date

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.terms import TermMatch, tokenize

_CONDITION_CUE = re.compile(
    r"\b(?:i have|i've got|i got|i've had|i had|i have had|i suffer from|i'm suffering from|suffering from"
    r"|diagnosed (?:me )?with|diagnosis of|i'm|i am|i was|i've been|my|has|have|had|got|runs in"
    r"|(?:said|says|told me|confirmed|thinks|think)\s+(?:it's|it is|it was|i have|i've got|i had|that's|this is))\b",
    re.IGNORECASE,
)
_RESOLVED = re.compile(
    r"\b(?:i had|i've had|i have had|used to have|recovered from|got over|no longer have|cured|in remission|"
    r"got rid of)\b",
    re.IGNORECASE,
)
_RESOLVED_AFTER = re.compile(
    r"^\W*(?:(?:is|was|has|have|had|'s)\s+)?(?:(?:now|finally|completely|fully|all|totally|pretty much|long|"
    r"entirely)\s+)?(?:been\s+)?"
    r"(?:resolved|gone(?! up)|went away|gone away|cleared(?: up)?|cured|healed|in remission|over)\b",
    re.IGNORECASE,
)
"""The condition said to be over after its name: "my hypertension is resolved now"."""
_ONGOING_AFTER = re.compile(
    r"^[^.;!?]{0,40}?\b(?:since|for the (?:past|last)|for \w+ (?:days|weeks|months|years))\b", re.IGNORECASE
)
"""A present perfect with a duration is ongoing: "I've had a migraine since last Sunday"."""
_PERFECT_HAD = re.compile(r"\b(?:i've had|i have had)\b[^.;!?]*$", re.IGNORECASE)
_FLARE_AFTER = re.compile(
    r"^\W*(?:(?:has|have|had|is|was|keeps?|kept|started|began)\s+)?(?:(?:really|badly|suddenly)\s+)?"
    r"(?:flared|flaring|flares?|acting up|acted up|playing up|played up|flare-?ups?|attacks?)\b",
    re.IGNORECASE,
)
"""A recorded condition's episode: "my gout flared up", "a gout flare", "my asthma is acting up"."""
_NO_LONGER = re.compile(r"\bno longer\b[^.;!?]*$", re.IGNORECASE)
_ANY_MORE = re.compile(r"^[^.;!?]{0,30}?\b(?:anymore|any more|any longer)\b", re.IGNORECASE)
_DENIED_BEFORE = re.compile(
    r"\bi(?:\s+|(?=['’]))(?:(?:don't|do not|dont|didn't|did not)\s+(?:actually\s+|really\s+|even\s+)?(?:have|had)"
    r"|(?:have|'ve)\s+never\s+(?:had|been diagnosed with|been)|never\s+(?:had|was|got)"
    r"|(?:was|am|'m)\s+(?:never|not)(?:\s+(?:actually|really))?(?:\s+diagnosed with)?"
    r"|(?:was|were)\s+never\s+diagnosed with)\s+(?:an?\s+|any\s+)?$",
    re.IGNORECASE,
)
"""A first-person denial right before the condition's name: "I don't have", "I was never", "I'm not"."""
_DENIED_AFTER = re.compile(
    r"^[^.;!?]{0,40}?\b(?:but|and|which|that)\s+i\s+(?:don't|do not|dont|never did|never had(?: it)?|"
    r"don't have(?: it)?)\s*(?:[.,;!?]|$)|^\W*(?:is|was)\s+(?:a mistake|wrong|an error)\b",
    re.IGNORECASE,
)
"""A denial after the name: "my chart says I have COPD but I don't", "the diabetes in my file is wrong"."""
_NOT_THE_CONDITION = re.compile(
    r"^\s*(?:symptoms?|attacks?|flare|flares|meds|medicine|medication|pills?|inhaler|today|tonight|right now"
    r"|at the moment|this week)\b",
    re.IGNORECASE,
)
"""After a denied name, words that make the denial about an episode or a thing ("I don't have asthma
symptoms today"), not about the diagnosis."""
_RECORD_SAYS = re.compile(
    r"\b(?:chart|record|records|file|notes|portal|paperwork|problem list|list|profile|history|system)\s+"
    r"(?:says|said|shows|showed|lists|listed"
    r"|has|had)\s+(?:that\s+)?(?:i\s+(?:have|had)\s+)?(?:an?\s+)?$",
    re.IGNORECASE,
)
"""The record speaking, not the person ("my chart says anemia but ..."): no statement of the speaker."""
_RUNS_IN_FAMILY = re.compile(r"\bruns in (?:my|the|our) family\b", re.IGNORECASE)
_SYMPTOM_CUE = re.compile(
    r"\bwoke up[^.;!?]{0,60}?\b(?:absolutely|completely|totally|all|so|really)\b|"
    r"\b(?:i have|i've got|i got|i've been having|i have been having|i had|i feel|i felt|i'm feeling|"
    r"i am feeling"
    r"|feeling|i'm|i am|i was|i've been|i've had|i have had|having|woke up with|woke up|suffering from|experiencing"
    r"|my|bad|terrible|"
    r"severe"
    r"|mild|slight|awful|horrible|some|a lot of|lots of|still"
    r"|^\W*(?:had|have|got|getting|having|been having|still have)|keep getting|been getting|getting"
    r"|(?:i'm|i am|i was|sitting|lying|up|woke up|stuck)\b[^.;!?]{0,40}?\bwith"
    r"|got\s+(?:this|that|a|an|some|these|those))\b",
    re.IGNORECASE,
)
_CONJOINED = re.compile(r"\s*,?\s*(?:and|or|plus|,)\s+(?:(?:really|very|so|a bit|a little|kind of|all)\s+)?",
                        re.IGNORECASE)
_SUBJECT_BEFORE = re.compile(
    r"\b(?:i|we)(?:\s+(?:just|suddenly|also|then|briefly|actually|even|again|really|must have|must've|might have"
    r"|probably))?\s*$",
    re.IGNORECASE,
)
"""A symptom said as the verb of a first-person subject: "I fainted", "I suddenly passed out"."""
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
_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:and|but|then|so|when|after|before)\b", re.IGNORECASE)
_NOT_A_SYMPTOM = re.compile(
    r"[\s-]*(?:relief|reliever|buster|fix|free|management|ball|test|level|levels)\b", re.IGNORECASE
)
"""A symptom word used as a modifier ("stress relief", "stress-buster") is not a complaint."""
_SEVERITY = re.compile(
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
_PAIN_IN = re.compile(
    rf"\bin (?:my|the|both) (?P<site>(?:(?:left|right|lower|upper|big|little) )?(?:{_BODY_PARTS}))\b", re.IGNORECASE
)
"""A body site is a body part ("in my lower back"), never a place ("in the kitchen")."""
_VISIT = (
    (
        "vaccination",
        re.compile(
            r"\b(?:got|had|received|get|getting|gave me|give me|given)\s+(?:my\s+|a\s+|the\s+|an\s+)?(?!of\b)"
            r"(?:[\w-]+\s+){0,3}?(?:shot|vaccine|"
            r"vaccination|jab|booster)\b"
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
            r"dermatologist)"
            r"|\b(?:doctor'?s appointment|doctor appointment|dr appointment|an appointment|my appointment|"
            r"a follow-?up"
            r"|for (?:a|my) follow-?up)\b",
            re.IGNORECASE,
        ),
    ),
)
_SEX = re.compile(
    r"\b(?:i'm|i am)\s+(?:a\s+)?(?:\d{1,3}[- ](?:years?|yrs?)[- ]old\s+)?(?P<v>man|woman|male|female|guy|lady)\b"
    r"(?!\s+(?:doctor|nurse|friend))",
    re.I,
)
_AGE = re.compile(
    r"\b(?:i'm|i am|i turned|i just turned)\s+(?:a\s+)?(?P<n>\d{1,3})(?:\s*|-)(?:years old|yrs old|year old|"
    r"years-old|year-old|y/o|yo)\b",
    re.I,
)
_BORN = re.compile(
    r"\b(?:i\s+)?was born (?:on |in )?(?:(?P<iso>\d{4}-\d{2}-\d{2})|"
    r"(?P<month>[A-Za-z]+) (?P<day>\d{1,2})(?:st|nd|rd|th)?,? "
    r"(?P<year>\d{4})|(?P<day2>\d{1,2})(?:st|nd|rd|th)? (?P<month2>[A-Za-z]+),? (?P<year2>\d{4})|"
    r"(?P<yonly>\d{4}))\b",
    re.IGNORECASE,
)
_MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        1,
    )
}
_BLOOD_TYPE = re.compile(
    r"\bblood (?:type|group) is\s+(?P<abo>AB|A|B|O)\s?(?P<rh>\+|-|positive|negative|pos|neg)?(?![\w+-])"
    r"|\b(?:i'm|i am)\s+(?P<abo2>AB|A|B|O)\s?(?P<rh2>\+|-|positive|negative)(?![\w+-])",
    re.IGNORECASE,
)
_PREGNANT = re.compile(
    r"\b(?:i'm|i am)\s+(?:(?P<w>\d{1,2})\s+weeks?\s+)?pregnant\b(?:,?\s+(?P<w2>\d{1,2})\s+weeks)?"
    r"|\b(?P<not>(?:i'm|i am) not pregnant)\b"
    r"|\b(?P<post>(?:i )?(?:just )?(?:had|gave birth to|delivered) (?:a|my|the|our) baby|postpartum)\b",
    re.IGNORECASE,
)


def find_conditions(
    text: str, conditions: list[TermMatch], sentences: list[tuple[int, int]]
) -> list[Proposal]:
    out = []
    for match in conditions:
        start = _sentence_start(match.start, sentences)
        before = text[start : match.start]
        after = text[match.end : _sentence_end(match.end, sentences)]
        # an alias may carry its own verb ("had a heart attack"): the cue is then inside the match
        before = before + match.text[: _own_verb(match.text)]
        cue = _last(_CONDITION_CUE, before)
        if cue is None and _RESOLVED_AFTER.match(after) and re.search(r"\b(?:the|my)\s+(?:\w+\s+)?$", before, re.I):
            cue = _last(re.compile(r"\b(?:the|my)\b", re.I), before)  # "said the sinusitis has cleared up"
        runs = _RUNS_IN_FAMILY.search(after)
        if _RECORD_SAYS.search(before) and not _DENIED_AFTER.match(after):
            continue  # the record speaking ("my chart says anemia"), not the person
        if not runs and _denied(before, after):
            denied = {"name": match.key, "status": "denied"}
            out.append(Proposal("condition", denied, (match.start, match.end), policy="negation_is_content"))
            continue
        if cue is None and runs is None:
            continue
        if cue is not None and len(tokenize(before[cue.end() :])) > 4:
            continue
        if not runs and _FLARE_AFTER.match(after):  # "my gout flared up": an episode, a symptom record
            fields = {"name": match.key, "body_site": _site(after)}
            out.append(Proposal("symptom", fields, (match.start, match.end), extra={"flare": True}))
            continue
        status = _condition_status(before, after)
        extra = {"relative": "family"} if runs else {}
        # "I no longer have X", "I don't have X anymore": the negation says it is over (resolved)
        over = status == "resolved" and (_NO_LONGER.search(before) is not None or _ANY_MORE.match(after) is not None)
        out.append(
            Proposal(
                "condition",
                {"name": match.key, "status": status},
                (match.start, match.end),
                policy="negation_is_content" if over and not runs else "family_to_history",
                extra=extra,
            )
        )
    return out


def _denied(before: str, after: str) -> bool:
    """A first-person denial of the diagnosis (not "no longer" / "anymore": that is resolved)."""
    if _NO_LONGER.search(before) or _ANY_MORE.match(after) or _NOT_THE_CONDITION.match(after):
        return False
    return _DENIED_BEFORE.search(before) is not None or _DENIED_AFTER.match(after) is not None


def _own_verb(alias_text: str) -> int:
    """The length of a leading "had a" / "have" in a matched alias ("had a stroke"), else 0."""
    m = re.match(r"(?:had|have|has|got)\b(?:\s+(?:a|an))?\s*", alias_text, re.IGNORECASE)
    return m.end() if m else 0


def _site(after: str) -> str | None:
    site = _PAIN_IN.search(after)
    return site.group("site") if site else None


def _condition_status(before: str, after: str) -> str:
    """``resolved`` when the words say it is over (before or after the name), else ``active``."""
    if _RESOLVED_AFTER.match(after) or _ANY_MORE.match(after):
        return "resolved"
    if _last(_RESOLVED, before) is None:
        return "active"
    if _PERFECT_HAD.search(before) and _ONGOING_AFTER.match(after):
        return "active"  # "I've had a migraine since Sunday": still going on
    return "resolved"


def find_symptoms(text: str, symptoms: list[TermMatch], sentences: list[tuple[int, int]]) -> list[Proposal]:
    out: list[Proposal] = []
    for match in symptoms:
        start = _sentence_start(match.start, sentences)
        end = _sentence_end(match.end, sentences)
        before = text[start : match.start]
        cue = _last(_SYMPTOM_CUE, before)
        by_cue = cue is not None and len(tokenize(before[cue.end() :])) <= 3
        # a symptom joined to one just read ("drenched in sweat and shaky all over")
        by_cue = by_cue or any(
            start <= p.anchor[1] <= match.start and _CONJOINED.fullmatch(text[p.anchor[1] : match.start])
            for p in out
        )
        as_verb = not by_cue and _SUBJECT_BEFORE.search(before) is not None
        as_subject = not (by_cue or as_verb) and _onset_subject(before, text[match.end : end])
        if not (by_cue or as_verb or as_subject) or _NOT_A_SYMPTOM.match(text[match.end :]):
            continue
        clause = text[start:end]
        severity = _SEVERITY.search(clause)
        site = _PAIN_IN.match(text[match.end : end].lstrip())
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


def find_static_facts(text: str) -> list[Proposal]:
    out = []
    for m in _SEX.finditer(text):
        word = m.group("v").lower()
        value = "male" if word in ("man", "male", "guy") else "female"
        out.append(Proposal("sex", {"value": value}, (m.start(), m.end()), policy="plain"))
    for m in _AGE.finditer(text):
        out.append(
            Proposal("birth_date", {"age_years": int(m.group("n"))}, (m.start(), m.end()), policy="plain")
        )
    for m in _BORN.finditer(text):
        stated = _born_date(m)
        if stated is not None:
            out.append(Proposal("birth_date", {"date": stated}, (m.start(), m.end()), policy="plain"))
    for m in _BLOOD_TYPE.finditer(text):
        abo = (m.group("abo") or m.group("abo2")).upper()
        rh_raw = (m.group("rh") or m.group("rh2") or "").lower()
        rh = (
            "+"
            if rh_raw in ("+", "positive", "pos")
            else ("-" if rh_raw in ("-", "negative", "neg") else None)
        )
        out.append(Proposal("blood_type", {"abo": abo, "rh": rh}, (m.start(), m.end())))
    for m in _PREGNANT.finditer(text):
        if m.group("not"):
            fields: dict[str, object] = {"status": "not_pregnant"}
            policy = "negation_is_content"
        elif m.group("post"):
            fields, policy = {"status": "postpartum"}, "clinical"
        else:
            week = m.group("w") or m.group("w2")
            fields, policy = {"status": "pregnant", "week": int(week) if week else None}, "clinical"
        out.append(Proposal("pregnancy_status", fields, (m.start(), m.end()), policy=policy))  # type: ignore[arg-type]
    return out


def _born_date(m: re.Match[str]) -> str | None:
    if m.group("iso"):
        return m.group("iso")
    if m.group("yonly"):
        return m.group("yonly")
    month_name = (m.group("month") or m.group("month2") or "").lower()
    month = _MONTHS.get(month_name)
    day, year = m.group("day") or m.group("day2"), m.group("year") or m.group("year2")
    if month is None or day is None or year is None:
        return None
    try:
        return date(int(year), month, int(day)).isoformat()
    except ValueError:
        return None


def _last(rx: re.Pattern[str], text: str) -> re.Match[str] | None:
    last = None
    for m in rx.finditer(text):
        last = m
    return last


def _sentence_start(pos: int, sentences: list[tuple[int, int]]) -> int:
    return next((s for s, e in sentences if s <= pos < e), 0)


def _sentence_end(pos: int, sentences: list[tuple[int, int]]) -> int:
    return next((e for s, e in sentences if s <= pos <= e), pos)

