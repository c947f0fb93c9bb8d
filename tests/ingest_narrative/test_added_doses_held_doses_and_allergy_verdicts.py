"""Medication and allergy wordings by their structure (issue #6 record contract), each with near misses:
a second dose of the same drug said by any dose verb ("swallowed a second one", "popped another", "had one
more", "took two of them this morning"); a dose named by its day ("skipping this week's dose", "missed
tonight's injection"); a stop with no object after the drug ("gave the simvastatin a week and then quit");
someone who noticed the household's missing doses ("she noticed we've had no warfarin"); an allergy said as a
verdict with the subject dropped ("so yeah, still allergic to peanuts"); a doubted allergy with two adverbs
("I don't think I was ever really allergic to shellfish")."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        (
            "I honestly couldn't remember whether I'd had my Coumadin last night, so I swallowed a second one"
            " before bed just in case.",
            "warfarin",
        ),
        ("Wasn't sure if I'd taken my Eliquis so I popped another one at 7:30.", "apixaban"),
        ("I had my warfarin with breakfast, then I had another one at lunch by mistake.", "warfarin"),
        ("Can't recall if I took the metformin, so I downed one more.", "metformin"),
        (
            "My wife thinks I forgot my Coumadin last night, so I took two of them this morning to make up for it.",
            "warfarin",
        ),
    ],
)
def test_a_dose_added_by_any_dose_verb_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert drug in [f["drug"] for f in of_type(records, "medication_intake")]


@pytest.mark.parametrize(
    "text",
    [
        "My wife takes warfarin and she had a second one.",
        "Should I take another one of my warfarin?",
        "If I miss my warfarin, can I take a second one?",
        "I forgot my warfarin and my wife took two of hers.",
    ],
)
def test_no_added_dose_for_questions_hypotheticals_or_others(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        (
            "I've got a streaming cold, so the rheumatology nurse said to hold the methotrexate. I'm skipping"
            " this week's dose until I'm over it.",
            "methotrexate",
        ),
        ("I'm on methotrexate. I missed last night's dose.", "methotrexate"),
    ],
)
def test_a_dose_named_by_its_day_is_skipped(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert {"drug": drug, "action": "skip"} in changes


@pytest.mark.parametrize(
    "text",
    [
        "Should I skip this week's dose of the methotrexate?",
        "My wife's on insulin and she skipped tonight's dose.",
    ],
)
def test_no_skipped_dose_for_questions_or_others(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        (
            "I gave the new cholesterol tablet, the simvastatin, about a week and then quit on Saturday.",
            "simvastatin",
        ),
        ("I tried metformin for two weeks but I quit.", "metformin"),
    ],
)
def test_a_stop_with_no_object_after_the_drug(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert {"drug": drug, "action": "stop"} in changes


@pytest.mark.parametrize(
    "text",
    [
        "My husband was on warfarin and then quit last year.",
        "I was on the metformin and so I quit smoking.",
    ],
)
def test_no_objectless_stop_for_others_or_other_objects(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        (
            "My daughter fills my pill box on Sundays, and she noticed we've had no warfarin in it for the last"
            " three days.",
            "warfarin",
        ),
        ("My son noticed we'd run out of my lisinopril on Friday.", "lisinopril"),
    ],
)
def test_a_relative_noticing_the_households_missed_doses(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert drug in [c["drug"] for c in changes]


def test_a_relative_noticing_someone_elses_missed_doses(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records("She noticed they've had no insulin.", snapshot, mention), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        (
            "My lips puffed up within minutes of the satay, so yeah, still allergic to peanuts.",
            "peanuts",
        ),
        ("Ate a prawn cracker and my throat itched. Definitely allergic to shellfish.", "shellfish"),
        ("I'm still allergic to penicillin.", "penicillin"),
        ("Guess I'm still allergic to cats.", "cats"),
    ],
)
def test_an_allergy_verdict_with_or_without_its_subject(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [a["substance"] for a in allergies if a.get("status") != "denied"] == [substance]


@pytest.mark.parametrize("text", ["My son is still allergic to peanuts.", "Am I still allergic to peanuts?"])
def test_no_allergy_verdict_for_others_or_questions(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("Honestly I don't think I was ever really allergic to shellfish.", "shellfish"),
        ("I don't think I'm still allergic to cats.", "cats"),
        ("Also, I really don't think I'm allergic to bees any more.", "bees"),
    ],
)
def test_a_doubted_allergy_is_denied(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert allergies and allergies[0]["substance"] == substance and allergies[0]["status"] == "denied"


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("And the mould down in the basement has my allergies going again, sneezing and itchy eyes.", "mould"),
        ("The ragweed has got my allergies acting up.", "ragweed"),
        ("Dust in the attic triggers my allergies.", "dust"),
        ("Cats always set off my allergies.", "cats"),
    ],
)
def test_an_allergen_stirring_the_speakers_allergies(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    allergies = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [a["substance"] for a in allergies] == [substance]


@pytest.mark.parametrize(
    "text",
    [
        "My wife's cats have her allergies going.",
        "Does mold trigger allergies?",
        "I dust the shelves and it makes me sneeze.",
    ],
)
def test_no_allergen_for_anothers_allergies_or_a_question(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("They ended up putting a pacemaker in me last month.", "pacemaker implant"),
        (
            "We were staying with my sister down in Tucson and they ended up putting a pacemaker in me last month.",
            "pacemaker implant",
        ),
        (
            "They put a port in the right side of my chest on the 9th of March, so the chemo doesn't have to go"
            " through my arm veins any more.",
            "port implant",
        ),
    ],
)
def test_a_device_put_in_by_any_placing_verb_is_a_procedure(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    procedures = of_type(grounded_records(text, snapshot, mention), "surgery_history")
    assert [p["procedure"] for p in procedures] == [procedure]


@pytest.mark.parametrize(
    "text",
    [
        "I have a port.",
        "Should they put a port in?",
        "My dad had a pacemaker put in.",
        "My dad's doctor put a pacemaker in him.",
        "We drove to the port in Tacoma.",
        "The surgeon is fitting a pacemaker next week.",
    ],
)
def test_no_procedure_for_a_device_owned_asked_about_or_anothers(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # the second complaint, joined by "and a", is the speaker's too
        ("It's only a runny nose and a scratchy throat, nothing worse than that.", ["runny nose", "sore throat"]),
        ("It's just a cough.", ["cough"]),
        ("Just a sore throat, nothing more.", ["sore throat"]),
    ],
)
def test_a_symptom_played_down_is_still_the_speakers(
    text: str, names: list[str], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    symptoms = of_type(grounded_records(text, snapshot, mention), "symptom")
    assert sorted(s["name"] for s in symptoms) == names
    assert all(s.get("severity") is None for s in symptoms)  # "nothing worse" is no severity


@pytest.mark.parametrize(
    "text",
    [
        "Is it just a runny nose?",
        "It's not just a headache, it's a migraine.",
        "My son has a cold; it's only a runny nose.",
    ],
)
def test_no_played_down_symptom_for_questions_negations_or_others(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "And I keep seeing 'prediabetes' on my paperwork. I don't have that, my sugars have always been fine.",
            "prediabetes",
        ),
        ("Somebody put prediabetes in my file and I honestly don't think that's right.", "prediabetes"),
        ("The portal lists COPD on my record. I've never had that.", "copd"),
    ],
)
def test_a_recorded_condition_the_speaker_denies(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert conditions == [{"name": name, "status": "denied"}]


@pytest.mark.parametrize(
    "text",
    [
        "I see asthma on my chart. Do I have that?",
        "My chart has diabetes on it.",
        "There's hypertension on my paperwork. I take pills for it.",
    ],
)
def test_no_denial_for_a_question_or_a_record_left_unjudged(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert all(c.get("status") != "denied" for c in conditions)


@pytest.mark.parametrize(
    "text",
    [
        "A colleague told me I stared into space and my left arm was twitching while I sat at my desk yesterday"
        " afternoon. I don't remember any of it.",
        "My wife said I was staring into space and wouldn't respond.",
        "I had a staring spell at work.",
    ],
)
def test_a_witnessed_staring_spell_is_a_seizure(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert [s["name"] for s in of_type(grounded_records(text, snapshot, mention), "symptom")] == ["seizure"]


@pytest.mark.parametrize(
    "text", ["I was staring into space thinking about dinner.", "My son keeps staring into space at school."]
)
def test_no_seizure_for_a_daydream_or_anothers_stare(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []
