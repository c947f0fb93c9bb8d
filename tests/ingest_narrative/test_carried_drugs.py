"""A medicine named in the message before, carried over to a lapsed, stopped or changed "it" / "them" in a message
that names none (:mod:`app.ingest.narrative.carried_drugs`)."""

from __future__ import annotations

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.carried_drugs import only_drug, with_carried_drug
from app.ingest.narrative.terms import term_index


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            "to be honest I probably miss it once a week, I take it with my coffee",
            "to be honest I probably miss the levothyroxine once a week, I take it with my coffee",
        ),
        (
            "truth is I've missed two or three of them this month",
            "truth is I've missed two or three of the levothyroxine this month",
        ),
        ("stopped it on friday, it made me shaky", "stopped the levothyroxine on friday, it made me shaky"),
        ("I think I took it twice this morning", "I think I took the levothyroxine twice this morning"),
        (
            "Took my two on Saturday. Then yesterday I took another two",
            "Took my two of the levothyroxine on Saturday. Then yesterday I took another two of the levothyroxine",
        ),
    ],
)
def test_a_changed_pronoun_is_read_as_the_carried_drug(text: str, read: str, snapshot: DictionarySnapshot) -> None:
    view = with_carried_drug(text, "levothyroxine", term_index(snapshot))
    assert view.text == read
    at = read.index("the levothyroxine")
    assert view.span(at, at + len("the levothyroxine")) in {"it", "them", "my two"}  # quoted as written


@pytest.mark.parametrize(
    "text",
    [
        "I take it with my coffee every morning",  # no lapse, stop or change
        "I missed it, the metformin I mean",  # the message names its own drug
        "my appointment got moved and I missed it",  # "it" may be the appointment
        "took my dog for a walk and took another one of those at lunch",  # no dose counted; a drug's own word
    ],
)
def test_a_pronoun_that_may_be_something_else_stays_as_written(text: str, snapshot: DictionarySnapshot) -> None:
    assert with_carried_drug(text, "levothyroxine", term_index(snapshot)).text == text


def test_nothing_is_carried_without_one_drug_before(snapshot: DictionarySnapshot) -> None:
    assert only_drug(["levothyroxine", "levothyroxine"]) == "levothyroxine"
    assert only_drug(["warfarin", "apixaban"]) is None
    assert only_drug([]) is None and only_drug(None) is None
    assert with_carried_drug("I missed it twice", None, term_index(snapshot)).text == "I missed it twice"
