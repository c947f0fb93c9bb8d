"""The read gate and router: decide none / structured / associative / both for a request.

Rules first (:func:`rule_route`): a phatic turn is ``none``; a structured intent is ``structured``,
or ``both`` when the request also carries a recall cue ("why", "how did I feel"); no intent but a
recall cue is ``associative``. What the rules cannot decide (no intent and no cue: "what is
Caroline's identity?", "metformin?") goes to the LLM when a backend is configured
(:func:`route_decision`, one schema-constrained call through ``app.llm.structured.invoke_structured``
answering :class:`RouterAnswer`), and to :data:`DEFAULT_ROUTE` when the backend is ``none``, the
router LLM is switched off (``settings.retrieval.router_llm``) or the call fails or never validates.
Time expressions in the request are resolved by the write path's temporal resolver
(``app.ingest.temporal``) against the request's ``at`` before the plan runs ("my BP last week").

All functions here except the LLM call are pure: the request text, the entities it names, the
clock (``at``).
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.dictionary.normalize import normalize_alias
from app.retrieval.models import Route, TimeWindow
from app.retrieval.structured import Intent, StructuredPlan
from app.retrieval.vocabulary import EntityMatch
from app.settings import LlmSettings, Settings

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import BaseMessage

log = logging.getLogger(__name__)

PHATIC = frozenset(
    {
        "hi",
        "hello",
        "hey",
        "thanks",
        "thank you",
        "thank you so much",
        "ok",
        "okay",
        "bye",
        "goodbye",
        "good morning",
        "good night",
        "good evening",
        "cool",
        "great",
        "nice",
        "yes",
        "no",
        "sure",
        "see you",
        "lol",
        "got it",
        "sounds good",
    }
)
"""Requests that need no memory at all (the read gate's ``none``)."""

METRIC_KINDS: dict[str, tuple[str, str]] = {
    "weight": ("weight", "29463-7"),
    "body weight": ("weight", "29463-7"),
    "blood pressure": ("blood_pressure", "85354-9"),
    "bp": ("blood_pressure", "85354-9"),
    "heart rate": ("heart_rate", "8867-4"),
    "pulse": ("heart_rate", "8867-4"),
    "temperature": ("temperature", "8310-5"),
    "spo2": ("spo2", "59408-5"),
    "oxygen saturation": ("spo2", "59408-5"),
    "waist": ("waist", "8280-0"),
    "bmi": ("bmi", "39156-5"),
    "body fat": ("body_fat", "41982-0"),
}
"""Everyday metric words -> (the record-type ``kind`` of vital signs and body measurements, LOINC)."""

NARRATIVE_METRIC_TYPES: dict[str, str] = {
    "sleep": "sleep",
    "slept": "sleep",
    "exercise": "exercise",
    "workout": "exercise",
    "mood": "mood_stress",
    "stress": "mood_stress",
    "meal": "meal",
    "meals": "meal",
}
"""Words naming a narrative record type: a user whose records have that type holds the metric even
when the dictionary also has a lab-style test by that name (``sleep`` -> the "Sleep duration" test)."""


def narrative_record_types(norm: str) -> list[str]:
    padded = f" {norm} "
    return sorted({value for word, value in NARRATIVE_METRIC_TYPES.items() if f" {word} " in padded})


NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
}

INTENT_ENTITY_KIND = {"medications": "drug", "allergies": "drug", "conditions": "condition"}
"""Which named entities narrow a list intent ("am I taking metformin" -> metformin only)."""

_MEDICATIONS = re.compile(r"\b(medications?|meds|medicines?|pills|prescriptions?|taking|prescribed)\b")
_TAKE = re.compile(r"\b(take|takes|use|using|(?:still|be|stay|staying)\s+on)\b")
"""A drug named with "take" or "on" asks about the person's medications ("am I still supposed to take
clopidogrel?", "should I still be on warfarin?"); "take" alone does not ("take a walk")."""
_ALLERGIES = re.compile(r"\ballerg")
_CONDITIONS = re.compile(
    r"\b(conditions?|diagnos[ie]s|diagnosed|health problems|illness(es)?|problem list)\b"
)
_READINGS = re.compile(r"\b(readings?|numbers|results?|levels?|labs?|values?|measurements?|tests?)\b")
_TREND = re.compile(r"\b(trend|trending|over|since|changed?|changing|progress|going up|going down|history)\b")
_ASSOCIATIVE = re.compile(
    r"\b(why|feel|felt|feeling|said|say|mention(ed)?|talk(ed)?|told|remember|happened|"
    r"side effects?|because|cause[ds]?|what did|when did|how did|who|where)\b"
)
_COUNT = re.compile(
    r"\b(?:last|latest|past|previous|recent|most recent)\s+(\d+|" + "|".join(NUMBER_WORDS) + r")\b"
)
_LATEST = re.compile(r"\b(latest|most recent|last reading|last result|newest)\b")


def is_phatic(text: str) -> bool:
    return normalize_alias(text) in PHATIC or not normalize_alias(text)


def metric_kinds(norm: str) -> list[tuple[str, str]]:
    padded = f" {norm} "
    return [value for phrase, value in METRIC_KINDS.items() if f" {phrase} " in padded]


def requested_count(norm: str) -> int | None:
    """ "last three glucose readings" -> 3; "my latest A1c" -> 1; otherwise None."""
    found = _COUNT.search(norm)
    if found:
        word = found.group(1)
        return int(word) if word.isdigit() else NUMBER_WORDS[word]
    return 1 if _LATEST.search(norm) else None


def detect_intent(norm: str, match: EntityMatch) -> Intent | None:
    if _ALLERGIES.search(norm):
        return "allergies"
    if _MEDICATIONS.search(norm) or (_TAKE.search(norm) and any(e.kind == "drug" for e in match.entities)):
        return "medications"
    if _CONDITIONS.search(norm):
        return "conditions"
    has_metric = (
        bool(metric_kinds(norm)) or any(e.kind == "test" for e in match.entities) or bool(match.concept_keys)
    )
    if has_metric:
        return "readings"
    return None


DEFAULT_ROUTE: Route = "associative"
"""The route of a request the rules cannot decide and no LLM decided: associative recall always
answers something sensible (ranked evidence), where a wrong structured plan answers nothing."""


def rule_route(text: str, match: EntityMatch) -> Route | None:
    """The rules' route, or ``None`` when they cannot decide.

    none for phatic turns; structured for a recognised intent; both when the request also asks
    something only recall can answer ("why", "how did I feel"); associative for a recall cue
    without an intent; undecided (``None``) for a request with neither an intent nor a cue.
    """
    if is_phatic(text):
        return "none"
    norm = normalize_alias(text)
    intent = detect_intent(norm, match)
    cue = bool(_ASSOCIATIVE.search(norm))
    if intent is None:
        return "associative" if cue else None
    return "both" if cue else "structured"


class RouterAnswer(BaseModel):
    """The router LLM's response schema (JSON-schema constrained: the route enum and a reason)."""

    model_config = ConfigDict(extra="forbid")

    route: Route
    reason: str = Field(max_length=300, description="one short sentence")


ROUTER_PROMPT_VERSION = "retrieval-router/1"
ROUTER_SYSTEM_PROMPT = """You route one request to a personal health memory. Answer with exactly one route:
- none: the request needs nothing from memory (small talk, a greeting, a thank-you);
- structured: it asks for records by type, metric or time (readings, results, medications, allergies,
  conditions, "my last three glucose readings", "weight over three months");
- associative: it asks about something said, felt or experienced, people, places, events or reasons
  (free recall over conversations and notes);
- both: it needs records AND recall of what was said around them.
When unsure between associative and another route, answer associative. The reason is one short
sentence about the request's form; never give medical advice."""


@dataclass(frozen=True, slots=True)
class RouteDecision:
    """A route and who decided it: ``rules``, ``llm``, or ``default`` (undecided, no usable LLM)."""

    route: Route
    by: Literal["rules", "llm", "default"]
    reason: str = ""


def router_messages(text: str, match: EntityMatch, window: TimeWindow | None) -> list[BaseMessage]:
    from langchain_core.messages import HumanMessage, SystemMessage

    entities = ", ".join(f"{e.kind}:{e.key}" for e in match.entities) or "(none)"
    when = window.text if window is not None and window.text else "(none)"
    return [
        SystemMessage(content=ROUTER_SYSTEM_PROMPT),
        HumanMessage(
            content=f"Request: {text}\nVocabulary entities named: {entities}\nTime expression: {when}"
        ),
    ]


def route_decision(
    text: str,
    match: EntityMatch,
    window: TimeWindow | None = None,
    llm: BaseChatModel | None = None,
    *,
    retries: int = 1,
) -> RouteDecision:
    """Rules first; the LLM (when given) only for what they cannot decide; the default otherwise.

    An LLM failure (unreachable, timeout, output that never validates against
    :class:`RouterAnswer` after ``retries`` retries) falls back to :data:`DEFAULT_ROUTE`.
    """
    ruled = rule_route(text, match)
    if ruled is not None:
        return RouteDecision(ruled, "rules")
    if llm is None:
        return RouteDecision(DEFAULT_ROUTE, "default")
    from app.llm.exceptions import LlmError
    from app.llm.structured import invoke_structured

    started = time.perf_counter()
    try:
        answer = invoke_structured(llm, RouterAnswer, router_messages(text, match, window), retries=retries)
    except LlmError as exc:
        log.warning(
            "router llm failed (%s) ms=%.0f; default route %s",
            type(exc).__name__,
            (time.perf_counter() - started) * 1e3,
            DEFAULT_ROUTE,
        )
        return RouteDecision(DEFAULT_ROUTE, "default")
    log.info("router llm route=%s ms=%.0f", answer.route, (time.perf_counter() - started) * 1e3)
    return RouteDecision(answer.route, "llm", answer.reason)


