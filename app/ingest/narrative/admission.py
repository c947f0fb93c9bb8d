"""Admission by ConText assertion: the same rule for every extractor (see ``models.Policy``)."""

from __future__ import annotations

from dataclasses import replace

from pydantic import ValidationError

from app.ingest.narrative.assertions import Assertion
from app.ingest.narrative.models import Proposal
from app.ingest.narrative.record_types import CandidateRecord, ExtractorName

HEDGE_TOLERANT_TYPES = frozenset({"medication_intake", "regimen_change"})
"""One's own medication actions stand under a hedge: "I think I took my carbamazepine twice" reports
a (possible) double dose, which is acted on; "I think I have the flu" stays an uncertain diagnosis."""


def applicable(proposal: Proposal, a: Assertion) -> Assertion:
    """The assertion as it bears on this proposal.

    A hedge does not keep a medication action out (:data:`HEDGE_TOLERANT_TYPES`); a proposal whose
    pattern fixed the speaker as the subject (``extra["speaker_subject"]``: "I had pancakes with my
    sister") is not about the relative or person it mentions; a dose taken in doubt (``extra["doubted_dose"]``:
    "wasn't sure whether I'd had it, and I took another") is not put under its own doubt.
    """
    if proposal.extra.get("presupposed") and a.hypothetical:
        a = replace(a, hypothetical=False)  # "I'm supposed to wear a shield now that it has the new lens in"
    if proposal.extra.get("doubted_dose") and (a.hypothetical or a.uncertain):
        a = replace(a, hypothetical=False, uncertain=False)
    if (proposal.type in HEDGE_TOLERANT_TYPES or proposal.extra.get("hedge_tolerant")) and a.uncertain:
        a = replace(a, uncertain=False)
    if proposal.extra.get("speaker_subject") and (a.family or a.other_experiencer):
        a = replace(a, family=False, other_experiencer=False, relative=None)
    return a


def admit(proposal: Proposal, a: Assertion) -> tuple[bool, Proposal]:
    """Whether the proposal is admitted, and the proposal (a condition may become family history)."""
    if proposal.policy == "family_to_history":
        relative = proposal.extra.get("relative") or (a.relative if a.family else None)
        if relative is not None:
            history = Proposal(
                "family_history",
                {"relative": relative, "condition": proposal.fields["name"]},
                proposal.anchor,
                policy="clinical",
            )
            return not (
                a.negated or a.hypothetical or a.uncertain or a.question or a.other_experiencer
            ), history
        return a.affirmed_first_person, proposal
    if proposal.policy == "clinical":
        return a.affirmed_first_person, proposal
    if proposal.policy == "negation_is_content":
        return not (a.hypothetical or a.uncertain or a.question or a.family or a.other_experiencer), proposal
    if proposal.policy == "goal":
        return not (a.negated or a.question or a.family or a.other_experiencer), proposal
    return not (a.negated or a.hypothetical or a.question or a.family or a.other_experiencer), proposal


def candidate_record(
    proposal: Proposal,
    a: Assertion,
    *,
    quote: str,
    time_text: str | None,
    extractor: ExtractorName,
    confidence: float,
) -> CandidateRecord | None:
    """The candidate of an admitted or suppressed proposal, its ConText flags set (``None`` when its fields do
    not validate); the rules and the exemplar tier build theirs the same way."""
    try:
        return CandidateRecord(
            type=proposal.type,
            fields={k: v for k, v in proposal.fields.items() if v is not None},
            quote=quote,
            time_text=time_text,
            extractor=extractor,
            confidence=confidence,
            negated=a.negated and proposal.policy != "negation_is_content",
            hypothetical=a.hypothetical or a.question,
            uncertain=a.uncertain,
            family=(a.family or a.other_experiencer) and proposal.type != "family_history",
        )
    except ValidationError:
        return None


def distinct_candidates(records: list[CandidateRecord]) -> list[CandidateRecord]:
    """The candidates without repeats (same type, fields and quote), first kept; an entry denied twice in one turn
    ("Whoever put anemia on my chart got the wrong guy. Never been anemic in my life") is one denial, whatever its
    quotes."""
    seen: set[tuple[str, str]] = set()
    out = []
    for record in records:
        denial = record.fields.get("status") == "denied"
        key = (record.type, repr(sorted(record.fields.items())) + ("" if denial else record.quote))
        if key not in seen:
            seen.add(key)
            out.append(record)
    return out
