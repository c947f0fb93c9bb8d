"""Round 58 (issue #7, sets 186-188): learners' verbs and prepositions, care notes and carers, a workout of the day.

A learner's "i stop take the X" is a stop and "allergic for eggs" an allergy; "the pressure pills i take only when i
remember" is a skip; "he lost the conscience" a faint; "all my body was shaking ... I bite my tongue" a seizure; "The
chronic sinusitis which is written in my file, it is finished" is over. A care note's heading names the person ("Support
worker note (Kayla) re Oralia:") and so does a carer's "i look after mister Adán". "wod was heavy deadlifts into
burpees" and "new PR on deadlift" are hard exercise. "allergic to bees, epi pen lives in my locker" is a bee allergy,
never one to the remedy."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import spoken_of
from app.reconcile.double_dose import said_double_dose
from app.reconcile.lifestyle_rules import HIGH_INTENSITY_CUES
from app.reconcile.matching import any_phrase
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2020, 10, 29, 15, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("i stop take the hydrochlorothiazide from 2 week ago because i breast feeding", "hydrochlorothiazide", "stop"),
        ("honestly the lisinopril i take only when i remember, this week maybe 3 days only", "lisinopril", "skip"),
        (
            "on the clinic's advice I took my last hydrochlorothiazide yesterday and has now stopped it altogether",
            "hydrochlorothiazide",
            "stop",
        ),
    ],
)
def test_a_learners_stop_or_skip_is_a_regimen_change(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot
) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, action)]


def test_an_intake_with_the_bare_verb_after_stop_take_stays_as_said(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("the lisinopril I take with the breakfast", snapshot, AT)
    assert [m["drug"] for m in of_type(records, "medication_intake")] == ["lisinopril"]
    assert of_type(records, "regimen_change") == []


def test_a_dose_had_twice_with_its_strength_between(snapshot: DictionarySnapshot) -> None:
    text = "this morning I got my coumadin 5mg two times"
    [intake] = of_type(grounded_records(text, snapshot, AT), "medication_intake")
    assert intake["drug"] == "warfarin"
    assert said_double_dose(text, "warfarin")
    assert not said_double_dose("I got my warfarin 5mg two times a day", "warfarin")


def test_a_dose_on_top_of_one_another_carer_gave_is_a_double_dose() -> None:
    text = (
        "I gave me one of the aleve for my ankle at 10pm yesterday, not knowing my dad had already given me one "
        "earlier on, so I got two close together."
    )
    assert said_double_dose(text, "naproxen")
    assert not said_double_dose("the nurse had already given me my insulin dose", "insulin")


@pytest.mark.parametrize(
    "text",
    [
        "My husband yesterday evening is fallen in the bathroom and I lost the conscience for maybe ten seconds",
        "I lost my consciousness for a few seconds",
    ],
)
def test_consciousness_lost_in_a_learners_words_is_a_faint(text: str, snapshot: DictionarySnapshot) -> None:
    assert [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")] == ["fainting"]


def test_all_the_body_shaking_with_a_bitten_tongue_is_a_seizure(snapshot: DictionarySnapshot) -> None:
    text = "last night I had a crisis again all my body was shaking maybe two minute and I bite my tongue"
    assert "seizure" in [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")]
    cold = grounded_records("all my body was shaking from the cold", snapshot, AT)
    assert "seizure" not in [s["name"] for s in of_type(cold, "symptom")]


def test_a_learners_preposition_after_allergic(snapshot: DictionarySnapshot) -> None:
    text = "i am allergic for eggs. when i eat chapati mayai my skin become red"
    assert [a["substance"] for a in of_type(grounded_records(text, snapshot, AT), "allergy")] == ["eggs"]
    years = of_type(grounded_records("I've been allergic for years to penicillin", snapshot, AT), "allergy")
    assert "years" not in [a["substance"] for a in years]  # "for years" is how long, not what


def test_the_remedy_after_an_allergen_is_not_the_allergen(snapshot: DictionarySnapshot) -> None:
    bees = grounded_records("still allergic to bees, epi pen lives in my locker", snapshot, AT)
    assert [(a["substance"], a["substance_kind"]) for a in of_type(bees, "allergy")] == [("bees", "environment")]
    pill = grounded_records("I'm allergic to my blood pressure pill, the hydrochlorothiazide", snapshot, AT)
    assert [a["substance"] for a in of_type(pill, "allergy")] == ["hydrochlorothiazide"]


def test_a_condition_taken_up_again_by_it_after_its_entry_is_over(snapshot: DictionarySnapshot) -> None:
    text = "The chronic sinusitis which is written in my file, it is finished."
    [condition] = of_type(grounded_records(text, snapshot, AT), "condition")
    assert (condition["name"], condition["status"]) == ("chronic sinusitis", "resolved")


def test_a_weight_read_on_a_scale_in_a_learners_present(snapshot: DictionarySnapshot) -> None:
    [weight] = of_type(
        grounded_records("I am weighing on the gym scale 96 kilo exactly.", snapshot, AT), "body_measurement"
    )
    assert (weight["kind"], weight["value"], weight["unit"]) == ("weight", 96.0, "kg")


def test_a_letters_would_like_to_confirm_is_no_hypothetical(snapshot: DictionarySnapshot) -> None:
    text = "I would also like to confirm that I underwent a bilateral tubal ligation in 2012."
    assert [p["procedure"] for p in of_type(grounded_records(text, snapshot, AT), "surgery_history")] == [
        "tubal ligation"
    ]
    assert of_type(grounded_records("I would like to start metformin", snapshot, AT), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("CRUSHED it this morning, wod was heavy deadlifts into burpees then all out rower sprints", "wod"),
        ("new years resolution started early yesterday did my first crossfit class flat out", "crossfit class"),
        ("today new PR on deadlift 180 kilo x3, all power!!", "deadlift"),
    ],
)
def test_hard_training_told_as_a_note(text: str, activity: str, snapshot: DictionarySnapshot) -> None:
    assert [e["activity"] for e in of_type(grounded_records(text, snapshot, AT), "exercise")] == [activity]


@pytest.mark.parametrize("text", ["my son did my spin class for me", "my son got a new PR on deadlift"])
def test_anothers_training_is_not_the_speakers(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "exercise") == []


@pytest.mark.parametrize(
    ("quote", "intense"),
    [
        ("CRUSHED it this morning, wod was heavy deadlifts into burpees", True),
        ("did some burpees in the garden", True),
        ("an easy walk, I was all out of energy", False),
    ],
)
def test_a_workout_of_the_day_is_high_intensity(quote: str, intense: bool) -> None:
    assert (any_phrase(quote, HIGH_INTENSITY_CUES) is not None) is intense


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Support worker note (Kayla) re Oralia: last night around half eleven she had a seizure", ("Oralia",)),
        ("hello, i am Larysa, carer from agency, i look after mister Adán on weekdays", ("Adán",)),
    ],
)
def test_a_care_note_or_a_carer_names_the_person_written_for(text: str, names: tuple[str, ...]) -> None:
    spoken = spoken_of(text, child=None, sex="female" if "she" in text else "male", names=names)
    assert spoken is not None and spoken.writer_role == "carer"


@pytest.mark.parametrize(
    "text", ["I look after my garden on weekdays", "Support worker note (Kayla) re Lorna: she had a seizure"]
)
def test_a_carers_words_about_someone_else_name_no_one(text: str) -> None:
    assert spoken_of(text, child=None, sex="female", names=("Oralia",)) is None
