"""Reconciler rules (issue #7), each with near misses: acute-danger signs told by what happened, read from the
quote so a symptom record without a name still counts (a fainting told by waking on the floor, a speech
disturbance or a failing hand with a recorded stroke, or with only a recorded atrial fibrillation, the embolic
source it is then cited against; breathing failing, lips turning blue or the reliever not working with a recorded
airway disease, or lips turning blue with a recorded drug overdose);
a reported vital or body measurement that differs materially from the latest recorded one is a medium
contradiction like a lab value; a value said without its unit is read in the unit nearest the record."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import LOINC, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import BP_HIGH, HYPERTENSION, Case, decided

STROKE = resource(
    "Condition",
    "c-stroke",
    system=SNOMED,
    code="230690007",
    display="Stroke",
    clinical_status="active",
    event_start=t("2015-03-01"),
)
AFIB = resource(
    "Condition",
    "c-afib",
    system=SNOMED,
    code="49436004",
    display="Atrial fibrillation",
    clinical_status="active",
    event_start=t("2014-03-01"),
)
ASTHMA = resource(
    "Condition",
    "c-asthma",
    system=SNOMED,
    code="233678006",
    display="Childhood asthma",
    clinical_status="active",
    event_start=t("2013-03-01"),
)
OVERDOSE = resource(
    "Condition",
    "c-overdose",
    system=SNOMED,
    code="55680006",
    display="Drug overdose",
    clinical_status="active",
    event_start=t("2019-03-01"),
)
OVERDOSE_RESOLVED = resource(
    "Condition",
    "c-overdose-old",
    system=SNOMED,
    code="55680006",
    display="Drug overdose",
    clinical_status="resolved",
    event_start=t("2012-03-01"),
    event_end=t("2012-03-08"),
)
WEIGHT = resource(
    "Observation",
    "o-weight",
    system=LOINC,
    code="29463-7",
    display="Body Weight",
    status="final",
    value=82.4,
    unit="kg",
    event_start=t("2021-02-01"),
)

CASES: list[Case] = [
    # --- a fainting told by its consequence ---
    (
        "came to on the kitchen floor with hypertension",
        [HYPERTENSION],
        {
            "type": "symptom",
            "fields": {},
            "quote": "I stood up and the next thing I knew I was on the kitchen floor, must have been out a while.",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "38341003")},
    ),
    (
        "woke up on the bathroom floor with hypertension",
        [HYPERTENSION],
        {"type": "symptom", "fields": {}, "quote": "I woke up on the bathroom floor with no idea how I got there."},
        ("gap", "high", True),
        {("Condition", SNOMED, "38341003")},
    ),
    (
        "slept on the floor by choice is no fainting",
        [HYPERTENSION],
        {"type": "symptom", "fields": {"name": "back pain"}, "quote": "My back hurts after I slept on the floor."},
        ("gap", "low", False),
        set(),
    ),
    # --- stroke signs told by the words or a failing part ---
    (
        "words jumbled and a hand that would not grip, stroke and atrial fibrillation: the stroke is cited",
        [STROKE, AFIB],
        {
            "type": "symptom",
            "fields": {},
            "quote": "My words came out all jumbled and my right hand wouldn't grip the remote.",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "230690007")},
    ),
    (
        "could not find my words with atrial fibrillation only",
        [AFIB],
        {"type": "symptom", "fields": {}, "quote": "For ten minutes I couldn't find my words."},
        ("gap", "high", True),
        {("Condition", SNOMED, "49436004")},
    ),
    (
        "a tired arm after painting with a recorded stroke is no stroke sign",
        [STROKE],
        {"type": "symptom", "fields": {"name": "arm pain"}, "quote": "My arm aches after painting the fence."},
        ("gap", "low", False),
        set(),
    ),
    # --- breathing failing with a recorded airway disease ---
    (
        "could not breathe and the puffer did not help, asthma",
        [ASTHMA],
        {
            "type": "symptom",
            "fields": {"name": "wheezing"},
            "quote": "At soccer I couldn't breathe, I was wheezing really bad and my puffer didn't help.",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "233678006")},
    ),
    (
        "lips turning blue, asthma, no name on the record",
        [ASTHMA],
        {"type": "symptom", "fields": {}, "quote": "Mom said my lips looked kind of blue."},
        ("gap", "high", True),
        {("Condition", SNOMED, "233678006")},
    ),
    (
        "a mild wheeze with asthma is no acute danger",
        [ASTHMA],
        {"type": "symptom", "fields": {"name": "wheezing"}, "quote": "A little wheezy today, the inhaler sorted it."},
        ("gap", "low", False),
        set(),
    ),
    (
        "lips turning blue on a record of drug overdose: respiratory depression",
        [OVERDOSE],
        {
            "type": "symptom",
            "fields": {"name": "cyanosis", "body_site": "lips"},
            "quote": "I can barely wake him, his breathing is really slow and his lips look bluish.",
        },
        ("gap", "high", True),
        {("Condition", SNOMED, "55680006")},
    ),
    (
        "blue lips with an overdose long resolved are tied to nothing",
        [OVERDOSE_RESOLVED],
        {"type": "symptom", "fields": {"name": "cyanosis", "body_site": "lips"}, "quote": "My lips look bluish."},
        ("gap", "low", False),
        set(),
    ),
    (
        "could not breathe without an airway disease recorded is not tied to one",
        [HYPERTENSION],
        {"type": "symptom", "fields": {"name": "shortness of breath"}, "quote": "I couldn't breathe on the stairs."},
        ("gap", "low", False),
        set(),
    ),
    # --- reported vitals and body measurements ---
    (
        "home blood pressure far below the recorded one",
        [BP_HIGH],
        {"type": "vital_sign", "fields": {"kind": "blood_pressure", "systolic": 124, "diastolic": 79}},
        ("contradiction", "medium", False),
        {("Observation", LOINC, "85354-9")},
    ),
    (
        "home blood pressure close to the recorded one",
        [BP_HIGH],
        {"type": "vital_sign", "fields": {"kind": "blood_pressure", "systolic": 160, "diastolic": 99}},
        ("agreement", None, False),
        {("Observation", LOINC, "85354-9")},
    ),
    (
        "weight in pounds without its unit agrees with kilograms recorded",
        [WEIGHT],
        {"type": "body_measurement", "fields": {"kind": "weight", "value": 181}},
        ("agreement", None, False),
        {("Observation", LOINC, "29463-7")},
    ),
    (
        "weight in kilograms without its unit agrees",
        [WEIGHT],
        {"type": "body_measurement", "fields": {"kind": "weight", "value": 82}},
        ("agreement", None, False),
        {("Observation", LOINC, "29463-7")},
    ),
    (
        "weight far from the record in either unit differs",
        [WEIGHT],
        {"type": "body_measurement", "fields": {"kind": "weight", "value": 120}},
        ("contradiction", "medium", False),
        {("Observation", LOINC, "29463-7")},
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
