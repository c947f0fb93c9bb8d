"""Reconciler citations (issue #7, round 24), each with near misses.

- Chest pain cites every active cardiac Condition the record holds, its "History of ..." situation included
  ("Cardiac Arrest" and "History of cardiac arrest"); a cardiac condition no longer active is cited only when none
  is active.
- A fainting with no heart, seizure or vascular condition on record cites an active anaemia; a seizure disorder or a
  vascular condition is cited before it, and a near-faint with only an anaemia stays a minor symptom.
- An anaphylaxis rescue pen used cites the allergy the quote names even when the allergen is told in the next
  sentence of the turn (the intake's quote runs on into it).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot, load_snapshot
from app.ingest.narrative.rules_extractor import extract
from tests.reconcile.conftest import RXNORM, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import HYPERTENSION, Case, decided
from tests.reconcile.test_second_doses_rescue_pens_and_inducers import EPINEPHRINE, PEANUTS
from tests.reconcile.test_supplements_precursors_and_episodes import CARDIAC_ARREST, CARDIAC_ARREST_HISTORY, EPILEPSY

ANAEMIA = resource(
    "Condition",
    "c-anaemia",
    system=SNOMED,
    code="271737000",
    display="Anemia (disorder)",
    clinical_status="active",
    event_start=t("2005-01-01"),
)
OLD_ANGINA = resource(
    "Condition",
    "c-angina-old",
    system=SNOMED,
    code="194828000",
    display="Angina (disorder)",
    clinical_status="resolved",
    event_start=t("2001-01-01"),
    event_end=t("2002-01-01"),
)
_HTN = (("Condition", SNOMED, HYPERTENSION["props"]["code"]),)

CASES: list[Case] = [
    (
        "chest pain cites the cardiac condition and its history",
        [CARDIAC_ARREST, CARDIAC_ARREST_HISTORY],
        {"type": "symptom", "fields": {"name": "chest pain"}, "quote": "My chest felt like it was in a vise."},
        ("gap", "high", True),
        {("Condition", SNOMED, "410429000"), ("Condition", SNOMED, "429007001")},
    ),
    (
        "chest pain with a cardiac condition no longer active cites it",
        [OLD_ANGINA],
        {"type": "symptom", "fields": {"name": "chest pain"}, "quote": "A pain in my chest last night."},
        ("gap", "high", True),
        {("Condition", SNOMED, "194828000")},
    ),
    (
        "an active condition is cited over one no longer active",
        [OLD_ANGINA, CARDIAC_ARREST],
        {"type": "symptom", "fields": {"name": "chest pain"}, "quote": "A pain in my chest last night."},
        ("gap", "high", True),
        {("Condition", SNOMED, "410429000")},
    ),
    (
        "a fainting with only an anaemia on record cites it",
        [ANAEMIA],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "I fainted for a few seconds."},
        ("gap", "high", True),
        {("Condition", SNOMED, "271737000")},
    ),
    (
        "a vascular condition is cited before an anaemia",
        [ANAEMIA, HYPERTENSION],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "I fainted for a few seconds."},
        ("gap", "high", True),
        set(_HTN),
    ),
    (
        "a seizure disorder is cited before an anaemia (round 33: a blackout may be a seizure)",
        [ANAEMIA, EPILEPSY],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "fainted in the shower last night"},
        ("gap", "high", True),
        {("Condition", SNOMED, "84757009")},
    ),
    (
        "a near-faint with only an anaemia stays minor",
        [ANAEMIA],
        {"type": "symptom", "fields": {"name": "near fainting"}, "quote": "I nearly fainted in the queue."},
        ("gap", "low", False),
        set(),
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_danger_symptom_cites_the_conditions_it_relies_on(
    client: GraphClient,
    user_id: str,
    seed: Seeder,
    snapshot: DictionarySnapshot,
    resources: list[dict[str, Any]],
    record: dict[str, Any],
    expected: tuple[str, str | None, bool],
    cites: set[tuple[str, str, str]],
) -> None:
    decided(client, user_id, seed, snapshot, (resources, record, expected, cites))


def test_a_rescue_pen_used_with_the_reaction_told_agrees_and_the_reaction_is_the_danger(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    # the pen's quote runs on to the next sentence's allergen; the reaction to it is the symptom's high gap, and
    # the pen was used as prescribed (13 of 18 writers' turns with a pen used expect that agreement)
    text = "Had to jab my EpiPen at the party. A brownie had peanuts in it and my lips swelled up."
    records = extract(text, load_snapshot(), mention=datetime(2026, 3, 10, tzinfo=UTC)).records
    intake = next(r for r in records if r.type == "medication_intake")
    assert intake.quote == text
    record = {"type": "medication_intake", "fields": {"drug": "epinephrine"}, "quote": intake.quote}
    cites = {("MedicationRequest", RXNORM, "1870230")}
    decided(client, user_id, seed, snapshot, ([EPINEPHRINE, PEANUTS], record, ("agreement", None, False), cites))
    symptom = next(r for r in records if r.type == "symptom")
    reaction = {"type": "symptom", "fields": dict(symptom.fields), "quote": symptom.quote}
    allergy = {("AllergyIntolerance", SNOMED, "91935009")}
    decided(client, user_id, seed, snapshot, ([EPINEPHRINE, PEANUTS], reaction, ("gap", "high", True), allergy))


def test_a_rescue_pen_used_with_no_reaction_told_and_no_end_is_the_danger(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    quote = "Had to use my EpiPen last night."
    record = {"type": "medication_intake", "fields": {"drug": "epinephrine"}, "quote": quote}
    cites = {("MedicationRequest", RXNORM, "1870230")}
    decided(client, user_id, seed, snapshot, ([EPINEPHRINE, PEANUTS], record, ("gap", "high", True), cites))


def test_a_rescue_pen_used_and_told_over_agrees(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    quote = "She used her EpiPen yesterday and they kept her in the ER overnight, she is home and fine now."
    record = {"type": "medication_intake", "fields": {"drug": "epinephrine"}, "quote": quote}
    cites = {("MedicationRequest", RXNORM, "1870230")}
    decided(client, user_id, seed, snapshot, ([EPINEPHRINE, PEANUTS], record, ("agreement", None, False), cites))


def test_an_intake_of_another_drug_keeps_its_own_sentence() -> None:
    text = "I took my loratadine at lunch. A brownie had peanuts in it and my lips swelled up."
    records = extract(text, load_snapshot(), mention=datetime(2026, 3, 10, tzinfo=UTC)).records
    intake = next(r for r in records if r.type == "medication_intake")
    assert intake.quote == "I took my loratadine at lunch."
