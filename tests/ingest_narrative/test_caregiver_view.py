"""A caregiver's message about the person is read in the person's first person, and every quote comes back in the
words as written."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import child_sex, first_person_view, spoken_of
from app.ingest.narrative.rules_extractor import extract

AT = datetime(2021, 3, 10, 12, tzinfo=UTC)


def test_a_child_under_thirteen_is_written_for_by_a_caregiver() -> None:
    assert child_sex("female", date(2016, 5, 1), AT) == "female"
    assert child_sex("male", date(2008, 3, 11), AT) == "male"  # twelve, the day before the birthday
    assert child_sex("male", date(2008, 3, 10), AT) is None  # thirteen today
    assert child_sex("female", date(1960, 1, 1), AT) is None
    assert child_sex(None, date(2016, 5, 1), AT) is None and child_sex("female", None, AT) is None


@pytest.mark.parametrize(
    ("text", "child", "expected"),
    [
        ("Dad here, I'm typing for him. He had his cataract done.", None, ("male", False)),
        ("I'm writing on behalf of my mum, she fell on Sunday.", None, ("female", False)),
        ("Hi, this is her daughter. She's been dizzy all week.", None, ("female", False)),
        ("She's allergic to peanuts, the daycare knows.", "female", ("female", True)),
        ("My son has had a cough since Sunday.", "male", ("male", True)),
        ("She's allergic to peanuts.", None, None),  # an adult's own message: "she" is someone else
        ("I had a cough all week.", "female", None),  # a child's message with no third person
    ],
)
def test_whose_third_person_the_message_uses(text: str, child: str | None, expected: object) -> None:
    assert spoken_of(text, child=child) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "sex", "child", "view"),
    [
        ("He had his right cataract done.", "male", False, "I had my right cataract done."),
        ("She's coughing, so we took her to the GP.", "female", False, "I'm coughing, so we took me to the GP."),
        ("Her ear infection has cleared up.", "female", True, "My ear infection has cleared up."),
        ("My daughter has a rash and my daughter's ear hurts.", "female", True, "I have a rash and my ear hurts."),
        ("He's also got early glaucoma.", "male", False, "I've also got early glaucoma."),
    ],
)
def test_the_first_person_view_maps_back_to_the_written_words(text: str, sex: str, child: bool, view: str) -> None:
    seen = first_person_view(text, sex, child=child)  # type: ignore[arg-type]
    assert seen.text == view
    assert seen.span(0, len(seen.text)) == text
    assert seen.written(view) == text and seen.written("not in the view") == "not in the view"


@pytest.mark.parametrize(
    ("text", "child", "expected"),
    [
        ("We told the new daycare she's allergic to peanuts.", "female", ("allergy", "substance", "peanuts")),
        (
            "Her ear infection has cleared up, she's sleeping through the night.",
            "female",
            ("condition", "status", "resolved"),
        ),
        (
            "Dad here, I'm typing for him. He had his right cataract done last Tuesday.",
            None,
            ("surgery_history", "procedure", "cataract surgery"),
        ),
    ],
)
def test_a_caregivers_statement_is_the_persons_record_with_a_verbatim_quote(
    text: str, child: str | None, expected: tuple[str, str, str], snapshot: DictionarySnapshot
) -> None:
    assert all(c.type != expected[0] for c in extract(text, snapshot, mention=AT).records)  # as written: someone else
    spoken = spoken_of(text, child=child)  # type: ignore[arg-type]
    assert spoken is not None
    view = first_person_view(text, spoken[0], child=spoken[1])
    result = view.restore(extract(view.text, snapshot, mention=AT))
    found = [c for c in result.records if c.type == expected[0]]
    assert [c.fields.get(expected[1]) for c in found] == [expected[2]]
    assert found[0].quote in text  # verbatim, as written (fields were grounded on the view by the extractor)
