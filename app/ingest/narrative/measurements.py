"""Stated measurements: test results, vital signs, body measurements, height.

A measurement is a *name* followed by a *value* ("fasting sugar was 131 mg/dL", "HbA1c 7.9%",
"BP 150/95"). The name is the run of words just before the value (and a connector such as "was",
"of", "came back at"); it must equal a dictionary test alias exactly (after
``normalize_alias``) to become a record. A name that does not match but reads like a lab test
("my sugar thingy was 140") is returned as a blocked name for the candidate queue, never a record.
Dictionary tests that are vital signs or body measurements become those record types.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.dictionary.models import TestEntry
from app.ingest.narrative.body_size import find_body_size
from app.ingest.narrative.bp_readings import read_pair, top_bottom_readings
from app.ingest.narrative.device_readings import speakers_device_reading
from app.ingest.narrative.measured_by_others import measured_on_speaker, test_measured_on_speaker
from app.ingest.narrative.models import BlockedName, Proposal
from app.ingest.narrative.named_values import named_for_value
from app.ingest.narrative.quantities import LAB_UNITS, QUANTITY, SPOKEN_INTEGER, UNIT, clean_unit, parse_number
from app.ingest.narrative.terms import Token, Vocabulary, tokenize
from app.ingest.narrative.tracked_workouts import WORKOUT_HEART_RATE

VITAL_KINDS = {
    "heart_rate": "heart_rate",
    "oxygen_saturation": "spo2",
    "body_temperature": "temperature",
}
BP_KEYS = frozenset({"blood_pressure", "systolic_bp", "diastolic_bp", "mean_arterial_pressure"})
BODY_KINDS = {
    "body_weight": "weight",
    "waist_circumference": "waist",
    "bmi": "bmi",
    "body_fat_percentage": "body_fat",
}
HEIGHT_KEY = "body_height"
SKIPPED_KEYS = frozenset({"sleep_duration", "smoking_status"})  # other patterns own these

_CONNECTOR = re.compile(
    r"(?:\s|[=:\-]|\b(?:was|is|were|are|came back|came in|came out|reads?|says|said|shows|showed|measured|hit|"
    r"found to be|turned out to be|reported as|recorded as|given as|noted as|"
    r"went up to|"
    r"went down to|dropped to|rose to|down to|fell to|climbed to|jumped to|now|at|of|around|about|only|just|right|"
    r"holding|steady|"
    r"still|level|levels|reading|"
    r"readings|result|results|score|number|it)\b)*(?:,\s*)?$",  # an appositive value: "my A1c, 6.3, ..."
    re.IGNORECASE,
)
_LISTED_AS = re.compile(
    r"\b(?:lists|listed|list|shows|showed|show|puts|put|records|recorded|gives|gave|has|had|reports|reported|notes"
    r"|noted|quotes|quoted|states|stated)\s+(?:my|the|his|her)\s+[\w -]{1,30}?(?P<as>\s+as)\s*$",
    re.IGNORECASE,
)
"""A value a document gives the test, "as" said after the name: "it lists my A1c as 6.2%", "the portal shows the LDL
as 146" (the document's verb before the name, so "I want my A1c as low as 6" is no reading)."""
_BETWEEN_NAME_AND_VERB = re.compile(
    # "on my new meter", "with the home cuff", "from the pharmacy machine" (optionally followed by a time below)
    r"(?:\s+(?:on|with|from|off|by)\s+(?:my|the|our|a|an|his|her)\s+(?:(?:new|old|home|own|fancy|cheap|digital"
    r"|pharmacy|drugstore|wrist|finger)\s+){0,2}(?:meter|glucometer|monitor|machine|cuff|watch|app|fitbit|tester"
    r"|device|strips?|sensor|cgm|libre|dexcom|kit)(?=\s|$)"
    r"(?:\s+(?:this\s+(?:morning|afternoon|evening)|last\s+night|yesterday(?:\s+morning)?|today|tonight))?)\s*$"
    # a place named bare before the time: "did the a1c at walgreens on June 30th, six point three"
    r"|\s+(?:at\s+(?!(?:about|around|least|most|home)\b)[a-z][\w'-]*\s+)?"
    r"(?:(?:from|on)\s+(?:last\s+\w+|this\s+(?:morning|week|month)|yesterday|today|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|the\s+other\s+day|(?:january|february|march|april|may|june|july|august|september|october|november|december)"
    r"\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}/\d{1,2}(?:/\d{2,4})?"
    r"|the\s+(?:[\w-]+\s+){1,3}?(?:visit|appointment|checkup|check-up|physical|labs?|blood\s+work"
    r"|blood\s+test|screening))"
    # a bare time: "Fasting glucose this morning: 132"
    r"|(?:this\s+(?:morning|afternoon|evening)|last\s+night|yesterday(?:\s+morning)?|today|tonight)"
    # where the value was read, any place said by a determiner: "on the same sheet", "in the portal", "at the fair"
    r"|(?:on|in|from|at|off)\s+(?:my|the|our|a|an|this|that|his|her)\s+(?!(?:past|end|meantime|future)\b)"
    r"(?:[a-z][\w'-]*\s+){0,2}[a-z][\w'-]*"
    r"|(?:that|which)?\s*(?:they|i|the\s+(?:lab|doctor|doc|nurse|clinic|hospital)|my\s+(?:doctor|doc|gp))"
    # the habitual check too: "that three-month sugar average they check came back 5.9"
    r"\s+(?:(?:always|usually|regularly)\s+)?(?:drew|took|ran|checked|did|had|tested|measured|sent off|check|checks"
    r"|run|runs|test|tests|draw|draws|measure|measures)"
    # and when: "the TSH blood test I did last week came back at 2.4"
    r"(?:\s+(?:last\s+\w+|this\s+(?:morning|week|month)|yesterday|today|on\s+\w+day|(?:a|\w+)\s+(?:days?|weeks?)"
    r"\s+ago))?)\s*$",
    re.IGNORECASE,
)
"""A time phrase or "they drew" between a test's name and its reporting verb: skipped to reach the name."""
_CHECKED_THEN_IT = re.compile(
    r"\s+(?:checked|tested|done|drawn|measured|taken|rechecked|redone|run|ran|back)\b[^.;!?]{0,60}?(?:\s+and|,)\s*$",
    re.IGNORECASE,
)
_CHECKED_MY_THEN_IT = re.compile(
    r"\b(?:checked|tested|measured|took|did|had|ran)\s+(?:my|the|a|an)\s+(?P<name>[a-z0-9][\w-]*(?:\s+[\w-]+){0,2}?)"
    r"(?=\s+(?:this|last|yesterday|today|at|in|on|before|after|again|and|checked|tested|done|drawn|measured|taken"
    r"|rechecked|redone|run|back)\b|,)[^.;!?]{0,60}?(?:\s+and|,)\s*$",
    re.IGNORECASE,
)
"""The check's verb first: "I checked my sugar this morning and it was 160", "had my potassium checked
and it was 5.9"."""
"""The test named before its own check, the value given for "it": "got my A1c checked at the pharmacy
yesterday and it came back at 7.4%"."""
_REPORTER = re.compile(
    r"\b(?:they|lab|doctor|doc|nurse|clinic|hospital|gp)\s+(?:(?:always|usually|regularly)\s+)?(?:drew|took|ran"
    r"|checked|did|tested|measured|sent off|check|checks|run|runs|test|tests|draw|draws|measure|measures)\b",
    re.IGNORECASE,
)
_QUALIFIED = re.compile(
    r"\b(?:under|over|below|above|less than|more than|at least|at most|up to|no more than|target|goal|aim|"
    r"around|about|almost|nearly|between)\s*$",
    re.IGNORECASE,
)
"""A hedged or targeted number ("A1c under 7", "over 300") is not a measurement."""
_REPORTED_NEAR = re.compile(
    r"\b(?:was|were|came\s+back|came\s+in|came\s+out|read|showed)\s+(?:at\s+)?(?:(?:right|somewhere|just)\s+)?"
    r"(?:around|about)\s*$",
    re.IGNORECASE,
)
"""A past result reported as near a number ("total cholesterol was right around 200"): the number is the value;
a target ("keep it around 7", "should be about 6") is still no measurement."""
_NAME_NOUN = re.compile(r"\s+(?:score|number|count|reading|level|levels|result|results|index|value)\b", re.I)
_ADVERB_AFTER_NAME = re.compile(
    r"\s+(?:there|here|again|now|then|today|too|also)$", re.IGNORECASE
)
"""A place or time adverb said after a test's name ("my a1c there was 7.1%", "my A1C again came back 7.4%")."""
_CHECK_AFTER_NAME = re.compile(r"\s+(?:blood\s+)?(?:test|check|panel|draw|bloods)$", re.IGNORECASE)
"""The check said after a test's name ("the TSH blood test ... came back at 2.4"): the name is the test's."""
_COUNT_NOUN = re.compile(
    r"\s*(?:-\s*)?(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|times?|ago|doses?|shots?"
    r"|injections?|glasses|cups?|servings?|steps|nights?|mornings?|evenings?)\b",
    re.IGNORECASE,
)
"""A unit-less number that counts something ("2 months ago", "3 times") is not a measurement value."""
_STOP = frozenset(
    [
        "my", "the", "his", "her", "our", "your", "their", "a", "an", "and", "but", "so", "said", "says", "say",
        "that", "today", "yesterday", "this", "last", "morning", "evening", "night", "week", "month", "when", "then",
        "also", "i", "me", "was", "is", "were", "are", "new", "latest", "recent", "recently", "doctor", "doc",
        "nurse", "told", "tells", "check", "checked", "got", "get", "had", "have", "has", "with", "on", "in", "for",
        "to", "it", "its", "mine"
    ]
)
_LABISH = frozenset(
    [
        "sugar", "sugars", "glucose", "level", "levels", "test", "tests", "result", "results", "reading", "readings",
        "count", "lab", "labs", "blood", "cholesterol", "a1c", "thyroid", "panel", "liver", "kidney", "iron",
        "vitamin", "hormone", "urine", "platelet", "platelets", "pressure", "insulin", "protein", "enzyme", "enzymes",
        "marker", "markers"
    ]
)
_BP = re.compile(
    # "158 on 109", as the British say a reading; "162 by 114", as Indian English says it; "118 sobre 76"
    rf"(?P<sys>(?<![\d/.])\d{{2,3}}|{SPOKEN_INTEGER})\s?(?:/|\s+(?:over|sobre)\s+|over|\s+(?:on|by)\s+(?=\d{{2,3}}\b|one\b|two\b"
    r"|\w+ty\b))\s?"
    rf"(?P<dia>\d{{2,3}}(?![\d/])|{SPOKEN_INTEGER})(?:\s?(?P<unit>mm\s?hg))?",
    re.IGNORECASE,
)
_BP_NEARBY = re.compile(
    r"\b(?:blood pressure|bp|blood-pressure|(?<!rotator )cuffs?|(?:wrist|arm|home) monitor"
    r"|(?:my|his|her|the)\s+pressure)"
    r"\b[^\n]*$",
    re.IGNORECASE,
)
"""Blood pressure named shortly before a bare pair ("the drugstore blood pressure machine ... 158 over 92"), or the
device that takes it ("bought me one of those automatic cuffs ... It said 128 over 78"), or "my pressure" ("the farmacia
took my pressure yesterday, 118 sobre 76")."""
_BP_TARGET = re.compile(
    r"\b(?:under|below|above|less than|more than|at least|at most|up to|no more than|target|goal|aim|between)\s*$",
    re.IGNORECASE,
)
"""A bare pair said as a target or a bound ("anything under 130 over 80 is fine"): not a reading."""
@dataclass(frozen=True, slots=True)
class MeasurementFinds:
    proposals: list[Proposal]
    blocked: list[BlockedName]
    consumed: list[tuple[int, int]]


def find_measurements(text: str, vocabulary: Vocabulary) -> MeasurementFinds:
    """Every stated measurement in ``text`` (see the module docstring)."""
    proposals: list[Proposal] = []
    blocked: list[BlockedName] = []
    consumed: list[tuple[int, int]] = []

    for m in _BP.finditer(text):
        name_span, name = _name_before(text, m.start())
        entry = vocabulary.lookup("test", name) if name else None
        is_bp = isinstance(entry, TestEntry) and entry.key in BP_KEYS
        if (
            not is_bp
            and (
                _BP_NEARBY.search(text, max(0, m.start() - 160), m.start())
                # "the machine gave me"
                or read_pair(text, m.start(), parse_number(m.group("sys")), parse_number(m.group("dia")))
            )
            and not _BP_TARGET.search(text, max(0, m.start() - 20), m.start())
        ):
            is_bp, name_span = True, (m.start(), m.start())  # "at the blood pressure machine ... 158 over 92"
        if not (is_bp or m.group("unit")):
            continue
        start = name_span[0] if is_bp else m.start()
        # "my wife packed the wrist cuff and this morning it read 171 over 92": the device's reading is the
        # speaker's, whoever else the sentence names before the clause that gives it
        device_said = speakers_device_reading(text, m.start()) or measured_on_speaker(text, m.start())
        proposals.append(
            Proposal(
                "vital_sign",
                {
                    "kind": "blood_pressure",
                    "systolic": parse_number(m.group("sys")),
                    "diastolic": parse_number(m.group("dia")),
                    "unit": clean_unit(m.group("unit")),
                },
                (start, m.end()),
                extra={"speaker_subject": True} if device_said else {},
            )
        )
        consumed.append((m.start(), m.end()))

    for span, systolic, diastolic in top_bottom_readings(text):  # "Top number was 150 and the bottom was 95"
        if not _inside(consumed, span[0]):
            bp = {"kind": "blood_pressure", "systolic": systolic, "diastolic": diastolic}
            proposals.append(Proposal("vital_sign", bp, span))
            consumed.append(span)

    for sized in find_body_size(text, consumed):  # weight and height, said with their own verbs
        proposals.append(sized)
        consumed.append(sized.anchor)

    for m in QUANTITY.finditer(text):
        if _inside(consumed, m.start()) or (
            _QUALIFIED.search(text[: m.start()]) and not _REPORTED_NEAR.search(text[: m.start()])
        ):
            continue
        if m.group("unit") is None and _COUNT_NOUN.match(text, m.end()):
            continue
        name_span, name = _name_before(text, m.start())
        unnamed = not name or not isinstance(vocabulary.lookup("test", name), TestEntry)
        if unnamed:  # "... for the A1C. It came out 7.9%", "the LDL number they gave me was 138"
            name_span, name = named_for_value(text, m.start(), vocabulary, _STOP) or test_measured_on_speaker(
                text, m.start(), vocabulary, _STOP) or (name_span, name)  # "the nurse did my A1c ..., 6.2 percent"
        if not name:
            continue
        unit = clean_unit(m.group("unit"))
        value = parse_number(m.group("num"))
        if unit is None and text[name_span[1] : m.start()].strip().lower() in ("at", "@", "around", "by") and (
            "." not in m.group("num") and " point " not in m.group("num").lower() and value <= 24
        ):
            continue  # "took my thyroid pill at 6": a clock time, not a value ("had my LDL at 96" is a value)
        entry = vocabulary.lookup("test", name)
        noun = _NAME_NOUN.match(text, name_span[1])  # "kidney score": the noun may be part of the name
        if not isinstance(entry, TestEntry) and noun is not None:
            longer = vocabulary.lookup("test", name + noun.group(0))
            if isinstance(longer, TestEntry):
                entry, name, name_span = longer, name + noun.group(0), (name_span[0], noun.end())
        adverb = _ADVERB_AFTER_NAME.search(text, name_span[0], name_span[1]) or _CHECK_AFTER_NAME.search(
            text, name_span[0], name_span[1]
        )
        if (  # "my a1c there was 7.1%"
            not isinstance(entry, TestEntry)
            and adverb is not None
            and isinstance(bare := vocabulary.lookup("test", text[name_span[0] : adverb.start()]), TestEntry)
        ):
            entry, name_span = bare, (name_span[0], adverb.start())
            name = text[name_span[0] : name_span[1]]
        if not isinstance(entry, TestEntry):  # "the finger-prick A1c": a modifier before the test's own name
            for suffix in _name_suffixes(text, name_span):
                if isinstance(shorter := vocabulary.lookup("test", text[suffix[0] : suffix[1]]), TestEntry):
                    entry, name_span = shorter, suffix
                    name = text[suffix[0] : suffix[1]]
                    break
        if not isinstance(entry, TestEntry):
            if _looks_like_lab(name, unit):
                said = name + noun.group(0) if noun else name
                blocked.append(BlockedName(kind="test", name=said, quote=text[name_span[0] : m.end()]))
                consumed.append((name_span[0], m.end()))
            continue
        if entry.key == "heart_rate" and WORKOUT_HEART_RATE.search(text, max(0, name_span[0] - 12), name_span[1]):
            consumed.append((name_span[0], m.end()))  # "Max HR 199 bpm": a workout's metric (:mod:`.tracked_workouts`)
            continue
        span = (name_span[0], m.end())
        if _REPORTER.search(text[name_span[1] : m.start()]):
            span = name_span  # "the potassium they drew was 5.9": "they" is the lab, not another person's result
        proposal = _proposal_for(entry, name, value, unit, span)
        if proposal is not None and _SPEAKERS_VALUE.search(text, name_span[1], m.start()):
            proposal.extra["speaker_subject"] = True  # "they had a cholesterol booth ... and my total came out at 251"
        if proposal is not None and measured_on_speaker(text, m.start()):
            proposal.extra["speaker_subject"] = True  # "my son checked my sugar ...": the speaker's reading
        if proposal is not None:
            proposals.append(proposal)
            consumed.append((name_span[0], m.end()))
    return MeasurementFinds(proposals, blocked, consumed)


