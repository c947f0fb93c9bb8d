"""General lay wordings the deterministic extractor reads (issue #6 record contract): pain said through
a body part, subject-dropped and dog-walk exercise, an allergy after a negated example, a possessive
supplement name, an accidental double dose as an intake; each with near-miss negatives."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My chest was really hurting last night, lasted maybe twenty minutes.", "chest pain"),
        ("There's a tight squeezing pain in my chest.", "chest pain"),
        ("My knees ache in the morning.", "knee pain"),
        ("My stomach is killing me.", "abdominal pain"),
        ("I have a dull ache in my lower back.", "back pain"),
        ("My neck has been hurting all week.", "neck pain"),
        ("My legs ache after the hike.", "pain in lower limb"),
    ],
)
def test_a_body_part_with_a_pain_word_is_that_sites_pain_symptom(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")] == [name]


@pytest.mark.parametrize(
    "text",
    [
        "My chest wasn't hurting.",  # negated
        "My heart was hurting after the breakup.",  # no heart pain symptom in the dictionary
        "My mom's chest was hurting.",  # not the speaker's body part
        "If my chest starts hurting I'll call.",  # hypothetical
        "Does your chest hurt?",
        "My chest of drawers is broken.",
        "I had no pain in my chest.",
        "I hurt my back lifting boxes.",  # an injury said verb first
    ],
)
def test_a_body_part_without_a_first_person_pain_is_no_symptom(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "symptom") == []


def test_a_site_pain_said_twice_is_one_symptom(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("I have chest pain and my chest hurts when I breathe.", snapshot, mention)
    assert [f["name"] for f in of_type(records, "symptom")] == ["chest pain"]


def test_a_hedged_quantity_does_not_hedge_the_event(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records("I had a headache that lasted maybe 2 hours.", snapshot, mention), "symptom")
    assert not of_type(grounded_records("I maybe had a headache.", snapshot, mention), "symptom")


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("Did hill sprints at the track this morning.", {"activity": "hill sprints"}),
        ("Took the dog out for a 20 minute walk after dinner.", {"activity": "walk", "duration_min": 20}),
        ("I went for a 30-minute walk.", {"activity": "walk", "duration_min": 30}),
        ("Went for a run this morning.", {"activity": "run"}),
        ("Worked out at the gym for 45 minutes.", {"activity": "workout", "duration_min": 45}),
    ],
)
def test_exertion_wordings_are_exercise(
    text: str, fields: dict[str, Any], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == [fields]


@pytest.mark.parametrize(
    "text",
    [
        "Did my taxes today.",
        "I took my dog to the vet.",
        "My brother did hill sprints.",
        "Ran late this morning.",
        "Did you go for a walk?",
        "Worked out a plan with my doctor.",
        "It all worked out fine in the end.",
    ],
)
def test_near_miss_exertion_wordings_are_no_exercise(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "exercise") == []


def test_a_negated_example_before_an_allergy_clause_does_not_negate_it(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records("No shrimp or lobster for me, I'm allergic to shellfish.", snapshot, mention)
    assert of_type(records, "allergy") == [{"substance": "shellfish", "substance_kind": "food"}]


@pytest.mark.parametrize("text", ["I have no allergy to shellfish.", "No allergy to penicillin, I checked."])
def test_a_negation_in_the_allergy_clause_still_negates_it(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "allergy") == []


def test_a_first_person_clause_ends_a_relatives_scope_after_a_comma(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records("My mom has diabetes, I have asthma.", snapshot, mention)
    assert of_type(records, "family_history") == [{"relative": "mom", "condition": "diabetes"}]
    assert [f["name"] for f in of_type(records, "condition")] == ["asthma"]


@pytest.mark.parametrize(
    "text",
    ["I started taking St. John's wort last week.", "I started St John's Wort last week.", "I started st johns wort."],
)
def test_a_possessive_supplement_name_matches_its_entry(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(f["drug"], f["action"]) for f in changes] == [("st john's wort", "start")]


@pytest.mark.parametrize(
    "text",
    [
        "Pretty sure I double-dosed my HCTZ this morning.",
        "I doubled up on my warfarin by mistake.",
        "I took a double dose of warfarin.",
    ],
)
def test_an_accidental_double_dose_is_an_intake(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records(text, snapshot, mention)
    assert len(of_type(records, "medication_intake")) == 1 and of_type(records, "regimen_change") == []


@pytest.mark.parametrize("text", ["I doubled my metformin dose last week.", "My doctor doubled my lisinopril."])
def test_a_deliberate_doubling_stays_a_dose_change(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [f["action"] for f in changes] == ["dose_change"]
