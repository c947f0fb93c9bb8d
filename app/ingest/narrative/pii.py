"""PII masking before anything is stored: phone numbers, e-mails, street addresses, ID numbers and
names of other people, each replaced by a typed placeholder (``<PHONE>``, ``<EMAIL>``,
``<ADDRESS>``, ``<ID>``, ``<PERSON>``).

Presidio's recognisers do the finding without an NLP engine (no spaCy model is available offline):
its predefined ``PhoneRecognizer`` (libphonenumber) and ``UsSsnRecognizer``, and
``PatternRecognizer`` instances for e-mails (Presidio's own ``EmailRecognizer`` validates domains
against a suffix list it downloads), street addresses, record and member numbers, and names said
after a relation ("my friend John", "Dr. Patel"). Health values are not masked ("150/95",
"131 mg/dL", dates). The originals are never logged: this module logs counts only.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

logger = logging.getLogger(__name__)

PLACEHOLDERS = {
    "PHONE_NUMBER": "<PHONE>",
    "EMAIL_ADDRESS": "<EMAIL>",
    "STREET_ADDRESS": "<ADDRESS>",
    "US_SSN": "<ID>",
    "ID_NUMBER": "<ID>",
    "PERSON": "<PERSON>",
}
MIN_SCORE = 0.3

_RELATIONS = (
    "friend|friends|husband|wife|partner|boyfriend|girlfriend|mom|mother|dad|father|son|daughter|sister|"
    "brother"
    "|aunt|uncle|cousin|grandma|grandmother|grandpa|grandfather|niece|nephew|coworker|co-worker|colleague|"
    "boss"
    "|neighbor|neighbour|roommate|doctor|nurse|coach|therapist|trainer|dentist|pharmacist|cardiologist"
)
_NAME = r"[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?"
_STREET = (
    r"Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Ter|Parkway|"
    r"Pkwy"
    r"|Highway|Hwy|Circle|Cir"
)


@dataclass(frozen=True, slots=True)
class MaskedSpan:
    """One masked span of the original text (offsets into the original; no text kept)."""

    entity: str
    start: int
    end: int
    placeholder: str


@dataclass(frozen=True, slots=True)
class MaskedText:
    text: str
    spans: tuple[MaskedSpan, ...]

    def sparing(self, original: str, own_names: Collection[str]) -> str:
        """The masked text with the person's own name left as written: a carer's "Evening shift here for Mr
        Portillo" names the person the message is about, not another person. A span is spared when it is a name
        placeholder and every word of it but a title is one of ``own_names``."""
        own = {n.lower() for n in own_names}
        if not own:
            return self.text
        out: list[str] = []
        pos = 0
        for span in self.spans:
            words = [w.lower() for w in re.findall(r"[^\W\d_]+(?:['-][^\W\d_]+)*", original[span.start : span.end])]
            named = [re.sub(r"['’]s$", "", w) for w in words if w not in _TITLES]  # "Mrs Kertzmann's carer"
            # the owner's "s" typed without its apostrophe: "its Mrs Razos daughter again"
            named = [w[:-1] if w not in own and w.endswith("s") and w[:-1] in own else w for w in named]
            if span.entity != "PERSON" or not named or not all(w in own for w in named):
                continue
            out.append(self.text[pos : self._at(span)])
            out.append(original[span.start : span.end])
            pos = self._at(span) + len(span.placeholder)
        out.append(self.text[pos:])
        return "".join(out)

    def _at(self, span: MaskedSpan) -> int:
        """Where ``span``'s placeholder stands in the masked text."""
        shift = sum(len(s.placeholder) - (s.end - s.start) for s in self.spans if s.start < span.start)
        return span.start + shift


_TITLES = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr"})


