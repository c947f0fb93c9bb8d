"""General wording families (issue #6 record contract), each with near-miss negatives: a condition over by a
fading or vanishing verb, after a relative clause of the speaker's own or a demonstrative ("the sinus trouble I
had for decades just faded away", "that sinus infection is finally gone"); a chart entry the speaker disbelieves
("that prediabetes on my chart, I really don't think that's right"); an organ taken out by an agent or in the
passive and a procedure the speaker went for; a part said to be tight by a change of state ("my chest went
tight"); a duration spelled out to the tens; a progressive with a route or a frequency ("I've been cycling to
work every day"); a meal a relative made for the speaker, eaten by them."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Funny thing, the sinus trouble I had for decades just faded away.", "sinus trouble"),
        ("The eczema I've had since school finally vanished.", "eczema"),
        ("My migraines kind of petered out last year.", "migraine"),
        ("My eczema has slowly disappeared.", "eczema"),
        ("That sinus infection is finally gone.", "sinus infection"),
        ("Those migraines are history now.", "migraine"),
        ("The asthma I had for decades just went away.", "asthma"),
    ],
)
def test_a_condition_faded_or_named_by_a_demonstrative_is_resolved(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert {"name": name, "status": "resolved"} in of_type(grounded_records(text, snapshot, mention), "condition")


@pytest.mark.parametrize(
    "text",
    [
        "Is that sinus infection gone?",
        "I hope my eczema fades away.",
        "My husband's sinus trouble faded away.",
        "My asthma just came back.",
    ],
)
def test_a_question_a_wish_another_person_or_a_return_is_not_resolved(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert all(c.get("status") != "resolved" for c in conditions)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("And that prediabetes on my chart, I really don't think that's right.", "prediabetes"),
        ("The asthma in my record, I don't believe it.", "asthma"),
        ("The gout on my list, that isn't true.", "gout"),
    ],
)
def test_a_chart_entry_the_speaker_disbelieves_is_denied(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert {"name": name, "status": "denied"} in of_type(grounded_records(text, snapshot, mention), "condition")


@pytest.mark.parametrize("text", ["The gout on my list, I think that's right.", "Is the COPD on my chart not right?"])
def test_a_chart_entry_agreed_with_or_asked_about_is_not_denied(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    conditions = of_type(grounded_records(text, snapshot, mention), "condition")
    assert all(c.get("status") != "denied" for c in conditions)


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("They took my gallbladder out at the county hospital two weeks ago.", "cholecystectomy"),
        ("The surgeon removed my appendix on Tuesday.", "appendectomy"),
        ("My tonsils were taken out when I was six.", "tonsillectomy"),
        ("I finally went for the colonoscopy my sister kept nagging me about.", "colonoscopy"),
        ("I came in for an endoscopy last week.", "endoscopy"),
    ],
)
def test_an_organ_taken_out_or_a_procedure_gone_for_is_a_surgery(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    surgeries = of_type(grounded_records(text, snapshot, mention), "surgery_history")
    assert procedure in [s["procedure"] for s in surgeries]


@pytest.mark.parametrize(
    "text",
    [
        "They took my sister's gallbladder out.",
        "Should they take my gallbladder out?",
        "They might take my gallbladder out.",
        "I never went for the colonoscopy.",
        "My husband went for his colonoscopy.",
        "I'm going for a colonoscopy next week.",
    ],
)
def test_someone_elses_a_question_a_possibility_or_a_plan_is_no_surgery(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


@pytest.mark.parametrize(
    "text",
    [
        "Carrying the laundry up, my chest went tight like someone was sitting on it.",
        "My chest started to feel tight on the hill.",
    ],
)
def test_a_chest_gone_tight_is_chest_pain(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert "chest pain" in [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    "text", ["My chest didn't go tight at all.", "Did your chest go tight?", "My wife's chest went tight."]
)
def test_a_chest_not_gone_tight_or_someone_elses_is_no_symptom(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("Went to my first boot-camp class this evening, forty minutes of hill sprints and burpees.", 40),
        ("I went for a walk for forty-five minutes.", 45),
        ("Did a twenty minute walk.", 20),
        ("I walked for 30 minutes.", 30),
    ],
)
def test_a_duration_spelled_out_to_the_tens(
    text: str, minutes: int, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [e.get("duration_min") for e in of_type(grounded_records(text, snapshot, mention), "exercise")] == [minutes]


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("I've been cycling to work every day this week, forty minutes each way.", "cycling"),
        ("I have been swimming at the pool most mornings.", "swimming"),
        ("I've been walking to the shops daily.", "walking"),
    ],
)
def test_a_progressive_with_a_route_or_frequency_is_exercise(
    text: str, activity: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert activity in [e["activity"] for e in of_type(grounded_records(text, snapshot, mention), "exercise")]


@pytest.mark.parametrize(
    "text",
    [
        "I've been running late every day.",
        "I've been running errands all week.",
        "I've been walking with a cane.",
        "I've been running to the bathroom all night.",
        "My son has been cycling to school.",
        "Have you been cycling to work?",
    ],
)
def test_a_progressive_of_errands_aids_or_others_is_no_exercise(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("mom made grilled cheese and tomato soup for lunch today, it was sooo good", "grilled cheese and tomato soup"),
        ("My wife cooked lasagna for dinner and it was delicious.", "lasagna"),
        ("My husband made me pancakes for breakfast, they were amazing.", "pancakes"),
    ],
)
def test_a_meal_a_relative_made_and_the_speaker_tasted(
    text: str, food: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert food in [m["food"] for m in of_type(grounded_records(text, snapshot, mention), "meal")]


@pytest.mark.parametrize("text", ["My wife made lasagna for dinner.", "Did mom make soup for lunch? it was good"])
def test_a_dish_cooked_with_no_word_of_eating_it_is_no_meal(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "meal") == []
