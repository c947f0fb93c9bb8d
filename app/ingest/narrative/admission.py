"""Admission by ConText assertion: the same rule for every extractor (see ``models.Policy``)."""

from __future__ import annotations

from app.ingest.narrative.assertions import Assertion
from app.ingest.narrative.models import Proposal


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
