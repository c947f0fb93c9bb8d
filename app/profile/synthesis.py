"""Answering one question: through a chat model when one is configured, else the composer.

:class:`ChatSynthesizer` relays the question, the shared instruction and the field's evidence
(each item with its id) to a langchain-core chat model, constrained to :class:`ModelAnswer`, streamed
and time-limited. Its answer passes the guards (``guards.py``); a violation is retried once and then
falls back to the deterministic composer, so a field is never left with an unguarded text.
:class:`ComposerSynthesizer` is the offline path.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from typing import Protocol

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from app.errors import UpstreamError
from app.profile.composer import compose
from app.profile.contract import ProfileContract, ProfileQuestion
from app.profile.evidence import Evidence, EvidenceItem
from app.profile.guards import GuardViolation, check_answer
from app.profile.sentences import ComposedField

log = logging.getLogger(__name__)


class ModelAnswer(BaseModel):
    """The JSON the model must return."""

    text: str = Field(description="The answer: plain prose, 300-500 characters.")
    used_ids: list[str] = Field(description="Ids of the evidence items the answer relies on.")


@dataclass(frozen=True)
class FieldAnswer:
    text: str
    evidence_ids: tuple[str, ...]
    sentences: tuple[dict[str, object], ...]
    backend: str
    model: str | None


class FieldSynthesizer(Protocol):
    backend: str

    def answer(self, question: ProfileQuestion, evidence: Evidence, items: tuple[EvidenceItem, ...]) -> FieldAnswer: ...


def evidence_lines(items: tuple[EvidenceItem, ...]) -> str:
    """The evidence as the model sees it: one JSON line per item, with its id."""
    return "\n".join(
        json.dumps(
            {"id": i.id, "kind": i.kind, "stream": i.stream, "time": i.event_time, **i.facts},
            sort_keys=True,
            default=str,
            ensure_ascii=False,
        )
        for i in items
    )


def _from_composed(composed: ComposedField, backend: str) -> FieldAnswer:
    return FieldAnswer(
        text=composed.text,
        evidence_ids=composed.evidence_ids,
        sentences=tuple({"text": s.text, "ids": list(s.ids)} for s in composed.sentences),
        backend=backend,
        model=None,
    )


class ComposerSynthesizer:
    """The deterministic, offline answer; checked by the same guards."""

    backend = "composer"

    def answer(self, question: ProfileQuestion, evidence: Evidence, items: tuple[EvidenceItem, ...]) -> FieldAnswer:
        composed = compose(question.field, evidence, items)
        check_answer(
            composed.text,
            may_recommend=question.may_recommend,
            evidence_text=evidence_lines(items),
            cited_ids=composed.evidence_ids,
            evidence_ids=[i.id for i in items],
            allowed_numbers=composed.derived_numbers,
        )
        return _from_composed(composed, self.backend)


class ChatSynthesizer:
    """A langchain-core chat model (Ollama in production) answering under the JSON schema."""

    backend = "llm"

    def __init__(
        self,
        model: BaseChatModel,
        contract: ProfileContract,
        *,
        model_name: str,
        timeout_s: float,
        retries: int = 1,
        send_format: bool = True,
    ) -> None:
        self._model = model
        self._send_format = send_format
        self._contract = contract
        self._model_name = model_name
        self._timeout_s = timeout_s
        self._retries = retries
        self._fallback = ComposerSynthesizer()

    def answer(self, question: ProfileQuestion, evidence: Evidence, items: tuple[EvidenceItem, ...]) -> FieldAnswer:
        lines = evidence_lines(items)
        for attempt in range(self._retries + 1):
            try:
                reply = self._ask(question, lines)
                check_answer(
                    reply.text,
                    may_recommend=question.may_recommend,
                    evidence_text=lines,
                    cited_ids=reply.used_ids,
                    evidence_ids=[i.id for i in items],
                )
            except GuardViolation as violation:
                log.warning("profile field=%s attempt=%d guard=%s", question.field, attempt, violation.rule)
                continue
            except Exception as exc:  # any model or transport failure: retry, then the composer answers
                log.warning("profile field=%s attempt=%d model error=%s", question.field, attempt, type(exc).__name__)
                continue
            return FieldAnswer(
                reply.text.strip(),
                tuple(dict.fromkeys(reply.used_ids)),
                ({"text": reply.text.strip(), "ids": list(dict.fromkeys(reply.used_ids))},),
                self.backend,
                self._model_name,
            )
        answer = self._fallback.answer(question, evidence, items)
        return FieldAnswer(answer.text, answer.evidence_ids, answer.sentences, "composer-fallback", None)

    def _ask(self, question: ProfileQuestion, lines: str) -> ModelAnswer:
        """Stream the reply under a deadline and parse it as :class:`ModelAnswer`.

        The JSON schema is sent as Ollama's ``format`` (structured output) and also stated in the
        prompt, so any chat model can follow it; the reply is validated either way.
        """
        schema = ModelAnswer.model_json_schema()
        runnable = self._model.bind(format=schema) if self._send_format else self._model
        messages = [
            SystemMessage(self._contract.instruction),
            HumanMessage(
                f"Question: {question.question}\n\nEvidence (one JSON object per line):\n{lines}\n\n"
                f"Reply with one JSON object matching this schema: {json.dumps(schema)}"
            ),
        ]
        deadline = time.monotonic() + self._timeout_s
        parts: list[str] = []
        for chunk in runnable.stream(messages):
            parts.append(chunk.content if isinstance(chunk.content, str) else "")
            if time.monotonic() > deadline:
                raise UpstreamError("The model did not answer in time.", field=question.field)
        return ModelAnswer.model_validate_json("".join(parts).strip())