def decide_route(
    text: str, match: EntityMatch, window: TimeWindow | None = None, llm: BaseChatModel | None = None
) -> Route:
    """The route of :func:`route_decision` (rules, then the LLM if given, then the default)."""
    return route_decision(text, match, window, llm).route


def router_model(settings: Settings) -> BaseChatModel | None:
    """The router's chat model: ``None`` for the ``none`` backend or with ``retrieval.router_llm``
    off; else the configured backend with its timeout capped at ``retrieval.router_timeout_s``
    (a read path cannot wait a minute). Built once per configuration."""
    cfg = settings.retrieval
    if settings.llm.backend == "none" or not cfg.router_llm:
        return None
    return _cached_model(
        settings.llm.model_copy(update={"timeout_s": min(settings.llm.timeout_s, cfg.router_timeout_s)})
        .model_dump_json()
    )


@lru_cache(maxsize=4)
def _cached_model(llm_json: str) -> BaseChatModel | None:
    from app.llm.chat import build_chat_model

    return build_chat_model(LlmSettings.model_validate_json(llm_json))


NAMED_DRUG_TYPES: tuple[str, ...] = ("current_medication", "regimen_change")
"""Narrative record types a medications request naming a drug reads."""


def build_plan(
    text: str,
    match: EntityMatch,
    window: TimeWindow | None,
    k: int,
    concept_tests: Sequence[tuple[str, str | None]] = (),
) -> StructuredPlan:
    """The structured plan for a request the router sent to structured retrieval.

    ``concept_tests`` are the (key, LOINC) of the tests tagged with the concepts the request names
    (concept expansion, read from the graph by the caller).
    """
    norm = normalize_alias(text)
    intent = detect_intent(norm, match) or "records"
    count = requested_count(norm)
    limit = count or k
    if intent == "readings":
        kinds = metric_kinds(norm)
        named_tests = [e for e in match.entities if e.kind == "test"]
        test_keys = [e.key for e in named_tests]
        loincs = [loinc for _, loinc in kinds] + [e.loinc for e in named_tests if e.loinc]
        loincs += [loinc for _, loinc in concept_tests if loinc]
        metric = (
            (test_keys[0] if test_keys else None)
            or (kinds[0][0] if kinds else None)
            or (match.concept_keys[0] if match.concept_keys else None)
        )
        single_metric = len(set(test_keys)) <= 1 and len(set(loincs)) <= 1 and not match.concept_keys
        return StructuredPlan(
            intent="readings",
            metric=metric,
            metric_keys=tuple(dict.fromkeys([*test_keys, *(key for key, _ in concept_tests)])),
            loincs=tuple(dict.fromkeys(loincs)),
            kinds=tuple(kind for kind, _ in kinds),
            concepts=tuple(match.concept_keys),
            window=window,
            limit=limit,
            trend=single_metric and (bool(_TREND.search(norm)) or window is not None),
        )
    named = tuple(e.key for e in match.entities if e.kind == INTENT_ENTITY_KIND.get(intent))
    # a drug asked about by name: what the person said they changed about it answers too ("am I still supposed
    # to take clopidogrel?" -> the prescription and "I stopped the clopidogrel last week")
    types = NAMED_DRUG_TYPES if intent == "medications" and named else None
    return StructuredPlan(intent=intent, types=types, metric_keys=named or None, window=window, limit=limit)



def resolve_window(text: str, at: datetime) -> TimeWindow | None:
    """The first time expression of the request, resolved by the temporal resolver.

    An anchored expression ("last week", "in March") gives its interval; a duration ("over three
    months", "the past 2 weeks") gives the window that ends at ``at``.
    """
    try:
        from app.ingest.temporal import resolve_all
    except ImportError:  # the resolver is another package's; without it there is no window
        log.warning("temporal resolver unavailable; request time expressions ignored")
        return None
    resolutions = resolve_all(text, at)
    for resolution in resolutions:
        start = resolution.event_start
        if start is not None:
            return TimeWindow(start=start, end=resolution.event_end or at, text=resolution.text)
    for resolution in resolutions:
        if resolution.kind == "duration":
            start = duration_start(at, resolution.duration_min, resolution.iso_duration or resolution.value)
            if start is not None:
                return TimeWindow(start=start, end=at, text=resolution.text)
    return None


_ISO_DURATION = re.compile(r"^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$")


def duration_start(at: datetime, minutes: int | None, iso: str | None) -> datetime | None:
    """The start of the window of a duration that ends at ``at`` ("over three months")."""
    if minutes:
        return at - timedelta(minutes=minutes)
    found = _ISO_DURATION.match(iso or "")
    if not found or not any(found.groups()):
        return None
    years, months, weeks, days, hours, mins = (int(g) if g else 0 for g in found.groups())
    total_months = years * 12 + months
    year, month = divmod(at.month - 1 - total_months, 12)
    day = min(at.day, 28) if total_months else at.day
    start = at.replace(year=at.year + year, month=month + 1, day=day) if total_months else at
    return start - timedelta(weeks=weeks, days=days, hours=hours, minutes=mins)
