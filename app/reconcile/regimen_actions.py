"""The action a drug statement reports, in the contract's words.

A regimen change's action may be written in other words than the contract's four (start / stop / dose_change /
skip: "discontinued", "missed", "resumed", "increased") and may be missing ("leaving out the simvastatin" with no
action field), which is a change all the same; a prescription is a clinician's act ("prescribed"), not a dose
taken; any other drug statement reports taking the drug.
"""

from __future__ import annotations

import re

from app.reconcile.models import Statement

OCCASIONAL_CUES: tuple[str, ...] = (
    "sometimes",
    "occasionally",
    "once in a while",
    "now and then",
    "every now",
    "here and there",
    "a few times",
    "a couple of times",
    "some days",
    "once or twice",
    "forget",
    "forgot",
    "forgetting",
    "miss a dose",
    "missed a dose",
    "missed a few",
    "miss one",
    "missed one",
    "when i remember",
    "if i remember",
    # a single occasion: "I missed my hydrochlorothiazide one day last week", "missed one dose on Friday", "missed
    # my hydrochlorathiazide tues, just the once"
    "just the once",
    "only the once",
    "just once",
    "only once",
    "one day",
    "one night",
    "one morning",
    "one evening",
    "one dose",
    "a single dose",
    "missed a day",
)
"""Quote words of an occasional missed dose (medium) rather than a deliberate skip (high)."""

_RUN_OF_DAYS = re.compile(
    r"\bin a row\b|\b(?:days|nights|mornings|evenings|doses) (?:straight|running)\b"
    r"|\bboth\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|days|nights|mornings|evenings)\b"
    r"|\b(?:all|the whole|the entire)\s+(?:weekend|week)\b"
    # two or more days named: "on saturday and sunday", "no hctz fri thru sun"
    r"|\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\s+(?:and|thru|through|to|till|until|-)\s+"
    r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b"
    # "so i skip it all these days", "all the days since saturday"
    r"|\ball\s+(?:these|those|the)\s+days\b"
    r"|\b(?:for|over)\s+(?:the\s+(?:last|past)\s+)?(?:\d+|two|three|four|five|six|seven|several|a couple of)"
    r"\s+(?:days|nights|mornings|evenings)\b"
    # a learner's count of the days so far: "I am not taking my hydrochlorthiazide three days now", "since three days"
    r"|\b(?:\d+|two|three|four|five|six|seven|several|a couple of)\s+(?:days|nights|mornings|evenings)"
    r"\s+(?:now|already|so far)\b"
    r"|\bsince\s+(?:\d+|two|three|four|five|six|seven|several|a couple of)\s+(?:days|nights|mornings|evenings)\b",
    re.IGNORECASE,
)


def skips_a_run_of_days(quote: str | None) -> bool:
    """A skip over consecutive days ("forgot my Coumadin both Saturday and Sunday", "missed it all weekend",
    "for three days in a row") is skipping the drug, not an occasional missed dose, however it came about."""
    return bool(quote) and _RUN_OF_DAYS.search(quote or "") is not None


STOP_ACTIONS = frozenset({"stop", "skip", "dose_change", "change"})
ACTION_SYNONYMS: dict[str, str] = {
    "stopped": "stop",
    "discontinue": "stop",
    "discontinued": "stop",
    "quit": "stop",
    "quitted": "stop",
    "ended": "stop",
    "skipped": "skip",
    "missed": "skip",
    "miss": "skip",
    "missed_dose": "skip",
    "held": "skip",
    "hold": "skip",
    "pause": "skip",
    "paused": "skip",
    "started": "start",
    "restart": "start",
    "restarted": "start",
    "resume": "start",
    "resumed": "start",
    "dose": "dose_change",
    "dosechange": "dose_change",
    "dose_changed": "dose_change",
    "increase": "dose_change",
    "increased": "dose_change",
    "decrease": "dose_change",
    "decreased": "dose_change",
    "reduce": "dose_change",
    "reduced": "dose_change",
    "halved": "dose_change",
    "doubled": "dose_change",
    "changed": "change",
}
"""A regimen change's action in other words than the contract's four (start / stop / dose_change / skip)."""


def statement_action(st: Statement) -> str | None:
    """The statement's action: a contract word, ``prescribed``, ``take``, or ``None`` for a regimen change whose
    action is not said (the drug rules read that as a change)."""
    said = (st.text("action") or "").strip().lower().replace(" ", "_").replace("-", "_")
    default = {"regimen_change": None, "prescription": "prescribed"}.get(st.type, "take")
    return ACTION_SYNONYMS.get(said, said) or default
