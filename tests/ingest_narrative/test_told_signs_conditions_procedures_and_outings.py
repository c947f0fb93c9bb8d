"""General wording families (issue #6 record contract), each with near-miss negatives: acute signs told by what
happened (fainting by its consequence, speech by the words, a failing part, breathing failing, lips turning
blue); a condition over because it has not come back, because a clinician "she" reports it so, or because a
question raising it is answered by a predicate alone ("the sinus business? Cleared up."); a condition
still active when "anymore" closes a contrast; a recorded condition denied by a pronoun after a clinic's entry;
a disease named as its vaccine; an operation said by its kind and a diagnostic scan done on the speaker; a class
the speaker was talked into, a race, an event entered; a dish got without "for dinner"; a test value said as an
appositive; a throat said to be scratchy with its possessive dropped."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.gate import decide_retain
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I stood up and the next thing I knew I was on the kitchen floor.", "fainting"),
        ("I came round on the bathroom tiles with no idea how I got there.", "fainting"),
        ("Must have been out for a few seconds, my head was on the rug.", "fainting"),
        ("Last night my words came out all jumbled.", "dysarthria"),
        ("For ten minutes I couldn't find my words.", "dysarthria"),
        ("My right hand wouldn't grip the remote.", "weakness"),
        ("My left arm went completely dead while I was cooking.", "weakness"),
        ("At soccer I couldn't breathe.", "shortness of breath"),
        ("I was gasping for air on the stairs.", "shortness of breath"),
        ("Mom said my lips looked kind of blue.", "cyanosis"),
    ],
)
def test_an_acute_sign_told_by_what_happened_is_a_symptom(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert name in [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    "text",
    [
        "His words came out all jumbled yesterday.",  # another person
        "My husband couldn't breathe last night.",  # another person
        "My daughter's lips looked blue after swimming.",  # another person's lips
        "If I can't breathe I'll call 911.",  # hypothetical
        "I can't breathe through my nose with this cold.",  # a blocked nose
        "My words weren't slurred at all.",  # negated
        "I didn't pass out, I just sat on the floor.",  # negated, the floor by choice
    ],
)
def test_a_sign_not_the_speakers_or_not_told_is_no_acute_symptom(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    names = {f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")}
    assert not names & {"fainting", "dysarthria", "weakness", "shortness of breath", "cyanosis"}


@pytest.mark.parametrize(
    ("text", "name", "status"),
    [
        (
            "The hay fever that used to wreck me every spring just hasn't come back since we moved.",
            "hay fever",
            "resolved",
        ),
        ("My gout hasn't come back since I stopped drinking.", "gout", "resolved"),
        ("My migraines never came back after the surgery.", "migraine", "resolved"),
        ("Good news from the hematologist, she says the anemia has cleared up.", "anemia", "resolved"),
        ("The doctor there says it's type 2 diabetes now, not just borderline anymore.", "type 2 diabetes", "active"),
        ("They put prediabetes on my chart and I really don't have that.", "prediabetes", "denied"),
        ("They wrote asthma in my notes but I've never had it.", "asthma", "denied"),
        ("And the sinus business that's been on my list forever? Cleared up.", "sinus business", "resolved"),
        ("My migraines? All gone.", "migraine", "resolved"),
        ("My migraines? Still there.", "migraine", "active"),
    ],
)
def test_condition_status_by_recurrence_report_contrast_and_pronoun_denial(
    text: str, name: str, status: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert {"name": name, "status": status} in conditions


@pytest.mark.parametrize(
    "text",
    [
        "My sister called, she says the flu has cleared up at her school.",  # the relative's report
        "Got the hepatitis A jab at the travel clinic.",  # a vaccine, not the disease
        "I had my shingles vaccine on Monday.",  # a vaccine
        "I have asthma and I don't use my inhaler.",  # no denial of the asthma
    ],
)
def test_near_misses_of_condition_reports_are_not_resolved_or_denied(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert all(c["status"] == "active" for c in conditions)
    assert not any(c["name"] in ("hepatitis a", "shingles", "influenza", "flu") for c in conditions)


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("Two weeks ago they did a cataract operation on my left eye.", "cataract operation"),
        ("I had a hernia repair in May.", "hernia repair"),
        ("The surgeon performed a bunion operation on my foot.", "bunion operation"),
        ("She also had me get an MRI of my head last Wednesday.", "MRI"),
        ("They did a CT scan of my chest.", "CT scan"),
    ],
)
def test_an_operation_by_its_kind_or_a_scan_done_on_the_speaker_is_a_procedure(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert {"procedure": procedure} in of_type(grounded_records(text, snapshot, mention), "surgery_history")


@pytest.mark.parametrize(
    "text",
    [
        "My husband had a knee operation last year.",  # another person
        "I'm having a cataract operation next month.",  # planned
        "If they do an MRI I'll be nervous.",  # hypothetical
        "Dad had an MRI last week.",  # another person
        "I had the car repair done today.",  # not the body
    ],
)
def test_an_operation_or_scan_not_done_on_the_speaker_is_no_procedure(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("My grandson talked me into his spin class while I was up there.", "spin class"),
        ("My friend talked me into a yoga class.", "yoga class"),
        ("Did a 5k along the river on Sunday morning, new personal best!", "running"),
        (
            "The gym is running a CrossFit throwdown in 10 days and I signed up for the heavy division.",
            "crossfit throwdown",
        ),
        ("I've registered for a half marathon in May.", "half marathon"),
    ],
)
def test_a_class_talked_into_a_race_or_an_event_entered_is_exercise(
    text: str, activity: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert activity in [f["activity"] for f in of_type(grounded_records(text, snapshot, mention), "exercise")]


@pytest.mark.parametrize(
    "text",
    ["My son signed up for a 5k.", "He talked his wife into a spin class.", "I signed up for a cooking class."],
)
def test_an_event_not_the_speakers_or_not_a_sport_is_no_exercise(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("Got pizza with the guys after practice tonight.", "pizza"),
        ("We grabbed tacos on the way home.", "tacos"),
        ("I ordered a big curry from the place downstairs.", "curry"),
    ],
)
def test_a_dish_got_without_a_meal_name_is_a_meal(
    text: str, food: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert food in [f["food"] for f in of_type(grounded_records(text, snapshot, mention), "meal")]


@pytest.mark.parametrize(
    "text", ["My brother got pizza.", "Should I get pizza tonight?", "I got food poisoning from the sushi."]
)
def test_a_dish_not_eaten_by_the_speaker_is_no_meal(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "meal") == []


def test_a_test_value_said_as_an_appositive_is_its_result(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("The nurse phoned with my A1c, 6.3, which is about where it was.", snapshot, mention)
    assert [(f["loinc"], f["value"]) for f in of_type(records, "test_result")] == [("4548-4", 6.3)]
    assert of_type(grounded_records("I checked my sugar, 3 times today.", snapshot, mention), "test_result") == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Throat's been a little scratchy since yesterday, nothing major.", True),
        ("My throat is raw.", True),
        ("His throat's been scratchy.", False),
    ],
)
def test_a_scratchy_throat_with_or_without_its_possessive(
    text: str, found: bool, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    names = [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]
    assert ("sore throat" in names) is found


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Morning! Quick one before work.", False),
        ("lol ok that's all, byeee", False),
        ("heyyy", False),
        ("Quick one before work, my knee is killing me.", True),
        ("A quick update: my sugar was 140 this morning.", True),
    ],
)
def test_a_preamble_or_a_drawn_out_sign_off_is_not_kept(text: str, kept: bool) -> None:
    assert decide_retain(text).retain is kept
