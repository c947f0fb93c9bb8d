"""The LLM extractor: the same interface as the rules, for the residue they did not parse.

The chat model answers under a JSON schema built from the record-type contract (a discriminated
union: one variant per extractable type, its ``fields`` the type's model). Its output is then
treated exactly like the rules' proposals:

- drug, condition and symptom names must match a dictionary alias (mapped to the standard key);
  a test result's name must match a test alias exactly (its LOINC comes from the dictionary, never
  from the model); a name that matches nothing becomes a blocked name, never a record;
- every candidate passes :func:`.grounding_check.ungrounded_fields`: a value, unit, date or
  phrase that is not in the utterance rejects the candidate (no fabrication);
- ConText assertions and the admission policy of :mod:`.admission` apply as for the rules.

Model confidence is fixed (:data:`LLM_CONFIDENCE`), below the rules'.
"""

from __future__ import annotations

import logging
from datetime import datetime
from functools import lru_cache
from typing import Annotated, Any, Literal, Union

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from app.dictionary.models import TermKind, TestEntry
from app.ingest.narrative.admission import admit, applicable
from app.ingest.narrative.assertions import get_tagger
from app.ingest.narrative.grounding_check import ungrounded_fields
from app.ingest.narrative.models import BlockedName, ExtractionResult, Policy, Proposal
from app.ingest.narrative.record_types import CLINICAL_TYPES, EXTRACTABLE_TYPES, RECORD_TYPES, CandidateRecord
from app.ingest.narrative.terms import Vocabulary
from app.llm.structured import invoke_structured

logger = logging.getLogger(__name__)

LLM_CONFIDENCE = 0.6
PROMPT_VERSION = "narrative-extraction/1"
_KEYED: dict[tuple[str, str], TermKind | None] = {
    ("medication_intake", "drug"): "drug",
    ("prescription", "drug"): "drug",
    ("regimen_change", "drug"): "drug",
    ("condition", "name"): "condition",
    ("family_history", "condition"): "condition",
    ("symptom", "name"): "symptom",
    ("allergy", "substance"): None,  # a drug key when it is one, else the words as said
}
_POLICIES: dict[str, Policy] = {"goal": "goal", "condition": "family_to_history"}

SYSTEM_PROMPT = """You extract health records from one message a person wrote about themselves.
Answer with one JSON object {"records": [...]} that matches the JSON schema you are given.
Rules:
- Only facts the person states about themselves. Nothing negated, hypothetical or asked.
- Copy every value, unit, name and phrase exactly as written in the message. Never compute,
  convert, guess or complete a value, a unit or a date. If a field is not stated, leave it out.
- "quote" is the exact sentence of the message the record comes from.
- "time_text" is the exact time expression of that sentence ("yesterday", "last week"), or null.
- Test results: "name" is the test name exactly as written; leave "loinc" out.
- If nothing can be extracted, answer {"records": []}.
"""


