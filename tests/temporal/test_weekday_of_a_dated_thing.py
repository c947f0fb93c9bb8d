"""A bare weekday that dates a thing of the speaker's ("my blood work from Tuesday", "the scan from Monday",
"the results of Wednesday") is the most recent such weekday before the mention, whatever the clause's verb; so
is a weekday in a clause whose past verb is irregular ("the nurse rang Tuesday"). A range, a start ("off work
from Monday") or a future clause is not."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.ingest.temporal.resolver import resolve_all

FRI = datetime.fromisoformat("2020-11-06T10:00:00-08:00")  # a Friday


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The nurse rang with my blood work from Tuesday, she said the LDL was 138.", "2020-11-03"),
        ("My blood work from Tuesday came back fine.", "2020-11-03"),
        ("The scan from Monday looks clear.", "2020-11-02"),
        ("the results of Wednesday showed it", "2020-11-04"),
        ("She rang Thursday about it", "2020-11-05"),
    ],
)
def test_a_weekday_dating_a_thing_is_past(text: str, value: str) -> None:
    assert [(r.kind, r.value) for r in resolve_all(text, FRI)] == [("date", value)]


@pytest.mark.parametrize(
    "text",
    ["I am off work from Monday", "the clinic is open from Monday to Friday", "my shift starts from Monday"],
)
def test_a_start_or_a_range_is_not_dated(text: str) -> None:
    assert [r.value for r in resolve_all(text, FRI)] == []
