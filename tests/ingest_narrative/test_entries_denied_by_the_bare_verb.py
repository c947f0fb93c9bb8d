"""A recorded condition placed in a sentence of its own and denied in the next by the bare verb (issue #6 record
contract; :mod:`app.ingest.narrative.disputed_entries`): "the chart calls me obese. I'm not, never have been"; not
a hedge ("I'm not sure why"), not a remark about something else ("I'm not taking anything for it")."""

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
