"""Extraction rules, each family with varied positives and near misses (questions, other people, hypotheticals,
negations): a feeling said by a pain quality in a body part ("a tight, squeezing feeling across my chest"), a
condition said over after a relative clause of the speaker's ("the sinusitis I've had since the eighties has
cleared up"), a chart entry called wrong ("whoever put prediabetes in my chart got it wrong"), a drug dropped
("I dropped the simvastatin") or renamed after a lay name ("the cholesterol tablet, the simvastatin"), and a
drug as the subject of "go down" with a routine ("the amlodipine goes down every night"), an allergy come on
("I've become allergic to the verapamil"), a value the speaker got at a screening others held ("they had a health
fair and did the A1C, mine came back 8.1"), a thermometer's reading, and a meal said by its occasion or by what
the speaker made ("we had a picnic", "made a big pot of chili"), and a device implanted or a steroid injected as a
procedure ("the cardiologist put a loop recorder under the skin", "a cortisone shot in my knee"), and a food
allergy said by its reaction or by the rescue pen kept for it ("shrimp or crab and my throat closes up")."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

# --- a feeling said by a pain quality ------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Last night I woke up with a tight, squeezing feeling across my chest.",
        "I got this heavy squeezing feeling in the middle of my chest on the stairs.",
        "There was a crushing sensation in my chest this morning.",
        "I've had a burning feeling in my chest since lunch.",
    ],
)
def test_a_feeling_with_a_pain_quality_in_the_chest_is_chest_pain(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")] == ["chest pain"]


@pytest.mark.parametrize(
    "text",
    [
        "I had a funny feeling in my chest after the coffee.",
        "My husband had a squeezing feeling in his chest.",
        "Is a tight feeling in my chest something to worry about?",
        "I haven't had any squeezing feeling in my chest since the stent.",
        "If I get a crushing feeling in my chest should I call 911?",
    ],
)
def test_a_feeling_without_quality_asked_denied_or_of_someone_else_is_no_chest_pain(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


# --- a condition over after the speaker's relative clause ----------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The ENT says the chronic sinusitis I've had since the eighties has finally cleared up for good.",
         "chronic sinusitis"),
        ("The asthma I've had since childhood is finally gone.", "asthma"),
        ("The migraines that I have suffered with for years are gone now.", "migraine"),
    ],
)
def test_a_condition_over_after_a_relative_clause_is_resolved(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": name, "status": "resolved"}]


@pytest.mark.parametrize(
    "text",
    [
        "Is the asthma I've had since childhood gone?",
        "My brother says the asthma he's had for years is gone.",
        "The asthma I've had since childhood is getting worse.",
    ],
)
def test_a_relative_clause_asked_of_someone_else_or_not_over_is_not_resolved(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert {"name": "asthma", "status": "resolved"} not in of_type(
        grounded_records(text, snapshot, mention), "condition"
    )


# --- a chart entry called wrong ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Whoever put prediabetes in my chart got it wrong. My sugar has always been fine.", "prediabetes"),
        ("The COPD on my record is a mistake.", "copd"),
        ("The asthma in my file is just wrong.", "asthma"),
    ],
)
def test_a_chart_entry_called_wrong_is_denied(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": name, "status": "denied"}]


@pytest.mark.parametrize(
    "text",
    [
        "Is the prediabetes in my chart wrong?",
        "The prediabetes in my chart is right, sadly.",
        "My husband's chart has diabetes and it is wrong.",
        "They put hypertension in my chart last year.",
    ],
)
def test_a_chart_entry_asked_confirmed_or_of_someone_else_is_not_denied(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert all(f.get("status") != "denied" for f in of_type(grounded_records(text, snapshot, mention), "condition"))


# --- a drug dropped, or renamed after a lay name ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("My calves were aching, so I dropped the simvastatin ten days ago.", "simvastatin"),
        ("I dropped the lisinopril last week.", "lisinopril"),
        ("My legs were aching, so I quit the cholesterol tablet, the simvastatin, about five days ago.",
         "simvastatin"),
        ("I stopped the blood pressure pill, my lisinopril, last week.", "lisinopril"),
    ],
)
def test_a_drug_dropped_or_renamed_after_a_lay_name_is_stopped(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [(drug, "stop")]


@pytest.mark.parametrize(
    "text",
    [
        "I dropped the metformin on the floor.",
        "My wife dropped her simvastatin.",
        "Should I drop the simvastatin?",
        "I love the pharmacy, the metformin is cheap there.",
    ],
)
def test_a_pill_let_fall_asked_or_of_someone_else_is_no_stop(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []


# --- a drug as the subject of "go down" with a routine ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "drugs"),
    [
        ("Like clockwork, the simvastatin and the amlodipine go down every night after dinner.",
         ["simvastatin", "amlodipine"]),
        ("My metformin goes down with breakfast.", ["metformin"]),
        ("The levothyroxine still goes down every morning.", ["levothyroxine"]),
    ],
)
def test_a_drug_that_goes_down_with_a_routine_is_taken(
    text: str, drugs: list[str], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == drugs


@pytest.mark.parametrize(
    "text",
    [
        "The price of metformin went down last month.",
        "The metformin went down the wrong way this morning.",
        "My husband's simvastatin goes down every night.",
        "Does the metformin go down every night?",
        "The amlodipine goes down easy.",
    ],
)
def test_a_drug_going_down_without_routine_asked_or_of_someone_else_is_no_intake(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


# --- an allergy come on ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I've become allergic to the verapamil.",
        "The pharmacist thinks I've become allergic to the verapamil.",
        "I suddenly became allergic to verapamil last month.",
    ],
)
def test_an_allergy_come_on_is_an_allergy(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert [f["substance"] for f in of_type(grounded_records(text, snapshot, mention), "allergy")] == ["verapamil"]


@pytest.mark.parametrize(
    "text",
    [
        "Have I become allergic to penicillin?",
        "My son has become allergic to peanuts.",
        "I haven't become allergic to the amoxicillin.",
        "What if I become allergic to the verapamil?",
    ],
)
def test_an_allergy_come_on_asked_denied_or_of_someone_else_is_none(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


# --- a value at a screening others held ------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "They had a health fair at my work last Tuesday and did the finger-prick A1C, mine came back 8.1 percent.",
        "They held a screening day and did the A1C, mine came back 8.1%.",
        "They set up a booth at church and did the A1C, it came back 8.1%.",
    ],
)
def test_a_value_at_a_screening_others_held_is_the_speakers(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["value"] for f in of_type(grounded_records(text, snapshot, mention), "test_result")] == [8.1]


@pytest.mark.parametrize(
    "text",
    [
        "They had a health fair and did the A1C, my husband's came back 8.1 percent.",
        "They had a party and my brother said his A1C came back 8.1 percent.",
        "If they hold a health fair, will they do the A1C?",
    ],
)
def test_a_screening_value_of_someone_else_or_asked_is_none(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "test_result") == []


# --- a thermometer's reading -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I've been shivering all night and the thermometer says 39.2.", 39.2),
        ("The thermometer read 38.4 this morning.", 38.4),
    ],
)
def test_a_thermometer_reading_is_a_temperature(
    text: str, value: float, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["value"] for f in of_type(grounded_records(text, snapshot, mention), "vital_sign")] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "I bought a new thermometer for 25 dollars.",
        "My son's thermometer says 38.5.",
        "Should I buy a thermometer?",
    ],
)
def test_a_thermometer_bought_or_of_someone_else_is_no_temperature(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "vital_sign") == []


# --- a meal by its occasion or by what the speaker made ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("Yesterday we had a picnic by the lake, I made egg salad sandwiches.", "picnic"),
        ("We had a barbecue at my sister's on Sunday.", "barbecue"),
        ("Made a big pot of chili and watched the game with my brother yesterday.", "chili"),
        ("I cooked a huge pot of lentil soup last night.", "lentil soup"),
    ],
)
def test_a_meal_by_its_occasion_or_what_was_made_is_a_meal(
    text: str, food: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["food"] for f in of_type(grounded_records(text, snapshot, mention), "meal")] == [food]


@pytest.mark.parametrize(
    "text",
    [
        "My neighbours had a barbecue last night.",
        "Should we have a picnic tomorrow?",
        "We didn't have a picnic because of the rain.",
        "My wife made a big pot of soup.",
    ],
)
def test_an_occasion_of_others_asked_or_denied_is_no_meal(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "meal") == []


# --- a device implanted or a steroid injected ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("Last Thursday the cardiologist put a little loop recorder under the skin of my chest.",
         "loop recorder implant"),
        ("They put a pacemaker in last Thursday.", "pacemaker implant"),
        ("I had a pacemaker fitted in March.", "pacemaker implant"),
        ("The orthopedic place gave me a cortisone injection in the right hip last Tuesday.", "steroid injection"),
        ("I had a cortisone shot in my knee last week.", "steroid injection"),
    ],
)
def test_a_device_implanted_or_a_steroid_injected_is_a_procedure(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [f["procedure"] for f in of_type(records, "surgery_history")] == [procedure]
    assert of_type(records, "clinical_visit") == []


@pytest.mark.parametrize(
    "text",
    [
        "I have a pacemaker.",
        "My pacemaker is working fine.",
        "My dad's cardiologist put a pacemaker in him last week.",
        "Should they put a loop recorder in?",
        "I didn't get the cortisone shot in the end.",
    ],
)
def test_a_device_owned_asked_refused_or_of_someone_else_is_no_procedure(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


def test_a_flu_shot_is_still_a_vaccination(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("I got my flu shot yesterday.", snapshot, mention)
    assert [f["kind"] for f in of_type(records, "clinical_visit")] == ["vaccination"]


# --- a food allergy said by its reaction or by the rescue pen --------------------------------------


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("I still keep the EpiPen in my backpack because of the shellfish thing.", "shellfish"),
        ("Peanuts make my tongue swell up.", "peanuts"),
        ("Shrimp or crab and my throat closes up.", "shrimp"),
    ],
)
def test_a_food_allergy_said_by_its_reaction_or_rescue_pen_is_an_allergy(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["substance"] for f in of_type(grounded_records(text, snapshot, mention), "allergy")] == [substance]


@pytest.mark.parametrize(
    "text",
    [
        "My sister's throat closes up with shrimp.",
        "Does shrimp make your throat close up?",
        "I ate shrimp and my throat was fine.",
    ],
)
def test_a_food_reaction_of_someone_else_asked_or_absent_is_no_allergy(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []
