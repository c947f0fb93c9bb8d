"""Round 23 general wordings (issue #7): a fact told inside a question about telling ("Have I mentioned I had
my gallbladder out?"); a dose spaced out to make a supply last (a change of the dose); a drug the speaker says
they never miss (an intake); a record's entry said to be someone else's in the next sentence ("That can't be
me"); a weight read off any scale, wherever it stands. Each with near-miss negatives."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("Did I tell you I had cataract surgery on my right eye in March?", "cataract surgery"),
        ("Have I mentioned that I had my gallbladder removed last year?", "cholecystectomy"),
        ("Did I ever tell you I had knee surgery back in 2019?", "knee surgery"),
        ("Did you know I had a hernia repair in May?", "hernia repair"),
        ("Have I told you I had my appendix out when I was twelve?", "appendectomy"),
    ],
)
def test_a_procedure_told_inside_a_question_about_telling_is_stated(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["procedure"] for f in of_type(grounded_records(text, snapshot, mention), "surgery_history")] == [
        procedure
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Did I have cataract surgery in March?",  # a real question
        "Did I tell you I might need cataract surgery next year?",  # a possibility
        "Did I tell you my sister had a hernia repair in May?",  # someone else
    ],
)
def test_a_real_question_or_another_persons_procedure_is_not_stated(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("So the amlodipine lasts until the refill, I've been taking it every other day.", "amlodipine"),
        ("My metoprolol is running low, so I'm taking it every other day till the pharmacy has more.", "metoprolol"),
        ("I've got a few lisinopril left. To stretch them out I've been having them every second day.", "lisinopril"),
        ("The Eliquis costs a fortune, so I've only been taking it every other day.", "apixaban"),
        ("To make the losartan last I take it every few days now.", "losartan"),
    ],
)
def test_a_dose_spaced_out_to_make_a_supply_last_is_a_change_of_the_dose(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, "dose_change")]


@pytest.mark.parametrize(
    "text",
    [
        "My husband has been taking his amlodipine every other day to make it last.",  # someone else
        "Should I take the amlodipine every other day to make it last until the refill?",  # a question
        "I take my amlodipine every morning, and I've been taking it since March.",  # the regimen as prescribed
    ],
)
def test_a_spacing_not_the_speakers_own_rationing_is_no_dose_change(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [f for f in changes if f.get("action") == "dose_change"] == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Eliquis is the one thing I never forget, one tablet morning and night for years.", "apixaban"),
        ("I never forget my metformin, one pill with breakfast every day.", "metformin"),
        ("The lisinopril is one pill I never miss, every single morning.", "lisinopril"),
        ("My levothyroxine I never skip - first thing every morning before food.", "levothyroxine"),
        ("Warfarin is the one med I always remember, every evening at six.", "warfarin"),
        ("I've never missed a day of my simvastatin since I started it.", "simvastatin"),
    ],
)
def test_a_drug_the_speaker_never_misses_is_taken(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [f["drug"] for f in of_type(records, "medication_intake")] == [drug]
    assert of_type(records, "regimen_change") == []


@pytest.mark.parametrize(
    "text",
    [
        "My husband never forgets his Plavix.",  # someone else
        "Do I ever forget my metformin? Probably.",  # a question
        "If I never missed my Eliquis I'd be fine.",  # a hypothetical
    ],
)
def test_another_persons_or_a_hypothetical_faithfulness_is_no_intake(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The letter from the hospital mentions a seizure disorder. That can't be me, I've never had one.",
         "seizure disorder"),
        ("My discharge letter lists epilepsy. That's not me, I've never had a fit.", "epilepsy"),
        ("The report from the clinic says COPD. That must be someone else's.", "copd"),
        ("The printout mentions asthma. That can't be right.", "asthma"),
        ("My chart says I have diabetes. That can't be me.", "diabetes"),
    ],
)
def test_a_record_entry_said_to_be_someone_elses_is_denied(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert [(f["name"], f.get("status")) for f in conditions] == [(name, "denied")]


@pytest.mark.parametrize(
    "text",
    [
        "The letter from the clinic mentions a seizure disorder. My brother has had that for years.",
        "The letter from the clinic mentions a seizure disorder. Is that me?",
        "The letter mentions a seizure disorder. That can't be good.",
    ],
)
def test_a_record_entry_not_denied_is_no_denial(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert [f for f in conditions if f.get("status") == "denied"] == []


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("The scale at the youth hostel said 61 kg this morning.", 61.0, "kg"),
        ("The scales at the gym showed 81.5 kg.", 81.5, "kg"),
        ("The hotel scale says I'm 68 kilos.", 68.0, "kg"),
        ("The bathroom scale at work had me at 150 lbs.", 150.0, "lbs"),
        ("Funny enough, the old scale in the campsite shower block read 70 kg today.", 70.0, "kg"),
    ],
)
def test_a_weight_read_off_any_scale_is_a_weight(
    text: str, value: float, unit: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    weights = of_type(grounded_records(text, snapshot, mention), "body_measurement")
    assert [(f["value"], f["unit"]) for f in weights] == [(value, unit)]


@pytest.mark.parametrize(
    "text",
    [
        "The scale at the pharmacy said my husband was 90 kg.",  # someone else
        "What did the scale at the gym say, 80 kg?",  # a question
        "The scale said the parcel was 5 kg.",  # a thing weighed
    ],
)
def test_a_scale_reading_not_the_speakers_is_no_weight(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "body_measurement") == []
