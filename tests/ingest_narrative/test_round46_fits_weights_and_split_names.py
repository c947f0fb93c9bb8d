"""Round 46 (issue #7): "its his wife." names the writer alone; a weight said far after "weighed myself", stuck to
its unit ("181lbs") or weighed by someone ("the coach weighed me at 58 kg"); a procedure that "came back clean"; a
part "what I sprain" that is "completely good now"; "a 90 min spin class"; a drug name typed in three words."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import first_person_view, spoken_of
from app.ingest.narrative.exercise_phrases import exercise_phrases
from app.ingest.narrative.healed_parts import find_healed_parts
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.ingest.narrative.procedures import find_surgeries
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 4, 15, 15, tzinfo=UTC)


def test_its_his_wife_names_the_writer() -> None:
    text = "its his wife. he had one of his fits again this afternoon on the kitchen floor"
    spoken = spoken_of(text, child=None, sex="male", names=("Smith",), age=60, surnames=("Jones",))
    assert spoken is not None and spoken.writer_role == "spouse"
    assert "I had one of my fits again" in first_person_view(spoken, text).text
    assert spoken_of("its his birthday. he had cake", child=None, sex="male", names=(), age=60) is None


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("weighed myself this morning after a week of tacos and margaritas and its fifty four kilos on the dot", 54.0,
         "kg"),
        ("I weighed myself this morning on the bathroom scales, 181lbs, pretty much the same", 181.0, "lbs"),
        ("the coach weighed me at 58 kg last week", 58.0, "kg"),
    ],
)
def test_a_weight_said_far_on_stuck_to_its_unit_or_by_someone(
    snapshot: DictionarySnapshot, text: str, value: float, unit: str
) -> None:
    weights = of_type(grounded_records(text, snapshot, AT), "body_measurement")
    assert weights == [{"kind": "weight", "value": value, "unit": unit}]


def test_a_procedure_that_came_back_clean_and_a_part_completely_good_now() -> None:
    text = "oh and the colonoscopy on the sixteenth came back clean, doc says see you in ten years"
    assert [p.fields["procedure"] for p in find_surgeries(text)] == ["colonoscopy"]
    healed = find_healed_parts("The wrist what I sprain in february is completely good now, no pain")
    assert [(p.fields["name"], p.fields["status"]) for p in healed] == [("sprained wrist", "resolved")]


def test_a_class_with_its_length_before_it() -> None:
    assert [a for _, _, a in exercise_phrases("then did a 90 min spin class at max resistance")] == ["spin class"]


def test_a_drug_name_typed_in_three_words(snapshot: DictionarySnapshot) -> None:
    view = with_known_spellings("okay so I stopped the hydro chloro thiazide about five days ago", snapshot).text
    assert "the hydrochlorothiazide about" in view
    assert with_known_spellings("the hydro chloro plant", snapshot).text == "the hydro chloro plant"


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("And no, I havent touched a cigarette since I gave up years ago, before you ask.", "former"),
        ("havent smoked since high school btw", "former"),
    ],
)
def test_a_cigarette_not_touched_since_is_a_former_smoker(snapshot: DictionarySnapshot, text: str, status: str) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "lifestyle_baseline") == [
        {"habit": "smoking", "status": status}
    ]


def test_stitches_and_street_names(snapshot: DictionarySnapshot) -> None:
    assert [p.fields["procedure"] for p in find_surgeries("also got 4 stitches in my hand sunday")] == [
        "suture of wound"
    ]
    assert find_surgeries("I need to get my stitches out on Friday") == []
    records = grounded_records("my cousin gave me a few of her percs and i took two of them", snapshot, AT)
    assert [f["drug"] for f in of_type(records, "medication_intake")] == ["oxycodone"]