@lru_cache(maxsize=1)
def _recognizers() -> tuple[Any, ...]:
    from presidio_analyzer import Pattern, PatternRecognizer

    case_sensitive = re.DOTALL | re.MULTILINE  # Presidio's default adds IGNORECASE; names need case
    from presidio_analyzer.predefined_recognizers import PhoneRecognizer, UsSsnRecognizer

    email = PatternRecognizer(
        supported_entity="EMAIL_ADDRESS",
        patterns=[Pattern("email", r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b", 0.9)],
    )
    address = PatternRecognizer(
        supported_entity="STREET_ADDRESS",
        patterns=[
            Pattern(
                "street",
                rf"\b\d{{1,6}}\s+(?:[NSEW]\.?\s+)?(?:{_NAME}\s+){{1,3}}(?:{_STREET})\b\.?"
                r"(?:,?\s+(?:Apt|Apartment|Unit|Suite|#)\.?\s*\w+)?",
                0.8,
            ),
            Pattern("po_box", r"\b(?:P\.?\s?O\.?\s?Box|PO Box)\s+\d+\b", 0.8),
        ],
        global_regex_flags=case_sensitive,
    )
    ids = PatternRecognizer(
        supported_entity="ID_NUMBER",
        patterns=[
            Pattern("ssn_like", r"\b\d{3}-\d{2}-\d{4}\b", 0.6),
        ],
    )
    person = PatternRecognizer(
        supported_entity="PERSON",
        patterns=[
            Pattern("title_name", rf"\b(?:Dr|Doctor|Mr|Mrs|Ms|Miss|Prof)\.?\s+{_NAME}(?:\s+{_NAME})?", 0.85),
        ],
        global_regex_flags=case_sensitive,
    )
    return (PhoneRecognizer(), UsSsnRecognizer(), email, address, ids, person)


_LABELLED_ID = re.compile(
    r"(?i)\b(?:mrn|medical record(?: number| no\.?| #)?|patient id|member id|member number|insurance id"
    r"|policy(?: number| no\.?| #)|account(?: number| no\.?| #)|id(?: number| no\.?| #)|ssn|social security"
    r"(?: number)?)\s*(?:is|:|#|=)?\s*(?P<id>[A-Z0-9][A-Z0-9-]{4,})\b"
)


def _labelled_ids(text: str) -> list[tuple[str, int, int]]:
    """ "MRN: A1234567", "member id is XK99812" -> the number's span (the label stays)."""
    return [("ID_NUMBER", m.start("id"), m.end("id")) for m in _LABELLED_ID.finditer(text)]


def _relation_names(text: str) -> list[tuple[str, int, int]]:
    """ "my friend John (Smith)" -> the name's span (the relation word stays)."""
    found = []
    rx = re.compile(rf"\b(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er)\s+(?:{_RELATIONS})\s*,?\s+(?P<name>{_NAME}(?:\s+{_NAME})?)")
    for m in rx.finditer(text):
        name = m.group("name")
        first = name.split()[0]
        if first.lower() in _NOT_NAMES:
            continue
        found.append(("PERSON", m.start("name"), m.end("name")))
    return found


_NOT_NAMES = frozenset(
    [
        "said",
        "says",
        "told",
        "thinks",
        "thought",
        "is",
        "was",
        "has",
        "had",
        "and",
        "but",
        "who",
        "which",
        "that",
        "will",
        "would",
        "can",
        "could",
        "did",
        "does",
        "took",
        "takes",
        "gave",
        "gives",
        "wants",
        "wanted",
        "asked",
        "called",
    ]
)


_READING = re.compile(r"\d{2,3}\s*/\s*\d{2,3}")


def _dialable(said: str) -> bool:
    """True for a phone number: seven digits or more, and not a reading written with a slash ("168/88")."""
    return sum(c.isdigit() for c in said) >= 7 and _READING.fullmatch(said.strip()) is None


def find_pii(text: str) -> list[tuple[str, int, int]]:
    """``(entity, start, end)`` of every PII span, overlaps merged (the longer span wins)."""
    hits: list[tuple[str, int, int]] = []
    for recognizer in _recognizers():
        for result in recognizer.analyze(text, entities=recognizer.supported_entities, nlp_artifacts=None):
            if result.score < MIN_SCORE:
                continue
            if result.entity_type == "PHONE_NUMBER" and not _dialable(text[result.start : result.end]):
                continue  # "cuff says 168/88": a reading, not a phone number
            hits.append((result.entity_type, result.start, result.end))
    hits += _relation_names(text)
    hits += _labelled_ids(text)
    hits.sort(key=lambda h: (h[1], -(h[2] - h[1])))
    merged: list[tuple[str, int, int]] = []
    for hit in hits:
        if merged and hit[1] < merged[-1][2]:
            if hit[2] - hit[1] > merged[-1][2] - merged[-1][1]:
                merged[-1] = hit
            continue
        merged.append(hit)
    return merged


def mask_pii(text: str) -> MaskedText:
    """``text`` with every PII span replaced by its typed placeholder."""
    spans = find_pii(text)
    out: list[str] = []
    pos = 0
    masked: list[MaskedSpan] = []
    for entity, start, end in spans:
        placeholder = PLACEHOLDERS.get(entity, "<PII>")
        out.append(text[pos:start])
        out.append(placeholder)
        masked.append(MaskedSpan(entity, start, end, placeholder))
        pos = end
    out.append(text[pos:])
    if masked:
        logger.debug("masked %d PII span(s)", len(masked))
    return MaskedText("".join(out), tuple(masked))
