"""Find time expressions in an utterance and resolve them against the mention time.

Every rule is run over the text; overlapping matches are settled by length (the longest wins, then
the earlier rule in :data:`RULES`), so "at 10pm yesterday" beats "yesterday" and "three days ago"
beats "three days". A match whose rule cannot resolve it exactly is dropped, which lets a shorter
expression inside it stand ("at 8 yesterday" → the date "yesterday", the bare 8 is not guessed).
"""

from __future__ import annotations

from datetime import UTC, datetime, timezone
from functools import partial

from app.errors import InvalidInput
from app.ingest.temporal.grammar import Context, Rule
from app.ingest.temporal.models import ANCHORED_KINDS, NONE, TemporalResolution, TimeMention
from app.ingest.temporal.rules_calendar import (
    ANCHOR,
    BARE_WEEKDAY,
    CALENDAR_RULES,
    MONTH_BARE,
    YEAR_BARE,
    since,
)
from app.ingest.temporal.rules_clock import BARE_CLOCK, CLOCK_ON_DAY, CLOCK_RULES, DAY_PART
from app.ingest.temporal.rules_quantity import QUANTITY_RULES

_SINCE_TARGET = "|".join(
    f"(?:{p})" for p in (CLOCK_ON_DAY, DAY_PART, ANCHOR, MONTH_BARE, YEAR_BARE, BARE_WEEKDAY, BARE_CLOCK)
)
SINCE = rf"since\s+(?:{_SINCE_TARGET})"

RULES: tuple[Rule, ...] = (
    Rule("since", "6", SINCE, since),
    *CLOCK_RULES,
    *CALENDAR_RULES,
    *QUANTITY_RULES,
)


def _fixed_offset(mention: datetime) -> datetime:
    offset = mention.utcoffset()
    if offset is None:
        raise InvalidInput("the mention time must carry a UTC offset", field="mention")
    return mention.astimezone(timezone(offset))


def _candidates(text: str, ctx: Context, *, inner: bool) -> list[tuple[int, int, int, TemporalResolution]]:
    found: list[tuple[int, int, int, TemporalResolution]] = []
    for order, rule in enumerate(RULES):
        if rule.inner_only and not inner:
            continue
        for match in rule.regex.finditer(text):
            resolution = rule.resolve(match, ctx)
            if resolution is not None:
                found.append((match.start(), match.end(), order, resolution))
    return found


Found = tuple[int, int, int, TemporalResolution]
Chosen = tuple[int, int, TemporalResolution]


def _select(found: list[Found]) -> list[Chosen]:
    chosen: list[Chosen] = []
    for start, end, _, resolution in sorted(found, key=lambda c: (c[0] - c[1], c[2], c[0])):
        if all(end <= s or start >= e for s, e, _ in chosen):
            chosen.append((start, end, resolution))
    return sorted(chosen, key=lambda c: c[0])


def _resolve_all(text: str, mention: datetime, *, inner: bool) -> list[tuple[int, int, TemporalResolution]]:
    ctx = Context(mention=mention, resolve_inner=partial(_resolve_whole, mention=mention))
    chosen = _select(_candidates(text, ctx, inner=inner))
    return [(s, e, r.model_copy(update={"text": text[s:e]})) for s, e, r in chosen]


def _resolve_whole(text: str, mention: datetime) -> TemporalResolution | None:
    """An embedded expression ('since <expr>', 'started <expr>'): it must be resolved as a whole."""
    stripped = text.strip()
    for start, end, resolution in _resolve_all(stripped, mention, inner=True):
        if start == 0 and end == len(stripped):
            return resolution
    return None


# Finding does not depend on the mention; without one, expressions are checked against this instant.
_ANY_MENTION = datetime(2000, 1, 1, 12, 0, tzinfo=UTC)


def find_time_expressions(utterance: str, mention: datetime | None = None) -> list[TimeMention]:
    """Every time expression in ``utterance``, copied verbatim with its character offsets."""
    fixed = _fixed_offset(mention or _ANY_MENTION)
    return [
        TimeMention(text=r.text, start=s, end=e, convention=r.convention or "")
        for s, e, r in _resolve_all(utterance, fixed, inner=False)
    ]


def resolve_all(utterance: str, mention: datetime) -> list[TemporalResolution]:
    """Every expression of the utterance, resolved, in reading order."""
    return [r for _, _, r in _resolve_all(utterance, _fixed_offset(mention), inner=False)]


def resolve_event_time(text: str, mention: datetime) -> TemporalResolution:
    """The event time an utterance (or a bare expression) states, relative to ``mention``.

    The expression that places the event on the time line wins (the longest; then the first);
    without one, a duration or frequency is returned; without any, ``kind == 'none'``.
    """
    resolved = resolve_all(text, mention)
    if not resolved:
        return NONE
    anchored = [r for r in resolved if r.kind in ANCHORED_KINDS]
    pool = anchored or resolved
    return max(pool, key=lambda r: (len(r.text), -resolved.index(r)))
