"""Round 20 general wording families, each with near-miss negatives: a condition denied with an adverb before
the negation or as "it isn't X"; a symptom in a verbless note with its time; a faint told by the sight going and
a surface the speaker ended up on; a racing heart told by an image or a racing feeling; a procedure named by its
own word and done on the speaker by any clinician or as an appositive; a lab value placed with "at"; a food
swapped in and a walk in place of the car."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I honestly don't have high blood pressure, it's nerves.", "hypertension"),
        ("I really don't have diabetes, whatever the chart says.", "diabetes"),
        ("The specialist I saw says it isn't gout at all.", "gout"),
        ("The rheumatologist told me it's not rheumatoid arthritis, just wear and tear.", "rheumatoid arthritis"),
        ("Turns out it was never asthma, it was reflux all along.", "asthma"),
        ("It's not eczema, the dermatologist said so.", "eczema"),
    ],
)
def test_a_condition_denied_by_the_speaker_or_as_it_isnt_is_denied(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert {"name": name, "status": "denied"} in conditions


@pytest.mark.parametrize(
    "text",
    [
        "I hope it isn't diabetes.",
        "My son's wheeze, the doctor said it isn't asthma.",
        "I'm worried it's not just a cold.",
    ],
)
def test_a_hoped_or_anothers_it_isnt_is_no_denial(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert not [c for c in conditions if c.get("status") == "denied"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Tickly dry cough for the past few days, nothing else.", "cough"),
        ("Niggly headache all morning, took nothing for it.", "headache"),
        ("Runny nose on and off for a week now.", "runny nose"),
        ("Oh, dizziness again this morning when I got up.", "dizziness"),
        ("Nausea since Sunday, can't face breakfast.", "nausea"),
        ("Scratchy sore throat from yesterday, no temperature.", "sore throat"),
    ],
)
def test_a_symptom_in_a_verbless_note_with_its_time_is_a_symptom(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert name in [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    "text", ["Sore throat remedies for kids, any ideas.", "Cough medicine since Tuesday.", "No headache since Monday."]
)
def test_a_symptom_word_without_a_note_of_time_is_no_symptom(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    symptoms = of_type(grounded_records(text, snapshot, mention), "symptom")
    assert not [s for s in symptoms if s["name"] in ("sore throat", "cough")]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I stood up too fast and the next thing I knew I was sprawled across the patio.", "fainting"),
        ("Everything went white, next thing I remember I was on the bathroom lino.", "fainting"),
        ("The room went black and the next thing I knew I was flat on the driveway.", "fainting"),
        ("My heart was pounding out of my chest last night for no reason.", "palpitations"),
        ("My pulse was racing like mad after the coffee.", "palpitations"),
        ("That horrible fluttering feeling in my chest came back this morning.", "palpitations"),
        ("The racing, fluttery sensation is back since Tuesday.", "palpitations"),
    ],
)
def test_a_faint_or_a_racing_heart_told_by_what_happened_is_a_symptom(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert name in [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    "text",
    [
        "My husband's heart was going like the clappers.",
        "The world went grey for a second but I sat down and felt fine.",
        "I love a racing feeling at the fairground.",
    ],
)
def test_anothers_heart_or_a_grey_moment_alone_is_no_faint_or_palpitations(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    names = [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]
    assert "fainting" not in names and "palpitations" not in names


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("The ENT did a balloon sinuplasty on me last spring.", "balloon sinuplasty"),
        ("My cardiologist performed a catheter ablation in June.", "catheter ablation"),
        ("I underwent a cardioversion in May and it held.", "cardioversion"),
        ("The urologist did a lithotripsy on me for the stones.", "lithotripsy"),
        ("They did the shock treatment to reset my rhythm, the cardioversion, in March.", "cardioversion"),
        ("They gave me that thing under sedation, an ablation, back in the autumn.", "ablation"),
    ],
)
def test_a_procedure_named_by_its_word_and_done_on_the_speaker_is_surgery_history(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    procedures = of_type(grounded_records(text, snapshot, mention), "surgery_history")
    assert procedure in [p["procedure"] for p in procedures]


@pytest.mark.parametrize(
    "text",
    [
        "They want to do a cardioversion next month.",
        "The ENT did a sinuplasty on my husband.",
        "They're talking about a cardioversion, the doctor said maybe.",
    ],
)
def test_a_planned_or_anothers_named_procedure_is_no_surgery_history(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The wellness screening had my LDL at 104, better than before.", 104.0),
        ("The screening put my cholesterol at 212.", 212.0),
        ("The lab had my A1c at 6.8 last time.", 6.8),
        ("Their machine had my glucose at 143 this morning.", 143.0),
        ("The nurse had my potassium at 5.2.", 5.2),
    ],
)
def test_a_lab_value_placed_with_at_is_a_test_result(
    text: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert value in [f["value"] for f in of_type(grounded_records(text, snapshot, mention), "test_result")]


def test_a_clock_time_after_at_is_no_test_value(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records("Took my thyroid pill at 6 this morning.", snapshot, mention), "test_result") == []


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("Lately I've swapped my breakfast cereal for oatmeal.", "oatmeal"),
        ("I switched from crisps to nuts in the afternoons.", "nuts"),
        ("We've replaced the biscuits with fruit.", "fruit"),
        ("I have porridge now instead of my usual fry-up.", "porridge"),
        ("I've traded my fizzy drinks for sparkling water.", "sparkling water"),
    ],
)
def test_a_food_swapped_in_is_a_meal(text: str, food: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert food in [f["food"] for f in of_type(grounded_records(text, snapshot, mention), "meal")]


@pytest.mark.parametrize(
    "text", ["I swapped my car for a bike.", "My husband swapped his toast for porridge.", "Should I swap toast?"]
)
def test_a_swap_of_no_food_or_by_another_is_no_meal(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    meals = of_type(grounded_records(text, snapshot, mention), "meal")
    assert not [m for m in meals if m["food"] in ("bike", "porridge")]


@pytest.mark.parametrize(
    "text",
    [
        "These days I walk to the supermarket instead of taking the car.",
        "I've started leaving the car at home and walk to town.",
        "We walk into the village rather than driving now.",
    ],
)
def test_a_walk_in_place_of_the_car_is_walking(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert {"activity": "walking"} in [
        {"activity": f["activity"]} for f in of_type(grounded_records(text, snapshot, mention), "exercise")
    ]


def test_anothers_walk_in_place_of_the_car_is_not_the_speakers(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "My wife walks to the shops instead of taking the car."
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


@pytest.mark.parametrize(
    "text",
    [
        "My heart goes a mile a minute at the doctor's, that's why the readings are high.",
        "My pulse is always racing like mad when I see the nurse, it's nerves.",
    ],
)
def test_a_racing_heart_at_the_clinic_is_nerves_not_palpitations(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert "palpitations" not in [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    "text",
    [
        "I got out of the bath and everything went grey, I had to grab the sink or I'd have gone down.",
        "Stood up at church and the room went fuzzy, had to sit down quick and nearly fell.",
        "The world went black for a moment and I caught myself on the banister.",
    ],
)
def test_the_sight_going_and_the_speaker_catching_themselves_is_near_fainting(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    if snapshot.lookup("symptom", "near fainting") is None:
        pytest.skip("the dictionary holds no near-fainting symptom yet")
    assert "near fainting" in [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    ("text", "systolic"),
    [
        ("My wife packed the travel cuff and this morning it read 152 over 88.", 152.0),
        ("My daughter set up the new monitor and it said 148 over 90 this morning.", 148.0),
        ("My son fiddled with the machine for ages, then it showed 139 over 84.", 139.0),
    ],
)
def test_a_devices_reading_after_another_persons_errand_is_the_speakers(
    text: str, systolic: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    readings = of_type(grounded_records(text, snapshot, mention), "vital_sign")
    assert systolic in [r["systolic"] for r in readings]


@pytest.mark.parametrize(
    "text", ["My husband took his pressure and it read 160 over 95.", "My wife's blood pressure was 150 over 90."]
)
def test_another_persons_reading_is_not_the_speakers(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "vital_sign") == []


@pytest.mark.parametrize(
    "text",
    [
        "And I'm still doing my walk round the park after lunch most days.",
        "Went for my usual walk along the river this morning.",
        "I did my daily walk round the estate before tea.",
    ],
)
def test_a_walk_said_as_a_noun_the_speaker_does_along_a_route_is_walking(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert "walking" in [f["activity"] for f in of_type(grounded_records(text, snapshot, mention), "exercise")]


def test_anothers_walk_said_as_a_noun_is_not_the_speakers(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My husband is still doing his walk round the block."
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


@pytest.mark.parametrize(
    "text",
    [
        "Did the hill sprints flat out this morning. My heart was going like the clappers, loved it.",
        "Spin class was brutal, my pulse was hammering like mad the whole time.",
    ],
)
def test_a_heart_pounding_from_exertion_is_no_palpitations(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert "palpitations" not in [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("My knees have been awful since the weather turned.", "knee"),
        ("My back's been playing up all week.", "back"),
        ("My neck is giving me grief again this morning.", "neck"),
    ],
)
def test_a_part_said_to_be_bad_is_its_pain(
    text: str, site: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    symptoms = of_type(grounded_records(text, snapshot, mention), "symptom")
    assert site in [s.get("body_site") for s in symptoms]


@pytest.mark.parametrize(
    "text",
    [
        "My ankles puff up like footballs by teatime.",
        "My feet have been swollen since Tuesday.",
        "My legs were all puffy by bedtime last night.",
        "My ankles ballooned on the flight home.",
    ],
)
def test_ankles_feet_or_legs_said_to_swell_are_leg_swelling(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    entry = snapshot.lookup("symptom", "swollen ankles")
    assert entry is not None
    symptoms = of_type(grounded_records(text, snapshot, mention), "symptom")
    assert entry in [snapshot.lookup("symptom", s["name"]) for s in symptoms]


@pytest.mark.parametrize(
    "text",
    [
        "My wife's ankles are swollen.",
        "My knees were awful at tennis, I lost every game.",
        "My neck's been terrible company.",
    ],
)
def test_anothers_swelling_or_a_bad_performance_is_no_symptom(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []
