"""Stated goals: what a person says they aim for, in their own words.

Three forms, each a first-person (or "let's") commitment whose target is copied verbatim:

1. an aim verb and a target about health: "I want to lose 2 pounds", "my goal is to walk more",
   "I set my daily goal at 4,000" (the target needs a number or a health or activity word);
2. "my goal(s) ... is / will be / again <target>": "my goal this week is between 7,000 to 8,000";
3. a commitment verb and a quantity: "I'll shoot for 3,400", "let's do 8,000 steps T-F",
   "I'm going for 5,000 to 7,000", "we will do 2500". The target must start with a quantity that
   can only be a goal amount: a number of four digits or more (or "7k"), or a number with an
   activity or health unit ("30 minutes", "2 pounds"); "let's do 10 for 10" is not one.

A decimal point is part of a target ("under 5.7"); a target ends at the end of its clause (a comma
ends it); a confidence rating said after it ("on a scale from 1-10 ...") and a trailing reason
("only because ...") are not part of it.
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal

_AIM = re.compile(
    r"\b(?:i\s+(?:want|would like|'d like|need|hope|plan|intend|aim)\s+to|i(?:'ll|\s+will)?\s+plan\s+on"
    r"|i'd like to|i'm going to|"
    r"i am going to"
    r"|my goal is(?:\s+to)?|my target is(?:\s+to)?|my goal for (?:this|next) week is(?:\s+to)?"
    r"|i(?:'m| am) (?:trying|aiming) (?:to|for)"
    r"|set (?:my|the|a) (?:(?:daily|weekly|new|step) )?goals? (?:at|for|to|of)"
    r"|my new goal is(?:\s+to)?"
    r"|i will try to|i'll try to|i want my goal to be)\s+"
    # "I want to tell you that ...", "I need to mention ...": a report follows, not an aim
    r"(?!(?:tell|say|let you know|mention|ask|report|share|update|confess|admit|check|know)\b)"
    r"(?P<target>(?:[^.;!?\n]|(?<=\d)\.(?=\d)){2,80})",
    re.IGNORECASE,
)
_MY_GOAL = re.compile(
    r"\bmy\s+(?:(?:daily|weekly|new|step)\s+)?goals?\b[^.;!?\n]{0,70}?\s+(?:is|will be|are|again)\s+(?:to\s+)?"
    r"(?P<target>(?:[^.;!?\n]|(?<=\d)\.(?=\d)){2,80})",
    re.IGNORECASE,
)
_COMMIT = re.compile(
    r"\b(?:(?:i|we)(?:'ll|\s+will|\s+wanna|\s+want to|'m going to|\s+am going to|'re going to|\s+are going to"
    r"|\s+going to)\s+(?:try\s+(?:to\s+)?)?"
    r"(?:shoot for|shot for|aim for|go for|go with|push for|push|do|try|keep it at|hit|reach)"
    r"|let'?s\s+(?:do|try|shoot for|shot for|go for|go with|aim for|make it|push for|keep it at)"
    r"|i(?:'m| am) (?:going|shooting|aiming|pushing) for)"
    r"\s+(?P<target>(?:[^.;!?\n]|(?<=\d)\.(?=\d)){1,80})",
    re.IGNORECASE,
)
_HEALTH_TARGET = re.compile(
    r"\d|\b(?:lose|losing|gain|weight|kg|kilos?|pounds?|lbs?|walk|walking|steps?|run|running|jog|swim|bike|"
    r"exercise"
    r"|workout|work out|gym|sleep|eat|eating|diet|healthier|healthy|drink|water|sugar|a1c|blood pressure|bp"
    r"|cholesterol|quit|stop smoking|smoking|alcohol|cut (?:back|down)|reduce|lower|fit|fitness|active|"
    r"stretch"
    r"|yoga|meditat|vegetables|fruit|salt|sodium|carbs?|calories|miles?|km|minutes|hours)\b",
    re.IGNORECASE,
)
_GOAL_AMOUNT = re.compile(
    r"^(?:(?:between|from|about|around|at least|over|a)\s+)?"
    r"(?:\d{1,3}(?:,\d{3})+|\d{4,}|\d+(?:\.\d+)?\s?k\b"
    r"|\d+(?:\.\d+)?\s+(?:steps|minutes|mins|hours|hrs|miles|km|kilometers|pounds|lbs|kg|kilos|glasses|cups"
    r"|servings|laps|push-?ups|sit-?ups|squats)\b)",
    re.IGNORECASE,
)
_TARGET_END = re.compile(
    r",(?!\d)|\s*\b(?:and\s+)?on a scale\b|\s+(?:and|but|because|only|so|if|since|cause|then|which|that|"
    r"i|we)\b",
    re.IGNORECASE,
)


def find_goals(text: str) -> list[Proposal]:
    """Stated aims whose target is about health (a number, or a health or activity word)."""
    out: list[Proposal] = []
    for rx, amount_only in ((_AIM, False), (_MY_GOAL, False), (_COMMIT, True)):
        for m in rx.finditer(text):
            if any(a <= m.start() < b or m.start() <= a < m.end() for a, b in (p.anchor for p in out)):
                continue  # one goal per statement: the first form that read it
            target = _clause(m.group("target"), amount_only)
            if len(target) < 2 or not (_GOAL_AMOUNT if amount_only else _HEALTH_TARGET).search(target):
                continue
            out.append(
                Proposal("goal", {"target": target, "status": "stated"}, (m.start(), m.end()), policy="goal")
            )
    return out


def _clause(target: str, amount_only: bool) -> str:
    """The target up to the end of its clause (a goal amount ends at its first clause break)."""
    scale = re.search(r"\s*\b(?:and\s+)?on a scale\b", target, re.IGNORECASE)
    if scale:
        target = target[: scale.start()]
    comma = re.search(r",(?!\d)", target)
    if comma:
        target = target[: comma.start()]
    if amount_only:
        end = _TARGET_END.search(target)
        if end:
            target = target[: end.start()]
    return target.strip(" ,-()")
