"""Extraction rules, each family with varied positives and near misses: an allergic reaction to a named
substance, a recorded allergy doubted or struck off the chart, a specialist seen or an appointment said as
"that appointment is ...", a remark about the record ("in case it never made it into my file"), a procedure
said by how it went, closing and greeting pleasantries, a condition "a thing of the past", exercise in
company, a dog walk, a stroll, a class joined, and the sentence that describes an exercise."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.gate import decide_retain
from app.ingest.narrative.rules_extractor import extract
from tests.ingest_narrative.extracted import grounded_records, of_type

# --- allergies ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("The doctor said it's an allergic reaction to my hydrochlorothiazide.", "hydrochlorothiazide"),
        (
            "The urgent care doctor told me the rash on my forearms is an allergic reaction to my HCTZ.",
            "hydrochlorothiazide",
        ),
        ("I had an allergic reaction to the amoxicillin last week.", "amoxicillin"),
    ],
)
def test_an_allergic_reaction_to_a_drug_is_a_drug_allergy_and_no_condition(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [(f["substance"], f["substance_kind"]) for f in of_type(records, "allergy")] == [(substance, "drug")]
    assert of_type(records, "condition") == []


@pytest.mark.parametrize(
    "text",
    [
        "My son had an allergic reaction to penicillin.",
        "If I had an allergic reaction to lisinopril what would happen?",
        "It wasn't an allergic reaction to my lisinopril, just a cold.",
        "I keep an EpiPen for my son because of his peanut allergy.",
        "I pack snacks for my daughter since her egg allergy was found.",
    ],
)
def test_an_allergic_reaction_of_someone_else_supposed_or_denied_is_no_allergy(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("Honestly I don't think I'm allergic to cats at all.", "cats"),
        ("I don't really believe I'm allergic to shellfish.", "shellfish"),
        ("While I'm there I want the peanut allergy taken off my chart, because it's wrong.", "peanut"),
        ("Please get the shellfish allergy removed from my record.", "shellfish"),
    ],
)
def test_a_recorded_allergy_doubted_or_struck_off_the_chart_is_denied(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [
        (f["substance"], f.get("status")) for f in of_type(grounded_records(text, snapshot, mention), "allergy")
    ] == [(substance, "denied")]


@pytest.mark.parametrize(
    "text",
    [
        "I don't think I'm allergic to penicillin but I'm not sure.",  # still unsure: no denial
        "My son doesn't think he's allergic to cats.",
        "Do you think I'm allergic to cats?",
    ],
)
def test_a_doubt_left_open_or_of_someone_else_is_no_denial(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [
        f for f in of_type(grounded_records(text, snapshot, mention), "allergy") if f.get("status") == "denied"
    ] == []


# --- visits, remarks about the record, procedures ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I'm seeing the allergist next Tuesday about the mould.",
        "I saw a rheumatologist yesterday.",
        "She wants my regular doctor to decide, and that appointment is next Wednesday.",
        "I went to see the podiatrist on Monday.",
    ],
)
def test_a_specialist_seen_or_an_appointment_named_is_a_visit(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "clinical_visit") == [{"kind": "appointment"}]


@pytest.mark.parametrize(
    "text",
    [
        "My wife is seeing the rheumatologist next week.",
        "I watched a biologist on TV.",
        "That appointment app is handy.",
    ],
)
def test_no_visit_for_someone_else_or_a_word_like_a_specialist(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "clinical_visit") == []


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        (
            "Also, in case it never made it into my file, they did cataract surgery on my left eye in February.",
            "cataract surgery",
        ),
        ("Unrelated, but the colonoscopy last month went fine, they said come back in five years.", "colonoscopy"),
        ("My cataract surgery went well.", "cataract surgery"),
    ],
)
def test_a_procedure_after_a_remark_about_the_file_or_said_by_how_it_went(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == [{"procedure": procedure}]


@pytest.mark.parametrize(
    "text",
    [
        "In case I need cataract surgery, who do I call?",
        "My husband's colonoscopy went fine.",
        "I hope the colonoscopy goes fine.",
        "The colonoscopy prep was awful.",
    ],
)
def test_no_procedure_for_a_supposition_someone_else_or_a_hope(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "surgery_history") == []


# --- the gate -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Okay, thanks, that's everything for today.",
        "Happy Friday! Hope your week's been a good one.",
        "That's all for now.",
    ],
)
def test_closing_and_greeting_pleasantries_are_not_kept(text: str) -> None:
    assert decide_retain(text).retain is False


@pytest.mark.parametrize(
    "text", ["That's all I ate today, a salad and some soup.", "Happy to report my sugar was 110 this morning."]
)
def test_a_pleasantry_word_inside_a_statement_keeps_it(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert decide_retain(text, extract(text, snapshot, mention=mention)).retain is True


# --- conditions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("And my sinus trouble seems to be a thing of the past.", "sinus trouble"),
        ("My asthma is history.", "asthma"),
        ("The eczema seems to have cleared up.", "eczema"),
    ],
)
def test_a_condition_said_to_be_over_is_resolved(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "condition") == [{"name": name, "status": "resolved"}]


@pytest.mark.parametrize(
    "text",
    [
        "My hypertension seems to be getting worse.",
        "My asthma is history of the worst kind.",
        "My mother's sinus trouble is a thing of the past.",
    ],
)
def test_a_condition_not_said_to_be_over_or_someone_elses_is_not_resolved(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [
        f for f in of_type(grounded_records(text, snapshot, mention), "condition") if f["status"] == "resolved"
    ] == []


# --- exercise -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("Took a slow stroll round the park with my wife this evening.", "stroll"),
        ("Saturday a few of us went swimming at the rec center.", "swimming"),
        ("My husband and I walked 3 miles.", "walking"),
        ("We've started walking the dog after dinner, usually for about half an hour.", "walking"),
        ("I've joined an indoor rowing class at the leisure centre.", "rowing class"),
    ],
)
def test_exercise_in_company_a_stroll_a_dog_walk_and_a_class_joined(
    text: str, activity: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["activity"] for f in of_type(grounded_records(text, snapshot, mention), "exercise")] == [activity]


@pytest.mark.parametrize(
    "text",
    ["My wife took a stroll.", "My son walks the dog.", "I should start walking the dog.", "I took a pill."],
)
def test_no_exercise_for_someone_else_a_plan_or_another_taking(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


def test_the_sentence_describing_an_exercise_is_part_of_its_quote(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "I've joined an indoor rowing class. It's all-out sprints until I'm gasping. My knee is fine."
    [record] = [r for r in extract(text, snapshot, mention=mention).records if r.type == "exercise"]
    assert record.quote == "I've joined an indoor rowing class. It's all-out sprints until I'm gasping."
    alone = "I've joined an indoor rowing class. My knee is fine."
    [other] = [r for r in extract(alone, snapshot, mention=mention).records if r.type == "exercise"]
    assert other.quote == "I've joined an indoor rowing class."


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("My shellfish allergy is why I skip the buffet.", "shellfish"),
        ("I carry the pen because of my tree nut allergy.", "tree nut"),
        ("My latex allergy means the dentist uses other gloves.", "latex"),
    ],
)
def test_the_speakers_allergy_named_before_allergy_keeps_its_whole_noun_phrase(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["substance"] for f in of_type(grounded_records(text, snapshot, mention), "allergy")] == [substance]
