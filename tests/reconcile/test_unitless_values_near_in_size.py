"""A lab value said without its unit is tried in another unit of the test only when that unit is far from the
canonical one in size: "my hemoglobin is nine point two" against a recorded 14.8 g/dL is a contradiction (9.2 g/dL, as
grounding stored it), not an agreement through 9.2 mmol/L (= 14.8 g/dL, a factor of 1.6); "92" is read in g/L
(a factor of ten) and a glucose of "5.5" in mmol/L."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import LOINC, Seeder, resource, t
from tests.reconcile.test_rules import Case, decided

HEMOGLOBIN = resource(
    "Observation",
    "o-hgb",
    system=LOINC,
    code="718-7",
    display="Hemoglobin [Mass/volume] in Blood",
    status="final",
    value=14.755,
    unit="g/dL",
    event_start=t("2017-02-02"),
)
GLUCOSE = resource(
    "Observation",
    "o-glucose",
    system=LOINC,
    code="2339-0",
    display="Glucose [Mass/volume] in Blood",
    status="final",
    value=99.0,
    unit="mg/dL",
    event_start=t("2021-02-01"),
)


def _lab(loinc: str, value: float) -> dict[str, Any]:
    return {"type": "test_result", "fields": {"loinc": loinc, "value": value, "value_canonical": value}}


CASES: list[Case] = [
    (
        "a bare haemoglobin far from the record in g/dL is no agreement through mmol/L",
        [HEMOGLOBIN],
        _lab("718-7", 9.2),
        ("contradiction", "medium", False),
        {("Observation", LOINC, "718-7")},
    ),
    (
        "a bare haemoglobin in g/L agrees with the g/dL recorded",
        [HEMOGLOBIN],
        _lab("718-7", 148),
        ("agreement", None, False),
        {("Observation", LOINC, "718-7")},
    ),
    (
        "a bare glucose in mmol/L agrees with the mg/dL recorded",
        [GLUCOSE],
        _lab("2339-0", 5.5),
        ("agreement", None, False),
        {("Observation", LOINC, "2339-0")},
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_bare_lab_value_is_tried_only_in_units_far_in_size(
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
