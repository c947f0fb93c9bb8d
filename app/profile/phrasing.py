"""Small pure pieces of wording shared by the composer: names, dates, values, metric series."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from app.profile.evidence import EvidenceItem


def parse_time(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        try:
            return datetime.fromisoformat(value[:10])
        except ValueError:
            return None


def month_year(value: str | None) -> str:
    moment = parse_time(value)
    return moment.strftime("%B %Y") if moment else "an unstated date"


def day_month_year(value: str | None) -> str:
    moment = parse_time(value)
    return f"{moment.day} {moment.strftime('%b %Y')}" if moment else "an unstated date"


def number(value: Any) -> str:
    """A stated number as the evidence has it (no rounding beyond float noise)."""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def age_years(birth_date: str | None, as_of: datetime) -> int | None:
    if not birth_date:
        return None
    try:
        born = date.fromisoformat(str(birth_date)[:10])
    except ValueError:
        return None
    today = as_of.date()
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def join_words(words: list[str]) -> str:
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


@dataclass(frozen=True)
class Reading:
    """One numeric reading of a metric, from either stream."""

    metric: str
    label: str
    value: float
    unit: str
    time: str | None
    flag: str | None
    source_id: str


def readings_of(items: tuple[EvidenceItem, ...]) -> dict[str, list[Reading]]:
    """Numeric readings grouped by metric, oldest first."""
    series: dict[str, list[Reading]] = {}
    for item in items:
        reading = _reading(item)
        if reading is not None:
            series.setdefault(reading.metric, []).append(reading)
    for readings in series.values():
        readings.sort(key=lambda r: r.time or "")
    return series


def _reading(item: EvidenceItem) -> Reading | None:
    facts = item.facts
    if item.kind == "Observation":
        if not isinstance(facts.get("value"), int | float):
            return None
        return Reading(
            f"loinc:{facts.get('code')}",
            str(facts.get("display") or facts.get("code")),
            float(facts["value"]),
            str(facts.get("unit") or ""),
            item.event_time,
            None,
            item.id,
        )
    if item.kind in {"test_result", "body_measurement"} and isinstance(facts.get("value"), int | float):
        key = (
            facts.get("loinc") and f"loinc:{facts['loinc']}"
        ) or f"{item.kind}:{facts.get('standard_key') or facts.get('kind') or facts.get('name')}"
        label = str(facts.get("name") or facts.get("kind") or facts.get("standard_key") or "measurement")
        return Reading(
            key,
            label,
            float(facts["value"]),
            str(facts.get("unit") or ""),
            item.event_time,
            facts.get("abnormal"),
            item.id,
        )
    if item.kind == "vital_sign" and isinstance(facts.get("systolic"), int | float):
        return Reading(
            "vital:blood_pressure_systolic",
            "systolic blood pressure",
            float(facts["systolic"]),
            str(facts.get("unit") or "mmHg"),
            item.event_time,
            facts.get("abnormal"),
            item.id,
        )
    if item.kind == "vital_sign" and isinstance(facts.get("value"), int | float):
        kind = str(facts.get("kind") or "vital sign")
        return Reading(
            f"vital:{kind}",
            kind.replace("_", " "),
            float(facts["value"]),
            str(facts.get("unit") or ""),
            item.event_time,
            facts.get("abnormal"),
            item.id,
        )
    return None
