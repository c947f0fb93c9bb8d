"""The deterministic composer: a faithful, characterising answer to each question, no model needed.

It writes a few sentences from the field's evidence — direction and timing for measurements,
frequency and pattern for habits, status for goals and medicines — and every sentence carries the
ids of the evidence it used. Every value, unit and date in the text is copied from an evidence
item (never computed into a new clinical value, never invented); counts and averages of the
user's own reports are the only derived numbers, and they say so. Only ``action_items`` recommends.

:func:`compose` keeps the sentences of the field's writer (:mod:`app.profile.field_sentences`) that
fit in :data:`MAX_CHARS`; the sentence and answer types are in :mod:`app.profile.sentences`.
"""

from __future__ import annotations

from app.profile.contract import FieldName
from app.profile.evidence import Evidence, EvidenceItem
from app.profile.field_sentences import FIELD_WRITERS
from app.profile.sentences import ComposedField, Sentence

MAX_CHARS = 500
NOTHING_YET = "Nothing recorded so far answers this question."


def compose(field: FieldName, evidence: Evidence, items: tuple[EvidenceItem, ...]) -> ComposedField:
    """Compose the answer of one field from its evidence (pure)."""
    sentences = [s for s in FIELD_WRITERS[field](evidence, items) if s.text]
    kept: list[Sentence] = []
    length = 0
    for sentence in sentences:
        if length + len(sentence.text) + 1 > MAX_CHARS and kept:
            break
        kept.append(sentence)
        length += len(sentence.text) + 1
    if not kept:
        return ComposedField(NOTHING_YET, ())
    return ComposedField(" ".join(s.text for s in kept), tuple(kept))


def compose_all(
    evidence: Evidence, fields: dict[FieldName, tuple[EvidenceItem, ...]]
) -> dict[FieldName, ComposedField]:
    return {name: compose(name, evidence, items) for name, items in fields.items()}
