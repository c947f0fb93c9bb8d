"""Medication, allergy and immunization wordings by their structure (round 20), each with near misses: a drug the
speaker was "on" and then stopped by a pronoun is a stop; the last of a supply taken and not renewed is a stop; a
supplement named in someone's talk and then taken as "one", "some" or "the capsules" someone "has me on" is the
speaker's; a clinician's start whose first dose is said taken is the speaker's start; a course in days and a
strength said later belong to a prescription; a jab or booster said up to date, done or given is a vaccination; a
claimed allergy with an exposure that brought no reaction is a denied allergy; a food eaten in one sentence and the
mouth or throat reacting in the next is a food allergy."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 3, 10, 18, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("My feet swelled up on the amlodipine, so I stopped taking it on Monday.", "amlodipine"),
        ("I got dizzy spells on the lisinopril and then I quit it on Friday.", "lisinopril"),
        ("I was taking the simvastatin but my legs ached so much, so I've stopped them.", "simvastatin"),
        ("Was on metformin for a month, it wrecked my stomach and I ditched it last week.", "metformin"),
        ("Felt like a zombie on the gabapentin, so I just came off it at the weekend.", "gabapentin"),
        ("My ankles ballooned on the Norvasc and then I stopped it last Thursday.", "amlodipine"),
        ("I started the metformin last month but it upset my stomach so I stopped it on Sunday.", "metformin"),
        ("Began the atorvastatin in May and then I quit it because of the aches.", "atorvastatin"),
    ],
)
def test_a_drug_the_speaker_was_on_then_stopped_by_a_pronoun_is_a_stop(
    text: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, AT)
    assert [(c["drug"], c["action"]) for c in of_type(records, "regimen_change")] == [(drug, "stop")]
    assert of_type(records, "medication_intake") == []  # the stop is the news, said once


@pytest.mark.parametrize(
    "text",
    [
        "I felt dizzy on the lisinopril but I haven't stopped taking it.",  # negated
        "My husband was on the Norvasc and his ankles swelled, so he stopped taking it.",  # someone else
        "My ankles swelled on the Norvasc, should I stop taking it?",  # a question
        "I felt sick on the amlodipine, so I stopped drinking coffee.",  # another thing stopped
    ],
)
def test_a_stop_of_someone_else_or_a_question_or_another_thing_is_no_stop(
    text: str, snapshot: DictionarySnapshot
) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I finished the last of my clopidogrel on Sunday and never got round to picking up more.", "clopidogrel"),
        ("Used up the last of the metformin last week and haven't bothered getting more.", "metformin"),
        ("I took my last Eliquis on Monday and never got round to a refill.", "apixaban"),
        ("Finished my final box of the atorvastatin a fortnight ago and didn't get around to ordering another.",
         "atorvastatin"),
        ("I took the last of my lisinopril this morning. Haven't got round to getting more yet.", "lisinopril"),
        ("Swallowed the very last warfarin tablet on Friday and honestly I haven't refilled it.", "warfarin"),
    ],
)
def test_the_last_of_a_supply_taken_and_not_renewed_is_a_stop(
    text: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, "stop")]


@pytest.mark.parametrize(
    "text",
    [
        "I finished the last of my amoxicillin yesterday, the course is done.",  # a course completed
        "I finished the last of my Plavix on Sunday but picked up more on Monday.",  # renewed
        "My wife finished the last of her Plavix and never got more.",  # someone else
    ],
)
def test_a_course_completed_or_renewed_or_anothers_is_no_stop(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "record_type", "drug"),
    [
        ("My sister swears by magnesium for cramps, so I started taking some every night last week.",
         "regimen_change", "magnesium oxide"),
        ("Everyone at church goes on about turmeric, so I've begun taking a spoonful in my tea.",
         "regimen_change", "turmeric"),
        ("My aunt keeps banging on about glucosamine, so I started taking one with my lunch.",
         "regimen_change", "glucosamine"),
        ("My son bought me some ginkgo, I've had one every day since the weekend.", "medication_intake",
         "ginkgo biloba"),
        ("Ginkgo biloba is meant to help memory. I've been having two with my lunch.", "medication_intake",
         "ginkgo biloba"),
        ("My wife read that fish oil is good for the joints, so she's had me on the capsules since January.",
         "regimen_change", "omega-3 fatty acids"),
        ("My husband read about CoQ10 and he's got me taking it since Monday.", "regimen_change", "coenzyme q10"),
        ("Turmeric is meant to be good for joints. The wife has had me on the capsules since June.", "regimen_change",
         "turmeric"),
    ],
)
def test_a_supplement_named_in_someones_talk_then_taken_by_the_speaker_is_theirs(
    text: str, record_type: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    assert [r["drug"] for r in of_type(grounded_records(text, snapshot, AT), record_type)] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "My wife swears by glucosamine, she has one every morning.",  # her dose
        "Does glucosamine work? Should I start taking one with breakfast?",  # a question
        "My neighbour keeps going on about glucosamine, but I haven't started taking any.",  # not started
        "My son read that fish oil helps joints, so he's had himself on the capsules for a month.",  # his
        "I had one of those days yesterday with the ginkgo.",  # no dose
    ],
)
def test_a_supplement_taken_by_another_or_asked_about_is_not_the_speakers(
    text: str, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "regimen_change") == [] and of_type(records, "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("The nurse practitioner started me on levothyroxine, 75 micrograms each morning, and the first one was "
         "on Tuesday.", "levothyroxine"),
        ("The neurologist started me on Keppra, 500 mg twice a day, and I took my first dose this morning.",
         "levetiracetam"),
        ("My GP put me on metformin, 500 mg with dinner, and I had the first tablet on Sunday.", "metformin"),
    ],
)
def test_a_clinicians_start_with_the_first_dose_taken_is_the_speakers_start(
    text: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, AT)
    assert [(c["drug"], c["action"]) for c in of_type(records, "regimen_change")] == [(drug, "start")]
    assert of_type(records, "prescription") == []


@pytest.mark.parametrize(
    "text",
    [
        "The neurologist started me on Keppra, 500 mg twice a day.",  # no dose taken said
        "She started me on levothyroxine, 50 micrograms every morning, I'll take the first one tomorrow.",  # a plan
    ],
)
def test_a_clinicians_start_with_no_dose_taken_stays_a_prescription(text: str, snapshot: DictionarySnapshot) -> None:
    assert len(of_type(grounded_records(text, snapshot, AT), "prescription")) == 1


@pytest.mark.parametrize(
    ("text", "dose", "days"),
    [
        ("Pulled a muscle, so the walk-in gave me a five-day course of prednisone, began today, 40 mg each morning.",
         40.0, 5),
        ("The dentist gave me a seven day course of amoxicillin, 500 mg three times a day.", 500.0, 7),
        ("The GP handed me a course of prednisone for ten days, started Monday, 30 mg a day.", 30.0, 10),
    ],
)
def test_a_course_in_days_and_a_strength_said_later_belong_to_the_prescription(
    text: str, dose: float, days: int, snapshot: DictionarySnapshot
) -> None:
    [prescription] = of_type(grounded_records(text, snapshot, AT), "prescription")
    assert (prescription["dose"], prescription["unit"], prescription["supply_days"]) == (dose, "mg", days)


@pytest.mark.parametrize(
    "text",
    [
        "Just so you know, my tetanus jab is up to date, I had it at the surgery in the autumn.",
        "I'm all up to date on my covid jabs now.",
        "The pharmacist did my flu jab on Monday, no bother.",
        "The nurse jabbed me for shingles last week.",
        "My pneumonia vaccine was done at the surgery in October.",
        "The covid booster went in on Tuesday, arm's sore.",
        "I got jabbed for flu on Monday at the chemist.",
        "I was boosted against covid last week.",
    ],
)
def test_a_jab_or_booster_said_up_to_date_done_or_given_is_a_vaccination(
    text: str, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, AT)
    assert {"kind": "vaccination"} in of_type(records, "clinical_visit")
    assert of_type(records, "medication_intake") == []  # a vaccine is no intake
    assert of_type(records, "condition") == []  # nor the disease it is against


@pytest.mark.parametrize(
    "text",
    [
        "Is my tetanus booster up to date?",  # a question
        "My tetanus booster isn't up to date.",  # negated
        "My wife's flu jab is up to date.",  # someone else's
        "My tetanus booster is due next month.",  # due, not done
        "My husband's shingles vaccine was done last week.",  # someone else's
        "The nurse gave me a cortisone shot in my knee.",  # a joint injection
        "My B12 jab is up to date.",  # a drug injection
        "I haven't been jabbed for flu yet.",  # negated
        "My husband got jabbed for flu on Monday.",  # someone else
    ],
)
def test_a_jab_asked_about_due_or_anothers_is_no_vaccination(text: str, snapshot: DictionarySnapshot) -> None:
    assert {"kind": "vaccination"} not in of_type(grounded_records(text, snapshot, AT), "clinical_visit")


@pytest.mark.parametrize(
    ("text", "substance", "kind"),
    [
        ("That shellfish allergy on my record is nonsense, I had a bowl of mussels last week and didn't get a "
         "single itch.", "shellfish", "food"),
        ("My file says I'm allergic to shellfish, but I ate a whole bowl of prawns at Christmas and nothing happened.",
         "shellfish", "food"),
        ("That peanut allergy they have me down for, I had peanut butter on toast this morning and didn't get so much"
         " as an itch.", "peanut", "food"),
        ("Apparently I'm allergic to penicillin. I had amoxicillin last winter with no reaction at all.",
         "penicillin", "drug"),
        ("Supposedly I have an egg allergy, yet I've eaten omelettes all week and felt fine.", "egg", "food"),
        ("The doctor's list has a cat allergy on it but I've had two cats for years and I never sneeze.", "cat",
         "environment"),
    ],
)
def test_a_claimed_allergy_with_an_exposure_that_brought_no_reaction_is_denied(
    text: str, substance: str, kind: str, snapshot: DictionarySnapshot
) -> None:
    allergies = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert [(a["substance"], a["substance_kind"], a.get("status")) for a in allergies] == [
        (substance, kind, "denied")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I'm allergic to shellfish but a prawn slipped through at the party and I was fine, lucky.",  # own allergy
        "My son's notes say he has a peanut allergy, but he ate a peanut butter sandwich and was fine.",  # the son's
        "If my notes say shellfish allergy, could I eat prawns and not get a reaction?",  # a question
        "My notes say shellfish allergy. I haven't eaten any prawns since.",  # no exposure
    ],
)
def test_an_own_allergy_or_anothers_or_no_exposure_is_not_denied(text: str, snapshot: DictionarySnapshot) -> None:
    allergies = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert all(a.get("status") != "denied" for a in allergies)


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("A colleague handed round walnut cookies and I had one before I thought. My mouth went all itchy.", "walnut"),
        ("I had a spoonful of the cashew curry at lunch. Within minutes my lips went all tingly.", "cashew"),
        ("I'd eaten two of the prawns before anyone said. Then my throat went scratchy and tight.", "prawns"),
        ("My neighbour baked almond biscuits and I tried one. My tongue started to swell up.", "almond"),
    ],
)
def test_a_food_eaten_and_the_mouth_reacting_in_the_next_sentence_is_a_food_allergy(
    text: str, substance: str, snapshot: DictionarySnapshot
) -> None:
    allergies = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert [(a["substance"], a["substance_kind"]) for a in allergies] == [(substance, "food")]


@pytest.mark.parametrize(
    "text",
    [
        "My husband ate the walnut cake. His lips swelled up.",  # someone else
        "I had prawns for dinner. My throat is a bit sore today.",  # no allergic sign
        "We talked about peanut butter. My mouth went dry from nerves.",  # nothing eaten, no sign
    ],
)
def test_a_food_and_anothers_or_no_reaction_next_is_no_allergy(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "allergy") == []


@pytest.mark.parametrize(
    ("text", "substance", "reaction"),
    [
        ("I broke out in hives all over after the amoxicillin. The GP says it's an allergic reaction to the "
         "amoxicillin.", "amoxicillin", "hives"),
        ("This blotchy rash on my chest is an allergic reaction to the doxycycline, the pharmacist reckons.",
         "doxycycline", "rash"),
        ("The swelling in my lips after the amoxicillin was scary, the GP says I'm allergic to it.", "amoxicillin",
         "swelling"),
        ("I got welts across my back on Monday, and the doctor said it's an allergy to the naproxen.", "naproxen",
         "welts"),
    ],
)
def test_a_drug_allergy_records_the_sign_the_turn_told(
    text: str, substance: str, reaction: str, snapshot: DictionarySnapshot
) -> None:
    allergies = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert [(a["substance"], a.get("reaction")) for a in allergies] == [(substance, reaction)]


def test_another_persons_sign_is_not_the_reaction_of_the_speakers_allergy(snapshot: DictionarySnapshot) -> None:
    text = "My wife's itchy rash came back last week. I'm allergic to penicillin by the way."
    allergies = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert [(a["substance"], a.get("reaction")) for a in allergies] == [("penicillin", None)]
