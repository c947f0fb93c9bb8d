"""PII masking: typed placeholders, health values untouched, originals never logged."""

from __future__ import annotations

import logging

import pytest

from app.ingest.narrative.pii import mask_pii


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("Call me at 312-555-0142 tonight", "Call me at <PHONE> tonight"),
        ("text me on (773) 555 0199", "text me on <PHONE>"),
        ("ring me on 020 7946 0958", "ring me on <PHONE>"),
        ("my email is jane.doe@example.com", "my email is <EMAIL>"),
        ("I live at 1234 North Maple Street, Apt 5 in Chicago", "I live at <ADDRESS> in Chicago"),
        ("my SSN is 219-09-9999", "my SSN is <ID>"),
        ("Dr. Patel says my MRN: A1234567 is wrong", "<PERSON> says my MRN: <ID> is wrong"),
        ("my member id is XK99812", "my member id is <ID>"),
        ("my friend John said I should stop metformin", "my friend <PERSON> said I should stop metformin"),
        ("my mother Mary Smith has diabetes", "my mother <PERSON> has diabetes"),
    ],
)
def test_pii_is_replaced_by_typed_placeholders(text: str, masked: str) -> None:
    assert mask_pii(text).text == masked


@pytest.mark.parametrize(
    "text",
    [
        "My HbA1c was 7.9% and BP 150/95 on 2024-03-01",
        "fasting sugar 131 mg/dL, slept from 11pm to 6am, 4,000 steps, 11,000 steps",
        "My doctor told me to walk more",
        "My mother has diabetes",
        "I walked 3 miles down the street",
        # a reading libphonenumber would take for a short number (round 33)
        "cuff says 168/88 just now fwiw",
        "bp 142/91 after the walk, 158/96 before it",
    ],
)
def test_health_text_is_left_alone(text: str) -> None:
    result = mask_pii(text)
    assert result.text == text
    assert result.spans == ()


def test_spans_point_into_the_original() -> None:
    text = "reach me at 312-555-0142 or jane@example.org"
    result = mask_pii(text)
    assert [(s.entity, text[s.start : s.end]) for s in result.spans] == [
        ("PHONE_NUMBER", "312-555-0142"),
        ("EMAIL_ADDRESS", "jane@example.org"),
    ]


def test_originals_are_never_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        mask_pii("my friend John Smith, 312-555-0142, john@example.com")
    assert "John" not in caplog.text
    assert "555" not in caplog.text
    assert "example.com" not in caplog.text
