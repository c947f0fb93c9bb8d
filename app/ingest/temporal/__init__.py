"""The deterministic temporal resolver (issue #6, conventions 1-13; see docs/temporal.md).

Pure functions of the text and the mention time; nothing reads the clock, nothing is guessed::

    resolve_event_time("three days ago", mention)   # -> TemporalResolution(kind="date", ...)
    find_time_expressions(utterance, mention)       # -> [TimeMention(text=..., start=..., end=...)]
"""

from app.ingest.temporal.models import Recurrence, TemporalResolution, TimeMention
from app.ingest.temporal.resolver import find_time_expressions, resolve_all, resolve_event_time

__all__ = [
    "Recurrence",
    "TemporalResolution",
    "TimeMention",
    "find_time_expressions",
    "resolve_all",
    "resolve_event_time",
]
