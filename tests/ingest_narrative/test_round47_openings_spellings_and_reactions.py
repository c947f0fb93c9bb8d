"""Round 47 (issue #7): a conversation opened about "he" / "she" with no one named before is the person's; writers
who say who they are after their name ("this is gloria his wife", "Lorraine here (Marios wife)", "mom of Manuel
writing", "its Mrs Razos daughter", "Lorraine again for Mario.", "Carer for Dr Lind here"); the person by a short
form or a nickname ("Pat", "maxi", "Nikkis mum"); condition and procedure names typed with a slip ("migranes",
"colonscopy"); "the migraines have basically stopped"; a rash "within an hour of taking my usual" drug; "hes not had
a single one since"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import first_person_view, opening_about_the_person, spoken_of
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.ingest.narrative.opening_third_person import opened_about_the_person
from app.ingest.narrative.pii import mask_pii
from app.ingest.narrative.typed_contractions import with_apostrophes
from app.ingest.narrative.writer_declarations import is_their_name, named_in_third_person
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 4, 15, 15, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        ("we stopped the simvistatin last wednesday, his legs ached so bad he could hardly do the stairs", "male"),
        ("ok so we are in lanzarote and i just went through his pill box and theres no plavix in it", "male"),
        ("The lift in the hotel is broken so yesterday he carried both big suitcases up", "male"),
        ("We went to the ER last night, he had chest pain again", "male"),
        ("she's been on ginko biloba for her memory for the past three weeks or so", "female"),
    ],
)
def test_an_opening_about_him_or_her_with_no_one_named_before_is_the_persons(text: str, sex: str) -> None:
    assert opened_about_the_person(text, sex)


@pytest.mark.parametrize(
    ("text", "sex"),
    [
        ("My son has a fever, he threw up twice", "male"),  # a relative before the pronoun
        ("Saw Dr Patel today, he says my bp is fine", "male"),  # a clinician
        ("The doctor said he wants to see me in a month", "male"),
        ("Tom said he would drive me to the clinic", "male"),  # a name opening the sentence, with an act
        ("We told the new daycare she's allergic to peanuts", "female"),  # a child's place
        ("I had a cold, she was sick too", "male"),  # a pronoun of the other sex only
        ("The dog was limping, he cut his paw", "male"),  # a pet
        ("my knee hurts today", "female"),  # no pronoun at all
    ],
)
def test_an_opening_with_someone_named_before_the_pronoun_is_not(text: str, sex: str) -> None:
    assert not opened_about_the_person(text, sex)


def test_an_opening_is_read_in_the_persons_first_person(snapshot: DictionarySnapshot) -> None:
    text = "we stopped the simvastatin last wednesday, his legs ached so bad he could hardly do the stairs"
    spoken = opening_about_the_person(text, "male", names=("Devin",))
    assert spoken is not None and spoken.writer_role == "carer"  # the next message of the conversation goes on
    assert "my legs ached so bad I could hardly" in first_person_view(spoken, text).text
    assert opening_about_the_person(text, None) is None  # no recorded sex: no reading


@pytest.mark.parametrize(
    ("text", "names", "surnames", "role"),
    [
        ("sorry should of said this is gloria his wife hes asleep", ("Adalberto",), (), "spouse"),
        ("its dawn his wife by the way", ("Brant",), (), "spouse"),
        ("(its his wife typing, Devin doesnt really do computers)", ("Devin",), (), "spouse"),
        ("hello, mom of Manuel writing. he got the meningitis shot", ("Manuel",), (), "parent"),
        ("Lorraine here (Marios wife) he has decided he doesnt need the HCTZ", ("Mario",), (), "spouse"),
        ("Good morning, its Mrs Razos daughter again. Mom skipped her plavix", ("Maria",), ("Razo",), "child"),
        ("nearly new year!! Lorraine again for Mario. his back is killing him", ("Mario",), (), "carer"),
        ("Carer for Dr Lind here, I do his mornings.", ("Reuben",), ("Lind",), "carer"),
        ("hi its Nikkis mum. shes been really flat since her exams", ("Nicholle",), (), "parent"),
    ],
)
def test_a_writer_says_who_they_are_to_the_person(
    text: str, names: tuple[str, ...], surnames: tuple[str, ...], role: str
) -> None:
    sex = "female" if names[0] in ("Maria", "Nicholle") else "male"
    spoken = spoken_of(text, child=None, sex=sex, names=names, age=60, surnames=surnames)
    assert spoken is not None and spoken.writer_role == role


def test_another_persons_wife_or_title_is_no_declaration() -> None:
    # a carer telling what the person's wife did, a doctor of another name, a birthday
    assert spoken_of("his wife only told me this morning", child=None, sex="male", names=("Reuben",), age=60) is None
    assert (
        spoken_of("Saw Dr Smith today", child=None, sex="male", names=("Reuben",), age=60, surnames=("Lind",)) is None
    )
    assert spoken_of("its her daughter's birthday today", child=None, sex="female", names=("Ann",), age=60) is None


def test_a_short_form_or_a_nickname_of_the_persons_name() -> None:
    assert is_their_name("Nikki", ("Nicholle",)) and is_their_name("maxi", ("Maximina",))
    assert not is_their_name("Tom", ("Nicholle",))
    assert named_in_third_person("Good morning. Pat has asked me to bring her details up to date", ("Patria",))
    assert named_in_third_person("Reubens gout is gone, not one twinge", ("Reuben",))
    assert not named_in_third_person("pat has asked me", ("Patria",))  # three lower-case letters: too short
    assert not named_in_third_person("Hi, it's Patria here", ("Patria",))  # the writer's own name


def test_the_persons_own_name_stays_unmasked_with_its_s_or_a_doctors_title() -> None:
    owned = "Good morning, its Mrs Razos daughter again."
    assert owned == mask_pii(owned).sparing(owned, ("Maria", "Razo"))
    carer = "Carer for Dr Lind here, I do his mornings."
    assert carer == mask_pii(carer).sparing(carer, ("Reuben", "Lind"))
    other = "I saw Dr Smith today"
    assert "Smith" not in mask_pii(other).sparing(other, ("Reuben", "Lind"))


def test_condition_and_procedure_names_typed_with_a_slip(snapshot: DictionarySnapshot) -> None:
    view = with_known_spellings("had the colonscopy on the 20th, the migranes have stopped", snapshot).text
    assert "the colonoscopy on" in view and "the migraines have" in view
    assert with_known_spellings("the clinic was crowded", snapshot).text == "the clinic was crowded"  # English


def test_migraines_that_have_basically_stopped_are_resolved(snapshot: DictionarySnapshot) -> None:
    text = "Funny thing, the migranes have basically stopped. Not had a single one since christmas."
    view = with_known_spellings(text, snapshot).text
    assert of_type(grounded_records(view, snapshot, AT), "condition") == [{"name": "migraine", "status": "resolved"}]


def test_a_rash_within_an_hour_of_taking_the_usual_drug_is_an_allergy_not_an_intake(
    snapshot: DictionarySnapshot,
) -> None:
    text = (
        "on the 15th of February I developed a raised, itchy rash across my chest and swelling of my lips within an "
        "hour of taking my usual diphenhydramine 25 mg tablet"
    )
    records = grounded_records(text, snapshot, AT)
    assert [f["substance"] for f in of_type(records, "allergy")] == ["diphenhydramine"]
    assert of_type(records, "medication_intake") == []


def test_not_a_single_one_since_is_a_skip_of_the_persons_tablets(snapshot: DictionarySnapshot) -> None:
    text = with_apostrophes(
        "brants blood pressure tablets are still at home so hes not had a single one since monday"
    ).text
    spoken = spoken_of(text, child=None, sex="male", names=("Brant",), age=60)
    assert spoken is not None
    view = first_person_view(spoken, text).text
    assert "I've not had a single one since" in view
    skips = of_type(grounded_records(view, snapshot, AT), "regimen_change")
    assert [(s["drug"], s["action"]) for s in skips] == [("antihypertensive", "skip")]