_SPEAKERS_VALUE = re.compile(
    r"\bmy\s+(?:[\w-]+\s+){0,2}?(?:total|number|numbers|reading|result|results|level|score|count|value)\b"
    r"|\bmine\s+(?:was|is|came|read|showed|said|clocked)\b",
    re.IGNORECASE,
)
"""The value owned by the speaker between the test's name and the value ("... booth, and my total came out at",
"they were doing A1c's at the church fair, mine came out")."""


def _proposal_for(
    entry: TestEntry, name: str, value: float, unit: str | None, span: tuple[int, int]
) -> Proposal | None:
    if entry.key in SKIPPED_KEYS or entry.key in BP_KEYS:
        return None
    if entry.key in VITAL_KINDS:
        return Proposal("vital_sign", {"kind": VITAL_KINDS[entry.key], "value": value, "unit": unit}, span)
    if entry.key in BODY_KINDS:
        if unit is not None and unit.lower() in ("kilo", "kilos", "kilogram", "kilograms", "kgs"):
            unit = "kg"  # UCUM's kilogram, as :mod:`.body_size` writes it
        return Proposal(
            "body_measurement", {"kind": BODY_KINDS[entry.key], "value": value, "unit": unit}, span
        )
    if entry.key == HEIGHT_KEY:
        if unit is None:
            return None
        return Proposal("height", {"value": value, "unit": unit}, span, policy="plain")
    return Proposal(
        "test_result",
        {"loinc": entry.loinc, "name": name, "value": value, "unit": unit},
        span,
        extra={"standard_key": entry.key},
    )


