"""The shapes the derived layer passes between its steps within one turn.

A :data:`Row` is a stored record as the rules read it (its properties plus uid, type, event time and
series key), :data:`Neighbours` the stored points around each new chained point, and
:class:`DerivedChanges` the counts of what the turn changed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.ingest.derived.metrics import native

Row = dict[str, Any]

Neighbours = dict[str, tuple[Row | None, Row | None]]
"""New point uid -> its stored predecessor and successor (uid, type, at; the predecessor's episode head)."""


@dataclass
class DerivedChanges:
    """Counts of what the derived layer changed in one turn (ids stay in the graph)."""

    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def add(self, name: str, n: int) -> None:
        if n:
            self.counts[name] += n


def as_row(raw: Mapping[str, Any]) -> Row:
    props = {k: native(v) for k, v in (raw.get("props") or {}).items() if v is not None}
    return {
        **props,
        "uid": raw["uid"],
        "type": raw["type"],
        "at": native(raw["at"]),
        "series_key": raw["series_key"],
    }


def dim_of(key: str) -> str:
    return key.split("|", 1)[1]
