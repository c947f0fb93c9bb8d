"""A sporting event the speaker has entered: "the gym is running a CrossFit throwdown in 10 days and I signed up for the
heavy division", "I've registered for a half marathon in May" — an exercise, the event as said (its time is the
event's, when said)."""

from __future__ import annotations

import re

from app.ingest.narrative.lifestyle import SPEAKER_SUBJECT
from app.ingest.narrative.models import Proposal

SPEAKERS = r"\b(?:i|we|(?:a few|some|all|both|the (?:two|three|four)) of us|my \w+ and i)\b"
"""The speaker, alone or in company ("a few of us", "my wife and I")."""

_ENTERED = re.compile(
    rf"{SPEAKERS}(?:'ve|\s+have|\s+am|'m)?\s+(?:just\s+|already\s+|finally\s+)?"
    r"(?:signed (?:myself )?up|registered|entered|signed on|competing|racing|put my name down)\b"
    r"(?:\s+(?:for|in|into|to do))?",
    re.IGNORECASE,
)
_EVENT = re.compile(
    r"\b(?P<event>(?:(?:crossfit|running|cycling|swimming|powerlifting|weightlifting|lifting|strongman|obstacle|boxing"
    r"|charity|fun|trail|road|hill)\s+)?(?:throwdown|competition|comp|meet|tournament|race|marathon|half marathon"
    r"|triathlon|duathlon|ironman|5k|10k|fun run|games|sportive|gran fondo|bout|fight))\b",
    re.IGNORECASE,
)
"""A sporting event the speaker has entered ("the gym is running a CrossFit throwdown in 10 days and I signed up for
the heavy division", "I've registered for a half marathon in May"): an exercise, the event as said; its time is
the event's, when said."""


def entered_events(text: str) -> list[Proposal]:
    """An exercise for each sporting event the speaker says they entered, the event as said."""
    out = []
    for m in _ENTERED.finditer(text):
        start = max(text.rfind(".", 0, m.start()), text.rfind("!", 0, m.start()), text.rfind("?", 0, m.start())) + 1
        end = min([i for i in (text.find(c, m.end()) for c in ".!?") if i >= 0] or [len(text)])
        event = _EVENT.search(text, m.end(), end) or _EVENT.search(text, start, m.start())
        if event is None:
            continue
        fields: dict[str, object] = {"activity": event.group("event").lower()}
        out.append(Proposal("exercise", fields, (m.start(), m.end()), policy="plain", extra=SPEAKER_SUBJECT))
    return out
