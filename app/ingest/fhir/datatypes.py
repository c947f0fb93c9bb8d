"""FHIR datatypes as graph values: date/times, codings, quantities, value[x]. Pure functions.

Time convention: FHIR ``dateTime``/``instant`` values become zoned datetimes (their own offset; a
time without an offset is read as UTC). A ``date`` (``2019-05-31``) and partial dates (``2019-05``,
``2019``) become midnight UTC of their first day; the original string stays in ``resource``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

SYSTEM_TAGS: Mapping[str, str] = {
    "http://loinc.org": "LOINC",
    "http://snomed.info/sct": "SNOMED",
    "http://www.nlm.nih.gov/research/umls/rxnorm": "RXNORM",
    "http://hl7.org/fhir/sid/cvx": "CVX",
    "http://hl7.org/fhir/sid/ndc": "NDC",
    "http://hl7.org/fhir/sid/icd-10": "ICD10",
    "http://hl7.org/fhir/sid/icd-10-cm": "ICD10CM",
    "http://hl7.org/fhir/sid/icd-9-cm": "ICD9CM",
    "http://www.ama-assn.org/go/cpt": "CPT",
    "http://unitsofmeasure.org": "UCUM",
}
"""Short tags for well-known code systems (``[LOINC:4548-4]``); others use their last segment."""

_PARTIAL_DATE = re.compile(r"^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$")

DAYS_PER_UNIT: Mapping[str, float] = {
    "min": 1 / 1440,
    "h": 1 / 24,
    "d": 1.0,
    "wk": 7.0,
    "mo": 30.0,
    "a": 365.0,
    "minute": 1 / 1440,
    "minutes": 1 / 1440,
    "hour": 1 / 24,
    "hours": 1 / 24,
    "day": 1.0,
    "days": 1.0,
    "week": 7.0,
    "weeks": 7.0,
    "month": 30.0,
    "months": 30.0,
    "year": 365.0,
    "years": 365.0,
}
"""Duration units (UCUM codes and spelled out) in days; a month counts 30 days, a year 365."""


def system_tag(system: str | None) -> str:
    """``http://loinc.org`` → ``LOINC``; an unknown URI → its last path segment, upper-cased."""
    if not system:
        return "NOSYSTEM"
    known = SYSTEM_TAGS.get(system)
    if known:
        return known
    tail = re.split(r"[/:]", system.rstrip("/"))[-1]
    return (tail or system).upper()


def parse_datetime(value: str | None) -> datetime | None:
    """A FHIR date, dateTime or instant as a zoned datetime (see the module docstring)."""
    if not value:
        return None
    partial = _PARTIAL_DATE.match(value)
    if partial:
        year, month, day = partial.groups()
        return datetime(int(year), int(month or 1), int(day or 1), tzinfo=UTC)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def period_bounds(period: Mapping[str, Any] | None) -> tuple[datetime | None, datetime | None]:
    if not period:
        return None, None
    return parse_datetime(period.get("start")), parse_datetime(period.get("end"))


def choice_times(resource: Mapping[str, Any], stem: str) -> tuple[datetime | None, datetime | None]:
    """The start and end of a ``<stem>[x]`` element (DateTime, Period, Instant, Date)."""
    for suffix in ("DateTime", "Instant", "Date"):
        value = resource.get(stem + suffix)
        if value:
            return parse_datetime(value), None
    period = resource.get(stem + "Period")
    if period:
        return period_bounds(period)
    return None, None


