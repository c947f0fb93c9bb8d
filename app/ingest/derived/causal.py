"""Causal *candidate* edges between records of different dimensions, and the noise rules.

A rule proposes ``cause -> effect`` when a record of one dimension is followed, within the rule's
window, by a record of another (short sleep -> a symptom the next day; a stopped drug -> a new
symptom or an out-of-range result). Proposals then pass the structural-noise rules of seed 000
(§4.1, lesson 3: about a third of candidate pairs are noise removable by rule alone):

* ``self_loop`` — cause and effect are the same record or the same dimension;
* ``zero_variance`` — the cause is a numeric series whose values never vary (fewer than two
  distinct values), so "short" or "high" carries no signal;
* ``out_of_vocabulary`` — a dimension whose label is not a dictionary term.

What survives is stored as ``CANDIDATE_CAUSE_OF`` with its rule, lag and evidence, and
``asserted: false``: a candidate for a human or a later statistical test, never a cause
(inference boundary). Everything here is pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

Props = Mapping[str, Any]


def _short_sleep(r: Props) -> bool:
    return r.get("type") == "sleep" and r.get("duration_min") is not None and float(r["duration_min"]) < 360


def _stopped_drug(r: Props) -> bool:
    return r.get("type") == "regimen_change" and r.get("action") == "stop"


def _high_stress(r: Props) -> bool:
    return (
        r.get("type") == "mood_stress"
        and r.get("kind") == "stress"
        and str(r.get("level", "")).lower()
        in {
            "high",
            "very high",
            "severe",
            "bad",
        }
    )


def _symptom(r: Props) -> bool:
    return r.get("type") == "symptom"


def _out_of_range(r: Props) -> bool:
    return r.get("type") in {"test_result", "vital_sign", "body_measurement"} and r.get("abnormal") in {
        "high",
        "low",
    }


@dataclass(frozen=True, slots=True)
class CausalRule:
    """One proposal rule: a cause predicate, an effect predicate and the window between them."""

    name: str
    cause: Callable[[Props], bool]
    effect: Callable[[Props], bool]
    window: timedelta
    cause_prefix: str  # dimension prefix of causes (to find them by series key)
    effect_prefix: str
    cause_types: tuple[str, ...]  # record types a cause can have (to read no more than needed)
    effect_types: tuple[str, ...]
    numeric_cause: bool = False  # the cause is a value of a numeric series (variance applies)


_MEASURED = ("test_result", "vital_sign", "body_measurement")

CAUSAL_RULES: tuple[CausalRule, ...] = (
    CausalRule(
        "short_sleep_then_symptom",
        _short_sleep,
        _symptom,
        timedelta(hours=36),
        "sleep:",
        "symptom:",
        ("sleep",),
        ("symptom",),
        numeric_cause=True,
    ),
    CausalRule(
        "stopped_drug_then_symptom",
        _stopped_drug,
        _symptom,
        timedelta(days=14),
        "regimen:",
        "symptom:",
        ("regimen_change",),
        ("symptom",),
    ),
    CausalRule(
        "stopped_drug_then_out_of_range",
        _stopped_drug,
        _out_of_range,
        timedelta(days=30),
        "regimen:",
        "test:",
        ("regimen_change",),
        _MEASURED,
    ),
    CausalRule(
        "high_stress_then_symptom",
        _high_stress,
        _symptom,
        timedelta(hours=48),
        "mood:",
        "symptom:",
        ("mood_stress",),
        ("symptom",),
    ),
)


@dataclass(frozen=True, slots=True)
class CausalCandidate:
    rule: str
    cause_uid: str
    effect_uid: str
    cause_dimension: str
    effect_dimension: str
    lag_hours: float


@dataclass(frozen=True, slots=True)
class Excluded:
    rule: str
    cause_uid: str
    effect_uid: str
    reason: str  # self_loop | zero_variance | out_of_vocabulary


def propose(
    records: Sequence[Props], new_uids: set[str], rules: Sequence[CausalRule] = CAUSAL_RULES
) -> list[CausalCandidate]:
    """Every (cause, effect) pair of a rule within its window where at least one side is new.

    ``records`` carry ``uid``, ``at``, ``dimension`` and their properties.
    """
    out: list[CausalCandidate] = []
    for rule in rules:
        causes = [r for r in records if rule.cause(r)]
        effects = [r for r in records if rule.effect(r)]
        for c in causes:
            for e in effects:
                if c["uid"] not in new_uids and e["uid"] not in new_uids:
                    continue
                lag = e["at"] - c["at"]
                if timedelta(0) <= lag <= rule.window:
                    out.append(
                        CausalCandidate(
                            rule.name,
                            c["uid"],
                            e["uid"],
                            c["dimension"],
                            e["dimension"],
                            round(lag.total_seconds() / 3600.0, 2),
                        )
                    )
    return out


def noise_reason(
    candidate: CausalCandidate,
    *,
    cause_values: Sequence[float],
    numeric_cause: bool,
    in_vocabulary: Callable[[str], bool],
) -> str | None:
    """Why a candidate is structural noise (``None``: it is kept)."""
    if candidate.cause_uid == candidate.effect_uid or candidate.cause_dimension == candidate.effect_dimension:
        return "self_loop"
    if numeric_cause and len(set(cause_values)) < 2:
        return "zero_variance"
    if not (in_vocabulary(candidate.cause_dimension) and in_vocabulary(candidate.effect_dimension)):
        return "out_of_vocabulary"
    return None


def filter_candidates(
    candidates: Sequence[CausalCandidate],
    *,
    series_values: Mapping[str, Sequence[float]],
    in_vocabulary: Callable[[str], bool],
    rules: Sequence[CausalRule] = CAUSAL_RULES,
) -> tuple[list[CausalCandidate], list[Excluded]]:
    """Split proposals into kept candidates and excluded noise (with the reason)."""
    numeric = {r.name: r.numeric_cause for r in rules}
    kept: list[CausalCandidate] = []
    excluded: list[Excluded] = []
    for cand in candidates:
        reason = noise_reason(
            cand,
            cause_values=series_values.get(cand.cause_dimension, ()),
            numeric_cause=numeric.get(cand.rule, False),
            in_vocabulary=in_vocabulary,
        )
        if reason is None:
            kept.append(cand)
        else:
            excluded.append(Excluded(cand.rule, cand.cause_uid, cand.effect_uid, reason))
    return kept, excluded
