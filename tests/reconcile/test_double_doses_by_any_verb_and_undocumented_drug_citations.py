"""Reconciler rules (issue #7), each with near misses.

- A double dose said with any intake verb and "twice" or "two times" ("swallowed my amlodipine twice this
  morning", "had my metoprolol two times today"), a dose "once more" the same day, a dose taken "after already
  taking it", a second dose given "not knowing", a past possibility ("I may have taken a second Norvasc") is one;
  a frequency ("twice a day", "two times daily"), an ongoing regimen ("already taking"), a restart, a plan, a
  question, a supposition or another person's dose is not.
- Another person's part in the scene does not hide the speaker's second dose: "my wife had already put one out and
  I took another" is the speaker's ("had" there is an auxiliary, not her dose); "my son had taken his pills and I
  took mine" is one dose each.
- A regimen change whose action is not said is a change of the request in force (severity by the drug's class).
- An undocumented prescription medicine cites the recorded Conditions in force it treats (the dictionary's
  indications): allopurinol for a recorded gout, levetiracetam for a recorded seizure disorder; none for a drug
  whose indications are not on the record, nor for a supplement.
- A new prescription of a drug whose earlier request ended is a gap (the new prescription is absent), not
  "taking a stopped drug", which an intake of it stays.
- Red yeast rice (monacolin K, a statin itself) on top of a statin in force is a medium gap citing the statin.
- A new allergy to a drug class named in lay words ("a reaction to my new blood pressure pill") is an allergy to
  the person's own requests in force of that class: high, safety-critical, citing them.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.double_dose import said_double_dose
from tests.reconcile.conftest import RXNORM, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import (
    AMLODIPINE,
    HYPERTENSION,
    SEIZURE_DISORDER,
    SIMVASTATIN,
    WARFARIN,
    Case,
    decided,
)

GOUT = resource(
    "Condition",
    "c-gout",
    system=SNOMED,
    code="90560007",
    display="Gout",
    clinical_status="active",
    event_start=t("2018-02-01"),
)
GOUT_RESOLVED = resource(
    "Condition",
    "c-gout-old",
    system=SNOMED,
    code="90560007",
    display="Gout",
    clinical_status="resolved",
    event_start=t("2010-02-01"),
    event_end=t("2011-02-01"),
)

ALLOPURINOL_ENDED = resource(
    "MedicationRequest",
    "mr-allopurinol-old",
    system=RXNORM,
    code="197319",
    display="Allopurinol 100 MG Oral Tablet",
    status="stopped",
    event_start=t("2015-01-01"),
    event_end=t("2015-06-01"),
)

SECOND_DOSES = [
    "Ugh, pretty sure I swallowed my amlodipine twice this morning.",
    "My wife had already put one out with breakfast and I took another from the bottle an hour later.",
    "I had my amlodipine two times today by accident.",
    "Mum had set out my amlodipine, then I grabbed a second one myself.",
    "I think I've taken my blood pressure pill twice today.",
    "My husband had laid my pills out and I popped another one an hour later.",
    "I took tonight's amlodipine by mistake after already taking it at dinner.",
    "My amlodipine, I took it at 8 and then once more at 10.",
    "I took my amlodipine and then my daughter gave me another not knowing.",
    "I may have taken a second Norvasc by accident.",
    "I might have taken my amlodipine twice.",
]
SECOND_DOSES += [  # round 36: the intake verb in its -ing form
    "Mixed up my pill organizer and ended up taking the amlodipine twice this morning. Should I skip the next one??",
]
NOT_SECOND_DOSES = [
    "I take my amlodipine twice a day.",
    "I've been taking the amlodipine twice a day since March.",
    "My wife took her amlodipine twice this morning.",
    "Should I take my amlodipine twice today?",
    "If I ever swallowed my amlodipine twice I would call you.",
    "I had my amlodipine two times daily last year.",
    "I had my amlodipine this morning and my wife had hers.",
    "My son had already taken his pills and I took mine.",
    "I'm already taking amlodipine so I don't need more.",
    "I took my amlodipine once more after a long break.",
    "I might take another one tonight.",
]


@pytest.mark.parametrize("quote", SECOND_DOSES)
def test_a_dose_taken_twice_with_any_verb_is_a_double_dose(quote: str) -> None:
    assert said_double_dose(quote, "amlodipine")


@pytest.mark.parametrize("quote", NOT_SECOND_DOSES)
def test_frequencies_questions_suppositions_and_one_dose_each_are_not(quote: str) -> None:
    assert not said_double_dose(quote, "amlodipine")


MR = "MedicationRequest"
CASES: list[Case] = [
    (
        "amlodipine swallowed twice",
        [AMLODIPINE],
        {"type": "medication_intake", "fields": {"drug": "amlodipine"}, "quote": SECOND_DOSES[0]},
        ("contradiction", "high", True),
        {(MR, RXNORM, "197361")},
    ),
    (
        "a statin change whose action is not said",
        [SIMVASTATIN],
        {
            "type": "regimen_change",
            "fields": {"drug": "simvastatin"},
            "quote": "My legs ache so I've been leaving out the simvastatin for the past week.",
        },
        ("contradiction", "medium", False),
        {(MR, RXNORM, "316672")},
    ),
    (
        "an antihypertensive change whose action is not said",
        [AMLODIPINE],
        {"type": "regimen_change", "fields": {"drug": "amlodipine"}, "quote": "I've changed how I take my Norvasc."},
        ("contradiction", "high", True),
        {(MR, RXNORM, "197361")},
    ),
    (
        "allopurinol from urgent care for a recorded gout",
        [GOUT, AMLODIPINE],
        {"type": "prescription", "fields": {"drug": "allopurinol"}},
        ("gap", "medium", False),
        {("Condition", SNOMED, "90560007")},
    ),
    (
        "levetiracetam started for a recorded seizure disorder",
        [SEIZURE_DISORDER],
        {"type": "regimen_change", "fields": {"drug": "levetiracetam", "action": "start"}},
        ("gap", "medium", False),
        {("Condition", SNOMED, "128613002")},
    ),
    (
        "allopurinol with the gout resolved cites nothing",
        [GOUT_RESOLVED],
        {"type": "prescription", "fields": {"drug": "allopurinol"}},
        ("gap", "medium", False),
        set(),
    ),
    (
        "allopurinol with only hypertension on record cites nothing",
        [HYPERTENSION],
        {"type": "prescription", "fields": {"drug": "allopurinol"}},
        ("gap", "medium", False),
        set(),
    ),
    (
        "a new allopurinol prescription after an ended request is a gap",
        [GOUT, ALLOPURINOL_ENDED],
        {"type": "prescription", "fields": {"drug": "allopurinol"}},
        ("gap", "medium", False),
        {("Condition", SNOMED, "90560007")},
    ),
    (
        "allopurinol taken after its request ended is still a contradiction",
        [GOUT, ALLOPURINOL_ENDED],
        {"type": "medication_intake", "fields": {"drug": "allopurinol"}},
        ("contradiction", "medium", False),
        {(MR, RXNORM, "197319")},
    ),
    (
        "red yeast rice on top of simvastatin",
        [SIMVASTATIN],
        {"type": "medication_intake", "fields": {"drug": "red yeast rice"}},
        ("gap", "medium", False),
        {(MR, RXNORM, "316672")},
    ),
    (
        "an allergy to the blood pressure pill in force",
        [AMLODIPINE],
        {
            "type": "allergy",
            "fields": {"substance": "antihypertensive", "substance_kind": "drug"},
            "quote": "The pharmacist reckons my itchy rash is a reaction to my new blood pressure pill.",
        },
        ("gap", "high", True),
        {(MR, RXNORM, "197361")},
    ),
    (
        "an allergy to a blood pressure pill with none in force",
        [SIMVASTATIN],
        {
            "type": "allergy",
            "fields": {"substance": "antihypertensive", "substance_kind": "drug"},
            "quote": "I think I'm allergic to blood pressure pills.",
        },
        ("gap", "medium", False),
        set(),
    ),
    (
        "red yeast rice with no statin in force",
        [WARFARIN],
        {"type": "regimen_change", "fields": {"drug": "red yeast rice", "action": "start"}},
        ("gap", "medium", False),
        set(),
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
