"""A recorded condition or allergy the speaker denies (issue #6 record contract; :mod:`app.ingest.narrative.
disputed_entries`, :mod:`.condition_denials`, :mod:`.allergies`): placed in a sentence of its own and denied in the
next by the bare verb ("the chart calls me obese. I'm not, never have been") or called "not correct"; called
nonsense or wrong where it stands ("That milk allergy on my records is nonsense", "that overdose thing in my chart
is wrong"). Not a hedge ("I'm not sure why"), not a remark about something else, not an entry confirmed."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Also, the chart calls me obese. I'm not, never have been.", "obesity"),
        ("the chart calls me diabetic. I'm not.", "diabetes"),
        ("My notes call me hypertensive. Im not.", "hypertension"),
    ],
)
def test_an_entry_denied_by_the_bare_verb_is_denied(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert [(c["name"], c["status"]) for c in conditions] == [(name, "denied")]


@pytest.mark.parametrize(
    "text",
    [
        "My chart lists asthma. I'm not sure why.",
        "My chart says I'm diabetic. I'm not taking anything for it.",
        "My husband's chart calls him obese. I'm not.",
    ],
)
def test_no_denial_for_a_hedge_another_remark_or_anothers_record(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert [c for c in conditions if c["status"] == "denied"] == []


@pytest.mark.parametrize(
    ("text", "record_type", "field", "value"),
    [
        (
            "Good morning. I saw on my chart that I have prediabetes. That is not correct, my doctor never told me.",
            "condition",
            "name",
            "prediabetes",
        ),
        ("That milk allergy on my records is nonsense, I have milk in tea daily.", "allergy", "substance", "milk"),
        ("also that overdose thing in my chart is wrong, never OD'd on anything.", "condition", "name", "overdose"),
    ],
)
def test_an_entry_called_wrong_or_nonsense_is_denied(
    text: str, record_type: str, field: str, value: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    found = of_type(grounded_records(text, snapshot, mention), record_type)
    assert [(f[field], f["status"]) for f in found] == [(value, "denied")]


@pytest.mark.parametrize(
    "text",
    [
        "My chart lists asthma. That is correct.",
        "I saw on my chart that I have prediabetes. That is not correct? I'm asking.",
        "The overdose thing in my brother's chart is wrong.",
    ],
)
def test_no_denial_for_an_entry_confirmed_asked_about_or_anothers(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [f for _, f in records if f.get("status") == "denied"] == []


def test_a_denial_asked_to_be_noted_is_no_hypothetical(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I would like it noted that I do not have high cholesterol and never have."
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert [(c["name"], c["status"]) for c in conditions] == [("high cholesterol", "denied")]


def test_a_wish_stays_hypothetical(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records("I would like to not have high cholesterol", snapshot, mention), "condition") == []
