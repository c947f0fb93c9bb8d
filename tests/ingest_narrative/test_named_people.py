"""A person named as the subject of a clause, or owning the thing said, is someone else: no record of the user's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.named_people import first_names, named_subject_before
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 3, 10, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    [
        "Jim stopped his clopidogrel on Sunday.",
        "Tom has diabetes and takes metformin every morning.",
        "Linda just started on lisinopril for her blood pressure.",
        "Jim has been skipping his metformin all week.",
        "Sarah's been on warfarin for years.",
        "Sarah's warfarin dose went up again.",
        "I reminded Jim to take his clopidogrel.",
        "I gave her her inhaler after dinner.",
        "We made sure he took his warfarin.",
    ],
)
def test_a_named_or_owning_other_person_gives_the_user_no_record(text: str, snapshot: DictionarySnapshot) -> None:
    records = grounded_records(text, snapshot, AT)
    assert [t for t, _ in records if t in ("regimen_change", "medication_intake", "condition")] == []


@pytest.mark.parametrize(
    ("text", "record_type", "drug"),
    [
        ("Jim and I walked five miles, then I took my metformin.", "medication_intake", "metformin"),
        ("Jim told me to stop my metformin, so I stopped it on Sunday.", "regimen_change", "metformin"),
        ("I went with Sarah to the pharmacy and took my warfarin there.", "medication_intake", "warfarin"),
        ("Sunday I stopped my warfarin.", "regimen_change", "warfarin"),
        ("A friend gave me a few of her Advil for my knee.", "medication_intake", "ibuprofen"),
        ("Plavix stopped agreeing with me so I quit it.", "regimen_change", "clopidogrel"),
    ],
)
def test_the_speakers_own_statements_beside_a_name_stay_theirs(
    text: str, record_type: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    assert drug in [f.get("drug") for f in of_type(grounded_records(text, snapshot, AT), record_type)]


def test_the_name_list_leaves_out_everyday_words_and_reads_the_subject_only() -> None:
    names = first_names()
    assert {"James", "Linda", "Sarah", "Tom"} <= names
    assert not {"Will", "May", "June", "Grace", "Mark", "Bill", "Frank"} & names
    text = "Will stopped by and May has a cold, but Linda has diabetes."
    anchor = (text.index("diabetes"), text.index("diabetes") + len("diabetes"))
    assert named_subject_before(text, anchor, (0, len(text))) == "Linda"
    own = "Linda came over and I told her about my diabetes."
    at = (own.index("diabetes"), own.index("diabetes") + len("diabetes"))
    assert named_subject_before(own, at, (0, len(own))) is None
