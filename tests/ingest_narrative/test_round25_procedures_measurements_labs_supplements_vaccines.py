"""Round 25 general wordings (issue #7), scope V4: a vaccination told by the vaccine's own name; a procedure told in
lay words (a count of teeth, polyps clipped, a joint scoped after an adverb, an organ said gone, a cataract told by
the new lens); a weight read without its unit; a reading off another person's wrist monitor; a lab value said
"right around" a number or as a spoken decimal, and the A1c as the three-month sugar average; a supplement someone
else got the speaker on. Each with near-miss negatives (questions, other people, plans, negations)."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime.fromisoformat("2021-05-14T09:30:00+05:30")


# --- a vaccine by its own name ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I got the Shingrix at the pharmacy on Monday.",
        "Finally had my Prevnar 20 last week, no reaction at all.",
        "Novavax #2 done, arm is a bit stiff.",
        "Started the Havrix series last month, the next one is in the autumn.",
        "The pharmacist gave me the Tdap while I waited for my prescription.",
        "The pharmacy did my Prevnar 20 this morning.",
        "My son insisted we all get the Havrix before the trip, so I got mine on Friday.",
        "Shingrix second dose done this afternoon.",
    ],
)
def test_a_vaccine_named_by_brand_and_received_is_a_vaccination(text: str, snapshot: DictionarySnapshot) -> None:
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "clinical_visit") == [{"kind": "vaccination"}]


@pytest.mark.parametrize(
    "text",
    [
        "Should I get the Shingrix?",
        "My husband got the Prevnar last week.",
        "I haven't had the Shingrix yet.",
        "The Havrix is due next month.",
        "I'm getting the Prevnar next week.",
        "I never got the Shingrix.",
        "I did my research on Shingrix.",
        "The nurse gave my husband the Prevnar.",
    ],
)
def test_a_vaccine_named_but_not_received_by_the_speaker_is_no_vaccination(
    text: str, snapshot: DictionarySnapshot
) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "clinical_visit") == []


def test_a_series_named_twice_and_a_dose_still_to_come_is_one_vaccination(snapshot: DictionarySnapshot) -> None:
    text = "Started the hep B series, the Engerix-B one, last week; the second shot is in a month."
    assert of_type(grounded_records(text, snapshot, AT), "clinical_visit") == [{"kind": "vaccination"}]


def test_a_brand_of_several_words_before_vaccine_is_a_vaccination(snapshot: DictionarySnapshot) -> None:
    text = "I got the Johnson & Johnson single-dose vaccine in March so I wouldn't need a second."
    assert of_type(grounded_records(text, snapshot, AT), "clinical_visit") == [{"kind": "vaccination"}]


def test_a_flu_shot_not_had_yet_is_no_vaccination(snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records("I haven't had my flu shot yet this year.", snapshot, AT), "clinical_visit") == []


# --- a procedure in lay words -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("Had 3 teeth pulled on Monday and my jaw aches.", "tooth extraction"),
        ("They clipped off two polyps during my colonoscopy last week.", "polyp removal"),
        ("I finally had my shoulder scoped in March.", "shoulder arthroscopy"),
        ("My appendix is gone, they took it out in May.", "appendectomy"),
        ("They put an artificial lens in my right eye on Tuesday.", "cataract surgery"),
        ("I have to wear dark glasses outdoors for a week now that my eye has the new lens in.", "cataract surgery"),
        ("The dentist had to pull a tooth yesterday.", "tooth extraction"),
        ("They scoped my shoulder on Thursday.", "shoulder arthroscopy"),
        ("I had my knee cleaned out with a scope last month.", "knee arthroscopy"),
        ("The eye doctor replaced my cloudy lens with a new one on Tuesday.", "cataract surgery"),
    ],
)
def test_a_procedure_in_lay_words_is_a_surgery(text: str, procedure: str, snapshot: DictionarySnapshot) -> None:
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "surgery_history") == [{"procedure": procedure}]


@pytest.mark.parametrize(
    "text",
    [
        "The pain in my gallbladder is gone.",
        "My son had 2 teeth pulled yesterday.",
        "I need new lenses in my glasses.",
        "They'll put the new lens in next month.",
        "They might snip out a polyp during the colonoscopy.",
        "My husband's eye has the new lens in now.",
        "The dentist says he'll have to pull a tooth.",
        "They scoped my husband's knee.",
        "They replaced the lens in my glasses with a new one.",
        "They want to scope my knee next month.",
    ],
)
def test_a_lay_procedure_of_another_or_to_come_is_no_surgery(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "surgery_history") == []


# --- a weight without its unit, a reading off another's monitor ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Hopped on the scale at the pharmacy, 162 in my winter coat.", 162.0),
        ("Weighed in at 203 at the gym this morning.", 203.0),
        ("The hotel scale said 158.", 158.0),
        ("My daughter's fancy scale says 176.", 176.0),
        ("I'm 182 on the gym scale.", 182.0),
        ("Weighed 190 at the doctor's last week.", 190.0),
    ],
)
def test_a_weight_read_off_a_scale_without_its_unit_is_a_weight(
    text: str, value: float, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "body_measurement") == [{"kind": "weight", "value": value}]


@pytest.mark.parametrize(
    "text",
    [
        "Stepped on the scale at 7 this morning.",
        "My husband got on his scale, 190.",
        "I stepped on the scale 20 minutes after breakfast.",
        "My wife weighed in at 150 at her class.",
        "My husband weighed 190 at the doctor's.",
        "My husband's scale says he's 200.",
        "I'm 45 on the scale of one to ten.",
        "The dog weighs 80.",
    ],
)
def test_a_bare_number_near_a_scale_that_is_no_weight_of_the_speaker(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "body_measurement") == []


def test_a_reading_off_another_persons_wrist_monitor_is_the_speakers(snapshot: DictionarySnapshot) -> None:
    text = "My daughter lent me her wrist monitor and it said 158 over 94."
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "vital_sign") == [{"kind": "blood_pressure", "systolic": 158.0, "diastolic": 94.0}]


def test_a_reading_off_a_kiosk_is_a_blood_pressure(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("The kiosk at the drugstore had me at 138 over 86.", snapshot, AT)
    assert of_type(records, "vital_sign") == [{"kind": "blood_pressure", "systolic": 138.0, "diastolic": 86.0}]


def test_a_reading_of_another_persons_wrist_is_not_the_speakers(snapshot: DictionarySnapshot) -> None:
    text = "My husband put the cuff on his wrist and it said 150 over 90."
    assert of_type(grounded_records(text, snapshot, AT), "vital_sign") == []


# --- a lab value near a number, spoken, or glossed ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "loinc", "value"),
    [
        ("My LDL came back right around 130 this time.", "18262-6", 130.0),
        ("The nurse said my A1c was five point nine.", "4548-4", 5.9),
        ("My potassium was four point two on Monday.", "2823-3", 4.2),
        ("That three month blood sugar average came in at 6.1.", "4548-4", 6.1),
        ("The A1c they always check came back 6.3 in June.", "4548-4", 6.3),
        ("My cholesterol came back at about 190.", "2093-3", 190.0),
        ("My A1c is holding at six point eight.", "4548-4", 6.8),
        ("My kidney number was 62 at the last visit.", "33914-3", 62.0),
    ],
)
def test_a_lab_value_said_near_a_number_or_in_words_is_a_result(
    text: str, loinc: str, value: float, snapshot: DictionarySnapshot
) -> None:
    results = of_type(grounded_records(text, snapshot, AT), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [(loinc, value)]


@pytest.mark.parametrize(
    "text",
    [
        "The doctor wants my A1c around 7.",
        "My A1c should be about 6.",
        "At one point my A1c was really high.",
        "I was hoping my LDL would be about 100.",
        "My husband's A1c they check was 7.1.",
    ],
)
def test_a_target_or_a_figure_of_speech_is_no_result(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "test_result") == []


# --- a supplement someone got the speaker on ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("My sister got me on ginkgo for my memory.", "ginkgo biloba"),
        ("A coworker talked me into trying turmeric capsules.", "turmeric"),
        ("My mother-in-law makes golden milk and she has me drinking it every evening.", "turmeric"),
        ("The man at the health shop got me started on glucosamine for my hips.", "glucosamine"),
    ],
)
def test_a_supplement_someone_got_the_speaker_on_is_a_start(
    text: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "regimen_change") == [{"drug": drug, "action": "start"}]
    assert of_type(records, "medication_intake") == []


@pytest.mark.parametrize(
    "text",
    [
        "My sister got my husband on fish oil.",
        "She wants to get me on ginkgo.",
        "She never got me on turmeric.",
        "Should I let her get me on ginkgo?",
        "My aunt drinks golden milk and she's had my uncle drinking it too.",
    ],
)
def test_a_supplement_pushed_on_another_or_not_yet_is_no_start(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "regimen_change") == []
