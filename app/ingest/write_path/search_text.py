"""``search_text``: one short readable sentence per record, built from its fields only.

Keyword (BM25) and vector retrieval index this sentence; rehydration reads values from the fields,
so the sentence only has to be findable and faithful. It never adds a value the record lacks.
Embeddings are not computed here: retrieval owns a background embedding pass.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

Props = Mapping[str, Any]


def _num(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _qty(props: Props, name: str = "value") -> str:
    value = props.get(name)
    if value is None:
        return ""
    unit = props.get("unit")
    return f"{_num(value)} {unit}" if unit else _num(value)


def _when(props: Props) -> str:
    start = props.get("event_start")
    if isinstance(start, datetime):
        return f" on {start.date().isoformat()}"
    text = props.get("time_text")
    return f" ({text})" if text else ""


def _words(*parts: Any) -> str:
    return " ".join(str(p) for p in parts if p not in (None, ""))


def _label(value: Any) -> str:
    return str(value).replace("_", " ") if value else ""


def _test(p: Props) -> str:
    name = p.get("display") or p.get("name") or p.get("standard_key")
    flag = f", {p['abnormal']}" if p.get("abnormal") in {"high", "low"} else ""
    return _words(f"{name} result", _qty(p) or p.get("value_text")) + flag


def _vital(p: Props) -> str:
    if p.get("kind") == "blood_pressure" and p.get("systolic") is not None:
        dia = f"/{_num(p['diastolic'])}" if p.get("diastolic") is not None else ""
        return f"blood pressure {_num(p['systolic'])}{dia}" + (f" {p['unit']}" if p.get("unit") else "")
    return _words(_label(p.get("kind")), _qty(p))


def _sleep(p: Props) -> str:
    minutes = p.get("duration_min")
    hours = f"{_num(round(float(minutes) / 60.0, 1))} hours" if minutes is not None else ""
    return _words("slept", hours, f"({p['quality']})" if p.get("quality") else "")


def _medication(p: Props) -> str:
    verb = {"medication_intake": "took", "prescription": "prescribed"}.get(str(p.get("type")), "")
    if p.get("type") == "regimen_change":
        verb = {
            "start": "started",
            "stop": "stopped",
            "dose_change": "changed dose of",
            "skip": "skipped",
        }.get(str(p.get("action")), "changed")
    dose = _qty(p, "dose") if p.get("dose") is not None else ""
    return _words(
        verb, p.get("drug"), dose, p.get("frequency"), f"because {p['reason']}" if p.get("reason") else ""
    )


_RENDER: dict[str, Callable[[Props], str]] = {
    "sex": lambda p: f"sex {p.get('value_text')}",
    "birth_date": lambda p: _words("born", p.get("date")) if p.get("date") else f"age {p.get('age_years')}",
    "height": lambda p: f"height {_qty(p)}",
    "blood_type": lambda p: f"blood type {p.get('abo')}{p.get('rh') or ''}",
    "allergy": lambda p: _words(
        "allergic to", p.get("substance"), f"(reaction: {p['reaction']})" if p.get("reaction") else ""
    ),
    "family_history": lambda p: _words(p.get("relative"), "has", p.get("condition")),
    "condition": lambda p: _words("condition", p.get("name"), p.get("stated_status")),
    "surgery_history": lambda p: _words("surgery:", p.get("procedure")),
    "lifestyle_baseline": lambda p: _words(_label(p.get("habit")), p.get("stated_status")),
    "pregnancy_status": lambda p: _words(
        _label(p.get("stated_status")), f"week {p['week']}" if p.get("week") else ""
    ),
    "test_result": _test,
    "vital_sign": _vital,
    "body_measurement": lambda p: _words(_label(p.get("kind")), _qty(p)),
    "sleep": _sleep,
    "symptom": lambda p: _words(
        "symptom", p.get("severity"), p.get("name"), f"in {p['body_site']}" if p.get("body_site") else ""
    ),
    "medication_intake": _medication,
    "prescription": _medication,
    "regimen_change": _medication,
    "exercise": lambda p: _words(
        "exercise",
        p.get("activity"),
        f"{_num(p['duration_min'])} min" if p.get("duration_min") is not None else "",
        _qty(p, "distance") if p.get("distance") is not None else "",
    ),
    "meal": lambda p: _words("ate" if p.get("kind") != "drink" else "drank", p.get("food")),
    "mood_stress": lambda p: _words(_label(p.get("kind")), p.get("level")),
    "clinical_visit": lambda p: _words(_label(p.get("kind")), "visit"),
    "goal": lambda p: _words(
        "goal:", p.get("target"), f"({p['stated_status']})" if p.get("stated_status") else ""
    ),
}


def record_search_text(props: Props) -> str:
    """The sentence for a narrative record (type prefix, fields, and the date when known)."""
    render = _RENDER.get(str(props.get("type")))
    body = render(props) if render else _words(props.get("type"), props.get("name"))
    return (body + _when(props)).strip()


def trend_search_text(display: str, unit: str | None, derived: Mapping[str, Any]) -> str:
    unit_s = f" {unit}" if unit else ""
    first, last = _num(derived["first_value"]), _num(derived["last_value"])
    return (
        f"{display} trend {derived['direction']}: {first} to {last}{unit_s} "
        f"over {derived['count']} readings ({derived['first_at'][:10]} to {derived['last_at'][:10]})"
    )


def coverage_search_text(display: str, derived: Mapping[str, Any]) -> str:
    return (
        f"{display} reported {derived['count']} times "
        f"on {derived['reported_days']} of {derived['span_days']} days "
        f"(last {derived['last_day']})"
    )


def medication_search_text(drug: str, taking: bool, since: datetime | None) -> str:
    if taking:
        return f"currently takes {drug}" + (f" since {since.date().isoformat()}" if since else "")
    return f"no longer takes {drug}"


def goal_search_text(target: str | None, status: str) -> str:
    return f"goal {target or ''} is {status}".replace("  ", " ")
