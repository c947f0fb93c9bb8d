"""Reconciler rules (issue #7), each with near misses.

- A double dose said by its structure, whatever the words: a dose added to one the speaker had ("mom gave me
  another one at 7:30", "about an hour later, a second one", "so I took one more") or a count of doses on one
  day ("so I had two today", "That's two of them this morning"), is a safety-critical contradiction of the
  request in force; a frequency ("two a day"), a split regimen ("one in the morning and another at night"), a
  question, a plan ("I'll take another one tomorrow") or someone else's dose is not.
- An anaphylaxis rescue pen used ("had to use my EpiPen") is a high, safety-critical gap citing the allergy
  whose allergen the statement names and the epinephrine request.
- A strong inducer (St John's wort) lowers digoxin's level: the supplement cites digoxin with warfarin.
- A new allergy to a drug in force, said by a pronoun or a clinician's verdict, is high and safety-critical.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.double_dose import said_double_dose
from tests.reconcile.conftest import RXNORM, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import AMLODIPINE, WARFARIN, Case, decided

EPINEPHRINE = resource(
    "MedicationRequest",
    "mr-epi",
    system=RXNORM,
    code="1870230",
    display="NDA020800 0.3 ML Epinephrine 1 MG/ML Auto-Injector",
    status="active",
    event_start=t("2019-01-01"),
)
DANDER = resource(
    "AllergyIntolerance",
    "a-dander",
    system=SNOMED,
    code="232347008",
    display="Dander (animal) allergy",
    clinical_status="active",
    recorded_at=t("2010-05-01"),
)
PEANUTS = resource(
    "AllergyIntolerance",
    "a-peanut",
    system=SNOMED,
    code="91935009",
    display="Allergy to peanuts",
    clinical_status="active",
    recorded_at=t("2010-05-01"),
)
DIGOXIN = resource(
    "MedicationRequest",
    "mr-digoxin",
    system=RXNORM,
    code="197604",
    display="Digoxin 0.125 MG Oral Tablet",
    status="active",
    event_start=t("2019-01-01"),
)
LORATADINE = resource(
    "MedicationRequest",
    "mr-loratadine",
    system=RXNORM,
    code="665078",
    display="Loratadine 5 MG Chewable Tablet",
    status="active",
    event_start=t("2019-01-01"),
)

SECOND_DOSES = [
    "Dad gave me my warfarin at 7 and then mom gave me another one at 7:30 because she didn't know, so I had two today",
    "This morning I took my warfarin and then, about an hour later, a second one just to be safe.",
    "I took one from the bottle too. That's two of them this morning.",
    "I couldn't remember whether I'd had it, so I took one more to be on the safe side.",
    "I had two of my warfarin today by accident.",
    "I took my warfarin at 8, then another at 9:15 because I forgot.",
    "The nurse gave me my warfarin and then the night nurse gave me another tablet.",
    "I ended up taking two this morning.",
    "Accidentally had two of my warfarin this morning.",
    "Swallowed a second warfarin without thinking.",
    "I got confused and took my Coumadin again after lunch.",
    "My wife gave me my evening insulin and I'd already done it myself.",
    "I had my warfarin at 6 and again at 8.",
]
NOT_SECOND_DOSES = [
    "I take one warfarin in the morning and another at night.",
    "I took my warfarin this morning. Should I take another one?",
    "If I take another one will it hurt?",
    "My husband took a second one of his warfarin today.",
    "I take two a day with meals.",
    "I took two a day for a week.",
    "I took my warfarin and another day went by.",
    "I took my warfarin. I need another refill soon.",
    "I'm supposed to take two this morning.",
    "I took my warfarin, and I'll take another one tomorrow.",
    "I took my warfarin and had two eggs today.",
    "Had a second coffee this morning, then took my warfarin.",
    "I took my warfarin again today after a two-week break.",
    "I had already done my walk.",
    "If I forgot, would I take it again?",
    "I had my warfarin at 6 and again felt fine.",
]


@pytest.mark.parametrize("quote", SECOND_DOSES)
def test_a_second_dose_or_a_same_day_count_is_a_double_dose(quote: str) -> None:
    assert said_double_dose(quote, "warfarin")


@pytest.mark.parametrize("quote", NOT_SECOND_DOSES)
def test_frequencies_plans_questions_and_other_peoples_doses_are_not(quote: str) -> None:
    assert not said_double_dose(quote, "warfarin")


CASES: list[Case] = [
    (
        "a second dose of warfarin given by a parent",
        [WARFARIN],
        {"type": "medication_intake", "fields": {"drug": "warfarin"}, "quote": SECOND_DOSES[0]},
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "two of them this morning",
        [WARFARIN],
        {"type": "medication_intake", "fields": {"drug": "warfarin"}, "quote": SECOND_DOSES[2]},
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "a split regimen is taken as prescribed",
        [WARFARIN],
        {"type": "medication_intake", "fields": {"drug": "warfarin"}, "quote": NOT_SECOND_DOSES[0]},
        ("agreement", None, False),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    # --- an anaphylaxis rescue pen used ---
    (
        "an EpiPen used after a cat",
        [EPINEPHRINE, DANDER, PEANUTS],
        {
            "type": "medication_intake",
            "fields": {"drug": "epinephrine"},
            "quote": "Had to use my EpiPen last night, my friend has a cat. My throat started closing up.",
        },
        # the throat closing after the cat is the symptom's high gap (:mod:`app.reconcile.rescue_use`)
        ("agreement", None, False),
        {("MedicationRequest", RXNORM, "1870230")},
    ),
    (
        "an epinephrine shot with no allergen named",
        [EPINEPHRINE, DANDER],
        {"type": "medication_intake", "fields": {"drug": "epinephrine"}, "quote": "I jabbed myself with the epi pen."},
        ("gap", "high", True),
        {("MedicationRequest", RXNORM, "1870230")},
    ),
    (
        "an antihistamine taken is no rescue",
        [LORATADINE, DANDER],
        {"type": "medication_intake", "fields": {"drug": "loratadine"}, "quote": "Took my Claritin near the cat."},
        ("agreement", None, False),
        {("MedicationRequest", RXNORM, "665078")},
    ),
    # --- a strong inducer lowers digoxin ---
    (
        "St John's wort with warfarin and digoxin",
        [WARFARIN, DIGOXIN],
        {"type": "medication_intake", "fields": {"drug": "st john's wort"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "855332"), ("MedicationRequest", RXNORM, "197604")},
    ),
    (
        "St John's wort does not interact with amlodipine",
        [AMLODIPINE],
        {"type": "medication_intake", "fields": {"drug": "st john's wort"}},
        ("gap", "medium", False),
        set(),
    ),
    # --- a new allergy to a drug in force ---
    (
        "an allergy to the loratadine in force",
        [LORATADINE],
        {"type": "allergy", "fields": {"substance": "loratadine", "substance_kind": "drug"}},
        ("gap", "high", True),
        {("MedicationRequest", RXNORM, "665078")},
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_rule_decides_kind_severity_safety_and_cites(
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


RESCUE_NEAR_MISSES: list[Case] = [
    (
        "an auto-injector carried is no emergency",
        [EPINEPHRINE, DANDER],
        {"type": "medication_intake", "fields": {"drug": "epinephrine"}, "quote": "I keep my EpiPen in my bag."},
        ("agreement", None, False),
        {("MedicationRequest", RXNORM, "1870230")},
    ),
    (
        "an auto-injector prescribed is no emergency",
        [EPINEPHRINE, DANDER],
        {"type": "prescription", "fields": {"drug": "epinephrine"}, "quote": "We always carry his auto-injector."},
        ("agreement", None, False),
        {("MedicationRequest", RXNORM, "1870230")},
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"),
    [c[1:] for c in RESCUE_NEAR_MISSES],
    ids=[c[0] for c in RESCUE_NEAR_MISSES],
)
def test_a_rescue_pen_kept_or_prescribed_agrees(
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
