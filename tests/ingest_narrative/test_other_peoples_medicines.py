"""Another person's medicines are theirs: a relative taking, stopping or skipping a drug is no record of
the speaker's, however the clause goes on ("still", "again")."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    "text",
    [
        "My son is still taking his Flovent.",
        "My wife was still taking her metformin when she got sick.",
        "Dad has still been taking his lisinopril at night.",
    ],
)
def test_still_continues_another_persons_clause(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    """ConText's "still" ends a negation's scope ("no fever, still coughing"); after a verb it only
    continues the clause, so the relative remains the one taking the drug."""
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I'm still taking my Flovent.", "fluticasone"),
        ("My son is fine and I am still taking the metformin.", "metformin"),
    ],
)
def test_the_speaker_still_taking_a_drug_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [drug]
