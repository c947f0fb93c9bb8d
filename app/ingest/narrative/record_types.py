"""The record-type contract of the narrative stream, as data.

Every Health User Profile record type (issue 6: 10 static, 13 episodic, 5 derived, plus
``conversation_event``) is a frozen pydantic model of its key fields, with the field names of the
issue. :data:`RECORD_TYPES` maps a type name to its :class:`RecordType` (model and category).

Field names are the contract names; the graph stores them as ``Record`` properties. Two contract
names would collide with provenance properties of ``Record`` and are stored under another name
(:data:`STORAGE_NAMES`): ``status`` (condition, allergy, goal, habit, pregnancy) is stored as
``stated_status`` (``Record.status`` is the record's lifecycle), and the string ``value`` of ``sex``
as ``value_text`` (``Record.value`` is numeric). :meth:`CandidateRecord.properties` applies it.

A :class:`CandidateRecord` is what an extractor proposes: the type, the validated fields, the
verbatim quote it came from, the verbatim time expression (or ``None``), which extractor made it
and how confident it is. Values a speaker did not state stay ``None`` (no fabrication).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.graph_schema.registry import RECORD_PROPERTIES

Category = Literal["static", "episodic", "derived", "conversation"]
ExtractorName = Literal["rules", "exemplar", "llm"]


class RecordFields(BaseModel):
    """Base of every record type's key fields: frozen, unknown fields rejected."""

    model_config = ConfigDict(frozen=True, extra="forbid")


# --- static (10) -----------------------------------------------------------------------------


class Sex(RecordFields):
    value: Literal["female", "male", "other"]


class BirthDate(RecordFields):
    date: str | None = Field(default=None, description="ISO date (or partial date) as stated")
    age_years: int | None = None


class Height(RecordFields):
    value: float
    unit: str


class BloodType(RecordFields):
    abo: Literal["A", "B", "AB", "O"]
    rh: Literal["+", "-"] | None = None


class Allergy(RecordFields):
    substance: str
    substance_kind: Literal["drug", "food", "environment"] | None = None
    reaction: str | None = None
    status: Literal["active", "denied"] | None = Field(
        default=None, description="denied: the speaker says they are not allergic (held against the record)"
    )


class FamilyHistory(RecordFields):
    relative: str
    condition: str


class Condition(RecordFields):
    name: str
    status: Literal["active", "resolved", "denied"] | None = Field(
        default=None, description="denied: the speaker says they do not have it (held against the record)"
    )


class SurgeryHistory(RecordFields):
    procedure: str


class LifestyleBaseline(RecordFields):
    habit: Literal["smoking", "alcohol", "diet", "other"]
    status: str | None = Field(default=None, description="e.g. current, former, never, quit")


class PregnancyStatus(RecordFields):
    status: Literal["pregnant", "not_pregnant", "postpartum"]
    week: int | None = None


# --- episodic (13) ---------------------------------------------------------------------------


class TestResult(RecordFields):
    __test__ = False  # not a pytest class

    loinc: str | None = Field(default=None, description="from the dictionary, never from the text")
    value: float | None = None
    value_text: str | None = Field(default=None, description="a non-numeric result, e.g. 'positive'")
    unit: str | None = None
    name: str = Field(description="the test name as said")


class VitalSign(RecordFields):
    kind: Literal["blood_pressure", "heart_rate", "temperature", "spo2"]
    systolic: float | None = None
    diastolic: float | None = None
    value: float | None = None
    unit: str | None = None


class BodyMeasurement(RecordFields):
    kind: Literal["weight", "waist", "bmi", "body_fat"]
    value: float | None = None
    unit: str | None = None


class Sleep(RecordFields):
    start: datetime | None = Field(default=None, description="set by the temporal resolver only")
    end: datetime | None = Field(default=None, description="set by the temporal resolver only")
    duration_min: float | None = None
    quality: str | None = None


class Symptom(RecordFields):
    name: str
    severity: str | None = None
    body_site: str | None = None


class MedicationIntake(RecordFields):
    drug: str
    dose: float | None = None
    unit: str | None = None


