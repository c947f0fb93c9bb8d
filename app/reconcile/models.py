"""The reconciliation contract as data: what a finding says and what it is about.

A :class:`Statement` is one narrative fact as the reconciler sees it (a stored ``Record`` or a gold
record handed in by the evaluator). A :class:`Finding` classifies it against the clinical record
with the kinds and severity rubric of issue 7, and cites the FHIR resources it is about as
:class:`Citation` (resource type, code system URI, code). Both are frozen values.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

FindingKind = Literal["agreement", "contradiction", "gap", "no_clinical_relevance"]
Severity = Literal["low", "medium", "high"]
Engine = Literal["rules", "llm"]

FINDING_KINDS: tuple[FindingKind, ...] = ("agreement", "contradiction", "gap", "no_clinical_relevance")
SEVERITIES: tuple[Severity, ...] = ("low", "medium", "high")
DISCREPANCY_KINDS: frozenset[str] = frozenset({"contradiction", "gap"})


class Citation(BaseModel):
    """A FHIR resource a finding is about, cited as ``(resource_type, system, code)``.

    ``fhir_id`` links the finding to the exact node; the triple is what the evaluation matches.
    """

    model_config = ConfigDict(frozen=True)

    resource_type: str
    system: str
    code: str
    fhir_id: str | None = None

    @property
    def key(self) -> str:
        """``<type>|<system>|<code>`` as stored on the Finding node."""
        return f"{self.resource_type}|{self.system}|{self.code}"

    @property
    def triple(self) -> tuple[str, str, str]:
        return (self.resource_type, self.system, self.code)


class Finding(BaseModel):
    """One classification of one statement against the clinical record.

    Attributes:
        kind: agreement | contradiction | gap | no_clinical_relevance.
        severity: low | medium | high for a discrepancy; ``None`` for agreement and
            no_clinical_relevance.
        safety_critical: not acting on it could lead to acute harm (issue 7 rubric).
        rationale: one or two sentences naming the facts compared and the record's age; never a
            diagnosis, a causal claim or advice.
        engine: ``rules`` or ``llm``.
        rule: the rule id (``llm.residue`` for the judge).
        cites: the FHIR resources the finding is about.
        record_uid: the narrative record classified (``None`` for an unsaved gold record).
        event_uid: the conversation event classified, for lifestyle talk that produced no record.
        event_start: the statement's event time (or mention time when none was stated).
    """

    model_config = ConfigDict(frozen=True)

    kind: FindingKind
    severity: Severity | None = None
    safety_critical: bool = False
    rationale: str = Field(max_length=600)
    engine: Engine
    rule: str
    cites: tuple[Citation, ...] = ()
    record_uid: str | None = None
    event_uid: str | None = None
    event_start: datetime | None = None

    @model_validator(mode="after")
    def _check_rubric_shape(self) -> Finding:
        if self.kind in DISCREPANCY_KINDS and self.severity is None:
            raise ValueError("a contradiction or gap needs a severity")
        if self.kind not in DISCREPANCY_KINDS and (self.severity is not None or self.safety_critical):
            raise ValueError("agreement and no_clinical_relevance carry no severity or safety flag")
        return self


PERIOD = timedelta(days=2)
"""An event window this long or longer is a period (week, month), not a day or a part of one."""


ZONE_SLACK = timedelta(days=1)
"""A record's instant may fall after the end of the local day a person names it by: "my flu jab on the 3rd of
November" said at UTC+13 against a dose recorded at 14:59 UTC that day (04:59 on the 4th, their time)."""
DOCUMENTED_EVENT_TYPES = frozenset({"clinical_visit", "surgery_history"})
"""Events the record documents on their own day (a vaccination, a procedure): a statement dated to that day
or part of it sees what the record holds for the day (a measurement is still compared with the one before, unless
it is dated to a past day: see :meth:`Statement.when`)."""


class Statement(BaseModel):
    """A narrative fact to reconcile: a record's type, its fields and its times.

    ``fields`` uses the contract field names of the record type (``drug``, ``action``, ``loinc``,
    ``value``, ``name``, ``status`` …) plus grounding annotations when present (``standard_key``,
    ``value_canonical``, ``drug_class``, ``concepts``). ``quote`` is used only for the lexical cues
    of the rubric (occasional vs. deliberate missed doses, double dosing, exertion intensity).
    """

    model_config = ConfigDict(frozen=True)

    type: str
    fields: dict[str, Any] = Field(default_factory=dict)
    uid: str | None = None
    quote: str | None = None
    event_start: datetime | None = None
    event_end: datetime | None = None
    mention_time: datetime | None = None

    def when(self, now: datetime) -> datetime:
        """The time the statement is about: its event time, else its mention time, else now. A period
        of days or more ("last month's cholesterol results") is read at its end, no later than the
        mention: what the record held by then, so a result dated inside the period is visible."""
        if self.event_start and self.event_end and self.event_end - self.event_start >= PERIOD:
            return min(self.event_end, self.mention_time or self.event_end)
        if self.type in DOCUMENTED_EVENT_TYPES and self.event_start and self.event_end:
            # "on March 12th they gave me the shingles vaccine": the record of that day documents the
            # same event, so the day is read at its end, and a day after it for a record kept in another
            # time zone (no later than the mention)
            return min(self.event_end + ZONE_SLACK, self.mention_time or self.event_end + ZONE_SLACK)
        if (
            self.type == "test_result"
            and self.event_start
            and self.event_end
            and self.mention_time
            and self.event_end <= self.mention_time
        ):
            # "the portal says my LDL was 146 on January 19th": a result dated to a past day is the lab of that
            # day, which the record documents; one said for today is still compared with the one before
            return self.event_end
        return self.event_start or self.mention_time or now

    def text(self, name: str) -> str | None:
        """A string field, trimmed and lower-cased (``None`` when absent or empty)."""
        value = self.fields.get(name)
        if value is None:
            return None
        text = str(value).strip().lower()
        return text or None

    def number(self, name: str) -> float | None:
        value = self.fields.get(name)
        return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
