"""Test values (labs, vitals, body measurements) against the latest Observation of the same LOINC.

Material difference = outside the test's measurement tolerance (the larger of its absolute tolerance in
the canonical unit and 5 % of the value) or across a reference-range band. A reported value that differs
materially, lab, vital or body measurement, is a medium contradiction (issue #7: "a value that conflicts
with a recorded one"); the record's age is in the rationale. A value said without its unit is read in the
unit (canonical or a conversion) that puts it nearest the recorded value.
"""

from __future__ import annotations

from app.dictionary.models import Conversion, TestEntry
from app.dictionary.normalize import normalize_unit
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.context import ClinicalContext, ClinicalItem
from app.reconcile.matching import Verdict, age_phrase, agreement, discrepancy
from app.reconcile.models import Statement

VITAL_LOINCS: dict[str, tuple[str, ...]] = {
    "blood_pressure": ("85354-9", "55284-4"),
    "heart_rate": ("8867-4",),
    "temperature": ("8310-5",),
    "spo2": ("59408-5", "2708-6"),
    "weight": ("29463-7",),
    "bmi": ("39156-5",),
    "waist": ("8280-0",),
    "body_fat": ("41982-0",),
}
"""LOINC codes of the vital and body-measurement kinds (blood pressure as the panel)."""
SYSTOLIC, DIASTOLIC = "8480-6", "8462-4"
DEFAULT_RELATIVE_TOLERANCE = 0.05
"""A difference within 5 % of the value is never material (analytical variation); the dictionary's
absolute tolerance (reporting precision) applies above it."""
DEFAULT_BP_TOLERANCE = 10.0


def test_entry(st: Statement, snapshot: DictionarySnapshot | None) -> TestEntry | None:
    if snapshot is None:
        return None
    loinc = st.text("loinc")
    entry = snapshot.test_by_loinc(loinc) if loinc else None
    if entry is None and st.text("standard_key"):
        found = snapshot.get("test", st.text("standard_key") or "")
        entry = found if isinstance(found, TestEntry) else None
    return entry


def statement_codes(st: Statement, snapshot: DictionarySnapshot | None) -> tuple[str, ...]:
    """The LOINC codes whose latest Observation the statement is compared with."""
    if st.type == "test_result":
        entry = test_entry(st, snapshot)
        if entry is not None:
            return entry.codes
        loinc = st.fields.get("loinc")
        return (str(loinc),) if loinc else ()
    if st.type in ("vital_sign", "body_measurement"):
        return VITAL_LOINCS.get(st.text("kind") or "", ())
    return ()


def fallback_codes(st: Statement, snapshot: DictionarySnapshot | None) -> tuple[str, ...]:
    """A qualified test (``fasting_glucose``) falls back to its unqualified test (``glucose``) when
    the record holds no Observation of the qualified one."""
    entry = test_entry(st, snapshot)
    if entry is None or snapshot is None or "_" not in entry.key:
        return ()
    base = snapshot.get("test", entry.key.split("_", 1)[1])
    return base.codes if isinstance(base, TestEntry) else ()


def _canonical(value: float, unit: str | None, entry: TestEntry | None) -> float | None:
    """``value`` in the test's canonical unit, or ``None`` when the unit cannot be converted."""
    if entry is None or unit is None or entry.unit is None:
        return value
    norm = normalize_unit(unit)
    if norm == normalize_unit(entry.unit):
        return value
    for conversion in entry.conversions:
        if normalize_unit(conversion.unit) == norm:
            return conversion.to_canonical(value)
    return None


def _band(
    snapshot: DictionarySnapshot | None, entry: TestEntry | None, ctx: ClinicalContext, value: float
) -> str | None:
    if snapshot is None or entry is None:
        return None
    sex = ctx.sex if ctx.sex in ("female", "male") else None
    for band in snapshot.reference_ranges(entry.key, sex, ctx.age_years):  # type: ignore[arg-type]
        if (band.low is None or value >= band.low) and (band.high is None or value <= band.high):
            return band.band
    return None


def _material(a: float, b: float, tolerance: float | None) -> bool:
    """Beyond the test's absolute tolerance (its reporting precision) *and* beyond 5 % of the larger
    value, the floor of any analytical method's variation (total cholesterol 171 against a recorded
    167.9 is the same result; an A1c of 7.4 against 6.1 is not)."""
    relative = DEFAULT_RELATIVE_TOLERANCE * max(abs(a), abs(b), 1e-9)
    return abs(a - b) > max(relative, tolerance or 0.0)


