"""Sentences about the user's measured series: direction and timing, or the latest value.

Each series of readings becomes one sentence ("rose from … to … between … and …", "held at …",
"Latest …"), scored so that changed and flagged series come first; values, units and dates are
copied from the readings.
"""

from __future__ import annotations

from app.profile.evidence import EvidenceItem
from app.profile.phrasing import Reading, day_month_year, month_year, number, readings_of
from app.profile.sentences import Sentence


def sentences_of_measurements(items: tuple[EvidenceItem, ...], limit: int) -> list[Sentence]:
    scored: list[tuple[int, Sentence]] = []
    for readings in readings_of(items).values():
        scored.append(_series_sentence(readings))
    scored.sort(key=lambda pair: -pair[0])
    return [sentence for _, sentence in scored[:limit]]


def _series_sentence(readings: list[Reading]) -> tuple[int, Sentence]:
    latest = readings[-1]
    comparable = [r for r in readings if r.unit.lower() == latest.unit.lower()]
    flag = f" (flagged {latest.flag})" if latest.flag in {"high", "low"} else ""
    if len(comparable) >= 2:
        first = comparable[0]
        if latest.value == first.value:
            verb = "held at"
            text = (
                f"{latest.label.capitalize()} {verb} {number(latest.value)} {latest.unit} "
                f"from {month_year(first.time)} to {month_year(latest.time)}{flag}."
            )
        else:
            verb = "rose" if latest.value > first.value else "fell"
            bands = (
                f" ({first.flag} → {latest.flag})" if first.flag and latest.flag and first.flag != latest.flag else flag
            )
            span = (
                f"in {month_year(latest.time)}"
                if month_year(first.time) == month_year(latest.time)
                else f"between {month_year(first.time)} and {month_year(latest.time)}"
            )
            text = (
                f"{latest.label.capitalize()} {verb} from {number(first.value)} to {number(latest.value)} "
                f"{latest.unit} {span}{bands}."
            )
        score = 2 + (1 if latest.flag in {"high", "low"} else 0) + (1 if verb != "held at" else 0)
        ids: tuple[str, ...] = (first.source_id, latest.source_id)
    else:
        text = f"Latest {latest.label}: {number(latest.value)} {latest.unit} on {day_month_year(latest.time)}{flag}."
        score = 1 + (1 if latest.flag in {"high", "low"} else 0)
        ids = (latest.source_id,)
    return score, Sentence(text.replace("  ", " "), ids)
