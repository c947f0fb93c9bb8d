"""Wordings of health facts (issue #7: what the cascade lost), each family with positives in varied wording and near
misses that must not fire (questions, other people, hypotheticals, negations): a walk after a subject-less
lead-in and a bare length, classes with a superlative, a weight read off the scale, a test read on a
device, a condition's episode said by its count, being "on" a drug named before, a joint "scope",
progressing into a diagnosis, a symptom behind a quantity hedge, seasonal allergens by what they do,
greetings as small talk, and an intake that refers back to a drug and its strength."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.gate import decide_retain
from app.ingest.narrative.rules_extractor import extract
from tests.ingest_narrative.extracted import grounded_records, of_type

# --- exercise: a subject-less lead-in, a bare length, a superlative class ------------------------


@pytest.mark.parametrize(
    ("text", "activity", "minutes"),
    [
        (
            "Nothing much to report, went for a long walk by the canal with the dog last Saturday, about an hour.",
            "walk",
            60.0,
        ),
        ("Quiet weekend, went for a run along the river, 30 minutes.", "run", 30.0),
        ("Slow day, went for a swim at the pool, about 40 minutes.", "swim", 40.0),
        (
            "So this morning I went to the hardest spin class at the Y, heart rate through the roof, "
            "45 minutes all out.",
            "spin class",
            45.0,
        ),
        ("I took the toughest yoga class at the gym yesterday, an hour straight.", "yoga class", 60.0),
    ],
)
def test_exercise_after_a_lead_in_with_a_bare_length(
    text: str, activity: str, minutes: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == [
        {"activity": activity, "duration_min": minutes}
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My son came over, went for a run with the dog.", []),  # his run
        ("I went to a spin class and 20 minutes later I felt dizzy.", [{"activity": "spin class"}]),  # no length
        ("I went for a walk, it was lovely, every 10 minutes I stopped.", [{"activity": "walk"}]),
        ("Should I go to the hardest spin class?", []),
    ],
)
def test_exercise_near_misses(
    text: str, expected: list[dict[str, object]], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == expected


# --- a weight read off the scale; a test read on a device -------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("Stepped on the scale this morning too, 93 kilos, same as ever", 93.0, "kg"),
        ("I got on the bathroom scale after my shower and it said 201 lbs.", 201.0, "lbs"),
        ("The scale said 88.5 kg this morning.", 88.5, "kg"),
        ("I weighed 80 kilograms yesterday.", 80.0, "kg"),
    ],
)
def test_a_weight_read_off_the_scale(
    text: str, value: float, unit: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "body_measurement") == [
        {"kind": "weight", "value": value, "unit": unit}
    ]


@pytest.mark.parametrize(
    "text",
    ["My wife stepped on the scale, 70 kilos.", "If I step on the scale tomorrow and it says 90 kg I'll cry."],
)
def test_a_scale_read_for_someone_else_or_hypothetically(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert grounded_records(text, snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "name", "value"),
    [
        ("My fasting sugar on my new meter this morning was 84. Wife bought me the meter.", "fasting sugar", 84.0),
        ("My sugar with the new glucometer read 212 last night.", "sugar", 212.0),
        ("My A1c from last Monday came back at 8.4%", "A1c", 8.4),
    ],
)
def test_a_test_read_on_a_device(
    text: str, name: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    found = of_type(grounded_records(text, snapshot, mention), "test_result")
    assert [(f["name"], f["value"]) for f in found] == [(name, value)]


@pytest.mark.parametrize(
    "text", ["My wife's sugar on her meter this morning was 84.", "Was my sugar on my meter this morning 84?"]
)
def test_a_device_reading_of_another_person_or_a_question(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "test_result") == []


def test_a_blood_pressure_on_a_pharmacy_machine(snapshot: DictionarySnapshot, mention: datetime) -> None:
    found = of_type(grounded_records("My blood pressure on the pharmacy machine was 150/95.", snapshot, mention),
                    "vital_sign")
    assert [(f["systolic"], f["diastolic"]) for f in found] == [(150.0, 95.0)]


# --- a condition's episode said by its count --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My wife says I had one of my fits yesterday at the hardware store, I don't remember it.", "fits"),
        ("I had one of my seizures last night.", "seizures"),
        ("Had another migraine this morning.", "migraine"),
        ("I got a bad bout of gout last week.", "gout"),
    ],
)
def test_an_episode_said_by_its_count_is_a_symptom(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [f["name"] for f in of_type(records, "symptom")] == [name]
    assert of_type(records, "condition") == []


@pytest.mark.parametrize(
    "text", ["If I have one of my fits at work I'll lose the job.", "I haven't had one of my seizures in a year."]
)
def test_an_episode_hypothetical_or_denied(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert grounded_records(text, snapshot, mention) == []


def test_a_past_diagnosis_stays_a_resolved_condition(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert grounded_records("I had epilepsy as a child.", snapshot, mention) == [
        ("condition", {"name": "epilepsy", "status": "resolved"})
    ]


# --- being "on" a drug named before; an intake that refers back to a drug and its strength -----------


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        (
            "My neighbor talked me into fish oil capsules, I've been on them since last month, 2 a day.",
            "omega-3 fatty acids",
        ),
        ("My doctor mentioned melatonin. I've been on it for a week.", "melatonin"),
        ("The pharmacist recommended melatonin but I was on it before and it did nothing.", "melatonin"),
    ],
)
def test_being_on_a_drug_named_before(text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == [{"drug": drug}]


@pytest.mark.parametrize(
    "text",
    [
        "My doctor mentioned melatonin. I'm not on it.",
        "My doctor mentioned melatonin. I'm keen on it.",
        "My wife takes ginkgo, she's been on it for years.",
    ],
)
def test_not_on_it_or_someone_else_on_it(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        (
            "The walk in clinic gave me tramadol, 50 mg, one every 6 hours when needed. Been taking it 3 or 4 "
            "times a day.",
            {"drug": "tramadol", "dose": 50.0, "unit": "mg"},
        ),
        (
            "The doctor put me on lisinopril 10 mg. I've been taking it every morning.",
            {"drug": "lisinopril", "dose": 10.0, "unit": "mg"},
        ),
        ("The pharmacist sold me melatonin. Been taking it every night.", {"drug": "melatonin"}),
    ],
)
def test_an_intake_refers_back_to_the_drug_and_its_strength(
    text: str, fields: dict[str, object], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == [fields]


def test_been_thinking_about_it_is_no_intake(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert grounded_records("The doctor offered me metformin. Been thinking about it.", snapshot, mention) == []


# --- a joint scope; progressing into a diagnosis ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("had a knee scope done 3 weeks ago at the sports clinic, torn meniscus from pickleball.", "knee arthroscopy"),
        ("I had my shoulder scoped last spring.", "shoulder arthroscopy"),
    ],
)
def test_a_joint_scope_is_an_arthroscopy(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == [{"procedure": procedure}]


@pytest.mark.parametrize("text", ["My husband had a knee scope last month.", "Should I get a knee scope?"])
def test_a_scope_of_someone_else_or_asked(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The clinic told me 2 weeks ago that I've crossed over into real diabetes now.", "diabetes"),
        ("The doctor says I've progressed to full-blown diabetes.", "diabetes"),
        ("I developed asthma last year.", "asthma"),
    ],
)
def test_progressing_into_a_diagnosis(text: str, name: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": name, "status": "active"}]


@pytest.mark.parametrize(
    "text",
    ["If I cross over into diabetes I'll need pills.", "My husband has crossed over into diabetes.",
     "I've moved into a new flat."],
)
def test_progression_near_misses(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == []


# --- a symptom behind a quantity hedge ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("bit of a runny nose and scratchy throat since yesterday, nothing crazy.", ["runny nose", "sore throat"]),
        ("I have a bit of a runny nose since yesterday.", ["runny nose"]),
        ("Touch of nausea this morning.", ["nausea"]),
    ],
)
def test_a_symptom_behind_a_quantity_hedge(
    text: str, names: list[str], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")] == names


@pytest.mark.parametrize(
    "text",
    [
        "My wife has a bit of a cough.",
        "I don't have a bit of a cough.",
        "Is a bit of a headache normal after the shot?",
        "Bit of a shame about the game.",
    ],
)
def test_a_hedged_symptom_near_misses(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


# --- seasonal allergens by what they do to the speaker --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("at least it's not grass pollen season, that one wrecks me every May, eyes puffed shut", "grass pollen"),
        ("Cats make me sneeze like crazy.", "cats"),
        ("Ragweed always floors me in August.", "ragweed"),
    ],
)
def test_an_allergen_by_what_it_does(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    found = of_type(grounded_records(text, snapshot, mention), "allergy")
    assert [(f["substance"], f["substance_kind"]) for f in found] == [(substance, "environment")]


@pytest.mark.parametrize(
    "text",
    [
        "The pollen count killed the tomatoes.",
        "Does pollen make me sneeze?",
        "My daughter says cats make her sneeze.",
        "Pollen doesn't bother me at all.",
        "If ragweed gets to me this year I'll see the doctor.",
    ],
)
def test_allergen_near_misses(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


def test_a_negation_before_that_one_is_about_something_else(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    # the new scope boundary does not lift a negation inside the clause itself
    assert grounded_records("No chest pain, that one is gone.", snapshot, mention) == []


# --- greetings --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["evening! how's it going", "Morning, how are things?", "hey, what's up"])
def test_greetings_are_small_talk(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert decide_retain(text, extract(text, snapshot, mention=mention)).retain is False


@pytest.mark.parametrize(
    "text", ["How's it going with my cholesterol results?", "how's it going, I fainted yesterday"]
)
def test_a_greeting_with_health_content_is_kept(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert decide_retain(text, extract(text, snapshot, mention=mention)).retain is True


def test_a_type_said_after_the_name(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "They told me 2 weeks ago that I've crossed over into real diabetes now, type 2."
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [
        {"name": "type 2 diabetes", "status": "active"}
    ]
    # a sentence that goes on about a "type" of something else keeps the name as said
    assert of_type(grounded_records("I have diabetes. Type of diet matters.", snapshot, mention), "condition") == [
        {"name": "diabetes", "status": "active"}
    ]


# --- a condition said to be over: "all clear", "no more" ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The ENT said my sinusitis is completely clear now.", "sinusitis"),
        ("The doctor said my eczema is all clear.", "eczema"),
        ("No more migraines since I changed my diet.", "migraine"),
        ("Cut out beer, and no more gout since March.", "gout"),
    ],
)
def test_a_condition_said_to_be_clear_or_no_more(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": name, "status": "resolved"}]


@pytest.mark.parametrize(
    "text",
    [
        "No more migraine pills for me.",  # the pills, not the condition
        "No more asthma attacks this winter.",
        "My husband has no more migraines.",
        "If I lose weight, no more diabetes?",
        "I hope there will be no more migraines.",
    ],
)
def test_no_more_near_misses(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == []


def test_clear_to_see_is_no_resolution(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records("My asthma is clear to see.", snapshot, mention), "condition") == [
        {"name": "asthma", "status": "active"}
    ]
