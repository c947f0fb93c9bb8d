"""A caregiver's message about the person is read in the person's first person, and every quote comes back in the
words as written."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import SpokenOf, child_sex, first_person_view, spoken_of
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
        ("Her son here. Mom takes her pills at night.", None, ("female", False)),
        ("This is his wife typing. He stopped the pills.", None, ("male", False)),
        ("She's allergic to peanuts, the daycare knows.", "female", ("female", True)),
        ("My son has had a cough since Sunday.", "male", ("male", True)),
        ("She's allergic to peanuts.", None, None),  # an adult's own message: "she" is someone else
        ("I had a cough all week.", "female", None),  # a child's message with no third person
    ],
)
def test_whose_third_person_the_message_uses(text: str, child: str | None, expected: object) -> None:
    spoken = spoken_of(text, child=child)  # type: ignore[arg-type]
    assert (spoken if spoken is None else (spoken.sex, spoken.child)) == expected


@pytest.mark.parametrize(
    ("text", "sex", "kin_said"),
    [
        ("I'm writing on behalf of my mum, she fell on Sunday.", None, ("Mum", "mother")),
        ("Her son here. Mom takes her pills at night.", None, ("Mom", "Mummy")),
        ("It's his wife here. He keeps rubbing his chest.", None, ("my husband", "hubby")),
        ("Daughter here, Dad has been off his food.", "male", ("Dad", "father")),
        ("Granddaughter here. Nan fell again.", "female", ("Nan", "Granny")),
    ],
)
def test_a_declared_writer_names_the_person_by_their_relation(
    text: str, sex: str | None, kin_said: tuple[str, str]
) -> None:
    spoken = spoken_of(text, child=None, sex=sex)
    assert spoken is not None and spoken.kin is not None
    assert all(re.fullmatch(spoken.kin, said, re.IGNORECASE) for said in kin_said)


def test_a_writer_who_names_only_themselves_needs_the_recorded_sex() -> None:
    assert spoken_of("Daughter here. Dad has been off his food.", child=None) is None
    assert spoken_of("My daughter here says I look pale.", child=None, sex="female") is None  # not a declaration
    son = spoken_of("Son here. Dad's been dizzy.", child=None, sex="male")
    assert son is not None and (son.sex, son.child, son.declaration) == ("male", False, (0, 8))


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
    seen = first_person_view(SpokenOf(sex, child), text)  # type: ignore[arg-type]
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
    view = first_person_view(spoken, text)
    result = view.restore(extract(view.text, snapshot, mention=AT))
    found = [c for c in result.records if c.type == expected[0]]
    assert [c.fields.get(expected[1]) for c in found] == [expected[2]]
    assert found[0].quote in text  # verbatim, as written (fields were grounded on the view by the extractor)


@pytest.mark.parametrize(
    ("text", "view"),
    [
        ("Her son here. Mom takes her amlodipine at night.", "Her son here. I take my amlodipine at night."),
        (
            "This is her daughter typing. Mum's tablets ran out, so she's been without them since Friday.",
            "This is her daughter typing. My tablets ran out, so I've been without them since Friday.",
        ),
        (
            "Her daughter here. Mum's still dizzy, we took Mum to the GP.",
            "Her daughter here. I'm still dizzy, we took me to the GP.",
        ),
        ("It's his wife here. My husband stopped his statin.", "It's his wife here. I stopped my statin."),
        # a name after a dash starts a clause: the subject, not an object
        (
            "His son here - Papi took his coumadin again after lunch.",
            "His son here - I took my coumadin again after lunch.",
        ),
        ("Her son here \u2014 Mum fell, I drove Mum to the GP.", "Her son here \u2014 I fell, I drove me to the GP."),
    ],
)
def test_the_writers_names_for_the_person_read_in_the_first_person(text: str, view: str) -> None:
    spoken = spoken_of(text, child=None)
    assert spoken is not None
    seen = first_person_view(spoken, text)
    assert seen.text == view
    assert seen.span(0, len(seen.text)) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Her son here. Mom takes her amlodipine every single night.", ("medication_intake", "drug", "amlodipine")),
        ("This is his wife typing. My husband stopped his warfarin on Sunday.", ("regimen_change", "action", "stop")),
        (
            "Her daughter here. Mum had her cataract done last Tuesday.",
            ("surgery_history", "procedure", "cataract surgery"),
        ),
    ],
)
def test_a_declared_writers_names_give_the_persons_record(
    text: str, expected: tuple[str, str, str], snapshot: DictionarySnapshot
) -> None:
    spoken = spoken_of(text, child=None)
    assert spoken is not None
    view = first_person_view(spoken, text)
    result = view.restore(extract(view.text, snapshot, mention=AT))
    found = [c for c in result.records if c.type == expected[0]]
    assert [c.fields.get(expected[1]) for c in found] == [expected[2]]
    assert found[0].quote in text


def test_the_records_first_names_lose_synthea_numbers_and_short_tokens() -> None:
    from app.ingest.narrative.record_names import first_names

    assert first_names(["Adalberto916 Hartmann983", "Adalberto916 Hartmann983", "Jo1 Smith", ""]) == ("Adalberto",)


def test_a_declared_writer_may_call_the_person_by_their_first_name() -> None:
    text = "It's his wife here. Adalberto keeps rubbing his chest and Adalberto's pills are on the shelf."
    spoken = spoken_of(text, child=None, names=("Adalberto",))
    assert spoken is not None
    view = first_person_view(spoken, text).text
    assert view == "It's his wife here. I keep rubbing my chest and my pills are on the shelf."
    assert spoken_of("Adalberto keeps rubbing his chest.", child=None, names=("Adalberto",)) is None


@pytest.mark.parametrize(
    ("text", "child", "view"),
    [
        (
            "ardith went swimming for 45 minutes at the Y yesterday. she was SO proud of herself",
            "female",
            "I went swimming for 45 minutes at the Y yesterday. I was SO proud of myself",
        ),
        (
            "Max's ankle sprain is totally healed, no limp at all",
            "female",
            "My ankle sprain is totally healed, no limp at all",
        ),
        (
            "Adalberto keeps rubbing his chest since this morning.",
            None,
            "I keep rubbing my chest since this morning.",
        ),
    ],
)
def test_a_message_naming_the_person_in_the_third_person_is_read_as_theirs(
    text: str, child: str | None, view: str
) -> None:
    names = ("Ardith", "Max", "Adalberto")
    sex = child or "male"
    spoken = spoken_of(text, child=child, sex=sex, names=names)  # type: ignore[arg-type]
    assert spoken is not None
    assert first_person_view(spoken, text).text == view


@pytest.mark.parametrize(
    "text",
    [
        "Hi, it's Ardith. I went swimming yesterday.",  # the writer's own name
        "Ardith here, quick question about my pills",  # a name said alone
        "max dose is two a day",  # the name as a plain word, no owner and no verb after it
    ],
)
def test_the_writers_own_name_or_a_name_said_alone_is_not_a_third_person(text: str) -> None:
    assert spoken_of(text, child=None, sex="female", names=("Ardith", "Max")) is None


def test_a_named_childs_allergy_is_the_childs_record(snapshot: DictionarySnapshot) -> None:
    text = "I'm pretty sure Alexis is allergic to his Claritin chewables, his lips puffed up this morning"
    spoken = spoken_of(text, child="male", sex="male", names=("Alexis",))
    assert spoken is not None
    view = first_person_view(spoken, text)
    result = view.restore(extract(view.text, snapshot, mention=AT))
    allergies = [c for c in result.records if c.type == "allergy"]
    assert [c.fields.get("substance") for c in allergies] == ["loratadine"]
    assert allergies[0].quote in text


@pytest.mark.parametrize(
    ("text", "names", "view"),
    [
        (
            "Good morning. This is Adalberto's wife. He had one of his seizures last night.",
            ("Adalberto",),
            "Good morning. This is Adalberto's wife. I had one of my seizures last night.",
        ),
        (
            "Writing for my husband. He has missed his Plavix three times.",
            (),
            "Writing for my husband. I have missed my Plavix three times.",
        ),
        (
            "Hi, I look after my mother. She fell on Sunday.",
            (),
            "Hi, I look after my mother. I fell on Sunday.",
        ),
        (
            "Hi, I'm Adán's daughter. Papá quit his Coumadin last Saturday.",
            ("Adán",),
            "Hi, I'm Adán's daughter. I quit my Coumadin last Saturday.",
        ),
        (
            "Hi, writing for my son (15). He's had a stuffy nose since Wednesday.",
            (),
            "Hi, writing for my son (15). I've had a stuffy nose since Wednesday.",
        ),
    ],
)
def test_a_writer_declared_after_a_greeting_or_as_a_carer_reads_in_the_persons_first_person(
    text: str, names: tuple[str, ...], view: str
) -> None:
    spoken = spoken_of(text, child=None, sex="male", names=names)
    assert spoken is not None
    assert first_person_view(spoken, text).text == view


@pytest.mark.parametrize(
    "text",
    [
        "My husband is writing a book. He had a cold.",  # writing, but not for anyone
        "I look after the garden. She fell on Sunday.",  # a carer of no person
        "Good morning. My sister had a seizure last night.",  # a relative's own event, nothing declared
    ],
)
def test_no_declaration_without_a_writer_for_the_person(text: str) -> None:
    assert spoken_of(text, child=None, sex="female") is None


@pytest.mark.parametrize(
    ("text", "sex", "age", "view"),
    [
        (
            "My dad is 83 and a bit forgetful. He swallowed a second Coumadin last night.",
            "male",
            83,
            "I am 83 and a bit forgetful. I swallowed a second Coumadin last night.",
        ),
        (
            "Mum fainted in the bathroom last night. She's 85. Do I need to take her in?",
            "female",
            84,  # a birthday either way
            "I fainted in the bathroom last night. I'm 85. Do I need to take me in?",
        ),
        ("My husband (71) stopped his Plavix.", "male", 71, "I (71) stopped my Plavix."),
    ],
)
def test_a_relative_given_the_persons_own_age_is_the_person(text: str, sex: str, age: int, view: str) -> None:
    spoken = spoken_of(text, child=None, sex=sex, age=age)
    assert spoken is not None
    assert first_person_view(spoken, text).text == view


@pytest.mark.parametrize(
    ("text", "sex", "age"),
    [
        ("My dad had chest pain this morning.", "male", 50),  # no age said, a younger person: the writer's father
        ("My mum is 60 and she fainted.", "female", 85),  # another age: the writer's mother
        ("My dad is 83 and he fainted.", "female", 83),  # the person is a woman
        ("Mum had diabetes, she was 85 when she died.", "female", 85),  # an age in the past: family history
        ("My dad took 83 mg of aspirin.", "male", 83),  # a dose, not an age
    ],
)
def test_no_relative_is_the_person_without_their_age_and_sex(text: str, sex: str, age: int) -> None:
    assert spoken_of(text, child=None, sex=sex, age=age) is None


def test_a_writer_may_call_the_person_by_a_short_form_of_their_name() -> None:
    text = "hi, this is Bert's daughter. he quit the Plavix last Thursday"
    spoken = spoken_of(text, child=None, sex="male", names=("Adalberto",))
    assert spoken is not None
    assert first_person_view(spoken, text).text == "hi, this is Bert's daughter. I quit the Plavix last Thursday"
    assert spoken_of("hi, this is Al's daughter. he quit it", child=None, sex="male", names=("Adalberto",)) is None