def _name_before(text: str, value_start: int) -> tuple[tuple[int, int], str]:
    """The name run before a value: up to four words, after the connector words are skipped."""
    head = text[:value_start]
    connector = _CONNECTOR.search(head)
    cut = connector.start() if connector else len(head)
    listed = _LISTED_AS.search(head)
    if listed is not None and (connector is None or listed.start() < connector.start()):
        cut = listed.start("as")  # "the letter lists my A1c as 6.2%": the value a document gives the test
    between = _BETWEEN_NAME_AND_VERB.search(head[:cut])
    if between is None and re.search(r"\b(?:it|that)\b", head[cut:], re.IGNORECASE):
        verb_first = _CHECKED_MY_THEN_IT.search(head[:cut])
        if verb_first is not None:  # "I checked my sugar this morning and it was 160"
            cut = verb_first.end("name")
        else:
            between = _CHECKED_THEN_IT.search(head[:cut])
    if between is not None:  # "my A1c from last Monday came back", "the potassium they drew was"
        cut = between.start()
    words = tokenize(head[:cut])
    run: list[Token] = []
    for token in reversed(words):
        if token.norm in _STOP or len(run) == 4:
            break
        gap = head[token.end : run[-1].start] if run else head[token.end : cut]
        if any(ch in gap for ch in ",.;!?()\n"):
            break
        if token.norm.replace(" ", "").isdigit():
            break
        run.append(token)
    if not run:
        return (value_start, value_start), ""
    run.reverse()
    start, end = run[0].start, run[-1].end
    return (start, end), text[start:end]


def _name_suffixes(text: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    """The shorter runs ending with a name run, longest first ("finger-prick A1c" -> "prick A1c", "A1c"); never
    one cut after "non" ("non-fasting glucose" is no fasting glucose)."""
    tokens = tokenize(text[span[0] : span[1]])
    return [
        (span[0] + t.start, span[1]) for t in tokens[1:] if not _NON_BEFORE.search(text, span[0], span[0] + t.start)
    ]


_NON_BEFORE = re.compile(r"\bnon[- ]?$", re.IGNORECASE)


def _looks_like_lab(name: str, unit: str | None) -> bool:
    words = {t.norm for t in tokenize(name)}
    if unit is not None and unit.casefold() in LAB_UNITS and unit != "%":
        return True
    return bool(words & _LABISH)


def _inside(spans: list[tuple[int, int]], pos: int) -> bool:
    return any(start <= pos < end for start, end in spans)


__all__ = ["UNIT", "MeasurementFinds", "find_measurements"]
