"""Everyday wording the deterministic extractor must read (issue #6 record contract, issue #7 cascade):
names as said, lay drug names, first-person symptom verbs, stop versus skip, procedures by name."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.grounding_check import ungrounded_fields
from app.ingest.narrative.rules_extractor import extract


def _records(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, dict[str, Any]]]:
    return [(r.type, dict(r.fields)) for r in extract(text, snapshot, mention=mention).records]


def _one(text: str, record_type: str, snapshot: DictionarySnapshot, mention: datetime) -> dict[str, Any]:
    found = [f for t, f in _records(text, snapshot, mention) if t == record_type]
    assert len(found) == 1, f"{record_type} in {_records(text, snapshot, mention)}"
    return found[0]


@pytest.mark.parametrize(
    ("text", "record_type", "field", "name"),
    [
        ("I had chest pain last night.", "symptom", "name", "chest pain"),
        ("I get bad chest pains.", "symptom", "name", "chest pain"),
        ("My back pain is a 7 out of 10 today.", "symptom", "name", "back pain"),
        ("I was diagnosed with sleep apnea last month.", "condition", "name", "sleep apnea"),
        ("My father had a heart attack.", "family_history", "condition", "heart attack"),
    ],
)
def test_terms_are_named_as_said_not_by_key(
    text: str, record_type: str, field: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _one(text, record_type, snapshot, mention)[field] == name


@pytest.mark.parametrize(
    ("text", "name"),
    [("I have a tight chest.", "chest pain"), ("I've been nauseous since Monday.", "nausea")],
)
def test_a_symptom_is_named_by_its_dictionary_name(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _one(text, "symptom", snapshot, mention)["name"] == name


def test_a_name_not_a_key_passes_the_no_fabrication_check(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My father had a heart attack and I have a tight chest."
    records = extract(text, snapshot, mention=mention).records
    assert {r.type: r.fields.get("condition") or r.fields.get("name") for r in records} == {
        "family_history": "heart attack",
        "symptom": "chest pain",
    }
    assert all(ungrounded_fields(r, text, snapshot) == [] for r in records)
    invented = records[0].model_copy(update={"fields": {"name": "headache"}, "type": "symptom"})
    assert ungrounded_fields(invented, text, snapshot) == ["name"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I fainted in the kitchen the day before yesterday.", "fainting"),
        ("I suddenly passed out yesterday.", "fainting"),
        ("I had a seizure at 10pm yesterday.", "seizure"),
        ("I woke up wheezing at 3 this morning.", "wheezing"),
        ("I've had heartburn after every meal this week.", "heartburn"),
    ],
)
def test_first_person_symptom_verbs_are_symptoms(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _one(text, "symptom", snapshot, mention)["name"] == name


@pytest.mark.parametrize("text", ["My sister almost fainted.", "I read about headaches online."])
def test_a_symptom_word_without_a_first_person_report_is_not_a_symptom(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [t for t, _ in _records(text, snapshot, mention) if t == "symptom"] == []


@pytest.mark.parametrize(
    "text", ["I almost fainted.", "I felt faint in the queue at the bank.", "I nearly passed out."]
)
def test_a_near_faint_is_its_own_symptom(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _one(text, "symptom", snapshot, mention)["name"] == "near fainting"


def test_a_body_site_is_a_body_part_not_a_place(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert "body_site" not in _one("I fainted in the kitchen.", "symptom", snapshot, mention)
    assert _one("I have a headache in my left temple.", "symptom", snapshot, mention)["body_site"] == "left temple"


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("The doctor told me my hypertension is resolved now.", "resolved"),
        ("My asthma has gone away.", "resolved"),
        ("I've had a migraine since last Sunday.", "active"),
        ("I've had asthma for 10 years.", "active"),
        ("I had a cold last week.", "resolved"),
        ("I no longer have high blood pressure.", "resolved"),
        ("I don't have asthma anymore.", "resolved"),
    ],
)
def test_condition_status_reads_words_on_both_sides(
    text: str, status: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _one(text, "condition", snapshot, mention)["status"] == status


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("Last year I had my hip replaced.", "hip replacement"),
        ("I had my appendix removed years back.", "appendectomy"),
        ("I've had my gallbladder out.", "cholecystectomy"),
        ("I had a knee replacement in 2019.", "knee replacement"),
    ],
)
def test_surgeries_are_named_as_procedures(
    text: str, procedure: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = _records(text, snapshot, mention)
    assert records == [("surgery_history", {"procedure": procedure})]  # no appendicitis from "appendix"


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("I stopped my water pill 4 days ago.", "hydrochlorothiazide", "stop"),
        ("I stopped my blood pressure pills last week.", "antihypertensive", "stop"),
        ("I forgot my thyroid pill yesterday.", "levothyroxine", "skip"),
        ("I'm out of my Eliquis since Saturday.", "apixaban", "stop"),
        ("I haven't taken my warfarin since last Friday.", "warfarin", "stop"),
        ("I ran out of levothyroxine a week ago and haven't refilled it.", "levothyroxine", "stop"),
        ("I missed my lisinopril yesterday.", "lisinopril", "skip"),
        ("I skipped metformin since I was sick.", "metformin", "skip"),
        ("I stopped getting my vitamin B12 injections 2 months ago.", "cyanocobalamin", "stop"),
        ("My neurologist started me on levetiracetam two weeks ago.", "levetiracetam", "start"),
        ("My neighbour told me to take an aspirin every day, so I started 2 weeks ago.", "aspirin", "start"),
    ],
)
def test_regimen_changes(text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    fields = _one(text, "regimen_change", snapshot, mention)
    assert (fields["drug"], fields["action"]) == (drug, action)


def test_a_time_after_since_is_not_a_reason(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I haven't taken my alendronate since last month because of heartburn."
    assert _one(text, "regimen_change", snapshot, mention)["reason"] == "heartburn"
    assert _one("I skipped metformin since I was sick.", "regimen_change", snapshot, mention)["reason"] == "I was sick"


def test_advice_without_a_follow_up_action_is_not_a_start(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My doctor told me to take metformin, so I started walking."
    assert [t for t, _ in _records(text, snapshot, mention) if t == "regimen_change"] == []


@pytest.mark.parametrize(
    ("text", "record_type", "expected"),
    [
        ("We always carry my epinephrine auto-injector.", "prescription", {"drug": "epinephrine"}),
        (
            "The doctor gave me a ten-day supply of oxycodone, started yesterday.",
            "prescription",
            {"drug": "oxycodone", "supply_days": 10},
        ),
        ("I've needed my albuterol inhaler four times a day.", "medication_intake", {"drug": "albuterol"}),
    ],
)
def test_possession_supply_and_need_verbs(
    text: str, record_type: str, expected: dict[str, Any], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert expected.items() <= _one(text, record_type, snapshot, mention).items()


def test_a_counted_number_is_not_a_measurement(snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = extract("I stopped getting my vitamin B12 injections 2 months ago.", snapshot, mention=mention)
    assert result.blocked == []


def test_a_blocked_name_keeps_its_noun(snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = extract("My kidney score was 60.", snapshot, mention=mention)
    assert [b.name for b in result.blocked] == ["kidney score"]


@pytest.mark.parametrize(
    ("text", "substance"),
    [("I'm allergic to penicillin, it gave me a rash.", "penicillin"), ("I'm allergic to Keflex.", "cephalexin")],
)
def test_a_drug_allergen_is_kept_at_the_level_it_was_named(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _one(text, "allergy", snapshot, mention)["substance"] == substance


@pytest.mark.parametrize(
    ("text", "record_type", "expected"),
    [
        ("I'm a 53 year old woman.", "sex", {"value": "female"}),
        ("I'm a 53 year old woman.", "birth_date", {"age_years": 53}),
        ("I weighed myself this morning: 95 kg.", "body_measurement", {"kind": "weight", "value": 95.0}),
        ("I drink about two glasses of wine every evening.", "lifestyle_baseline", {"habit": "alcohol"}),
        (
            "I did 45 minutes of gentle stretching yesterday.",
            "exercise",
            {"activity": "stretching", "duration_min": 45},
        ),
        ("I went for a walk yesterday morning.", "exercise", {"activity": "walk"}),
        ("My energy has been really low for the past 2 weeks.", "mood_stress", {"kind": "energy", "level": "low"}),
        ("I've been in a great mood this month.", "mood_stress", {"kind": "mood", "level": "great"}),
        ("Work has been super stressful this week.", "mood_stress", {"kind": "stress"}),
        ("My goal is to get my A1c under 5.7 by June.", "goal", {"target": "get my A1c under 5.7 by June"}),
    ],
)
def test_everyday_statements(
    text: str, record_type: str, expected: dict[str, Any], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert expected.items() <= _one(text, record_type, snapshot, mention).items()


def test_a_second_meal_without_its_verb(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = _records("I had oatmeal for breakfast and a salad for lunch today.", snapshot, mention)
    assert [f["food"] for t, f in records if t == "meal"] == ["oatmeal", "salad"]


@pytest.mark.parametrize(
    ("text", "name"),
    [("My gout flared up in my big toe the day before yesterday.", "gout"), ("My asthma is acting up.", "asthma")],
)
def test_a_flare_of_a_condition_is_a_symptom_episode(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    result = extract(text, snapshot, mention=mention)
    assert [(r.type, r.fields["name"]) for r in result.records] == [("symptom", name)]
    assert ungrounded_fields(result.records[0], text, snapshot) == []


def test_a_name_said_only_with_its_article_gets_the_display_name(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _one("I had a cold last week.", "condition", snapshot, mention)["name"] == "common cold"


@pytest.mark.parametrize(
    ("text", "name"),
    [("I had a stroke in 2018.", "stroke"), ("I had a heart attack two years ago.", "heart attack")],
)
def test_an_alias_carrying_its_own_verb_is_a_first_person_condition(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _one(text, "condition", snapshot, mention)["name"] == name


def test_a_plain_denial_is_a_denied_condition(snapshot: DictionarySnapshot, mention: datetime) -> None:
    """ "I don't have asthma" is what the person says of the diagnosis: held against the record."""
    (record,) = extract("I don't have asthma.", snapshot, mention=mention).records
    assert (record.type, record.fields, record.negated) == ("condition", {"name": "asthma", "status": "denied"}, False)
