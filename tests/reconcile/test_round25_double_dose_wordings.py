"""Round 25 (issue #7): a double dose said as a dose "got" twice ("he got his warfarin twice last night", given by
two carers) or as a day's dose taken twice ("must have taken Sunday's twice", read off a tablet count), with near
misses: a frequency, a plan, a question."""

from __future__ import annotations

import pytest

from app.reconcile.double_dose import said_double_dose


@pytest.mark.parametrize(
    "quote",
    [
        "I got my metoprolol twice this morning, the day nurse had already given it.",
        "He was given his Eliquis twice last night by two different carers.",
        "There's a pill too few in the box, so I must have taken Tuesday's twice.",
        "I think I took Monday's dose twice.",
    ],
)
def test_a_dose_got_twice_or_a_days_dose_taken_twice_is_a_double_dose(quote: str) -> None:
    assert said_double_dose(quote)


@pytest.mark.parametrize(
    "quote",
    [
        "I got my metoprolol twice a day in hospital.",  # a frequency
        "Should I take Sunday's twice if I missed Saturday?",  # a question
        "I'll take Monday's twice a week from now on.",  # a plan, and a frequency
    ],
)
def test_a_frequency_plan_or_question_is_no_double_dose(quote: str) -> None:
    assert not said_double_dose(quote)
