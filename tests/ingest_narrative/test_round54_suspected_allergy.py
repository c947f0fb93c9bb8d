"""Round 54 (issue #7, set 168's missed safety-critical allergy): the speaker suspecting an allergy to their own drug
is acted on however it is hedged or asked ("i think im allergic to my allegra???"); a question about allergy in
general stays a question."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 4, 6, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "allergies"),
    [
        (
            "ok so i think im allergic to my allegra??? took it yesterday morning like always and like an hour later my"
            " face and neck were covered in hives",
            ["fexofenadine"],
        ),
        ("I think I've become allergic to my lisinopril", ["lisinopril"]),
        ("am I allergic to penicillin?", []),
        ("is it possible to be allergic to my allegra?", []),
    ],
)
def test_a_suspected_allergy_to_ones_own_drug_is_kept(
    text: str, allergies: list[str], snapshot: DictionarySnapshot
) -> None:
    assert [a["substance"] for a in of_type(grounded_records(text, snapshot, AT), "allergy")] == allergies
