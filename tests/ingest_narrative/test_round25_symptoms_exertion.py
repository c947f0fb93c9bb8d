"""Round 25 general wordings (issue #7), symptoms and exertion: a faint told by its consequence (coming to or found
down, down on the floor with no memory of it), a faint verb opening a text with its subject dropped, a near-faint
told by the sight going and the speaker sure of falling; the chest said heavy or tight or banded, a pressure that
comes back on effort with an angina drug; a heart racing by a plain verb or "doing that racing thing", the room
spinning, "come over dizzy"; a running or blocked nose, an unsettled stomach, a complaint alone as a note; a
session as a note, a race best, a unit at its venue, a distance as a note; a caregiver declared by the person's
name ("This is Adán's wife writing for him") or as their relation ("I'm her daughter"). Each with near-miss
negatives."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.acute_signs import DIZZY_SAID, FAINT_SAID, HEART_RACING_SAID
from app.ingest.narrative.caregiver_view import first_person_view, spoken_of
from app.reconcile.palpitation_rules import palpitations_with_dizziness
from tests.ingest_narrative.extracted import grounded_records, of_type


def _symptoms(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[str]:
    return [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    "text",
    [
        "Fainted at the bus stop on Monday, a stranger helped me up.",
        "blacked out in the shower this morning, ok now",
        "Came round on the kitchen lino with the dog licking my face.",
        "Then came to on the pavement outside the bank.",
        "I was lying on the bathroom floor and I can't remember how I got there.",
        "I was on the garage floor and didn't know where I was for a bit.",
        "Came to on the path by the shed with a sore head.",
        "Woke up on the hall carpet yesterday with no memory of falling.",
    ],
)
def test_a_faint_told_by_its_consequence_or_a_dropped_subject(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert "fainting" in _symptoms(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "Passed out leaflets at the market all morning.",  # a verb with an object
        "My brother passed out at the wedding.",  # someone else
        "I was sitting on the floor playing with the grandkids.",  # on the floor, nothing lost
        "Woke up on the sofa after the film.",  # no floor
        "My wife found me a new cardiologist.",  # found me something
        "Did you ever faint?",  # a question
    ],
)
def test_near_misses_of_a_faint_are_not_read(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert "fainting" not in _symptoms(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "The room tilted and I thought I was going to pass out, so I sat on the step.",
        "My vision closed in at the sink and I was sure I was going down.",
        "I was convinced I was going to faint, my legs went like jelly in the queue.",
    ],
)
def test_a_near_faint_told_by_the_sight_going_and_the_fall_expected(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert "near fainting" in _symptoms(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "I knew I was going down with the flu when the kids brought it home.",  # no sign of the sight going
        "The room tilted in the photo she sent.",  # no fall expected
    ],
)
def test_an_expected_faint_alone_is_no_near_faint(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert "near fainting" not in _symptoms(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "cut the walk short, chest felt heavy and tight on the way up",
        "My chest has been so heavy since lunch.",
        "I had a tight band across my chest on the drive home yesterday.",
        "I keep rubbing my chest, it feels heavy like a sack of sand.",
        "Used a lot of my GTN spray yesterday, the tightness kept coming back whenever I climbed the hill.",
    ],
)
def test_the_chest_said_heavy_tight_or_banded_is_chest_pain(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert "chest pain" in _symptoms(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "The chest of drawers felt heavy on the stairs.",  # furniture
        "Her chest felt tight after the run.",  # someone else
        "My chest isn't tight at all today.",  # a negation
        "The pressure at work kept coming back every time I walked in.",  # no chest or angina drug
    ],
)
def test_near_misses_of_a_heavy_chest_are_not_read(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert "chest pain" not in _symptoms(text, snapshot, mention)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("My heart's been racing on and off since Monday.", {"palpitations"}),
        ("My heart keeps doing that fluttery thing again.", {"palpitations"}),
        ("The room keeps spinning whenever I turn over in bed.", {"dizziness"}),
        ("I come over dizzy when I bend down.", {"dizziness"}),
        ("I went so light-headed in the queue I had to sit on the floor.", {"dizziness"}),
    ],
)
def test_a_racing_heart_and_a_spinning_room(
    text: str, names: set[str], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert names <= set(_symptoms(text, snapshot, mention))


@pytest.mark.parametrize(
    "text",
    [
        "My heart keeps hammering like mad after the hill sprints.",  # effort, not palpitations
        "Is my heart racing normal at the doctor's?",  # a question at the clinic
        "My head is spinning with all the forms.",  # an idiom of the head
    ],
)
def test_near_misses_of_a_racing_heart_or_a_spinning_room(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert not {"palpitations", "dizziness"} & set(_symptoms(text, snapshot, mention))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My nose won't stop dripping since the weekend.", "runny nose"),
        ("Nose has been streaming all morning.", "runny nose"),
        ("I can't breathe through my nose at night.", "nasal congestion"),
        ("My nose is totally bunged up today.", "nasal congestion"),
        ("My tummy's been a bit dodgy since the barbecue.", "nausea"),
        ("cough. dry. worse at night", "cough"),
        ("Gone through two boxes of tissues since Sunday.", "runny nose"),
        ("Only managing crackers and weak tea, I couldn't face a proper meal.", "loss of appetite"),
    ],
)
def test_a_minor_complaint_told_by_its_part_or_as_a_note(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert name in _symptoms(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "My son's nose has been running all week.",  # someone else
        "The tap in the kitchen has been running all day.",  # no nose
        "Is a runny nose a side effect?",  # a question
        "Headache?",  # a question note
        "My stomach is off limits for the ultrasound gel.",  # "off limits"
        "So stuffy in this office today.",  # a stuffy room, no nose
        "My son got through a box of tissues at the film.",  # someone else
        "I can't face anything else today, the meetings are endless.",  # no food said
    ],
)
def test_near_misses_of_a_minor_complaint(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    named = {"runny nose", "nasal congestion", "nausea", "headache", "loss of appetite"}
    assert not named & set(_symptoms(text, snapshot, mention))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Boot camp session this morning, forty minutes of it.", {"activity": "boot camp session", "duration_min": 40}),
        ("I beat my 10k PB at the weekend.", {"activity": "running", "distance": 10.0, "unit": "km"}),
        ("I did eight 200 m sprints at the track.", {"activity": "sprints"}),
        ("Totally spent after the final length at the pool.", {"activity": "swimming"}),
        ("26.2 miles on Sunday and I still can't believe it.", {"distance": 26.2, "unit": "mi"}),
    ],
)
def test_exertion_told_as_a_note_or_by_its_setting(
    text: str, expected: dict[str, object], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    found = of_type(grounded_records(text, snapshot, mention), "exercise")
    assert any(all(f.get(k) == v for k, v in expected.items()) for f in found), found


@pytest.mark.parametrize(
    "text",
    [
        "Spin class at 7 tomorrow?",  # a question about a plan
        "20 miles to work each way.",  # a commute
        "My daughter did laps at the pool.",  # someone else
        "I didn't do any lengths at the pool this week.",  # a negation
        "Boot camp session next Tuesday, I've booked it.",  # a plan
    ],
)
def test_near_misses_of_exertion_notes(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


def test_the_reconciler_reads_palpitations_with_dizziness_together() -> None:
    assert palpitations_with_dizziness("palpitations", "my heart was racing and I went light-headed")
    assert palpitations_with_dizziness("dizziness", "my heart's doing that racing thing and the room keeps spinning")
    assert not palpitations_with_dizziness("palpitations", "my heart was racing after the coffee")
    assert not palpitations_with_dizziness("dizziness", "I felt dizzy standing up")
    assert HEART_RACING_SAID.search("my heart keeps racing") and DIZZY_SAID.search("the room was spinning")


@pytest.mark.parametrize(
    ("text", "sex", "names", "first_person"),
    [
        ("This is Oskar's husband writing for her. She fell in the hall.", "female", ("Oskar",), "I fell in the hall"),
        ("It's Ravi's son typing for him. He blacked out at lunch.", "male", ("Ravi",), "I blacked out at lunch"),
        ("I'm her daughter, I read her messages. She slid off her chair.", "female", (), "I slid off my chair"),
        ("Hi, I'm his carer. He felt faint at the shops.", "male", (), "I felt faint at the shops"),
    ],
)
def test_a_writer_declared_by_the_persons_name_or_as_their_relation(
    text: str, sex: str, names: tuple[str, ...], first_person: str
) -> None:
    spoken = spoken_of(text, child=None, sex=sex, names=names)
    assert spoken is not None
    assert first_person in first_person_view(spoken, text).text


@pytest.mark.parametrize(
    "text",
    [
        "I'm her biggest fan, she sings beautifully.",  # no relation of a writer
        "This is Maria's wife's cake recipe.",  # no writing for anyone
        "I'm his doctor? Not really.",  # no relation of a writer
    ],
)
def test_near_misses_of_a_declared_writer(text: str) -> None:
    assert spoken_of(text, child=None, sex="female") is None


def test_found_on_the_floor_needs_a_state_of_the_speaker() -> None:
    assert FAINT_SAID.search("my wife found me face down in the leaf pile")
    assert FAINT_SAID.search("the neighbour found me lying on the patio")
    assert not FAINT_SAID.search("the kids found me on the floor playing lego")


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("It was like my ribs were in a vice on the stairs.", True),
        ("Felt like my ribcage was being crushed.", True),
        ("My ribs were aching after all that coughing.", False),  # a sore rib, no squeeze
    ],
)
def test_the_ribs_squeezed_by_a_simile_are_chest_pain(
    text: str, read: bool, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert ("chest pain" in _symptoms(text, snapshot, mention)) is read
