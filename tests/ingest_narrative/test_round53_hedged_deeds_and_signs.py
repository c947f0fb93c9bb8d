"""Round 53 (issue #7, the misses of sets 162-165): a hedge on the speaker's memory of a deed is the deed ("I may have
stopped taking the yaz pill"), a guess at an illness stays a guess; "free screening" and "peanut free" deny nothing,
nor does "can't go near prawns"; a dose, "and" a sign, then an antihistamine is a reaction; "when I had the
amoxicillin" after a rash; all the limbs jerking is a seizure, going down "out for a few seconds" a faint; "snuck off
to the hard spinning class", "back at crossfit"; "got checked at the pharmacy, 120 over 78", "one sixty two over one
ten"; "not taking my hctz today on purpose"; "at my august physical"; "three days now" is a run of days; "I had the
hpv shots already" is a finished course."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.memory_hedges import without_memory_hedges
from app.ingest.temporal.resolver import resolve_all
from app.reconcile.clinical_rules import A_PAST_COURSE
from app.reconcile.regimen_actions import skips_a_run_of_days
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 10, 20, 15, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("I may have stopped taking the yaz pill a week ago", "I stopped taking the yaz pill a week ago"),
        ("I think I may have given her allegra twice today", "I gave her allegra twice today"),
        ("I may have been diagnosed with latent tuberculosis", "I was diagnosed with latent tuberculosis"),
        ("I may have had a colonoscopy in april", "I had a colonoscopy in april"),
        ("and I believe she said six point oh percent", "and she said six point oh percent"),
    ],
)
def test_a_hedge_on_a_deed_is_lifted_and_quotes_go_back_to_the_words_written(said: str, read: str) -> None:
    view = without_memory_hedges(said)
    assert view.text == read
    assert view.written(view.text) == said


@pytest.mark.parametrize(
    "said",
    [
        "I may have had a stroke last week",
        "I may have had a mini stroke",
        "I may have diabetes",
        "it may have been the statin",
    ],
)
def test_a_guess_at_an_illness_keeps_its_hedge(said: str) -> None:
    assert without_memory_hedges(said).text == said


def test_a_hedged_procedure_and_a_hedged_stop_are_read_once_lifted(snapshot: DictionarySnapshot) -> None:
    procedures = of_type(grounded_records("I had a colonoscopy in april of last year", snapshot, AT), "surgery_history")
    assert [p["procedure"] for p in procedures] == ["colonoscopy"]
    hedged = without_memory_hedges("I may have had a colonoscopy in april of last year").text
    assert of_type(grounded_records(hedged, snapshot, AT), "surgery_history") == procedures
    # a plan stays a plan
    assert of_type(grounded_records("they may do a colonoscopy in april", snapshot, AT), "surgery_history") == []


def test_a_free_screening_denies_nothing(snapshot: DictionarySnapshot) -> None:
    text = (
        "I had my A1c checked again, the pharmacist did it on Monday as part of some free screening, and she said six"
        " point oh percent."
    )
    assert [(r["loinc"], r["value"]) for r in of_type(grounded_records(text, snapshot, AT), "test_result")] == [
        ("4548-4", 6.0)
    ]
    assert of_type(grounded_records("I am free of migraines now", snapshot, AT), "condition") == []


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("As you will know I am allergic to peanuts, we keep everything peanut free at mine.", "peanuts"),
        ("still cant go near prawns or crab, face puffs right up every time, same as always", "prawns"),
    ],
)
def test_keeping_away_from_an_allergen_affirms_the_allergy(
    text: str, substance: str, snapshot: DictionarySnapshot
) -> None:
    assert [a["substance"] for a in of_type(grounded_records(text, snapshot, AT), "allergy")] == [substance]


@pytest.mark.parametrize(
    ("text", "allergy"),
    [
        (
            "Took two Aleve for the hip and my lips swelled up on Saturday, hives all over my chest too. Went down "
            "with an antihistamine. I won't be touching that again",
            ["naproxen"],
        ),
        ("Took two Aleve for the hip and my knee swelled up again", []),
        ("I came out in an itchy rash all over when I had the amoxicillin in September", ["amoxicillin"]),
        ("my knee swelled up when I was on the prednisone", []),
    ],
)
def test_a_sign_after_a_dose_treated_as_a_reaction_is_an_allergy(
    text: str, allergy: list[str], snapshot: DictionarySnapshot
) -> None:
    assert [a["substance"] for a in of_type(grounded_records(text, snapshot, AT), "allergy")] == allergy


@pytest.mark.parametrize(
    ("text", "sign"),
    [
        (
            "I had one of my turns last night in front of the telly, arms and legs jerking maybe two minutes and then "
            "I was very sleepy and confused for a while.",
            "seizure",
        ),
        ("went down in the bathroom this morning - out for a few seconds I think, came round by myself", "fainting"),
    ],
)
def test_a_seizure_and_a_faint_told_by_what_happened(text: str, sign: str, snapshot: DictionarySnapshot) -> None:
    assert sign in [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")]


@pytest.mark.parametrize("text", ["my arms and legs were shaking after the spin class", "went out for a few minutes"])
def test_shaking_after_exercise_and_going_out_are_no_danger_signs(text: str, snapshot: DictionarySnapshot) -> None:
    names = {s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")}
    assert not names & {"seizure", "fainting"}


@pytest.mark.parametrize(
    ("text", "activity"),
    [
        ("I snuck off to the hard spinning class at the leisure centre yesterday, the full hour", "spinning class"),
        ("back at crossfit this morning, max effort deadlifts n sled sprints til i nearly puked", "crossfit"),
    ],
)
def test_a_class_snuck_off_to_and_one_the_speaker_is_back_at(
    text: str, activity: str, snapshot: DictionarySnapshot
) -> None:
    assert [e["activity"] for e in of_type(grounded_records(text, snapshot, AT), "exercise")] == [activity]


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("got checked at the pharmacy on saturday, 120 over 78, cant be right surely", (120.0, 78.0)),
        ("home cuff after: one sixty two over one ten", (162.0, 110.0)),
    ],
)
def test_a_pair_after_a_check_and_a_diastolic_said_as_one_ten(
    text: str, pair: tuple[float, float], snapshot: DictionarySnapshot
) -> None:
    vitals = of_type(grounded_records(text, snapshot, AT), "vital_sign")
    assert [(v["systolic"], v["diastolic"]) for v in vitals] == [pair]


def test_a_texters_not_taking_today_is_a_skip_and_not_taking_chances_is_none(snapshot: DictionarySnapshot) -> None:
    text = "not taking my hctz today on purpose, 9 hr drive to my moms and i cant be stopping for the loo every 20 min."
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [("hydrochlorothiazide", "skip")]
    chances = "not taking any chances with my lisinopril"
    assert of_type(grounded_records(chances, snapshot, AT), "regimen_change") == []


def test_a_month_naming_an_occasion_dates_it() -> None:
    found = resolve_all("flu shot was done at my august physical so at least thats up to date", AT)
    assert [(r.kind, r.value) for r in found] == [("month", "2021-08")]
    assert resolve_all("I was in my august mood", AT) == []


def test_a_learners_count_of_days_is_a_run_and_a_plural_course_had_already_is_finished() -> None:
    assert skips_a_run_of_days("I am not taking my hydrochlorthiazide three days now, with the baby I forget")
    assert not skips_a_run_of_days("forgot it one day last week")
    assert A_PAST_COURSE.search("mom says i had the hpv shots already?? like three of them i think")
    assert not A_PAST_COURSE.search("i had the flu shot already")


def test_the_antihistamine_that_settled_a_reaction_is_the_remedy_not_the_cause(snapshot: DictionarySnapshot) -> None:
    text = (
        "Took my usual Aleve for the knee Sunday morning and within the hour I had hives all over my chest and my lips"
        " puffed right up. Took a Benadryl and it settled. I think I've become allergic to it?? Not taking any more."
    )
    assert [a["substance"] for a in of_type(grounded_records(text, snapshot, AT), "allergy")] == ["naproxen"]
    alone = "Took a Benadryl last night and I came out in hives, I think I'm allergic to it"
    assert [a["substance"] for a in of_type(grounded_records(alone, snapshot, AT), "allergy")] == ["diphenhydramine"]


def test_out_cold_for_twenty_or_thirty_seconds_is_a_faint(snapshot: DictionarySnapshot) -> None:
    text = "I went down in the bathroom last night, out cold for maybe 20 or 30 seconds, came round on my own."
    assert [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")] == ["fainting"]