class Prescription(RecordFields):
    drug: str
    dose: float | None = None
    unit: str | None = None
    frequency: str | None = None
    supply_days: int | None = None


class RegimenChange(RecordFields):
    drug: str
    action: Literal["start", "stop", "dose_change", "skip"]
    reason: str | None = None


class Exercise(RecordFields):
    activity: str
    duration_min: float | None = None
    distance: float | None = None
    unit: str | None = None


class Meal(RecordFields):
    food: str
    kind: Literal["meal", "snack", "drink"] | None = None


class MoodStress(RecordFields):
    kind: Literal["mood", "stress", "energy"]
    level: str | None = None


class ClinicalVisit(RecordFields):
    kind: Literal["checkup", "appointment", "emergency", "hospitalization", "vaccination"]


class Goal(RecordFields):
    target: str
    status: Literal["stated", "progressing", "achieved", "abandoned", "superseded"] = "stated"


# --- derived (5), written by the derived layer, never by an extractor -------------------------


class MetricTrend(RecordFields):
    standard_key: str
    unit: str | None = None
    derived: dict[str, Any] = Field(default_factory=dict, description="change, direction, count, ...")


class CurrentMedication(RecordFields):
    drug: str
    dose: float | None = None
    unit: str | None = None
    frequency: str | None = None


class RiskFactorProfile(RecordFields):
    derived: dict[str, Any] = Field(default_factory=dict)


class GoalTrajectory(RecordFields):
    target: str
    status: Literal["stated", "progressing", "achieved", "abandoned", "superseded"]
    derived: dict[str, Any] = Field(default_factory=dict)


class ReportCoverage(RecordFields):
    standard_key: str
    derived: dict[str, Any] = Field(default_factory=dict)


class ConversationEventFields(RecordFields):
    text: str = Field(description="the kept text, PII-masked")


class RecordType(BaseModel):
    """One entry of the registry."""

    model_config = ConfigDict(frozen=True)

    name: str
    category: Category
    model: type[RecordFields]


def _entries() -> dict[str, RecordType]:
    table: list[tuple[str, Category, type[RecordFields]]] = [
        ("sex", "static", Sex),
        ("birth_date", "static", BirthDate),
        ("height", "static", Height),
        ("blood_type", "static", BloodType),
        ("allergy", "static", Allergy),
        ("family_history", "static", FamilyHistory),
        ("condition", "static", Condition),
        ("surgery_history", "static", SurgeryHistory),
        ("lifestyle_baseline", "static", LifestyleBaseline),
        ("pregnancy_status", "static", PregnancyStatus),
        ("test_result", "episodic", TestResult),
        ("vital_sign", "episodic", VitalSign),
        ("body_measurement", "episodic", BodyMeasurement),
        ("sleep", "episodic", Sleep),
        ("symptom", "episodic", Symptom),
        ("medication_intake", "episodic", MedicationIntake),
        ("prescription", "episodic", Prescription),
        ("regimen_change", "episodic", RegimenChange),
        ("exercise", "episodic", Exercise),
        ("meal", "episodic", Meal),
        ("mood_stress", "episodic", MoodStress),
        ("clinical_visit", "episodic", ClinicalVisit),
        ("goal", "episodic", Goal),
        ("metric_trend", "derived", MetricTrend),
        ("current_medication", "derived", CurrentMedication),
        ("risk_factor_profile", "derived", RiskFactorProfile),
        ("goal_trajectory", "derived", GoalTrajectory),
        ("report_coverage", "derived", ReportCoverage),
        ("conversation_event", "conversation", ConversationEventFields),
    ]
    return {name: RecordType(name=name, category=cat, model=model) for name, cat, model in table}


RECORD_TYPES: dict[str, RecordType] = _entries()
"""Type name -> :class:`RecordType`. Do not mutate."""

STATIC_TYPES = frozenset(n for n, t in RECORD_TYPES.items() if t.category == "static")
EPISODIC_TYPES = frozenset(n for n, t in RECORD_TYPES.items() if t.category == "episodic")
DERIVED_TYPES = frozenset(n for n, t in RECORD_TYPES.items() if t.category == "derived")
EXTRACTABLE_TYPES = STATIC_TYPES | EPISODIC_TYPES
"""The types an extractor may propose (derived types come from rules over stored records)."""

