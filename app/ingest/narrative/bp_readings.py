"""Blood pressure readings said without naming the pressure, by their structure.

A bare pair ("128/79", "150 over 95") is a blood pressure when its numbers are a plausible systolic over a lower
diastolic and a reading word comes just before it — a device or the act of reading ("The pharmacy machine gave
me 128/79", "the monitor read 142 over 88"); a date ("on 10/12") or a score ("scored 100/120") is not. The two
numbers may also be told apart as the top and the bottom number ("Top number was 150 and the bottom was 95",
"systolic 138, diastolic 86").
"""

from __future__ import annotations

import re

READING_NEARBY = re.compile(
    r"\b(?:machine|monitor|reading|readings|numbers?|gave me|read|reads|showed|shows|came up|clocked|pressure"
    r"|cuff|bp|kiosk|had me at|has me at|(?:got|had|was|been)\s+checked)\b[^.;!?\n]{0,40}$",
    re.IGNORECASE,
)
"""A reading word shortly before a bare pair."""
SYSTOLIC_RANGE, DIASTOLIC_RANGE = (80.0, 250.0), (40.0, 150.0)
TOP_BOTTOM = re.compile(
    r"\b(?:the\s+)?(?:top|upper|systolic)(?:\s+(?:number|one|reading|figure))?\s*(?:was|is|of|at|:|,)?\s*"
    r"(?P<sys>\d{2,3})\b[^.;!?\d]{0,40}?\b(?:the\s+)?(?:bottom|lower|diastolic)(?:\s+(?:number|one|reading|figure))?"
    r"\s*(?:was|is|of|at|:|,)?\s*(?P<dia>\d{2,3})\b",
    re.IGNORECASE,
)
"""A reading told as its top and bottom numbers."""


def plausible_pair(systolic: float, diastolic: float) -> bool:
    """A systolic over a lower diastolic, both in the ranges a reading takes."""
    return (
        SYSTOLIC_RANGE[0] <= systolic <= SYSTOLIC_RANGE[1]
        and DIASTOLIC_RANGE[0] <= diastolic <= DIASTOLIC_RANGE[1]
        and systolic > diastolic + 10
    )


def read_pair(text: str, start: int, systolic: float, diastolic: float) -> bool:
    """A bare pair at ``start`` read as a blood pressure (module docstring)."""
    return plausible_pair(systolic, diastolic) and READING_NEARBY.search(text, max(0, start - 60), start) is not None


def top_bottom_readings(text: str) -> list[tuple[tuple[int, int], float, float]]:
    """``(span, systolic, diastolic)`` of each reading told by its top and bottom numbers."""
    out = []
    for m in TOP_BOTTOM.finditer(text):
        systolic, diastolic = float(m.group("sys")), float(m.group("dia"))
        if plausible_pair(systolic, diastolic):
            out.append(((m.start(), m.end()), systolic, diastolic))
    return out
