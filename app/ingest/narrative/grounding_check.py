"""The no-fabrication check every candidate passes, whichever extractor made it.

A candidate is *grounded* in an utterance when:

- its quote and its time text are verbatim substrings of the utterance;
- every number it holds was written in the utterance (digits or a number word), or is one of the
  few arithmetic readings of written numbers the rules make: hours -> minutes (``n * 60``, "an hour and a half"),
  feet and inches -> inches (``ft * 12 + in``);
- every free-text field (a test name as said, a goal target, a food, a reason, ...) is a verbatim
  substring (case and spacing aside), except a procedure name the surgery rules derive from the
  words ("appendix removed" -> appendectomy, "hip replaced" -> hip replacement);
- every dictionary term it names (drug, condition, symptom; by its key or by an alias, e.g. the
  name as said) is matched by one of that entry's aliases in the utterance (a site pain, "my chest
  was hurting", grounds that site's pain symptom: :mod:`.site_pain`), and a test result's
  LOINC is the one its stated name maps to;
- a stated date's digits (a birth year) appear in the utterance; resolver-only fields (sleep
  ``start``/``end``) are empty.

Enumerated fields (kind, action, status, ...) are categories of the quote, not values, and only
have to be valid for the type (the model checks that).
"""

from __future__ import annotations

import re

from app.dictionary.models import TestEntry
from app.ingest.narrative.healed_parts import healed_part_names
from app.ingest.narrative.lay_complaints import lay_complaint_keys
from app.ingest.narrative.procedures import surgery_names
from app.ingest.narrative.quantities import stated_numbers
from app.ingest.narrative.record_types import CandidateRecord
from app.ingest.narrative.site_pain import site_pain_keys
from app.ingest.narrative.terms import Vocabulary, term_index

