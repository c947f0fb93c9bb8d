"""Round 54 (issue #7, from sets 170-173): two tablets taken as the remedy that settled a reaction are no double dose
("Took two of my diphenhydramine and it settled"); a count typed without its apostrophe ("so thats two in one day")
is one; a message that ends in a question still tells what its earlier clauses say ("... so thats two in one day and
then todays on top??"), while a supposition stays one ("if I took two by mistake, what happens?")."""

from __future__ import annotations

import pytest

from app.reconcile.double_dose import said_double_dose


@pytest.mark.parametrize(
    ("quote", "double"),
    [
        ("Took two of my diphenhydramine and it settled within the hour.", False),
        ("Took two Aleve for the hip and it really helped", False),
        ("I accidentally took two warfarin tablets", True),
        ("so thats two in one day", True),
        (
            "I took the peach one again yesterday evening bc I forgot Id had it in the morning, so thats two in one"
            " day and then todays on top??",
            True,
        ),
        ("I took one at 7 and then another at 9, is that bad?", True),
        ("should I take another one?", False),
        ("if I took two by mistake, what happens?", False),
        ("what if I took two, would that hurt?", False),
        ("can I take a second dose if I missed one?", False),
    ],
)
def test_a_double_dose_told_around_a_remedy_or_a_question(quote: str, double: bool) -> None:
    assert said_double_dose(quote, "warfarin") is double


@pytest.mark.parametrize(
    ("quote", "double"),
    [("So I got two times today.", True), ("I got two shots today at the clinic", False)],
)
def test_a_learners_two_times_today_is_a_double_dose(quote: str, double: bool) -> None:
    assert said_double_dose(quote, "fexofenadine") is double
