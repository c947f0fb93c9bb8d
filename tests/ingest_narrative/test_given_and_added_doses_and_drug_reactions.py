"""Medication and drug-allergy wordings by their structure (issue #6 record contract), each with near misses:
a dose handed over by a relative is an intake, a clinician's "gave me" a prescription; a dose added on top of
one the speaker is unsure of ("couldn't remember whether I'd had it, so I took one more") is the speaker's
intake; a count of doses or a dose added in the next sentence belongs to the intake's quote; a drug allergy said
by a pronoun verdict, a clinician's "reaction to", a sign with its cause, a drug the speaker cannot take; an
environmental allergy said by an exposure and the reaction; intakes said by a new pack, a routine, a pill
popped, a supplement had or tried, another's drug taken."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.rules_extractor import extract
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Dad gave me my Ritalin at 7 this morning.", "methylphenidate"),
        ("My mum handed me my metformin with breakfast.", "metformin"),
        ("My husband brought me my lisinopril an hour ago.", "lisinopril"),
    ],
)
def test_a_dose_handed_over_by_a_relative_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [f["drug"] for f in of_type(records, "medication_intake")] == [drug]
    assert of_type(records, "prescription") == []


def test_a_clinicians_gave_me_stays_a_prescription(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("The doctor gave me metformin.", snapshot, mention)
    assert [f["drug"] for f in of_type(records, "prescription")] == ["metformin"]


@pytest.mark.parametrize(
    "text",
    [
        "I honestly couldn't remember whether I'd had my Coumadin with supper, so I took one more to be safe.",
        "I couldn't remember if I had taken my warfarin, so I took another.",
        "I wasn't sure about my warfarin, so I took a second one.",
    ],
)
def test_a_dose_added_after_doubt_is_the_speakers_intake(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == ["warfarin"]


@pytest.mark.parametrize(
    "text",
    [
        "If I miss my warfarin should I take one more?",  # a question
        "I wonder if I should stop the lisinopril, so I can feel better?",  # a question
        "My wife has diabetes, so she takes metformin.",  # someone else
    ],
)
def test_a_question_or_someone_elses_dose_stays_out(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert of_type(records, "medication_intake") == [] and of_type(records, "regimen_change") == []


def test_a_count_of_doses_in_the_next_sentence_joins_the_intakes_quote(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "My wife set out my Fosamax and I didn't see it, so I took one from the bottle too. That's two of them."
    intakes = [r for r in extract(text, snapshot, mention=mention).records if r.type == "medication_intake"]
    assert [r.quote for r in intakes] == [text]


def test_a_next_sentence_about_something_else_stays_out_of_the_quote(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "I took my Fosamax this morning. The weather is lovely."
    intakes = [r for r in extract(text, snapshot, mention=mention).records if r.type == "medication_intake"]
    assert [r.quote for r in intakes] == ["I took my Fosamax this morning."]


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        (
            "Every time I take my Claritin I break out in welts. It happened again today, so I think I'm"
            " allergic to it.",
            "loratadine",
        ),
        ("I started lisinopril last week and I think I'm allergic to it.", "lisinopril"),
        ("The urgent care doc said the rash is a reaction to the hydrochlorothiazide.", "hydrochlorothiazide"),
        ("I broke out in hives after the amoxicillin.", "amoxicillin"),
        ("Every time I take the Bactrim my lips swell up.", "sulfamethoxazole"),
    ],
)
def test_a_drug_allergy_said_by_pronoun_verdict_or_cause(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(f["substance"], f["substance_kind"]) for f in allergies] == [(substance, "drug")]


@pytest.mark.parametrize(
    "text",
    [
        "My son broke out in hives after the amoxicillin.",  # another person
        "I didn't break out in hives after the amoxicillin.",  # negated
        "Could I be allergic to it? I take metformin.",  # a question, the drug after
        "I take lisinopril. I'm not allergic to it.",  # a denial of nothing recorded
        "I took my Zyrtec because of the cat, I'm allergic to it.",  # "it" is the cat
        "I took ibuprofen after my run and felt better.",  # no allergic sign
        "I took some Benadryl after I broke out in hives from the shrimp.",  # the drug treats the reaction
    ],
)
def test_no_drug_allergy_without_the_speakers_reaction_to_that_drug(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [f for f in allergies if f["substance_kind"] == "drug"] == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Opened the new Seasonique pack on Sunday, one pill a day, same as always.", "levonorgestrel"),
        ("Doing my Flovent two puffs every morning and every night.", "fluticasone"),
    ],
)
def test_a_new_pack_opened_or_a_routine_done_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [drug]


@pytest.mark.parametrize("text", ["I opened the door and the metformin fell.", "Bad news on the pill front."])
def test_no_intake_from_an_opened_door_or_an_idiom(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("My sister's cat stayed with us all weekend and my eyes streamed the entire time.", "cat"),
        ("We mowed the grass and I couldn't stop sneezing.", "grass"),
        ("The dog slept on my bed and I was wheezing all night.", "dog"),
    ],
)
def test_an_allergen_met_and_the_speakers_reaction_is_an_environmental_allergy(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(f["substance"], f["substance_kind"]) for f in allergies] == [(substance, "environment")]


@pytest.mark.parametrize(
    "text",
    [
        "The dog slept on my bed and my eyes didn't water at all.",  # denied reaction
        "My sister's cat made her sneeze all day.",  # someone else's reaction
        "The cat is cute and my eyes are tired.",  # no allergic sign
        "Did the cat make my eyes water?",  # a question
    ],
)
def test_no_environmental_allergy_without_the_speakers_reaction(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


def test_a_dose_added_after_doubt_keeps_the_time_of_the_drugs_clause(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "On Tuesday I couldn't remember whether I'd had my Coumadin with supper, so I took one more."
    intakes = [r for r in extract(text, snapshot, mention=mention).records if r.type == "medication_intake"]
    assert [r.time_text for r in intakes] == ["On Tuesday"]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I pop a couple of ibuprofen most days for my back.", "ibuprofen"),
        ("Popped my metformin at lunch.", "metformin"),
    ],
)
def test_a_popped_pill_is_an_intake(text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [drug]


def test_popping_into_a_place_is_no_intake(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("I popped into the pharmacy for my metformin.", snapshot, mention)
    assert of_type(records, "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("I'm allergic to sulfa drugs.", "sulfa drugs"),
        ("I'm allergic to most antibiotics.", "most antibiotics"),
        ("Amoxicillin made my face swell up last time.", "amoxicillin"),
    ],
)
def test_a_drug_allergen_outside_the_dictionary_or_said_by_its_effect_is_a_drug(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(f["substance"], f["substance_kind"]) for f in allergies] == [(substance, "drug")]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I've been on ashwagandha for stress.", "ashwagandha"),
        ("I take garlic pills every day.", "garlic extract"),
        ("I've been having turmeric in my smoothie every morning.", "turmeric"),
    ],
)
def test_a_supplement_taken_or_had_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "I had a big plate of garlic shrimp.",  # food, not the supplement
        "I'm having trouble with my metformin.",  # no intake said
        "I'm having a bad reaction to the amoxicillin.",  # no intake said
    ],
)
def test_food_or_trouble_with_a_drug_is_no_intake(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "substance", "kind"),
    [
        ("I've been allergic to penicillin since I was a kid.", "penicillin", "drug"),
        ("I was always allergic to sulfa.", "sulfa", "drug"),
        ("I've been allergic to cats my whole life.", "cats", "environment"),
        ("The lisinopril gave me a swollen tongue so they stopped it.", "lisinopril", "drug"),
        ("I react badly to codeine, it makes me itch all over.", "codeine", "drug"),
    ],
)
def test_an_allergy_held_long_or_said_by_a_reaction_to_the_drug(
    text: str, substance: str, kind: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(f["substance"], f["substance_kind"]) for f in allergies] == [(substance, kind)]


@pytest.mark.parametrize(
    "text",
    [
        "My son reacts badly to codeine, he gets itchy.",  # someone else
        "I react to codeine by getting sleepy.",  # no allergic sign
    ],
)
def test_a_reaction_of_someone_else_or_without_an_allergic_sign_is_no_allergy(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


def test_a_relative_handing_over_the_evening_dose_is_an_intake(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My wife gave me my evening insulin and I'd already done it myself."
    records = grounded_records(text, snapshot, mention)
    assert [f["drug"] for f in of_type(records, "medication_intake")] == ["insulin"]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("My neighbor swears by fish oil so I'm giving it a try.", "omega-3 fatty acids"),
        ("I'm trying out some CoQ10 for my muscle aches.", "coenzyme q10"),
    ],
)
def test_a_drug_tried_is_an_intake(text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "My wife swears by fish oil but I'm not giving it a try.",  # negated
        "My son is trying out melatonin.",  # someone else
        "My cardiologist wants me to start Eliquis but I haven't yet.",  # advice not followed
    ],
)
def test_a_drug_not_tried_or_advice_not_followed_gives_no_record(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert of_type(records, "medication_intake") == [] and of_type(records, "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "substance", "kind"),
    [
        ("The allergist confirmed a peanut allergy.", "peanut", "food"),
        ("They diagnosed me with a shellfish allergy last week.", "shellfish", "food"),
        ("I can't take penicillin, it gives me hives.", "penicillin", "drug"),
    ],
)
def test_an_allergy_said_by_a_clinicians_verdict_or_a_drug_the_speaker_cannot_take(
    text: str, substance: str, kind: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(f["substance"], f["substance_kind"]) for f in allergies] == [(substance, kind)]


@pytest.mark.parametrize(
    "text",
    [
        "I can't take penicillin, the pharmacy is closed.",  # no allergic sign
        "My son can't take penicillin, it gives him hives.",  # someone else
        "The allergist ruled out a peanut allergy.",  # ruled out
        "Did they confirm a peanut allergy?",  # a question
    ],
)
def test_no_allergy_from_a_drug_not_taken_for_other_reasons_or_a_verdict_not_given(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I've been taking my wife's Ambien to sleep.", "zolpidem"),
        ("Borrowed a couple of my husband's oxycodone for my back.", "oxycodone"),
    ],
)
def test_the_speaker_taking_anothers_drug_is_the_speakers_intake(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "My wife has been taking my Ambien.",  # the wife takes it
        "My husband took his oxycodone.",  # his own
        "Should I take my wife's Ambien?",  # a question
    ],
)
def test_another_taking_a_drug_or_a_question_is_no_intake(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    "text",
    [
        "I took my metformin at breakfast. Then I forgot and took another one at lunch.",
        "Took my Eliquis this morning. An hour later I took it again without thinking.",
    ],
)
def test_a_dose_added_in_the_next_sentence_joins_the_one_intakes_quote(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    intakes = [r for r in extract(text, snapshot, mention=mention).records if r.type == "medication_intake"]
    assert [r.quote for r in intakes] == [text]


def test_another_persons_added_dose_stays_out_of_the_quote(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I took my metformin this morning. My wife took another one."
    intakes = [r for r in extract(text, snapshot, mention=mention).records if r.type == "medication_intake"]
    assert [r.quote for r in intakes] == ["I took my metformin this morning."]


def test_a_pill_box_is_no_drug(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Took my amlodipine this morning, then my wife put the pill box in front of me and I took another one."
    intakes = of_type(grounded_records(text, snapshot, mention), "medication_intake")
    assert [f["drug"] for f in intakes] == ["amlodipine"]