def codings(concept: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    """The codings of a CodeableConcept that carry both a system and a code."""
    if not concept:
        return []
    return [c for c in concept.get("coding", ()) if c.get("system") and c.get("code")]


def concept_text(concept: Mapping[str, Any] | None) -> str | None:
    """A CodeableConcept's text, else its first coding's display, else its first code."""
    if not concept:
        return None
    if concept.get("text"):
        return str(concept["text"])
    for coding in concept.get("coding", ()):
        if coding.get("display"):
            return str(coding["display"])
    for coding in concept.get("coding", ()):
        if coding.get("code"):
            return str(coding["code"])
    return None


def first_code(concept: Mapping[str, Any] | None) -> str | None:
    """The first coding's code of a CodeableConcept (statuses: ``active``, ``confirmed``…)."""
    for coding in (concept or {}).get("coding", ()):
        if coding.get("code"):
            return str(coding["code"])
    return None


def quantity_unit(quantity: Mapping[str, Any]) -> str | None:
    unit = quantity.get("unit") or quantity.get("code")
    return str(unit) if unit else None


def format_number(value: float) -> str:
    return f"{value:.4g}" if abs(value) < 1e6 else f"{value:.0f}"


def quantity_text(quantity: Mapping[str, Any] | None) -> str | None:
    if not quantity or quantity.get("value") is None:
        return None
    unit = quantity_unit(quantity)
    comparator = quantity.get("comparator", "")
    text = f"{comparator}{format_number(float(quantity['value']))}"
    return f"{text} {unit}" if unit else text


def value_choice(element: Mapping[str, Any]) -> tuple[float | None, str | None, str | None]:
    """An element's ``value[x]`` as ``(value, value_text, unit)``; what is not stated stays empty."""
    if "valueQuantity" in element:
        q = element["valueQuantity"]
        number = float(q["value"]) if q.get("value") is not None else None
        text = (
            f"{q['comparator']}{format_number(number)}"
            if number is not None and q.get("comparator")
            else None
        )
        return number, text, quantity_unit(q)
    if "valueInteger" in element:
        return float(element["valueInteger"]), None, None
    if "valueCodeableConcept" in element:
        return None, concept_text(element["valueCodeableConcept"]), None
    if "valueString" in element:
        return None, str(element["valueString"]), None
    if "valueBoolean" in element:
        return None, "true" if element["valueBoolean"] else "false", None
    if "valueRange" in element:
        rng = element["valueRange"]
        low, high = quantity_text(rng.get("low")), quantity_text(rng.get("high"))
        return None, f"{low or ''}-{high or ''}", None
    if "valueRatio" in element:
        ratio = element["valueRatio"]
        return (
            None,
            f"{quantity_text(ratio.get('numerator'))}/{quantity_text(ratio.get('denominator'))}",
            None,
        )
    if "valuePeriod" in element:
        period = element["valuePeriod"]
        return None, f"{period.get('start', '')}/{period.get('end', '')}", None
    for key in ("valueDateTime", "valueTime"):
        if key in element:
            return None, str(element[key]), None
    if "valueSampledData" in element:
        return None, "sampled data", element["valueSampledData"].get("origin", {}).get("unit")
    return None, None, None


def reference_range_text(ranges: Iterable[Mapping[str, Any]]) -> str | None:
    """``referenceRange`` as short text: ``3.5-5.0 mmol/L (female)``; a text-only range as its text."""
    parts: list[str] = []
    for rng in ranges:
        low, high = quantity_text(rng.get("low")), quantity_text(rng.get("high"))
        bounds = f"{low}-{high}" if low and high else f">={low}" if low else f"<={high}" if high else ""
        qualifiers = [concept_text(rng.get("type")), *(concept_text(a) for a in rng.get("appliesTo", ()))]
        if rng.get("age"):
            age = rng["age"]
            low, high = quantity_text(age.get("low")) or "", quantity_text(age.get("high")) or ""
            qualifiers.append(f"age {low}-{high}")
        label = ", ".join(q for q in qualifiers if q)
        text = " ".join(p for p in (bounds, f"({label})" if label else "", rng.get("text", "")) if p)
        if text:
            parts.append(text)
    return "; ".join(parts) or None


def duration_days(duration: Mapping[str, Any] | None) -> float | None:
    """A Duration (``expectedSupplyDuration``) in days, when its unit is a time unit."""
    if not duration or duration.get("value") is None:
        return None
    factor = DAYS_PER_UNIT.get(str(duration.get("code") or duration.get("unit") or "").lower())
    return float(duration["value"]) * factor if factor is not None else None


def iter_references(node: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every ``Reference.reference`` in a resource, with the top-level element that holds it."""
    if isinstance(node, dict):
        for key, child in node.items():
            if key == "reference" and isinstance(child, str):
                yield path, child
            elif key not in ("contained", "text", "extension", "modifierExtension", "meta"):
                yield from iter_references(child, path or key)
    elif isinstance(node, list):
        for child in node:
            yield from iter_references(child, path)
