"""Medication and allergy wordings by their structure (issue #6 record contract), each with near misses:
a drug as the subject of running out is a skip, a stop when the refill is not done; a morning insulin "not done"
is a skip; a drug said swallowed in a verbless clause ("Plavix down at 7") is an intake; a supplement named in
someone's advice and then taken by the speaker as "it" or "one of those big capsules" is the speaker's; a
clinician's start said with a regimen in any words (a strength in milligrams, a count a day, a course) is a
prescription; a stop is dated by the sentence about the last dose; a drug allergy by the sentence telling the
reaction; a food allergy said by an exposure and the speaker's mouth, throat or skin reacting."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.rules_extractor import extract
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 4, 10, 18, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("The office was shut, so when the Plavix ran out on Sunday I never got it refilled.", "clopidogrel", "stop"),
        ("My metformin ran out last week and I haven't picked up more.", "metformin", "stop"),
        ("The warfarin is all gone and the pharmacy is closed till Monday.", "warfarin", "skip"),
        ("Once my lisinopril had run out, I never had it renewed.", "lisinopril", "stop"),
        ("My Plavix prescription ran out on Sunday and I haven't replaced it.", "clopidogrel", "stop"),
        ("Plavix ran out Sunday, haven't bothered getting more.", "clopidogrel", "stop"),
        ("I have not done the morning insulin for the past three days.", "insulin", "skip"),
        ("I haven't been doing my Lantus at night since Friday.", "insulin glargine", "stop"),
    ],
)
def test_a_drug_run_out_or_a_dose_not_done_is_a_skip_or_a_stop(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot
) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    [
        "My wife's Plavix ran out on Sunday.",  # someone else's
        "If my Plavix runs out I'll call the office.",  # a supposition
        "Before my Plavix runs out I should refill it.",  # a plan
        "Has my Plavix run out?",  # a question
        "My Ventolin ran out but I got a new one yesterday.",  # refilled at once
        "My Plavix ran out and I picked up more the same day.",  # refilled at once
        "The nurse has not done my insulin yet?",  # a question
    ],
)
def test_a_run_out_of_another_or_supposed_is_no_regimen_change(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Plavix down at 7 this morning, same as every day.", "clopidogrel"),
        ("Metformin taken with breakfast.", "metformin"),
        ("I've taken my Norvasc this morning.", "amlodipine"),
        ("The warfarin's already down, thanks for the reminder.", "warfarin"),
    ],
)
def test_a_drug_said_swallowed_without_a_verb_is_an_intake(text: str, drug: str, snapshot: DictionarySnapshot) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, AT), "medication_intake")] == [drug]


@pytest.mark.parametrize(
    "text",
    ["My metformin dose is down to 500 mg.", "The price of Plavix went down this year.", "My pressure is down today."],
)
def test_a_dose_or_price_gone_down_is_no_intake(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "record_type", "drug"),
    [
        (
            "My friend swears by ginkgo biloba for the memory, so I bought a bottle and started on it a week ago.",
            "regimen_change",
            "ginkgo biloba",
        ),
        (
            "My neighbour swears by fish oil for the heart, so I've been having one of those big capsules every night.",
            "medication_intake",
            "omega-3 fatty acids",
        ),
        (
            "My sister raves about turmeric, so I picked some up and I've been taking two of the little capsules.",
            "medication_intake",
            "turmeric",
        ),
    ],
)
def test_a_supplement_advised_and_then_taken_by_reference_is_the_speakers(
    text: str, record_type: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, AT), record_type)] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "My wife uses fish oil. She has been having one of those big capsules every night.",  # someone else
        "My doctor mentioned ginkgo, but I haven't started on it.",  # not started
    ],
)
def test_a_supplement_taken_by_another_or_not_started_is_not(text: str, snapshot: DictionarySnapshot) -> None:
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "medication_intake") == []
    assert [f for f in of_type(records, "regimen_change") if f.get("action") == "start"] == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("The doctor at the urgent care put me on allopurinol, one tablet a day.", "allopurinol"),
        ("The urgent care doc put me on prednisone, 20 milligrams each morning for five days.", "prednisone"),
        ("The GP put me on amoxicillin for ten days.", "amoxicillin"),
        ("She started me on metformin, 500 milligrams with dinner.", "metformin"),
    ],
)
def test_a_clinicians_start_with_a_regimen_in_any_words_is_a_prescription(
    text: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, AT)
    assert [f["drug"] for f in of_type(records, "prescription")] == [drug]
    assert of_type(records, "regimen_change") == []


def test_a_clinicians_start_with_no_regimen_stays_a_start(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("My neurologist started me on levetiracetam two weeks ago.", snapshot, AT)
    assert [(f["drug"], f["action"]) for f in of_type(records, "regimen_change")] == [("levetiracetam", "start")]


@pytest.mark.parametrize(
    ("text", "when"),
    [
        (
            "My readings look fine, so I decided to come off the hydrochlorothiazide. The last one I took was the day "
            "before yesterday.",
            "the day before yesterday",
        ),
        ("I've stopped my lisinopril. My last dose was on Sunday.", "on Sunday"),
    ],
)
def test_a_stop_is_dated_by_the_sentence_about_the_last_dose(
    text: str, when: str, snapshot: DictionarySnapshot
) -> None:
    result = extract(text, snapshot, mention=AT)
    stops = [r for r in result.records if r.type == "regimen_change"]
    assert [r.time_text for r in stops] == [when]


def test_a_drug_allergy_is_dated_by_the_sentence_telling_the_reaction(snapshot: DictionarySnapshot) -> None:
    text = (
        "Last Monday I broke out in hives about an hour after taking my Allegra, all over my neck. "
        "The pharmacist thinks I'm allergic to it."
    )
    allergies = [r for r in extract(text, snapshot, mention=AT).records if r.type == "allergy"]
    assert [(r.fields["substance"], r.time_text) for r in allergies] == [("fexofenadine", "Last Monday")]


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("I stayed well away from the prawns and crab, my throat starts itching just from the smell.", "prawns"),
        ("Had a bite of the walnut cake at the party and my lips swelled up.", "walnut"),
        ("We had satay with peanuts and I broke out in hives.", "peanuts"),
    ],
)
def test_a_food_met_and_the_speakers_mouth_or_skin_reacting_is_a_food_allergy(
    text: str, substance: str, snapshot: DictionarySnapshot
) -> None:
    allergies = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert [(f["substance"], f["substance_kind"]) for f in allergies] == [(substance, "food")]


@pytest.mark.parametrize(
    "text",
    [
        "My son ate peanuts and his lips swelled.",  # someone else
        "Does your throat itch when you eat shrimp?",  # a question
        "I ate shrimp last night and my throat was fine.",  # no reaction
        "I had peanut butter on toast yesterday and nothing happened at all.",  # no reaction
    ],
)
def test_a_food_without_the_speakers_reaction_is_no_allergy(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "allergy") == []


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("I've not been taking my lisinopril this week.", "lisinopril", "skip"),
        ("I haven't been taking my lisinopril since Friday.", "lisinopril", "stop"),
        ("Gave my Plavix a miss today.", "clopidogrel", "skip"),
        ("The amlodipine makes my ankles swell, so I've been leaving it out.", "amlodipine", "stop"),
        ("Binned the simvastatin, my legs ached.", "simvastatin", "stop"),
    ],
)
def test_a_drug_left_out_in_other_words_is_a_skip_or_a_stop(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot
) -> None:
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    [
        "I threw out my back lifting the lisinopril box.",  # no drug thrown out
        "I'd never give my Plavix a miss.",  # a denial
        "Should I give my Plavix a miss before the dentist?",  # a question
    ],
)
def test_other_meanings_of_those_words_are_no_regimen_change(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "regimen_change") == []


def test_a_drug_named_in_a_cleft_as_the_cause_of_a_sign_is_an_allergy(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("I think the Allegra is what gave me the hives on Monday.", snapshot, AT)
    assert [f["substance"] for f in of_type(records, "allergy")] == ["fexofenadine"]
    assert of_type(grounded_records("The Allegra is what my sister takes.", snapshot, AT), "allergy") == []


@pytest.mark.parametrize(
    ("text", "record_type", "drug", "action"),
    [
        ("Decided I'm done with the statin.", "regimen_change", "statin", "stop"),
        ("The lisinopril and I parted ways in March.", "regimen_change", "lisinopril", "stop"),
        ("I didn't remember my metformin this morning.", "regimen_change", "metformin", "skip"),
        ("I'm done with my metformin for today.", "medication_intake", "metformin", None),
        ("Remembered my metformin with dinner.", "medication_intake", "metformin", None),
        ("Keeping up with my Fosamax every Sunday.", "medication_intake", "alendronate", None),
        ("I'm sticking with the Lipitor for now.", "medication_intake", "atorvastatin", None),
    ],
)
def test_a_drug_parted_with_forgotten_or_kept_up_with_in_other_words(
    text: str, record_type: str, drug: str, action: str | None, snapshot: DictionarySnapshot
) -> None:
    records = of_type(grounded_records(text, snapshot, AT), record_type)
    assert [(f["drug"], f.get("action")) for f in records] == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    [
        "My sister and I parted ways with the Plavix idea.",  # no drug of the speaker's
        "Did you remember your metformin?",  # a question
        "My husband is keeping up with his Fosamax.",  # someone else
    ],
)
def test_those_wordings_of_another_or_asked_are_no_record(text: str, snapshot: DictionarySnapshot) -> None:
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "regimen_change") == [] and of_type(records, "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("Ever since I started the lisinopril my lips have been swelling up.", "lisinopril"),
        ("My tongue swelled up after the first dose of the Bactrim.", "sulfamethoxazole"),
        ("I'm pretty sure the penicillin doesn't agree with me, I get hives every time.", "penicillin"),
        ("Since starting the amoxicillin I've come out in a rash on my chest.", "amoxicillin"),
    ],
)
def test_a_sign_after_the_speakers_start_of_a_drug_or_after_it_each_time_is_a_drug_allergy(
    text: str, substance: str, snapshot: DictionarySnapshot
) -> None:
    allergies = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert [(f["substance"], f["substance_kind"]) for f in allergies] == [(substance, "drug")]


@pytest.mark.parametrize(
    "text",
    [
        "Since I started the Allegra my hives have cleared up.",  # the sign going away
        "I started the Allegra for my hives last week.",  # the sign treated
        "Since I started the lisinopril I haven't had any swelling.",  # no sign
        "Ever since my husband started the lisinopril his lips swell.",  # someone else
        "Every time I take my metformin I feel sick.",  # no allergic sign
    ],
)
def test_a_sign_treated_gone_absent_or_anothers_is_no_drug_allergy(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "allergy") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Grabbed some Aleve for my back this morning.", "naproxen"),
        ("A friend gave me a few of her Advil for my knee.", "ibuprofen"),
        ("A coworker handed me two Advil at lunch.", "ibuprofen"),
    ],
)
def test_a_drug_grabbed_or_handed_over_by_a_lay_person_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, AT)
    assert [f["drug"] for f in of_type(records, "medication_intake")] == [drug]
    assert of_type(records, "prescription") == []


def test_a_clinician_handing_a_drug_over_stays_a_prescription(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("The doctor gave me Advil.", snapshot, AT)
    assert [f["drug"] for f in of_type(records, "prescription")] == ["ibuprofen"]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I finished off my husband's leftover amoxicillin for my sore throat.", "amoxicillin"),
        ("I took my wife's old Ambien last night.", "zolpidem"),
        ("Found some old Keflex and took a couple.", "cephalexin"),
    ],
)
def test_a_leftover_or_found_drug_taken_by_the_speaker_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, AT), "medication_intake")] == [drug]


@pytest.mark.parametrize(
    "text", ["My son found some old Keflex and took a couple.", "My husband finished off his amoxicillin."]
)
def test_another_persons_leftover_dose_is_no_intake(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "medication_intake") == []
