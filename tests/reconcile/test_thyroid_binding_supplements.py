"""Reconciler rule (issue #7): a calcium, iron or magnesium supplement taken with an active levothyroxine is a
supplement with interaction potential (medium gap) that cites the levothyroxine request, with near misses: a
supplement that binds nothing, a binder with no levothyroxine, and a stopped levothyroxine."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import RXNORM, Seeder, resource, t
from tests.reconcile.test_rules import cited, run

LEVOTHYROXINE = resource(
    "MedicationRequest",
    "mr-levothyroxine",
    system=RXNORM,
    code="966222",
    display="Levothyroxine Sodium 0.075 MG Oral Tablet",
    status="active",
    event_start=t("2019-01-01"),
)
STOPPED_LEVOTHYROXINE = resource(
    "MedicationRequest",
    "mr-levothyroxine-stopped",
    system=RXNORM,
    code="966222",
    display="Levothyroxine Sodium 0.075 MG Oral Tablet",
    status="stopped",
    event_start=t("2015-01-01"),
    event_end=t("2016-01-01"),
)

CASES: list[tuple[str, list[dict[str, Any]], str, tuple[str, str | None, bool], set[tuple[str, str, str]]]] = [
    (
        "calcium with an active levothyroxine",
        [LEVOTHYROXINE],
        "calcium carbonate",
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "966222")},
    ),
    (
        "magnesium with an active levothyroxine",
        [LEVOTHYROXINE],
        "magnesium oxide",
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "966222")},
    ),
    ("calcium with no levothyroxine is still a supplement with interaction potential", [], "calcium carbonate",
     ("gap", "medium", False), set()),
    ("calcium after levothyroxine was stopped cites nothing", [STOPPED_LEVOTHYROXINE], "calcium carbonate",
     ("gap", "medium", False), set()),
    ("melatonin binds nothing", [LEVOTHYROXINE], "melatonin", ("gap", "low", False), set()),
]


@pytest.mark.parametrize(("resources", "drug", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_binding_supplement_cites_the_levothyroxine_it_meets(
    client: GraphClient,
    user_id: str,
    seed: Seeder,
    snapshot: DictionarySnapshot,
    resources: list[dict[str, Any]],
    drug: str,
    expected: tuple[str, str | None, bool],
    cites: set[tuple[str, str, str]],
) -> None:
    seed(resources)
    finding = run(client, user_id, snapshot, {"type": "medication_intake", "fields": {"drug": drug}})
    assert (finding.kind, finding.severity, finding.safety_critical) == expected, finding.rationale
    assert cited(finding) == cites
