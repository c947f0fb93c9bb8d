"""ConText assertions (negation, hypothetical, uncertainty, family and other experiencers).

medspaCy's ConText algorithm decides, for each target span, which modifiers ("no", "if", "my
mother", ...) have it in scope. The pipeline is ``spacy.blank("en")`` (no downloaded model), a
rule-based sentencizer and ConText with medspaCy's default English rules plus the patient-voice
rules below (ConText's defaults are written for clinical notes, not first-person messages).

Targets are not found by a spaCy matcher: the extractor finds them (dictionary aliases matched
by longest match over normalised tokens, and the anchor phrases of its patterns) and hands their
character spans to :meth:`AssertionTagger.assess`; they go in a span group, so they may overlap.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from app.ingest.narrative.patient_voice_rules import PATIENT_VOICE_RULES

logger = logging.getLogger(__name__)

SPAN_GROUP = "selfgraph_targets"


NEGATED = "NEGATED_EXISTENCE"
HYPOTHETICAL = "HYPOTHETICAL"
POSSIBLE = "POSSIBLE_EXISTENCE"
FAMILY = "FAMILY"
OTHER = "OTHER_EXPERIENCER"
FIRST_PERSON = "FIRST_PERSON"
CLAUSE_FIRST_PERSON = "CLAUSE_FIRST_PERSON"
RESULT_FIRST_PERSON = "RESULT_FIRST_PERSON"


@dataclass(frozen=True, slots=True)
class Assertion:
    """What ConText found about one target span."""

    negated: bool = False
    hypothetical: bool = False
    uncertain: bool = False
    family: bool = False
    other_experiencer: bool = False
    relative: str | None = None  # the family modifier's text, e.g. "mother"
    question: bool = False  # the target's sentence is a question

    @property
    def affirmed_first_person(self) -> bool:
        """True when the target is stated as a fact about the speaker."""
        return not (
            self.negated
            or self.hypothetical
            or self.uncertain
            or self.family
            or self.other_experiencer
            or self.question
        )


class AssertionTagger:
    """A ConText pipeline built once per process (``get_tagger``)."""

    def __init__(self) -> None:
        import medspacy  # noqa: F401  (registers the medspacy_* factories)
        import spacy
        from medspacy.context import ConTextRule

        nlp = spacy.blank("en")
        nlp.add_pipe("sentencizer")
        context = nlp.add_pipe(
            "medspacy_context",
            config={
                "input_span_type": "group",
                "span_group_name": SPAN_GROUP,
                "span_attrs": None,
                "terminating_types": {
                    FAMILY: [FIRST_PERSON, CLAUSE_FIRST_PERSON, RESULT_FIRST_PERSON],
                    OTHER: [FIRST_PERSON, CLAUSE_FIRST_PERSON, RESULT_FIRST_PERSON],
                    NEGATED: [CLAUSE_FIRST_PERSON, RESULT_FIRST_PERSON],
                    HYPOTHETICAL: [RESULT_FIRST_PERSON],
                    POSSIBLE: [RESULT_FIRST_PERSON],
                },
            },
        )
        extra = []
        for literal, category, direction, pattern in PATIENT_VOICE_RULES:
            extra.append(ConTextRule(literal, category, direction=direction, pattern=pattern))
        cast(Any, context).add(extra)
        self._nlp = nlp

    def assess(self, text: str, spans: list[tuple[int, int]]) -> list[Assertion]:
        """The assertion for each ``(start, end)`` character span of ``text`` (same order)."""
        if not spans:
            return []
        doc = self._nlp.make_doc(text)
        targets = []
        for start, end in spans:
            span = doc.char_span(start, end, label="TARGET", alignment_mode="expand")
            targets.append(span)
        doc.spans[SPAN_GROUP] = [s for s in targets if s is not None]
        for _name, proc in self._nlp.pipeline:
            doc = proc(doc)
        by_bounds = {(s.start, s.end): s for s in doc.spans[SPAN_GROUP]}
        result: list[Assertion] = []
        for target in targets:
            if target is None:
                result.append(Assertion(uncertain=True))  # unaligned: fail closed
                continue
            span = by_bounds.get((target.start, target.end), target)
            result.append(_assertion(span))
        return result


def _assertion(span: Any) -> Assertion:
    categories: dict[str, str] = {}
    for modifier in getattr(span._, "modifiers", ()) or ():
        start, end = modifier.modifier_span
        categories.setdefault(modifier.category.upper(), span.doc[start:end].text)
    sentence = span.sent.text.strip() if span.doc.has_annotation("SENT_START") else ""
    return Assertion(
        negated=NEGATED in categories,
        hypothetical=HYPOTHETICAL in categories,
        uncertain=POSSIBLE in categories,
        family=FAMILY in categories,
        other_experiencer=OTHER in categories,
        relative=_relative(categories.get(FAMILY)),
        question=sentence.endswith("?")
        and _INTERROGATIVE.match(sentence) is not None
        and _TELLING_QUESTION.match(sentence) is None
        and _FACTIVE_QUESTION.match(sentence) is None,
    )


_INTERROGATIVE = re.compile(
    # an auxiliary that may open a statement with its subject dropped ("Had bloodwork on Tuesday", "Did a spin class",
    # "Was at the ER") asks only with its subject after it ("Had you ...?", "Is my A1C ...?", "Did the nurse ...?");
    # "do", "does" and the modals ask whatever follows ("Does lisinopril cause hives?")
    r"^\W*(?:(?:is|are|was|were|am|did|isn't|aren't|wasn't|didn't)\s+(?:i|you|he|she|it|we|they"
    r"|my|your|the|this|that|these|those|there|a|an|any|anyone|anybody|someone|somebody|something|it's|not|me|his|her"
    r"|our|their|\d)\b"
    r"|(?:have|has|had)\s+(?:i|you|he|she|it|we|they|the|this|that|these|those|there|any|anyone|anybody|someone"
    r"|somebody|something|not|\d)\b"
    r"|(?:do|does|don't|doesn't|should|shall|can|could|would|will|may|might|must|shouldn't|can't|won't|what|how|why"
    r"|when|where|which|who"
    r"|whom|whose|any|anything|if)\b)",
    re.IGNORECASE,
)
"""A question is asked with the words that open it ("Should I stop ...?", "Is 178 high?", "Had you heard ...?"); a
statement said with surprise ("my LDL came out at 178??", "Had bloodwork on Tuesday and my A1C was eight point one??":
an auxiliary opening a statement with its subject dropped) stays a statement."""

_TELLING_QUESTION = re.compile(
    r"^\W*(?:(?:did|have|had)\s+i\s+(?:ever\s+|already\s+)?(?:(?:tell|told)\s+(?:you|ya)|mention(?:ed)?)"
    r"|(?:did|do)\s+you\s+(?:know|remember|hear)|(?:has|did)\s+(?:anyone|anybody|somebody|someone)\s+told\s+you)\b",
    re.IGNORECASE,
)
"""A question about telling, not about what is told: "Did I tell you I had my gallbladder out in May?", "Have I
mentioned that I had a knee replacement?", "Did you know I had a stent put in?" — the told fact is a statement."""


_FACTIVE_QUESTION = re.compile(
    r"^\W*(?:(?:is|was)\s+it\s+(?:\w+\s+)?(?:ok|okay|alright|all\s+right|bad|safe|normal|fine|a\s+problem"
    r"|an\s+issue|dangerous|weird|worrying|a\s+big\s+deal)"
    r"|(?:should|do|does)\s+i\s+(?:need\s+to\s+)?(?:be\s+)?(?:worry|worried|concerned|panic))"
    r"\s+(?:that\s+(?:i|my)\b|(?:that\s+)?(?:i've|i\s+have|i'm|i\s+am|i\s+was|i\s+had)\b)",
    re.IGNORECASE,
)
"""A question about a fact told inside it: "is it ok that I've been taking advil for my knee?", "should I worry that
I skipped two days?" — the told fact is a statement ("is it ok if I take two?" stays a question)."""


def _relative(text: str | None) -> str | None:
    if text is None:
        return None
    word = text.lower().removesuffix("'s").removesuffix("'").strip()
    return word or None


@lru_cache(maxsize=1)
def get_tagger() -> AssertionTagger:
    """The process-wide tagger (loading spaCy and the rules takes about a second)."""
    logger.info("building the ConText pipeline")
    return AssertionTagger()
