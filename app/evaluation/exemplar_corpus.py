"""Build the exemplar corpus of the extraction's fuzzy tier from our hand-labelled scenario sets.

Every turn whose ``expect.records`` we wrote (or that we marked ``retain: false``) labels its sentences.
Each drug, condition or symptom term the dictionary finds in a sentence becomes one exemplar
(:func:`app.ingest.narrative.exemplars.delexicalise`), labelled by the turn's expected records:

- a record of a type the term can fill (:data:`~app.ingest.narrative.exemplars.SLOT_FIELDS`) whose name is
  that term (same dictionary key, or the same words) labels it with the record's type and its template
  fields (:data:`~app.ingest.narrative.exemplars.TEMPLATE_FIELDS`);
- no such record: the label is :data:`~app.ingest.narrative.exemplars.NO_RECORD` (the sentence named the
  term and said nothing to record about it);
- a term named in several sentences of a turn that has a record for it is left out, since which sentence
  said the fact is not known; so is a term whose records disagree.

Turns that wrote findings but no records say nothing about records and are skipped. The sets used are
the caller's choice; sets kept for unseen measurement must never be given (the corpus records its sources).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from app.evaluation.scenario_format import ExpectedRecord, Turn, is_given, load_scenarios
from app.ingest.narrative.exemplars import (
    NO_RECORD,
    SLOT_FIELDS,
    TEMPLATE_FIELDS,
    Exemplar,
    Label,
    delexicalise,
)
from app.ingest.narrative.sentences import sentence_spans
from app.ingest.narrative.terms import TermMatch, Vocabulary, term_index, tokenize


@dataclass(frozen=True, slots=True)
class CorpusCounts:
    """What a build read and kept."""

    turns: int
    exemplars: int
    by_label: dict[str, int]
    ambiguous: int


def turn_exemplars(turn: Turn, snapshot: Vocabulary, source: str) -> tuple[list[Exemplar], int]:
    """The exemplars of one labelled turn, and how many terms were left out as ambiguous."""
    text = turn.text
    sentences = sentence_spans(text)
    terms = [t for t in term_index(snapshot).find(text, tokenize(text)) if t.kind in SLOT_FIELDS]
    placed = [(t, s) for t in terms for s in sentences if s[0] <= t.start < s[1]]
    said_in = Counter((t.kind, t.key) for t, _ in placed)
    exemplars: list[Exemplar] = []
    ambiguous = 0
    for term, sentence in placed:
        labels = {found for record in turn.expect.records if (found := _label(record, term, snapshot)) is not None}
        if len(labels) > 1 or (labels and said_in[(term.kind, term.key)] > 1):
            ambiguous += 1
            continue
        label, template = labels.pop() if labels else (NO_RECORD, ())
        exemplars.append(
            Exemplar(delexicalise(text, sentence, term.start, term.end, term.kind), term.kind, label, template, source)
        )
    return exemplars, ambiguous


def _label(record: ExpectedRecord, term: TermMatch, snapshot: Vocabulary) -> Label | None:
    field = SLOT_FIELDS[term.kind].get(record.type)
    said = record.fields.get(field) if field else None
    if not isinstance(said, str):
        return None
    entry = snapshot.lookup(term.kind, said)
    if (entry is None or entry.key != term.key) and said.strip().lower() != term.text.lower():
        return None
    kept = TEMPLATE_FIELDS.get(record.type, ())
    template = tuple(sorted((k, str(record.fields[k])) for k in kept if record.fields.get(k) is not None))
    if record.type == "allergy" and not template:
        template = (("status", "active"),)
    return record.type, template


def build_corpus(paths: Sequence[Path], snapshot: Vocabulary) -> tuple[list[Exemplar], CorpusCounts]:
    """The exemplars of every labelled turn of the scenarios under ``paths``, in file order."""
    exemplars: list[Exemplar] = []
    turns = ambiguous = 0
    for path in paths:  # scenario ids are unique within a set, not across sets
        for scenario in load_scenarios([path]):
            for number, turn in enumerate(scenario.turns):
                if not (is_given(turn.expect, "records") or turn.expect.retain is False):
                    continue
                turns += 1
                found, left_out = turn_exemplars(turn, snapshot, f"{path.name}/{scenario.id}#{number}")
                exemplars += found
                ambiguous += left_out
    by_label = Counter(e.label for e in exemplars)
    return exemplars, CorpusCounts(turns, len(exemplars), dict(sorted(by_label.items())), ambiguous)
