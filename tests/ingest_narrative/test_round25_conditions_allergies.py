"""Round 25 general wordings (issue #7), conditions and allergies: a recorded condition disputed (the entry placed
then judged in the next sentence, asked about then denied, judged through its organ, asked to be taken off, denied by
a fragment after the right diagnosis, a clinician's "she said it isn't X"); a condition over with no cue before its
name; a clinic naming the diagnosis; the right diagnosis after a disputed entry; a food allergy confirmed (the noun
affirmed, the rescue pen used after a food, "X always does this to me") or ruled out (a doubt, a negative allergy
test); a drug reaction told by "is giving me", "after it" or "it happens every time I take X". Each with near-miss
negatives."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


def _conditions(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, str]]:
    return [(f["name"], f["status"]) for f in of_type(grounded_records(text, snapshot, mention), "condition")]


def _allergies(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, str, str | None]]:
    return [
        (f["substance"], f["substance_kind"], f.get("status"))
        for f in of_type(grounded_records(text, snapshot, mention), "allergy")
    ]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The online record has asthma among my diagnoses. That is just wrong, my lungs were always fine.", "asthma"),
        ("My portal lists gout under my conditions. Not true.", "gout"),
        ("Why does my chart say epilepsy? I have never once had a seizure.", "epilepsy"),
        ("ha my file says gout?? nah.", "gout"),
        ("The GP saw me Monday and he said it isn't asthma, my lungs are fine.", "asthma"),
        ("The doctor said my bones are fine, so whatever the notes say about osteoporosis should come off.",
         "osteoporosis"),
        ("The asthma on my list shouldn't be there.", "asthma"),
        ("The portal lists hypothyroidism under my conditions. My thyroid is fine.", "hypothyroidism"),
        ("The dermatologist said it's rosacea. Not eczema. Never was.", "eczema"),
    ],
)
def test_a_recorded_condition_disputed(text: str, name: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert (name, "denied") in _conditions(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "Why does my chart say epilepsy?",  # a question alone
        "Why does my chart say epilepsy? Does it matter?",
        "My son's chart says asthma. That's wrong.",  # another person's record
        "I hope the record doesn't say gout. That would be wrong.",  # a hope
        "My dad has asthma. Not eczema.",  # another person's diagnosis
        "Took my son to the doctor and she said it isn't asthma.",  # the son's
        "My chart says diabetes. No surprise there.",  # "no" opening another phrase
        "My chart says asthma? I've never had an attack this bad.",  # an episode, not the diagnosis
        "My file lists diabetes. My feet are fine though.",  # an organ the entry is not about
        "The asthma on my record needs to be corrected to severe.",  # a correction of the entry, not its removal
    ],
)
def test_no_dispute_without_the_speakers_denial(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert [c for c in _conditions(text, snapshot, mention) if c[1] == "denied"] == []


def test_the_right_diagnosis_after_a_disputed_entry(snapshot: DictionarySnapshot, mention: datetime) -> None:
    found = _conditions("haha my file says gout?? nah. its plantar fasciitis, that's all", snapshot, mention)
    assert found == [("gout", "denied"), ("plantar fasciitis", "active")]


@pytest.mark.parametrize("text", ["It's plantar fasciitis.", "I hope it's not gout. It's plantar fasciitis."])
def test_no_correction_without_a_disputed_entry(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert ("plantar fasciitis", "active") not in _conditions(text, snapshot, mention)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Gout's gone! Not a single flare all year.", "gout"),
        ("Psoriasis is finally cleared up.", "psoriasis"),
        ("Whatever that asthma thing was, it's done.", "asthma"),
    ],
)
def test_a_condition_over_with_no_cue_before_it(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _conditions(text, snapshot, mention) == [(name, "resolved")]


@pytest.mark.parametrize(
    "text",
    [
        "Is eczema gone for good?",
        "Eczema is gone when you use the cream?",
        "Is that sinus thing over?",
        "Diabetes is over-diagnosed these days.",
    ],
)
def test_no_condition_over_in_a_question_or_a_generic(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _conditions(text, snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("urgent care says bronchitis. inhaler for a week", "bronchitis"),
        ("The walk-in said UTI, antibiotics for a week.", "uti"),
    ],
)
def test_a_clinic_names_the_diagnosis(text: str, name: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _conditions(text, snapshot, mention) == [(name, "active")]


@pytest.mark.parametrize(
    "text", ["The doctor says UTIs are common in summer.", "Maybe the clinic says bronchitis.", "Flu is going around."]
)
def test_no_diagnosis_from_a_generic_or_hedged_saying(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _conditions(text, snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("hives after the tuna. fish allergy strikes again", "fish"),
        ("The sesame allergy is definitely real.", "sesame"),
        ("The walnuts in that salad were a mistake. Had to use my EpiPen.", "walnut"),
        ("It was the quiche. I knew I shouldn't have, eggs always do this to me, cramps and a rash on my arm.", "egg"),
    ],
)
def test_a_food_allergy_confirmed(text: str, food: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert (food, "food", None) in _allergies(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "My son had to use his EpiPen after the cashews.",  # another person's pen
        "I keep an EpiPen in case I need to use my EpiPen for peanuts.",  # a plan
        "Is my fish allergy real?",  # a question
        "Eggs always do this to me, I get so sleepy.",  # no allergic sign
    ],
)
def test_no_food_allergy_from_a_near_miss(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _allergies(text, snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("Ate shrimp all week with no reaction, so I really doubt I'm allergic to shellfish.", "shellfish"),
        ("The allergist did skin prick tests and peanuts came back negative.", "peanut"),
        ("Had the allergy test this week: negative for sesame.", "sesame"),
        ("Peanut butter on toast every morning this month and not a single hive.", "peanut"),
        ("Ate prawns all weekend, no reaction.", "prawn"),
    ],
)
def test_a_food_allergy_ruled_out(text: str, food: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert (food, "food", "denied") in _allergies(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "I doubt I'm allergic to shellfish, but I'm not sure.",  # unsure
        "The allergist did skin prick tests and peanuts came back positive.",  # positive
        "My daughter's skin prick test: peanuts came back negative.",  # another person's test
        "I wonder if peanuts would come back negative on an allergy test.",  # a wonder
        "Shrimp last night and no reaction?",  # a question
        "My son ate peanuts and had no reaction.",  # another person
        "Fish is good for you and has no problems.",  # generic
        "Eggs every morning, no problems at all with my stomach.",  # no allergic sign denied
    ],
)
def test_no_allergy_ruled_out_from_a_near_miss(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert [a for a in _allergies(text, snapshot, mention) if a[2] == "denied"] == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("My lisinopril is giving me a blotchy rash all over my back.", "lisinopril"),
        ("the statin, the atorvastatin, I keep getting hives about an hour after it.", "atorvastatin"),
        ("Does a statin make your lips swell? It happens each time I take the atorvastatin.", "atorvastatin"),
        ("My tongue swells. It happens every time I take the lisinopril.", "lisinopril"),
        ("Red welts come up a couple of hours after my thyroid tablet.", "levothyroxine"),
    ],
)
def test_a_drug_reaction_by_reference(text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert (drug, "drug", None) in _allergies(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "Is the lisinopril giving you a rash?",  # a question
        "My wife's lisinopril is giving her a rash.",  # another person's
        "The lisinopril isn't giving me any rash.",  # a denial
        "The water pill, the furosemide, my wife gets welts after it.",  # another person's sign
        "The furosemide, I never get a rash after it.",  # no sign
        "Does lisinopril cause hives? My wife says it happens every time she takes it.",  # another person's dose
    ],
)
def test_no_drug_reaction_from_a_near_miss(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _allergies(text, snapshot, mention) == []
