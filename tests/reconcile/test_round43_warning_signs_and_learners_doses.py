"""Round 43 (issue #7): a headache with disturbed vision in pregnancy, after (pre-)eclampsia or in high blood
pressure is an acute danger (a high, safety-critical gap citing those conditions), a migraine's aura told as a
diagnosis is not; breathing too short to talk or a reliever used again without relief in asthma is; a learner's
present tense ("he take the warfarin two times") is a double dose beside a forgotten first dose, a schedule is not;
a missed dose made up "to catch up" is a double dose."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.double_dose import said_double_dose
from app.reconcile.hypertensive_signs import headache_with_vision_signs
from tests.reconcile.conftest import SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import HYPERTENSION, Case, decided
from tests.reconcile.test_told_acute_signs_and_reported_values import ASTHMA

PREGNANCY = resource(
    "Condition",
    "c-pregnancy",
    system=SNOMED,
    code="72892002",
    display="Normal pregnancy",
    clinical_status="active",
    event_start=t("2020-09-01"),
)
ECLAMPSIA_LAST_MONTHS = resource(
    "Condition",
    "c-eclampsia",
    system=SNOMED,
    code="198992004",
    display="Antepartum eclampsia",
    clinical_status="resolved",
    event_start=t("2020-11-01"),
    event_end=t("2021-01-20"),
)
ECLAMPSIA_LONG_AGO = resource(
    "Condition",
    "c-eclampsia-old",
    system=SNOMED,
    code="198992004",
    display="Antepartum eclampsia",
    clinical_status="resolved",
    event_start=t("2010-01-01"),
    event_end=t("2010-03-01"),
)
SPOTS = "since last night ive got this pounding headache n keep seeing sparkly spots"

CASES: list[Case] = [
    (
        "headache with spots in pregnancy cites the pregnancy",
        [PREGNANCY],
        {"type": "symptom", "fields": {"name": "headache"}, "quote": SPOTS},
        ("gap", "high", True),
        {("Condition", SNOMED, "72892002")},
    ),
    (
        "headache with blurred vision in hypertension cites it",
        [HYPERTENSION],
        {"type": "symptom", "fields": {"name": "headache"}, "quote": "Splitting headache and my vision is blurry."},
        ("gap", "high", True),
        {("Condition", SNOMED, "38341003")},
    ),
    (
        "headache with spots weeks after eclampsia cites the eclampsia",
        [ECLAMPSIA_LAST_MONTHS],
        {"type": "symptom", "fields": {"name": "headache"}, "quote": SPOTS},
        ("gap", "high", True),
        {("Condition", SNOMED, "198992004")},
    ),
    (
        "an eclampsia of years ago is no longer the danger",
        [ECLAMPSIA_LONG_AGO],
        {"type": "symptom", "fields": {"name": "headache"}, "quote": SPOTS},
        ("gap", "low", False),
        set(),
    ),
    (
        "a headache alone in hypertension stays minor",
        [HYPERTENSION],
        {"type": "symptom", "fields": {"name": "headache"}, "quote": "bit of a headache this afternoon"},
        ("gap", "low", False),
        set(),
    ),
    (
        "wheezing too hard to talk with asthma",
        [ASTHMA],
        {"type": "symptom", "fields": {"name": "wheezing"},
         "quote": "I was wheezing so hard I couldn't get a full sentence out"},
        ("gap", "high", True),
        {("Condition", SNOMED, ASTHMA["props"]["code"])},
    ),
    (
        "the reliever used again and again without relief with asthma",
        [ASTHMA],
        {"type": "symptom", "fields": {"name": "wheezing"},
         "quote": "used the blue inhaler 4 times in the last hour and its not helping"},
        ("gap", "high", True),
        {("Condition", SNOMED, ASTHMA["props"]["code"])},
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_warning_signs_against_the_record(
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


@pytest.mark.parametrize(
    ("quote", "told"),
    [
        (SPOTS, True),
        ("headache and everything's blurry", True),
        ("the neurologist said my headaches with the zigzag lights are migraines with aura", False),
        ("I keep seeing little spots when I stand up too fast", False),
    ],
)
def test_a_headache_with_vision_signs(quote: str, told: bool) -> None:
    assert headache_with_vision_signs("", quote) is told


@pytest.mark.parametrize(
    ("quote", "double"),
    [
        ("Yesterday he take the warfarin two times, one in the morning and one more after the dinner, because he dont"
         " remember he take it already.", True),
        ("Yesterday I take two pills of the levotiroxina, in the morning and again in the night, because I forget that"
         " I take it already.", True),
        ("I forgot my fosamax on monday so I took 2 on tuesday to catch up", True),
        ("I take it two times a day, one in the morning and one at night", False),
        ("I take the metformin two times, morning and night.", False),
        ("I always forget that I take it already, so my daughter made me a chart", False),
        ("I took my warfarin with supper, I forgot I already had an appointment tomorrow", False),
    ],
)
def test_a_double_dose_told_in_a_learners_present_tense(quote: str, double: bool) -> None:
    assert said_double_dose(quote) is double