def observation_verdict(
    st: Statement, snapshot: DictionarySnapshot | None, ctx: ClinicalContext
) -> Verdict | None:
    codes = statement_codes(st, snapshot)
    if not codes:
        return None
    lab = st.type == "test_result"
    named = test_entry(st, snapshot) if lab else None
    name = (
        st.text("name")
        or (named.display if named else None)
        or (st.text("kind") or "value").replace("_", " ")
    )
    tied = ctx.latest_observations(codes)
    if not tied and lab:
        tied = ctx.latest_observations(fallback_codes(st, snapshot))
    if not tied:
        return discrepancy(
            "gap",
            "low",
            "observation.unrecorded",
            f"The statement reports {name}; the record holds no Observation of it before the statement.",
            [],
        )
    # several results of the test at the latest instant: the statement agrees if it agrees with one of them
    verdicts = [v for latest in tied if (v := _against(st, snapshot, ctx, latest, codes, name)) is not None]
    return next((v for v in verdicts if v.kind == "agreement"), verdicts[0] if verdicts else None)


def _against(
    st: Statement,
    snapshot: DictionarySnapshot | None,
    ctx: ClinicalContext,
    latest: ClinicalItem,
    codes: tuple[str, ...],
    name: str,
) -> Verdict | None:
    """The statement's value against one recorded Observation."""
    t = ctx.as_of
    lab = st.type == "test_result"
    if st.text("kind") == "blood_pressure":
        return _blood_pressure(st, snapshot, ctx, latest)
    entry = test_entry(st, snapshot) if lab else (snapshot.test_by_loinc(codes[0]) if snapshot else None)
    stated = st.number("value_canonical")
    recorded = _canonical(latest.value, latest.unit, entry) if latest.value is not None else None
    if st.number("value") is not None and st.text("unit") is None and recorded is not None:
        # a unit-less value ("187 on their scale") is read in the nearer unit, whatever unit grounding assumed
        stated = _unitless(st.number("value") or 0.0, entry, recorded)
    elif stated is None and st.number("value") is not None:
        stated = _canonical(st.number("value") or 0.0, st.text("unit"), entry)
    if stated is None or recorded is None:
        return None
    bands = (_band(snapshot, entry, ctx, stated), _band(snapshot, entry, ctx, recorded))
    crosses = bands[0] is not None and bands[1] is not None and bands[0] != bands[1]
    differs = _material(stated, recorded, entry.tolerance if entry else None) or crosses
    basis = (
        f"The stated {name} {_fmt(stated)} against the latest "
        f"{age_phrase(latest, t, 'measured')}: {_fmt(recorded)}"
    )
    if not differs:
        return agreement("observation.matches", basis + ", within measurement tolerance.", [latest])
    why = f"band {bands[1]} vs {bands[0]}" if crosses else "outside measurement tolerance"
    return discrepancy(
        "contradiction", "medium", "observation.material_difference", f"{basis}, {why}.", [latest]
    )


def _unitless(value: float, entry: TestEntry | None, recorded: float) -> float:
    """A value said without its unit ("181 on the scale", "my sugar was 5.5") read in the test's unit that
    puts it nearest the recorded value: the canonical unit or one of its conversions (pounds for a weight,
    mmol/L for a glucose); with no conversions, the canonical unit. A unit within a factor of two of the
    canonical one cannot be told from it by the number alone, so it is not tried: "my hemoglobin is nine point two"
    is 9.2 g/dL, as grounding read it, not the 14.8 g/dL that 9.2 mmol/L would be."""
    if entry is None:
        return value
    readings = [value] + [c.to_canonical(value) for c in entry.conversions if _told_apart_by_size(c)]
    return min(readings, key=lambda v: abs(v - recorded))


def _told_apart_by_size(conversion: Conversion) -> bool:
    """Whether a number in ``conversion``'s unit is far enough from the same number in the canonical unit (at least
    twice or half, or shifted, as Fahrenheit is) for the nearer reading to say which unit was meant."""
    return conversion.offset != 0 or not 0.5 < abs(conversion.factor) < 2


def _blood_pressure(
    st: Statement, snapshot: DictionarySnapshot | None, ctx: ClinicalContext, latest: ClinicalItem
) -> Verdict | None:
    pairs = [
        (st.number("systolic"), latest.component(SYSTOLIC), SYSTOLIC),
        (st.number("diastolic"), latest.component(DIASTOLIC), DIASTOLIC),
    ]
    compared = [(s, r, code) for s, r, code in pairs if s is not None and r is not None]
    if not compared:
        return None
    differs = False
    for stated, recorded, code in compared:
        entry = snapshot.test_by_loinc(code) if snapshot else None
        tolerance = entry.tolerance if entry and entry.tolerance is not None else DEFAULT_BP_TOLERANCE
        differs = differs or _material(stated, recorded, tolerance)
    basis = f"The stated blood pressure against the latest {age_phrase(latest, ctx.as_of, 'measured')}"
    if not differs:
        return agreement("observation.matches", basis + ", within measurement tolerance.", [latest])
    return discrepancy(
        "contradiction", "medium", "observation.material_difference", basis + ", outside tolerance.", [latest]
    )


def _fmt(value: float) -> str:
    return f"{value:.4g}"