@lru_cache(maxsize=1)
def response_schema() -> type[BaseModel]:
    """The response model: ``{"records": [<one variant per extractable record type>]}``."""
    variants: list[Any] = []
    for name in sorted(EXTRACTABLE_TYPES):
        fields_model = RECORD_TYPES[name].model
        variants.append(
            create_model(
                f"Llm_{name}",
                __config__=ConfigDict(extra="forbid"),
                type=(Literal[name], ...),  # type: ignore[arg-type]
                quote=(str, Field(description="the exact sentence the record comes from")),
                time_text=(str | None, Field(default=None, description="the exact time expression, or null")),
                fields=(fields_model, ...),
            )
        )
    union = Annotated[Union[tuple(variants)], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007
    return create_model("LlmExtraction", records=(list[union], Field(default_factory=list)))  # type: ignore[valid-type]


class LlmExtractor:
    """:class:`app.ingest.narrative.models.RecordExtractor` through a chat model."""

    def __init__(self, model: BaseChatModel, *, retries: int = 2) -> None:
        self._model = model
        self._retries = retries

    def extract(self, text: str, snapshot: Vocabulary, *, mention: datetime) -> ExtractionResult:
        schema = response_schema()
        messages = [SystemMessage(content=SYSTEM_PROMPT), HumanMessage(content=text)]
        reply = invoke_structured(self._model, schema, messages, retries=self._retries)
        raw = [r.model_dump(exclude_none=True) for r in getattr(reply, "records", [])]
        return validate_llm_records(text, raw, snapshot)


def validate_llm_records(text: str, raw: list[dict[str, Any]], snapshot: Vocabulary) -> ExtractionResult:
    """Turn the model's raw records into candidates, through the same gates as the rules."""
    proposals: list[tuple[Proposal, str, str | None]] = []
    blocked: list[BlockedName] = []
    rejected = 0
    for item in raw:
        record_type = item.get("type", "")
        quote = str(item.get("quote", ""))
        start = text.find(quote) if quote else -1
        if record_type not in EXTRACTABLE_TYPES or start < 0:
            rejected += 1
            continue
        fields = dict(item.get("fields") or {})
        mapped = _map_names(record_type, fields, snapshot, quote)
        if isinstance(mapped, BlockedName):
            blocked.append(mapped)
            continue
        if mapped is None:
            rejected += 1
            continue
        policy: Policy = _POLICIES.get(record_type, "clinical" if record_type in CLINICAL_TYPES else "plain")
        proposals.append(
            (
                Proposal(record_type, mapped, (start, start + len(quote)), policy=policy),
                quote,
                item.get("time_text"),
            )
        )
    assertions = get_tagger().assess(text, [p.anchor for p, _, _ in proposals]) if proposals else []
    records: list[CandidateRecord] = []
    suppressed: list[CandidateRecord] = []
    for (proposal, quote, time_text), said in zip(proposals, assertions, strict=True):
        assertion = applicable(proposal, said)
        admitted, proposal = admit(proposal, assertion)
        try:
            candidate = CandidateRecord(
                type=proposal.type,
                fields={k: v for k, v in proposal.fields.items() if v is not None},
                quote=quote,
                time_text=time_text,
                extractor="llm",
                confidence=LLM_CONFIDENCE,
                negated=assertion.negated,
                hypothetical=assertion.hypothetical or assertion.question,
                uncertain=assertion.uncertain,
                family=(assertion.family or assertion.other_experiencer)
                and proposal.type != "family_history",
            )
        except ValidationError:
            rejected += 1
            continue
        if ungrounded_fields(candidate, text, snapshot):
            rejected += 1
            continue
        (records if admitted else suppressed).append(candidate)
    if rejected:
        logger.info("llm extractor rejected %d record(s)", rejected)
    return ExtractionResult(records=records, blocked=blocked, suppressed=suppressed, rejected=rejected)


def _map_names(
    record_type: str, fields: dict[str, Any], snapshot: Vocabulary, quote: str
) -> dict[str, Any] | BlockedName | None:
    """Dictionary keys for the names the model gave; a blocked name when one matches nothing."""
    if record_type == "test_result":
        name = str(fields.get("name", ""))
        entry = snapshot.lookup("test", name) if name else None
        if not isinstance(entry, TestEntry):
            return BlockedName(kind="test", name=name, quote=quote) if name else None
        return {**fields, "loinc": entry.loinc}
    for (rtype, field), kind in _KEYED.items():
        if rtype != record_type or field not in fields:
            continue
        said = str(fields[field])
        if kind is None:  # allergy substance: a drug key when it is one
            entry = snapshot.lookup("drug", said)
            if entry is not None:
                fields = {**fields, field: entry.key, "substance_kind": "drug"}
            continue
        entry = snapshot.lookup(kind, said)
        if entry is None:
            return BlockedName(kind=kind, name=said, quote=quote)
        fields = {**fields, field: entry.key}
    return fields
