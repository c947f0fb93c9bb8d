"""Grounding: annotate a stated fact with what the dictionary knows, never rewriting the fact.

Pure functions of (stated name, stated value, stated unit, the person's sex and age, snapshot).
The stated value and unit stay the caller's fact, untouched (empty where unstated); the
annotation adds the standard key and codes, the value in the canonical unit, the abnormality
flag and band against the (sex-specific where known) reference range, concept tags, and for
drugs the class, indications and risk facts. No interpretive text is produced or stored.

Units: a stated unit is converted when the test lists it (``conversions.csv``); an unknown unit
leaves the canonical value empty. With no unit stated, the value is read in the canonical unit
only when that is the test's only unit, or when it lies inside the test's plausible range
(``unit_assumed`` is then true): "A1c 7.2" is 7.2 %, "glucose 5.5" is not 5.5 mg/dL.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from app.dictionary.models import (
    Conversion,
    DrugEntry,
    Flag,
    ReferenceBand,
    Sex,
    TestEntry,
)
from app.dictionary.normalize import normalize_alias, normalize_unit
from app.dictionary.snapshot import DictionarySnapshot


@dataclass(frozen=True, slots=True)
class TestGrounding:
    """The annotation of one stated test result (the stated value and unit are not repeated)."""

    __test__ = False  # not a pytest class

    standard_key: str
    loinc: str
    display: str
    category: str
    canonical_unit: str | None
    value_canonical: float | None
    unit_assumed: bool
    unit_recognised: bool
    flag: Flag | None
    band: str | None
    normal_low: float | None
    normal_high: float | None
    range_sex: Sex | None
    range_source: str | None
    concepts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DrugGrounding:
    """The annotation of one stated medication name."""

    standard_key: str
    rxcui: str | None
    drug_class: str
    kind: str
    chronic: bool
    high_risk: bool
    indications: tuple[str, ...]  # SNOMED CT codes
    indication_keys: tuple[str, ...]  # dictionary condition keys
    concepts: tuple[str, ...]


def parse_number(value: float | int | str | None) -> float | None:
    """A finite number from a stated value (``"7,2"`` and ``"1,200"`` are not guessed at)."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value) if math.isfinite(value) else None
    text = value.strip()
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def find_conversion(entry: TestEntry, unit: str) -> Conversion | None:
    """The conversion for a stated unit spelling (compared by :func:`normalize_unit`)."""
    wanted = normalize_unit(unit)
    return next((c for c in entry.conversions if normalize_unit(c.unit) == wanted), None)


def to_canonical(entry: TestEntry, value: float, unit: str | None) -> tuple[float | None, bool, bool]:
    """``(value in the canonical unit, unit_assumed, unit_recognised)`` (see module docstring)."""
    if unit is not None and unit.strip():
        conversion = find_conversion(entry, unit)
        if conversion is None:
            return None, False, False
        return round(conversion.to_canonical(value), 6), False, True
    if entry.unit is None or len(entry.conversions) <= 1:
        return value, entry.unit is not None, True
    low, high = entry.plausible_low, entry.plausible_high
    if low is not None and high is not None and low <= value <= high:
        return value, True, True
    return None, False, True


def classify(value: float, bands: tuple[ReferenceBand, ...]) -> ReferenceBand | None:
    """The band a value falls in: the last band (by ``low``) whose ``low`` is at most the value.

    A value below every band, or above the top band's ``high``, gets a synthetic ``low`` /
    ``high`` band. ``bands`` are one person's numeric bands, ordered by ``low``.
    """
    numeric = [b for b in bands if b.value is None]
    if not numeric:
        return None
    chosen = None
    for band in numeric:
        if band.low is None or value >= band.low:
            chosen = band
    if chosen is None:
        return ReferenceBand(
            uid="", test_key=numeric[0].test_key, band="low", flag="low", source=numeric[0].source
        )
    if chosen.high is not None and value > chosen.high and chosen is numeric[-1]:
        return ReferenceBand(uid="", test_key=chosen.test_key, band="high", flag="high", source=chosen.source)
    return chosen


def _normal_band(bands: tuple[ReferenceBand, ...]) -> ReferenceBand | None:
    normals = [b for b in bands if b.value is None and b.flag == "normal"]
    if not normals:
        return None
    low = normals[0].low
    high = normals[-1].high
    return ReferenceBand(
        uid="",
        test_key=normals[0].test_key,
        band="normal",
        flag="normal",
        low=low,
        high=high,
        sex=normals[0].sex,
        source=normals[0].source,
    )


def ground_test_result(
    snapshot: DictionarySnapshot,
    name: str,
    value: float | int | str | None,
    unit: str | None,
    *,
    sex: Sex | None,
    age_years: float | None,
) -> TestGrounding | None:
    """Annotate a stated test result; ``None`` when the name is not a dictionary alias."""
    entry = snapshot.lookup("test", name)
    if not isinstance(entry, TestEntry):
        return None
    return ground_test_entry(snapshot, entry, value, unit, sex=sex, age_years=age_years)


def ground_test_entry(
    snapshot: DictionarySnapshot,
    entry: TestEntry,
    value: float | int | str | None,
    unit: str | None,
    *,
    sex: Sex | None,
    age_years: float | None,
) -> TestGrounding:
    """Annotate a stated result of a known test (FHIR observations come in by LOINC)."""
    bands = snapshot.reference_ranges(entry.key, sex, age_years)
    number = parse_number(value)
    canonical, assumed, recognised = (None, False, unit is None or not unit.strip())
    chosen: ReferenceBand | None = None
    if number is not None:
        canonical, assumed, recognised = to_canonical(entry, number, unit)
        if canonical is not None:
            chosen = classify(canonical, bands)
    elif isinstance(value, str) and value.strip():
        coded = normalize_alias(value)
        chosen = next((b for b in bands if b.value is not None and b.value == coded), None)
    normal = _normal_band(bands)
    source_band = chosen or normal
    return TestGrounding(
        standard_key=entry.key,
        loinc=entry.loinc,
        display=entry.display,
        category=entry.category,
        canonical_unit=entry.unit,
        value_canonical=canonical,
        unit_assumed=assumed,
        unit_recognised=recognised,
        flag=chosen.flag if chosen else None,
        band=chosen.band if chosen else None,
        normal_low=normal.low if normal else None,
        normal_high=normal.high if normal else None,
        range_sex=bands[0].sex if bands else None,
        range_source=source_band.source if source_band else None,
        concepts=entry.concepts,
    )


def ground_drug(snapshot: DictionarySnapshot, name: str) -> DrugGrounding | None:
    """Annotate a stated medication name; ``None`` when it is not a dictionary alias."""
    entry = snapshot.lookup("drug", name)
    return ground_drug_entry(snapshot, entry) if isinstance(entry, DrugEntry) else None


def ground_drug_entry(snapshot: DictionarySnapshot, entry: DrugEntry) -> DrugGrounding:
    keys = tuple(c.key for code in entry.indications if (c := snapshot.condition_by_snomed(code)) is not None)
    return DrugGrounding(
        standard_key=entry.key,
        rxcui=entry.rxcui,
        drug_class=entry.drug_class,
        kind=entry.kind,
        chronic=entry.chronic,
        high_risk=entry.high_risk,
        indications=entry.indications,
        indication_keys=tuple(dict.fromkeys(keys)),
        concepts=entry.concepts,
    )
