"""Lifestyle talk that produced no record is of no clinical relevance; talk that names anything clinical is not
judged by this rule (it may hold a fact the rules could not type)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.reconcile.conversation_rules import LIFESTYLE_RULE, lifestyle_talk_finding

AT = datetime(2021, 3, 10, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    [
        "We rang in the new year at the bowling alley with my cousins, I'm hopeless at it.",
        "Finally signed up for the Saturday pottery class, made a very wonky bowl.",
        "Spent the afternoon on a jigsaw with my granddaughter and a pot of tea.",
        "Tonight's dinner was grilled chicken with rice and green beans.",
    ],
)
def test_lifestyle_talk_is_of_no_clinical_relevance(text: str) -> None:
    finding = lifestyle_talk_finding("e1", text, set(), AT)
    assert finding is not None
    assert (finding.kind, finding.severity, finding.safety_critical) == ("no_clinical_relevance", None, False)
    assert (finding.event_uid, finding.record_uid, finding.rule, finding.event_start) == (
        "e1",
        None,
        LIFESTYLE_RULE,
        AT,
    )
    assert finding.cites == ()


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("My ankle is totally better now.", set()),  # a body part: maybe a resolved condition
        ("The nurse rang about the results.", set()),
        ("Not sure the new tablets agree with me.", set()),
        ("Felt a bit off after the walk, had to sit down.", {"symptom"}),  # a dictionary term found
        ("Been on the Zocor a while now.", {"drug"}),
        ("", set()),
    ],
)
def test_talk_naming_something_clinical_gets_no_finding(text: str, kinds: set[str]) -> None:
    assert lifestyle_talk_finding("e1", text, kinds, AT) is None
