"""The dictionary's entries: frozen values built once from ``seed/dictionary/`` and shared.

Every entry has ``key`` (the standard key, stable across versions), ``display`` and ``aliases``
(the normalised surface forms that admit it). ``TERM_KIND`` names the kind the alias gate and
:meth:`DictionarySnapshot.lookup` use: ``test``, ``drug``, ``condition`` or ``symptom``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

TermKind = Literal["test", "drug", "condition", "symptom"]
TERM_KINDS: tuple[TermKind, ...] = ("test", "drug", "condition", "symptom")
Sex = Literal["female", "male"]
Flag = Literal["low", "normal", "high", "abnormal"]

LOINC_SYSTEM = "http://loinc.org"
RXNORM_SYSTEM = "http://www.nlm.nih.gov/research/umls/rxnorm"
SNOMED_SYSTEM = "http://snomed.info/sct"
CVX_SYSTEM = "http://hl7.org/fhir/sid/cvx"


@dataclass(frozen=True, slots=True)
class Conversion:
    """``canonical = value * factor + offset`` for a value stated in ``unit``."""

    unit: str
    factor: float
    offset: float = 0.0

    def to_canonical(self, value: float) -> float:
        return value * self.factor + self.offset


@dataclass(frozen=True, slots=True)
class ReferenceBand:
    """One band of a test's reference range; ``low`` and ``high`` are inclusive, ``None`` open.

    A qualitative test's band has ``value`` instead (a normalised coded result such as
    ``negative``). ``sex`` ``None`` applies to anyone; ``age_min``/``age_max`` in years
    (``age_max`` exclusive; ``None`` open).
    """

    uid: str
    test_key: str
    band: str
    flag: Flag
    low: float | None = None
    high: float | None = None
    sex: Sex | None = None
    age_min: float | None = None
    age_max: float | None = None
    value: str | None = None
    source: str = ""

    def applies_to_age(self, age_years: float) -> bool:
        return (self.age_min is None or age_years >= self.age_min) and (
            self.age_max is None or age_years < self.age_max
        )


@dataclass(frozen=True, slots=True)
class Concept:
    """A grouping for expansion: a panel (``lipid``) or a condition family (``diabetes``)."""

    key: str
    name: str
    kind: str  # panel | condition


@dataclass(frozen=True, slots=True)
class TestEntry:
    """A lab or vital test (LOINC) with its canonical UCUM unit and the units it converts from."""

    TERM_KIND: ClassVar[TermKind] = "test"
    __test__: ClassVar[bool] = False  # not a pytest class

    key: str
    display: str
    loinc: str
    category: str  # lab | vital | survey | exam | social
    unit: str | None
    conversions: tuple[Conversion, ...] = ()
    concepts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    tolerance: float | None = None
    plausible_low: float | None = None
    plausible_high: float | None = None
    other_loincs: tuple[str, ...] = field(default=())

    @property
    def codes(self) -> tuple[str, ...]:
        return (self.loinc, *self.other_loincs)


@dataclass(frozen=True, slots=True)
class DrugEntry:
    """A generic ingredient (RxNorm) with the facts the reconciliation rubric needs.

    ``kind`` is the drug's kind (prescription | otc | supplement | vaccine); ``products`` are the
    RxNorm product codes (e.g. from Synthea bundles) that map to this ingredient.
    """

    TERM_KIND: ClassVar[TermKind] = "drug"

    key: str
    display: str
    rxcui: str | None
    drug_class: str
    kind: str
    chronic: bool
    high_risk: bool
    indications: tuple[str, ...] = ()  # SNOMED CT codes
    concepts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    products: tuple[str, ...] = ()
    cvx: tuple[str, ...] = ()  # vaccines: CVX codes


@dataclass(frozen=True, slots=True)
class ConditionEntry:
    """A condition (SNOMED CT) with lay aliases and its concept tags."""

    TERM_KIND: ClassVar[TermKind] = "condition"

    key: str
    display: str
    snomed: str | None
    concepts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    other_snomeds: tuple[str, ...] = ()

    @property
    def codes(self) -> tuple[str, ...]:
        return (*((self.snomed,) if self.snomed else ()), *self.other_snomeds)


@dataclass(frozen=True, slots=True)
class SymptomEntry:
    """A symptom the extractor recognises (SNOMED CT where known)."""

    TERM_KIND: ClassVar[TermKind] = "symptom"

    key: str
    display: str
    snomed: str | None
    concepts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()


Entry = TestEntry | DrugEntry | ConditionEntry | SymptomEntry
