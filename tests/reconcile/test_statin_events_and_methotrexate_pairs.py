"""Reconciler rules (issue #7): stopping a statin is high only after a recent event a statin guards against
(an infarction, a coronary procedure, a stroke), not after a rhythm procedure (cardioversion, catheter
ablation); co-trimoxazole added to a methotrexate in force is an interaction that cites the methotrexate."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from tests.reconcile.conftest import RXNORM, SNOMED, Seeder, resource, t
from tests.reconcile.test_rules import CABG, MI, SIMVASTATIN, cited, run

CARDIOVERSION = resource(
    "Procedure",
    "p-cardioversion",
    system=SNOMED,
    code="180325003",
    display="Electrical cardioversion",
    status="completed",
    event_start=t("2021-02-20"),
)
ABLATION = resource(
    "Procedure",
    "p-ablation",
    system=SNOMED,
    code="18286008",
    display="Catheter ablation of tissue of heart",
    status="completed",
    event_start=t("2021-02-21"),
)
METHOTREXATE = resource(
    "MedicationRequest",
    "mr-methotrexate",
    system=RXNORM,
    code="105586",
    display="methotrexate 2.5 MG Oral Tablet",
    status="active",
    event_start=t("2019-01-01"),
)
STOP_STATIN = {"type": "regimen_change", "fields": {"drug": "simvastatin", "action": "stop"}}
STATIN = ("MedicationRequest", RXNORM, "316672")

STATIN_CASES: list[tuple[str, list[dict[str, Any]], tuple[str, str | None, bool], set[tuple[str, str, str]]]] = [
    ("rhythm procedures are no statin event", [SIMVASTATIN, CARDIOVERSION, ABLATION],
     ("contradiction", "medium", False), {STATIN}),
    ("a recent infarction is", [SIMVASTATIN, MI, CARDIOVERSION], ("contradiction", "high", True),
     {STATIN, ("Condition", SNOMED, "22298006")}),
    ("a recent bypass is", [SIMVASTATIN, CABG], ("contradiction", "high", True),
     {STATIN, ("Procedure", SNOMED, "232717009")}),
]


@pytest.mark.parametrize(
    ("resources", "expected", "cites"), [c[1:] for c in STATIN_CASES], ids=[c[0] for c in STATIN_CASES]
)
def test_stopping_a_statin_is_high_after_an_event_it_guards_against(
    client: GraphClient,
    user_id: str,
    seed: Seeder,
    snapshot: DictionarySnapshot,
    resources: list[dict[str, Any]],
    expected: tuple[str, str | None, bool],
    cites: set[tuple[str, str, str]],
) -> None:
    seed(resources)
    finding = run(client, user_id, snapshot, STOP_STATIN)
    assert (finding.kind, finding.severity, finding.safety_critical) == expected, finding.rationale
    assert cited(finding) == cites


@pytest.mark.parametrize(
    ("record_type", "resources", "cites"),
    [
        ("prescription", [METHOTREXATE], {("MedicationRequest", RXNORM, "105586")}),
        ("medication_intake", [METHOTREXATE], {("MedicationRequest", RXNORM, "105586")}),
        ("prescription", [], set()),
    ],
    ids=["prescribed beside methotrexate", "taken beside methotrexate", "no methotrexate in force"],
)
def test_co_trimoxazole_cites_the_methotrexate_in_force(
    client: GraphClient,
    user_id: str,
    seed: Seeder,
    snapshot: DictionarySnapshot,
    record_type: str,
    resources: list[dict[str, Any]],
    cites: set[tuple[str, str, str]],
) -> None:
    seed(resources)
    finding = run(client, user_id, snapshot, {"type": record_type, "fields": {"drug": "sulfamethoxazole"}})
    assert (finding.kind, finding.severity) == ("gap", "medium"), finding.rationale
    assert cited(finding) == cites