NUMERIC_FIELDS = frozenset(
    {"value", "systolic", "diastolic", "dose", "duration_min", "distance", "week", "age_years", "supply_days"}
)
VERBATIM_FIELDS = frozenset(
    {
        "target",
        "food",
        "procedure",
        "reason",
        "level",
        "quality",
        "reaction",
        "frequency",
        "body_site",
        "severity",
        "relative",
        "unit",
    }
)
KEYED_FIELDS = {
    ("medication_intake", "drug"): "drug",
    ("prescription", "drug"): "drug",
    ("regimen_change", "drug"): "drug",
    ("condition", "name"): "condition",
    ("family_history", "condition"): "condition",
    ("symptom", "name"): "symptom",
}
RESOLVER_ONLY = frozenset({"start", "end"})
ACTIVITY_WORDS = {
    "walking": ("walk", "steps"),
    "running": ("ran", "run", "5k", "10k", "marathon", "race", "track"),  # a race is run: "did a 5k"
    "jogging": ("jog",),
    "swimming": ("swam", "swim", "pool"),  # "the last rep at the pool"
    "cycling": ("bike", "biked", "cycl"),
    "hiking": ("hike", "hiked"),
    "dancing": ("danc",),
    "workout": ("worked out", "work out", "workout"),
    "weight training": ("weights",),
    "hill sprints": ("hill",),
    "snow shoveling": ("snow", "shovel"),
    "stair sprints": ("stairs", "steps"),
}
_EXTRA_WORD_NUMBERS = {"fourteen": 14.0, "thirty": 30.0, "ninety": 90.0, "twenty": 20.0, "fifteen": 15.0}
_TENS_SAID = re.compile(
    r"\b(?P<tens>twenty|thirty|forty|fifty|sixty|ninety)(?:[- ](?P<unit>one|two|three|four|five|six|seven|eight|nine))?"
    r"\b|\b(?P<teen>thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\b",
    re.IGNORECASE,
)
_TENS_VALUE = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90}
_SMALL_VALUE = {
    w: i + 1 for i, w in enumerate(("one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))
} | {
    w: i + 13 for i, w in enumerate(("thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"))
}


def _spelled_tens(lowered: str) -> set[float]:
    """Numbers spelled out to the tens ("forty", "forty-five", "sixteen")."""
    out: set[float] = set()
    for m in _TENS_SAID.finditer(lowered):
        if m.group("teen"):
            out.add(float(_SMALL_VALUE[m.group("teen")]))
            continue
        tens = _TENS_VALUE[m.group("tens")]
        out.add(float(tens))
        if m.group("unit"):
            out.add(float(tens + _SMALL_VALUE[m.group("unit")]))
    return out


_KILOS = re.compile(r"(?:\d\s?|[a-z]\s)(?:kgs|kilos?|kilograms?)\b", re.IGNORECASE)
_RACE_K = re.compile(r"\b\d+(?:\.\d+)?\s?k\b", re.IGNORECASE)
_PERCENT = re.compile(r"(?:\d\s?|[a-z]\s)(?:percent|per cent)\b", re.IGNORECASE)
"""A unit spelled out after a number in digits or in words ("98 kilos", "ninety-eight kilos", "six point two
percent")."""
_SPELLED_STRENGTH = {"mg": re.compile(r"\d\s?milligrams?\b", re.I), "mcg": re.compile(r"\d\s?micrograms?\b", re.I)}
_FEET_INCHES = re.compile(r"(\d)\s?(?:'|ft|feet|foot)\s?(\d{1,2})?")


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def allowed_numbers(text: str) -> set[float]:
    """The numbers a candidate may hold for this utterance (see the module docstring)."""
    numbers = set(stated_numbers(text))
    lowered = text.lower()
    numbers |= {v for w, v in _EXTRA_WORD_NUMBERS.items() if re.search(rf"\b{w}\b", lowered)}
    numbers |= _spelled_tens(lowered)
    numbers |= {n * 60 for n in list(numbers)}
    if re.search(r"\b(?:an?|a (?:full|whole|solid|good)) (?:hour|hr)\b", lowered):  # "for an hour", "a full hour": 60
        numbers.add(60.0)
    if re.search(r"\bhalf an? (?:hour|hr)\b", lowered):  # "for half an hour": 30 minutes
        numbers.add(30.0)
    if re.search(r"\ban? (?:hour|hr) and (?:a )?half\b", lowered):  # "an hour and a half": 90 minutes
        numbers.add(90.0)
    for m in _FEET_INCHES.finditer(text):
        numbers.add(float(int(m.group(1)) * 12 + int(m.group(2) or 0)))
    return numbers


def ungrounded_fields(candidate: CandidateRecord, text: str, vocabulary: Vocabulary) -> list[str]:
    """The fields of ``candidate`` the utterance does not support (empty: grounded)."""
    problems: list[str] = []
    norm_text = _norm(text)
    if _norm(candidate.quote) not in norm_text:
        problems.append("quote")
    if candidate.time_text is not None and _norm(candidate.time_text) not in norm_text:
        problems.append("time_text")
    numbers = allowed_numbers(text)
    keys_in_text: set[tuple[str, str]] | None = None
    for field, value in candidate.fields.items():
        if field in RESOLVER_ONLY:
            problems.append(field)
        elif field in NUMERIC_FIELDS and isinstance(value, int | float):
            if not any(abs(float(value) - n) < 1e-9 for n in numbers):
                problems.append(field)
        elif field in VERBATIM_FIELDS and isinstance(value, str):
            if field == "unit" and value == "in" and _FEET_INCHES.search(text):
                continue  # 5'10" is read as 70 in
            if field == "unit" and value == "kg" and _KILOS.search(text):
                continue  # "93 kilos" is written as UCUM's kg
            if field == "unit" and value == "km" and _RACE_K.search(text):
                continue  # "a 5k" is 5 km
            if field == "unit" and value == "%" and _PERCENT.search(text):
                continue  # "7.8 percent" is written as UCUM's %
            if field == "unit" and value in _SPELLED_STRENGTH and _SPELLED_STRENGTH[value].search(text):
                continue  # "500 milligrams" is written as mg
            if field == "procedure" and value in surgery_names(text):
                continue  # "appendix removed" is recorded as appendectomy
            if _norm(value) not in norm_text:
                problems.append(field)
        elif (candidate.type, field) in KEYED_FIELDS:
            if candidate.type == "condition" and value in healed_part_names(text):
                continue  # "the collarbone I broke has healed" is a broken collarbone, "my ankle has healed" an ankle's
            if keys_in_text is None:
                keys_in_text = {(m.kind, m.key) for m in term_index(vocabulary).find(text)}
            kinds = [KEYED_FIELDS[(candidate.type, field)]]
            if candidate.type == "symptom":
                kinds.append("condition")  # the episode of a condition: "my gout flared up"
            if not any(_term_stated(k, value, keys_in_text, vocabulary) for k in kinds) and not (
                candidate.type == "symptom" and _site_pain_stated(value, text, vocabulary)
            ):
                problems.append(field)
        elif field == "activity" and isinstance(value, str):
            words = ACTIVITY_WORDS.get(value, (value,))
            if not any(w in norm_text for w in words):
                problems.append(field)
        elif (
            field == "date" and isinstance(value, str) and any(part not in text for part in re.findall(r"\d{4}", value))
        ):
            problems.append(field)
    problems += _test_identity(candidate, text, vocabulary)
    return problems


def _term_stated(kind: str, value: object, keys_in_text: set[tuple[str, str]], vocabulary: Vocabulary) -> bool:
    """``value`` names (by key or alias) a dictionary entry of ``kind`` matched in the text."""
    if (kind, value) in keys_in_text:
        return True
    entry = vocabulary.lookup(kind, value) if isinstance(value, str) else None  # type: ignore[arg-type]
    return entry is not None and (kind, entry.key) in keys_in_text


def _site_pain_stated(value: object, text: str, vocabulary: Vocabulary) -> bool:
    """``value`` names the pain symptom of a body part said with a pain word ("my chest was hurting")."""
    entry = vocabulary.lookup("symptom", value) if isinstance(value, str) else None
    said = site_pain_keys(text, vocabulary) + lay_complaint_keys(text, vocabulary)  # "my nose has been running"
    return entry is not None and any(key == entry.key for key, _ in said)


def _test_identity(candidate: CandidateRecord, text: str, vocabulary: Vocabulary) -> list[str]:
    if candidate.type != "test_result":
        return []
    name = candidate.fields.get("name", "")
    problems = [] if _norm(name) in _norm(text) else ["name"]
    entry = vocabulary.lookup("test", name)
    loinc = candidate.fields.get("loinc")
    if loinc is not None and (not isinstance(entry, TestEntry) or entry.loinc != loinc):
        problems.append("loinc")
    return problems