CLINICAL_TYPES = frozenset(
    {
        "test_result",
        "vital_sign",
        "body_measurement",
        "medication_intake",
        "prescription",
        "regimen_change",
        "condition",
        "allergy",
        "symptom",
        "family_history",
        "surgery_history",
        "pregnancy_status",
        "blood_type",
    }
)
"""Types admitted only on a confident, non-negated, non-hypothetical statement (fail closed)."""

STORAGE_NAMES: dict[tuple[str, str], str] = {
    ("sex", "value"): "value_text",
    ("condition", "status"): "stated_status",
    ("allergy", "status"): "stated_status",
    ("lifestyle_baseline", "status"): "stated_status",
    ("pregnancy_status", "status"): "stated_status",
    ("goal", "status"): "stated_status",
    ("goal_trajectory", "status"): "stated_status",
}
"""(type, contract field) -> ``Record`` property, where the two differ."""


def storage_name(record_type: str, field: str) -> str:
    """The ``Record`` property a contract field is stored under."""
    return STORAGE_NAMES.get((record_type, field), field)


class CandidateRecord(BaseModel):
    """A typed record proposed by an extractor, not yet gated, resolved or grounded.

    Attributes:
        type: A key of :data:`RECORD_TYPES` (an extractable type).
        fields: The key fields, validated against the type's model (``None`` values dropped).
        quote: The verbatim span of the utterance the record came from.
        time_text: The verbatim time expression that dates the record, or ``None``.
        reading: The quote as the extractor read it, when the write path read a rewritten view of the
            message (a caregiver's third person in the person's first person, typed contractions with their
            apostrophes) and that differs from the words as written; ``None`` otherwise.
        extractor: ``rules``, ``exemplar`` (the nearest-exemplar tier) or ``llm``.
        confidence: 0..1.
        negated / hypothetical / uncertain / family: ConText assertions on the target. The
            extractors put a candidate with any of these set aside (``ExtractionResult.suppressed``);
            ``family`` findings become ``family_history`` records instead.
    """

    model_config = ConfigDict(frozen=True)

    type: str
    fields: dict[str, Any]
    quote: str
    time_text: str | None = None
    reading: str | None = None
    extractor: ExtractorName
    confidence: float = Field(ge=0.0, le=1.0)
    negated: bool = False
    hypothetical: bool = False
    uncertain: bool = False
    family: bool = False

    @model_validator(mode="after")
    def _validate_fields(self) -> CandidateRecord:
        entry = RECORD_TYPES.get(self.type)
        if entry is None or self.type not in EXTRACTABLE_TYPES:
            raise ValueError(f"not an extractable record type: {self.type!r}")
        typed = entry.model.model_validate(self.fields)
        object.__setattr__(self, "fields", typed.model_dump(exclude_none=True))
        if not self.quote.strip():
            raise ValueError("a candidate needs its verbatim quote")
        return self

    @property
    def category(self) -> Category:
        return RECORD_TYPES[self.type].category

    @property
    def admissible(self) -> bool:
        """True when no ConText assertion keeps the record out of the store."""
        return not (self.negated or self.hypothetical or self.uncertain or self.family)

    def typed_fields(self) -> RecordFields:
        """The fields as the type's model."""
        return RECORD_TYPES[self.type].model.model_validate(self.fields)

    def properties(self) -> dict[str, Any]:
        """The fields as ``Record`` properties (storage names applied)."""
        return {storage_name(self.type, k): v for k, v in self.fields.items()}


def undeclared_properties() -> list[str]:
    """``type.field`` names whose storage property ``Record`` does not declare (a test keeps it empty)."""
    missing = []
    for name, entry in RECORD_TYPES.items():
        if entry.category == "conversation":
            continue
        for field in entry.model.model_fields:
            if storage_name(name, field) not in RECORD_PROPERTIES:
                missing.append(f"{name}.{field}")
    return missing
