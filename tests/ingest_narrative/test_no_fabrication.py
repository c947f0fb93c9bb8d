"""The no-fabrication contract: no value, unit, phrase or date appears that the utterance did not state.

Checked independently of the extractor's own grounding check: numbers are read from the text
here with a plain regular expression (plus the two arithmetic readings the rules document:
hours -> minutes and feet/inches -> inches), and every other stated field must be a substring.
"""

from __future__ import annotations

import csv
import random
import re
from datetime import datetime
from pathlib import Path

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.grounding_check import ungrounded_fields
from app.ingest.narrative.record_types import CandidateRecord
from app.ingest.narrative.rules_extractor import extract

WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "an": 1,
    "a": 1,
    "half": 0.5,
}
NUMERIC = {
    "value",
    "systolic",
    "diastolic",
    "dose",
    "duration_min",
    "distance",
    "week",
    "age_years",
    "supply_days",
}
PHRASES = {
    "target",
    "food",
    "procedure",
    "reason",
    "level",
    "quality",
    "reaction",
    "frequency",
    "body_site",
    "severity",
    "unit",
    "relative",
}

UTTERANCES = [
    "My fasting sugar was 131 mg/dL yesterday and my HbA1c 7.9%.",
    "BP 150/95 this morning, pulse 88.",
    "I weigh 80 kg, down from 84 kg last month.",
    "I slept from 11pm to 6am and I feel rested.",
    "Only got 4 hours of sleep last night, terrible night.",
    "I took 2 tablets of ibuprofen 400 mg for my headache.",
    "Doctor prescribed metformin 500 mg twice a day, a 30-day supply.",
    "I stopped lisinopril 3 days ago because it made me cough.",
    "I walked 4,000 steps today.",
    "I ran 3 miles in 30 minutes on Saturday.",
    "My LDL cholesterol came back at 160 and HDL was 45.",
    "I'm 5'10\" tall and I weigh 190 lbs.",
    "My temperature was 38.5 C last night.",
    "I want to get my A1c under 7 by June.",
    "My mother has diabetes and my father had a stroke at 60.",
    "I forgot my metformin on Sunday and Monday.",
    "Stress level is 8 out of 10 this week.",
    "I'm 12 weeks pregnant with my second.",
    "No chest pain, no shortness of breath.",
    "If my sugar goes over 300 should I go to the ER?",
    "my sugar thingy was 140",
    "I had a checkup on March 3rd and my TSH was 2.1.",
    "I ate two eggs and toast for breakfast.",
    "I've been having mild headaches for the past 3 days.",
    "I got a tetanus shot last week.",
    "I am 61 years old and was born in 1964.",
    "I doubled my atorvastatin to 40 mg last Friday.",
    "I quit drinking 2 years ago.",
    "My blood type is AB+.",
    "I'm allergic to shellfish, I get hives.",
]


def stated_numbers(text: str) -> set[float]:
    found = {float(n.replace(",", "")) for n in re.findall(r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?", text)}
    found |= {float(v) for w, v in WORDS.items() if re.search(rf"\b{w}\b", text, re.IGNORECASE)}
    found |= {n * 60 for n in list(found)}
    found |= {float(int(a) * 12 + int(b or 0)) for a, b in re.findall(r"(\d)\s?'\s?(\d{1,2})?", text)}
    return found


def assert_stated(record: CandidateRecord, text: str) -> None:
    numbers = stated_numbers(text)
    lowered = " ".join(text.lower().split())
    assert record.quote in text
    assert record.time_text is None or record.time_text in text
    for field, value in record.fields.items():
        assert field not in ("start", "end"), "sleep windows are the resolver's, never the extractor's"
        if field in NUMERIC:
            assert float(value) in numbers, f"{record.type}.{field}={value} not stated in {text!r}"
        elif field == "unit" and value == "in" and re.search(r"\d\s?'", text):
            continue  # feet and inches are stored in inches (5'10" -> 70 in)
        elif field in PHRASES:
            assert " ".join(str(value).lower().split()) in lowered, f"{record.type}.{field}={value!r}"
        elif field == "date":
            assert all(part in text for part in re.findall(r"\d{4}", str(value)))


@pytest.mark.parametrize("text", UTTERANCES)
def test_rules_state_only_what_was_said(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = extract(text, snapshot, mention=mention)
    for record in [*result.records, *result.suppressed]:
        assert_stated(record, text)
        assert ungrounded_fields(record, text, snapshot) == []


def test_random_measurements_keep_exactly_the_stated_value(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    rng = random.Random(6)
    names = [
        ("HbA1c", "%"),
        ("fasting sugar", "mg/dL"),
        ("LDL", "mg/dL"),
        ("TSH", "mIU/L"),
        ("creatinine", "mg/dL"),
    ]
    connectors = [" was ", " is ", " of ", " came back at ", " ", ": "]
    for _ in range(200):
        name, unit = rng.choice(names)
        value = round(rng.uniform(0.1, 400), rng.choice([0, 1, 2]))
        written = f"{value:g}"
        with_unit = rng.random() < 0.6
        suffix = f" {unit}" if with_unit else ""
        when = rng.choice(["today", "yesterday", ""])
        text = f"My {name}{rng.choice(connectors)}{written}{suffix} {when}"
        result = extract(text, snapshot, mention=mention)
        results = [r for r in result.records if r.type == "test_result"]
        assert len(results) == 1, text
        fields = results[0].fields
        assert fields["value"] == float(written)
        assert fields.get("unit") == (unit if with_unit else None)
        assert fields["name"] == name
        assert_stated(results[0], text)


def test_no_unstated_date_or_time(snapshot: DictionarySnapshot, mention: datetime) -> None:
    for text in ("My HbA1c was 7.9%.", "I took my metformin.", "I slept 7 hours."):
        for record in extract(text, snapshot, mention=mention).records:
            assert record.time_text is None or record.time_text in text
            assert "start" not in record.fields and "end" not in record.fields


def test_coaching_messages_invent_nothing(
    shared_data: Path, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    """Real patient SMS: every record any message yields is stated in that message."""
    messages: list[str] = []
    for path in sorted((shared_data / "uic_coaching").glob("patient*.csv")):
        with path.open(newline="", encoding="utf-8", errors="replace") as handle:
            messages += [row["utterance"] for row in csv.DictReader(handle) if row["speaker"] == "Patient"]
    assert len(messages) > 300
    clinical = 0
    for text in messages:
        result = extract(text, snapshot, mention=mention)
        for record in result.records:
            assert_stated(record, text)
            clinical += record.type in ("test_result", "vital_sign", "medication_intake", "regimen_change")
    assert clinical == 0  # everyday coaching talk names no lab value, vital sign or medication change
