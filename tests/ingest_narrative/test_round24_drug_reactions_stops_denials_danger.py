"""Round 24 general wordings (issue #7), medications, allergies, condition denials and danger signs: a sign that
follows each dose of a drug (an allergy, no intake); a last dose with the rest of the supply abandoned (a stop); a
drug untouched for weeks (a stop); a routine intake with the drug put first; a clinician's start with an as-needed
dose (a prescription); a hedged denial of a condition and a record entry called wrong; a chest squeezed said by a
simile; a faint said as the second verb of the speaker's clause after a reporting frame. Each with near-miss
negatives."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("Oddly I come out in hives every time I take my Zyrtec, since Thursday.", "cetirizine"),
        ("Each time I take the amoxicillin I get an itchy rash on my legs.", "amoxicillin"),
        ("My lips swell up whenever I have the lisinopril.", "lisinopril"),
        ("I get a blotchy rash each time I take the Bactrim, it started a week ago.", "sulfamethoxazole"),
        ("Any time I use the naproxen I come out in welts all over.", "naproxen"),
        ("Strangely, I've been getting hives every time I take the cetirizine lately.", "cetirizine"),
    ],
)
def test_a_sign_after_each_dose_is_an_allergy_and_no_intake(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [f["substance"] for f in of_type(records, "allergy")] == [substance]
    assert of_type(records, "medication_intake") == []


@pytest.mark.parametrize(
    "text",
    [
        "My husband breaks out in hives every time he takes his Zyrtec.",  # someone else
        "Do you get hives every time you take cetirizine?",  # a question
        "If I got a rash every time I took the amoxicillin I'd stop it.",  # a hypothetical
        "I don't get hives every time I take my cetirizine, only sometimes after eating.",  # denied
        "My GP put me on salbutamol, two puffs whenever I get wheezy.",  # the sign the drug treats
    ],
)
def test_a_sign_of_another_a_question_or_a_treated_sign_is_no_drug_allergy(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [f for f in allergies if f.get("status") != "denied"] == []


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("The nurse thinks I'm allergic to the Zyrtec. Every time I took it last week I got hives.", "cetirizine"),
        ("I'm allergic to amoxicillin, I reckon. Whenever I take it my lips swell.", "amoxicillin"),
        ("Pretty sure I'm allergic to naproxen, each time I used it I came out in welts.", "naproxen"),
    ],
)
def test_a_dose_each_time_after_a_drug_allergy_is_no_intake(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [f["substance"] for f in of_type(records, "allergy")] == [substance]
    assert of_type(records, "medication_intake") == []


@pytest.mark.parametrize(
    "text",
    [
        "The pharmacist thinks I'm allergic to the Zyrtec. I take it every morning anyway.",  # a routine, not each time
        "I'm not allergic to Allegra. Every time I took it I felt fine.",  # denied: the doses stand
    ],
)
def test_a_routine_dose_or_a_denied_allergy_keeps_the_intake(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert len(of_type(grounded_records(text, snapshot, mention), "medication_intake")) == 1


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Had my final dose of the warfarin on Sunday and the box has sat in the drawer ever since.", "warfarin"),
        ("I swallowed my last clopidogrel on Friday, haven't opened the bottle since.", "clopidogrel"),
        ("Took the last of my aspirin on Monday and put the rest away.", "aspirin"),
        ("I took my last Eliquis three days ago and haven't had any since.", "apixaban"),
        ("I finished my last metformin tablet on Tuesday. Haven't touched the pack since.", "metformin"),
        ("I took my last Plavix on Friday and I've kept the pills in the cabinet since.", "clopidogrel"),
    ],
)
def test_a_last_dose_with_the_supply_abandoned_is_a_stop(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, "stop")]


@pytest.mark.parametrize(
    "text",
    [
        "I took my last dose of metformin at 8 this morning.",  # the latest dose
        "I took my last Plavix on Saturday and I'll pick up more tomorrow.",  # renewed
        "My husband took his last Plavix Saturday and left the bottle in the cupboard.",  # his
        "Should I take my last Plavix and leave the bottle in the cupboard?",  # a question
    ],
)
def test_a_latest_dose_a_renewed_supply_or_anothers_is_no_stop(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("Just between us, I haven't touched the atorvastatin for the last three weeks.", "atorvastatin", "stop"),
        ("I haven't taken the simvastatin for a fortnight now.", "simvastatin", "stop"),
        ("I have not had my lisinopril for the past few weeks, it made me dizzy.", "lisinopril", "stop"),
        ("Haven't touched my metformin for a couple of months.", "metformin", "stop"),
        ("I haven't taken my pravastatin for weeks.", "pravastatin", "stop"),
        ("I have not done the morning insulin for the past three days.", "insulin", "skip"),  # days: doses missed
    ],
)
def test_a_drug_untouched_for_weeks_is_a_stop(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, action)]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("It's been a couple of weeks since I last took my simvastatin.", "simvastatin"),
        ("It has been over a month since my last Plavix.", "clopidogrel"),
        ("Two weeks now since I last had a metformin.", "metformin"),
        ("It's a fortnight since I took any of the atorvastatin.", "atorvastatin"),
        ("Going on three weeks since my last dose of lisinopril.", "lisinopril"),
        ("It's been weeks since I touched the amlodipine.", "amlodipine"),
    ],
)
def test_weeks_since_the_last_dose_is_a_stop(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, "stop")]


@pytest.mark.parametrize(
    "text",
    [
        "It's been 6 hours since I last took my ibuprofen.",  # a dose's timing
        "Has it been two weeks since my last Plavix?",  # a question
        "My husband says it's been a month since he last took his simvastatin.",  # his
    ],
)
def test_hours_since_a_dose_a_question_or_anothers_is_no_stop(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [f for f in changes if f["action"] == "stop"] == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("And the Zyrtec I take every morning, one tablet, as the pharmacist said.", "cetirizine"),
        ("The metformin I have twice a day with meals, no problems.", "metformin"),
        ("My lisinopril I still take every night before bed.", "lisinopril"),
        ("The levothyroxine I always take first thing in the morning on an empty stomach.", "levothyroxine"),
        ("Oh and the atorvastatin I take daily.", "atorvastatin"),
        ("Then the amlodipine I swallow with breakfast.", "amlodipine"),
    ],
)
def test_a_routine_intake_with_the_drug_put_first(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "The cetirizine I used to take every morning did nothing.",  # no longer a routine
        "The cetirizine my son takes every morning seems to work for him.",  # his
        "Is the cetirizine I take every morning safe with this?",  # a question
    ],
)
def test_a_fronted_drug_of_the_past_of_another_or_asked_about_is_no_intake(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("The headache clinic started me on rizatriptan, one tablet when a migraine kicks in.", "rizatriptan"),
        ("My GP put me on salbutamol, two puffs whenever I get wheezy.", "albuterol"),
        ("The doctor started me on ondansetron, one pill if the nausea comes back.", "ondansetron"),
        ("She put me on sumatriptan, a tablet at the first sign of a headache.", "sumatriptan"),
        ("The ER doc started me on nitroglycerin, one spray under the tongue if the pain starts.", "nitroglycerin"),
        ("Dr. Lee started me on lorazepam, half a tablet as needed for panic.", "lorazepam"),
    ],
)
def test_a_clinicians_start_with_an_as_needed_dose_is_a_prescription(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [f["drug"] for f in of_type(records, "prescription")] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "My neurologist might start me on sumatriptan, one tablet when a migraine starts.",  # a possibility
        "They started my husband on sumatriptan, one tablet when a migraine starts.",  # his
    ],
)
def test_a_possible_or_anothers_start_is_no_prescription(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "prescription") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Honestly I don't believe I have asthma, I got winded once.", "asthma"),
        ("I've never actually had diabetes, whatever the chart says.", "diabetes"),
        ("I don't reckon I ever had gout, it was just a sprained toe.", "gout"),
        ("I really don't think I've got COPD.", "copd"),
        ("To be fair I don't think I've ever truly had hypertension, it's nerves at the clinic.", "hypertension"),
        ("The discharge summary mentions epilepsy. That is completely false.", "epilepsy"),
        ("My chart says COPD, that's just not true.", "copd"),
        ("My file lists atrial fibrillation, which is simply wrong.", "atrial fibrillation"),
    ],
)
def test_a_hedged_denial_or_an_entry_called_wrong_denies_the_condition(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert [(f["name"].lower(), f["status"]) for f in conditions] == [(name, "denied")]


@pytest.mark.parametrize(
    "text",
    [
        "I don't think my husband has ever had high blood pressure.",  # his
        "Do you think I have high blood pressure?",  # a question
        "I don't think I have diabetes under control yet.",  # control, not the diagnosis
        "My portal lists asthma. Is that wrong?",  # asked
        "My son's chart says epilepsy. That's wrong.",  # his record
    ],
)
def test_a_denial_of_anothers_condition_a_question_or_a_control_is_no_denial(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f for f in of_type(grounded_records(text, snapshot, mention), "condition") if f["status"] == "denied"] == []


@pytest.mark.parametrize(
    "text",
    [
        "On the hill this morning my chest felt like it was in a vice, and it eased after my nitro spray.",
        "My chest felt like it was being squeezed this afternoon.",
        "Last night it felt like my chest was being crushed, so I took a nitro.",
        "My chest felt like an elephant was sitting on it last night.",
        "Walking the dog my breastbone felt squeezed, then I used my nitro and it eased.",
        "My chest was clamped like a vise on the stairs.",
    ],
)
def test_a_chest_squeezed_by_a_simile_is_chest_pain_next_to_a_rescue_dose(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")] == ["chest pain"]


@pytest.mark.parametrize(
    "text",
    [
        "My chest felt fine after the walk.",
        "My husband's chest felt like it was in a vise, so he took his nitro.",  # his
        "If my chest ever felt like it was being crushed I'd call 911.",  # a hypothetical
    ],
)
def test_a_chest_at_ease_anothers_or_a_hypothetical_is_no_chest_pain(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


@pytest.mark.parametrize(
    "text",
    [
        "My son asked me to tell you: on Sunday I stood up from the table, passed out for a moment.",
        "I got out of the bath, fainted, and woke up on the mat.",
        "My wife thinks I should say it: I was at the sink, then just collapsed.",
        "My husband wants you to know that yesterday I went down in the hall, just blacked out for a second.",
        "I was hanging washing on Tuesday, suddenly passed out for a few seconds.",
    ],
)
def test_a_faint_as_the_second_verb_of_the_speakers_clause_is_the_speakers(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")] == ["fainting"]


@pytest.mark.parametrize(
    "text",
    [
        "My husband came home from work, just passed out on the bed.",  # his
        "I called my son, he just blacked out.",  # his
        "I was talking to my sister yesterday, she fainted.",  # hers
    ],
)
def test_a_faint_of_another_subject_is_not_the_speakers(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []
