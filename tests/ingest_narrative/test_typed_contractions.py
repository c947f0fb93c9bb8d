"""Contractions typed without their apostrophe are read with it (:mod:`app.ingest.narrative.typed_contractions`),
and every quote comes back in the words as written."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.rules_extractor import extract
from app.ingest.narrative.typed_contractions import with_apostrophes
from app.reconcile.double_dose import said_double_dose

AT = datetime(2021, 4, 9, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("ive had a headache, cant sleep", "I've had a headache, can't sleep"),
        ("Im fine but DONT know", "I'm fine but DON'T know"),
        ("havent bothered, shes ok, thats it", "haven't bothered, she's ok, that's it"),
        ("I've already got mine, don't worry", "I've already got mine, don't worry"),  # typed right: unchanged
        ("I think I've become alergic to my Aleve", "I think I've become allergic to my Aleve"),  # misspelt
    ],
)
def test_a_typed_contraction_gets_its_apostrophe(typed: str, read: str) -> None:
    view = with_apostrophes(typed)
    assert view.text == read
    assert view.span(0, len(view.text)) == typed


@pytest.mark.parametrize(
    "typed",
    ["its lid was off, ill be fine, well, we were at the shell", "an IM injection", "the id badge"],
)
def test_words_of_their_own_stay_as_typed(typed: str) -> None:
    assert with_apostrophes(typed).text == typed


@pytest.mark.parametrize(
    ("typed", "record_type", "field", "value"),
    [
        (
            "but since this afternoon ive had the worst headache of my life and i keep seeing sparkly spots",
            "symptom",
            "name",
            "headache",
        ),
        (
            "ran out of the water pill last Thursday and tbh havent bothered refilling it",
            "regimen_change",
            "action",
            "stop",
        ),
        ("im not allergic to penicillin, never was", "allergy", "status", "denied"),
    ],
)
def test_the_record_read_with_apostrophes_quotes_the_words_as_written(
    typed: str, record_type: str, field: str, value: str, snapshot: DictionarySnapshot
) -> None:
    view = with_apostrophes(typed)
    result = view.restore(extract(view.text, snapshot, mention=AT))
    found = [r for r in result.records if r.type == record_type]
    assert [r.fields.get(field) for r in found] == [value]
    assert found[0].quote in typed  # verbatim, apostrophes as typed (absent)


def test_a_doubted_dose_typed_without_apostrophes_is_an_intake_and_a_double_dose(
    snapshot: DictionarySnapshot,
) -> None:
    typed = "Cant remember if I took my coumadin so I took another one at 9 last night just in case."
    view = with_apostrophes(typed)
    result = view.restore(extract(view.text, snapshot, mention=AT))
    [intake] = [r for r in result.records if r.type == "medication_intake"]
    assert intake.fields["drug"] == "warfarin"
    assert said_double_dose(intake.quote, "warfarin")
