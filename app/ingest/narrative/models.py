"""What the extractors return, and the one interface both implement."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from app.ingest.narrative.record_types import CandidateRecord
from app.ingest.narrative.terms import Vocabulary

BlockedKind = Literal["test", "drug", "condition", "symptom"]


class BlockedName(BaseModel):
    """A name that looked like a dictionary term but matched no alias exactly.

    It goes to the alias gate's candidate queue, never into the store (fail-closed admission).
    """

    model_config = ConfigDict(frozen=True)

    kind: BlockedKind
    name: str = Field(description="verbatim, as said")
    quote: str


class ExtractionResult(BaseModel):
    """One utterance's candidates.

    Attributes:
        records: Candidates stated as facts about the speaker (ready for the alias gate).
        blocked: Names for the candidate queue (never records).
        suppressed: Candidates ConText kept out (negated, hypothetical, uncertain, a question, or
            about another person); for audit and tests, never for the store.
        conversation_residue: The sentences no record came from (``None`` when nothing is left),
            for the LLM extractor and for the conversation event.
    """

    model_config = ConfigDict(frozen=True)

    records: list[CandidateRecord] = Field(default_factory=list)
    blocked: list[BlockedName] = Field(default_factory=list)
    suppressed: list[CandidateRecord] = Field(default_factory=list)
    conversation_residue: str | None = None
    rejected: int = Field(
        default=0, description="candidates dropped by validation or the no-fabrication check"
    )


class RecordExtractor(Protocol):
    """The interface of every extractor (rules, LLM)."""

    def extract(self, text: str, snapshot: Vocabulary, *, mention: datetime) -> ExtractionResult: ...


Policy = Literal["clinical", "negation_is_content", "family_to_history", "goal", "plain"]
"""How ConText assertions apply to a proposal.

- ``clinical``: admitted only when affirmed and about the speaker (else suppressed);
- ``negation_is_content``: the negation is what was said ("didn't take", "don't smoke"), so it is
  not suppressed by negation, but still by hypotheticals, questions, uncertainty, other people;
- ``family_to_history``: a condition; with a family modifier it becomes ``family_history``;
- ``goal``: suppressed by negation, questions and other people only ("maybe I'll aim for 5000"
  is still a goal);
- ``plain``: suppressed by negation, hypotheticals, questions and other people.
"""


@dataclass(slots=True)
class Proposal:
    """An extractor's internal proposal before assertions, time and validation are applied."""

    type: str
    fields: dict[str, Any]
    anchor: tuple[int, int]
    policy: Policy = "clinical"
    confidence: float = 0.9
    extra: dict[str, Any] = field(default_factory=dict)
