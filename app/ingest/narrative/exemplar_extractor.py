"""The exemplar tier: records for the dictionary terms in the sentences the rules left unread.

For each sentence of the utterance that gave the rules nothing (no record, no suppressed candidate, no
blocked name) and that is a first-person statement (:func:`told_of_oneself`), every drug, condition and symptom
term in it that the rules made nothing of elsewhere in the turn is delexicalised and embedded, and the
nearest exemplars vote on the record it gives (:mod:`.exemplars`). A record they choose is then
treated exactly like a rule's proposal:

- its name is the dictionary term (the drug's key, the condition as said, the symptom's display name);
  the exemplar gives only the type and a closed-vocabulary field (a regimen change's action, a
  condition's or allergy's status);
- ConText (and the named-person check) assesses the term's span, and the admission policy decides
  (negated, hypothetical, questioned or someone else's: suppressed; a relative's condition: family history);
- the time expression of the term's clause is its ``time_text``;
- the candidate passes :func:`.grounding_check.ungrounded_fields`.

Its candidates carry ``extractor="exemplar"`` and :data:`EXEMPLAR_CONFIDENCE`, between the LLM's and the
rules'. The sentences it reads stay out of the residue handed on to the LLM tier.
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from datetime import datetime

from app.ingest.narrative.admission import admit, applicable, candidate_record, distinct_candidates
from app.ingest.narrative.assertions import Assertion, get_tagger
from app.ingest.narrative.exemplars import (
    SLOT_FIELDS,
    Embed,
    ExemplarIndex,
    ExemplarPolicy,
    Verdict,
    delexicalise,
)
from app.ingest.narrative.grounding_check import ungrounded_fields
from app.ingest.narrative.models import ExtractionResult, Policy, Proposal
from app.ingest.narrative.named_people import someone_elses
from app.ingest.narrative.record_times import since_for_stop, time_for, time_mentions
from app.ingest.narrative.record_types import CLINICAL_TYPES, CandidateRecord
from app.ingest.narrative.sentences import sentence_spans
from app.ingest.narrative.terms import TermMatch, Vocabulary, said_name, symptom_name, term_index, tokenize

logger = logging.getLogger(__name__)

EXEMPLAR_CONFIDENCE = 0.7
_DENIALS = frozenset({"denied"})


class ExemplarExtractor:
    """Second tier of :class:`app.ingest.narrative.extraction_tiers.TieredExtractor`."""

    def __init__(self, index: ExemplarIndex, embed: Embed, policy: ExemplarPolicy | None = None) -> None:
        self._index = index
        self._embed = embed
        self._policy = policy or ExemplarPolicy()

    def extract(
        self, text: str, first: ExtractionResult, snapshot: Vocabulary, *, mention: datetime
    ) -> ExtractionResult:
        """Records for the terms of the sentences ``first`` (the rules' result) did not read."""
        sentences = [s for s in unread_sentences(text, first) if told_of_oneself(text[s[0] : s[1]])]
        read = _read_terms(first, snapshot)
        terms = [
            t
            for t in term_index(snapshot).find(text, tokenize(text))
            if t.kind in SLOT_FIELDS and (t.kind, t.key) not in read
        ]
        targets = [(t, s) for t in terms for s in sentences if s[0] <= t.start < s[1]]
        if not targets:
            return ExtractionResult()
        vectors = self._embed([delexicalise(text, s, t.start, t.end, t.kind) for t, s in targets])
        chosen = [
            (t, s, verdict)
            for (t, s), vector in zip(targets, vectors, strict=True)
            if (verdict := self._index.decide(vector, t.kind, self._policy)) is not None
            and not (_claims_presence(verdict) and _NEGATION.search(text, s[0], s[1]))
        ]
        result = _candidates(text, chosen, snapshot, mention)
        logger.info(
            "exemplar tier: %d term(s) in %d unread sentence(s), %d chosen, %d admitted",
            len(targets), len(sentences), len(chosen), len(result.records),
        )
        return result


_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we've|we're|us|our)\b", re.IGNORECASE)
_IRREALIS = re.compile(
    r"\b(?:will|shall|should|would|could|might|may|must|hope|hoping|wish|gonna|if|unless)\b|'ll\b|\bgoing to\b"
    r"|\b(?:supposed|need|needs|have|has|want|wants|plan|planning) to\b",
    re.IGNORECASE,
)


def told_of_oneself(sentence: str) -> bool:
    """Whether the tier may read a sentence: a statement of fact (not a question, a wish, a plan or a condition)
    in the first person. "Flu is going around", "Metoprolol every night after supper?", "I hope the migraines are
    gone soon" and "my refill is ready and I'll collect it tomorrow" report nothing to record; the rules, which
    read such sentences clause by clause, keep them."""
    plain = sentence.replace("\u2019", "'")
    return (
        not plain.rstrip().endswith("?")
        and _FIRST_PERSON.search(plain) is not None
        and _IRREALIS.search(plain) is None
    )


_NEGATION = re.compile(r"\b(?:not|no|never|none|nothing|without)\b|n't\b|n\u2019t\b", re.IGNORECASE)


def _claims_presence(verdict: Verdict) -> bool:
    """A symptom, an allergy or an active condition: a claim a negation anywhere in the sentence may undo
    ("Chest pain didn't wake me up", "the lisinopril isn't giving me any rash"); nearest neighbours do not see
    a negation's scope, so such a sentence is left to the rules. A stop or a resolved condition is often told
    through a negation ("haven't taken it since Sunday") and stays readable."""
    status = dict(verdict.template).get("status")
    return (verdict.label in ("symptom", "allergy") and status != "denied") or (
        verdict.label == "condition" and status in (None, "active")
    )


def _read_terms(first: ExtractionResult, snapshot: Vocabulary) -> set[tuple[str, str]]:
    """The dictionary terms the rules already made a record (or a suppressed candidate) of in this turn: their
    other mentions are read ("I left my metformin at home. Went without it for two days")."""
    read: set[tuple[str, str]] = set()
    for candidate in (*first.records, *first.suppressed):
        for kind, fields in SLOT_FIELDS.items():
            field = fields.get(candidate.type)
            said = candidate.fields.get(field) if field else None
            entry = snapshot.lookup(kind, said) if isinstance(said, str) else None
            if entry is not None:
                read.add((kind, entry.key))
    return read


def unread_sentences(text: str, first: ExtractionResult) -> list[tuple[int, int]]:
    """The sentences no record, suppressed candidate or blocked name of ``first`` was quoted from."""
    quoted: list[tuple[int, int]] = []
    for quote in [c.quote for c in (*first.records, *first.suppressed)] + [b.quote for b in first.blocked]:
        start = text.find(quote) if quote else -1
        if start >= 0:
            quoted.append((start, start + len(quote)))
    return [s for s in sentence_spans(text) if not any(a < s[1] and s[0] < b for a, b in quoted)]


def _candidates(
    text: str, chosen: list[tuple[TermMatch, tuple[int, int], Verdict]], snapshot: Vocabulary, mention: datetime
) -> ExtractionResult:
    proposals = [(_proposal(t, v, snapshot), s) for t, s, v in chosen]
    said = get_tagger().assess(text, [p.anchor for p, _ in proposals]) if proposals else []
    times = time_mentions(text, mention)
    records: list[CandidateRecord] = []
    suppressed: list[CandidateRecord] = []
    rejected = 0
    for (proposal, sentence), assertion in zip(proposals, said, strict=True):
        if someone_elses(text, proposal.anchor, sentence):
            assertion = replace(assertion, other_experiencer=True)
        candidate, admitted = _candidate(text, proposal, applicable(proposal, assertion), sentence, times)
        if candidate is None or ungrounded_fields(candidate, text, snapshot):
            rejected += 1
            continue
        (records if admitted else suppressed).append(candidate)
    if rejected:
        logger.info("exemplar tier rejected %d candidate(s)", rejected)
    return ExtractionResult(
        records=distinct_candidates(records), suppressed=distinct_candidates(suppressed), rejected=rejected
    )


def _proposal(term: TermMatch, verdict: Verdict, snapshot: Vocabulary) -> Proposal:
    record_type = verdict.label
    fields: dict[str, object] = dict(verdict.template)
    slot = SLOT_FIELDS[term.kind][record_type]
    if term.kind == "drug":
        fields[slot] = term.key
        if record_type == "allergy":
            fields["substance_kind"] = "drug"
    elif term.kind == "symptom":
        fields[slot] = symptom_name(term.key, snapshot)
    else:
        fields[slot] = said_name(term.text, term.kind, term.key, snapshot)
    if record_type == "allergy":
        fields.setdefault("status", "active")
    policy: Policy
    if fields.get("status") in _DENIALS:
        policy = "negation_is_content"  # "whoever wrote that I've got sinus trouble has the wrong fellow"
    elif record_type == "condition":
        policy = "family_to_history"
    else:
        policy = "clinical" if record_type in CLINICAL_TYPES else "plain"
    return Proposal(record_type, fields, (term.start, term.end), policy=policy, confidence=EXEMPLAR_CONFIDENCE)


def _candidate(
    text: str, proposal: Proposal, a: Assertion, sentence: tuple[int, int], times: list[tuple[int, int, str, bool]]
) -> tuple[CandidateRecord | None, bool]:
    admitted, proposal = admit(proposal, a)
    time_text = time_for(text, proposal.anchor, sentence, times, [])
    if proposal.type == "regimen_change" and proposal.fields.get("action") in ("stop", "skip"):
        time_text = since_for_stop(sentence, times, time_text)
    quote = text[sentence[0] : sentence[1]]
    candidate = candidate_record(
        proposal, a, quote=quote, time_text=time_text, extractor="exemplar", confidence=EXEMPLAR_CONFIDENCE
    )
    return candidate, admitted
