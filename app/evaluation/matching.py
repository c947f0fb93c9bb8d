"""Pure comparison rules of the scenario contract: fields, event times, records, cited resources.

- strings compare case-insensitively after trimming; code fields (``loinc``, ``code``, ``system``)
  compare exactly after trimming; numbers compare exactly (as floats); booleans exactly;
- an expected ``null`` means the stored value must be empty;
- an ``event_time`` window is inclusive at both ends; a date compares with the record's local date
  (in the record's own UTC offset), a datetime as an instant. Stored ``event_end`` is exclusive, so
  the last instant a record covers is ``event_end`` minus one microsecond;
- a record matches on type + the given fields + event_time + abnormal + concepts (a subset of the
  record's concept tags), each only when the expectation gives it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from typing import Any

from app.evaluation.observed import ObservedRecord
from app.evaluation.scenario_format import CitedResource, EventTime, EventWindow, ExpectedRecord, is_given

CODE_FIELDS = frozenset({"loinc", "code", "system", "rxnorm", "snomed"})
_TICK = timedelta(microseconds=1)


def norm_text(value: Any) -> str:
    return str(value).strip().casefold()


def _as_datetime(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value.strip())
        except ValueError:
            return None
    return None


def _as_date(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        text = value.strip()
        try:
            return datetime.fromisoformat(text).date() if "T" in text else date.fromisoformat(text)
        except ValueError:
            return None
    return None


def _same_instant(a: datetime, b: datetime) -> bool:
    if (a.tzinfo is None) != (b.tzinfo is None):
        return a.replace(tzinfo=None) == b.replace(tzinfo=None)
    return a == b


def field_matches(name: str, expected: Any, got: Any) -> bool:
    """One field of a record against its expectation."""
    if expected is None:
        return got is None or (isinstance(got, str) and not got.strip())
    if got is None:
        return False
    if isinstance(expected, bool) or isinstance(got, bool):
        return isinstance(got, bool) and isinstance(expected, bool) and got == expected
    if isinstance(expected, int | float):
        try:
            return float(got) == float(expected)
        except (TypeError, ValueError):
            return False
    if isinstance(expected, str) and isinstance(got, date):
        # a date or datetime written as a quoted string in the scenario file
        parsed = _as_datetime(expected) if "T" in expected else _as_date(expected)
        if parsed is None:
            return False
        expected = parsed
    if isinstance(expected, datetime):
        got_dt = _as_datetime(got)
        return got_dt is not None and _same_instant(got_dt, expected)
    if isinstance(expected, date):
        return _as_date(got) == expected
    if name in CODE_FIELDS:
        return str(got).strip() == str(expected).strip()
    return norm_text(got) == norm_text(expected)


def _last_instant(start: datetime, end: datetime | None) -> datetime:
    return end - _TICK if end is not None and end > start else start


def _not_before(point: datetime, bound: date | datetime) -> bool:
    if isinstance(bound, datetime):
        return point >= bound if (point.tzinfo is None) == (bound.tzinfo is None) else True
    return point.date() >= bound


def _not_after(point: datetime, bound: date | datetime) -> bool:
    if isinstance(bound, datetime):
        return point <= bound if (point.tzinfo is None) == (bound.tzinfo is None) else True
    return point.date() <= bound


def event_time_matches(expected: EventTime | None, start: datetime | None, end: datetime | None) -> bool:
    """A record's event time (``end`` exclusive) against the expectation (``None`` = must be empty)."""
    if expected is None:
        return start is None and end is None
    if start is None:
        return False
    last = _last_instant(start, end)
    if isinstance(expected, EventWindow):
        return _not_before(start, expected.from_) and _not_after(last, expected.to)
    if isinstance(expected, datetime):
        return _same_instant(start, expected)
    return start.date() == expected and last.date() == expected


def describe_event_time(start: datetime | None, end: datetime | None) -> str | None:
    if start is None:
        return None
    return start.isoformat() if end is None else f"{start.isoformat()}/{end.isoformat()}"


def fields_match(expected: ExpectedRecord, got: ObservedRecord) -> bool:
    """Type and every given field (the relaxed match used for faithfulness and temporal accuracy)."""
    if got.type != expected.type:
        return False
    return all(field_matches(name, value, got.fields.get(name)) for name, value in expected.fields.items())


def record_matches(expected: ExpectedRecord, got: ObservedRecord) -> bool:
    """The full match: type, fields, event time, abnormal flag and concepts, each when given."""
    if not fields_match(expected, got):
        return False
    if is_given(expected, "event_time") and not event_time_matches(
        expected.event_time, got.event_start, got.event_end
    ):
        return False
    if is_given(expected, "abnormal"):
        if expected.abnormal is None:
            if got.abnormal:
                return False
        elif got.abnormal is None or norm_text(got.abnormal) != expected.abnormal:
            return False
    wanted = {norm_text(c) for c in expected.concepts}
    return wanted <= {norm_text(c) for c in got.concepts}


def max_matching(
    left: Sequence[Any], right: Sequence[Any], compatible: Callable[[Any, Any], bool]
) -> dict[int, int]:
    """A maximum one-to-one matching (Kuhn's augmenting paths); ``{left index: right index}``."""
    edges = [[j for j, r in enumerate(right) if compatible(item, r)] for item in left]
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(left)):
        augment(i, set())
    return {i: j for j, i in owner.items()}


def cite_key(cite: str | CitedResource) -> tuple[str, str, str] | None:
    """``"<type>|<system>|<code>"`` (or an expected resource) as a comparable tuple."""
    if isinstance(cite, CitedResource):
        return cite.key()
    parts = cite.split("|")
    if len(parts) != 3:
        return None
    return (parts[0].strip(), parts[1].strip(), parts[2].strip())


def cite_keys(cites: Sequence[str | CitedResource]) -> set[tuple[str, str, str]]:
    return {key for key in (cite_key(c) for c in cites) if key is not None}
