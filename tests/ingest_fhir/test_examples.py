"""The HL7 R4 examples: every file is either loaded or reported with a reason; nothing crashes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from app.db.client import GraphClient
from app.ingest.fhir import BundlePlan, Rejection, write_plan
from app.ingest.fhir.files import prepare_file
from app.ingest.fhir.plan import prepare_bundle
from app.users.service import node_counts
from tests.ingest_fhir.conftest import read_json

Outcomes = dict[str, BundlePlan | Rejection]


@pytest.fixture(scope="module")
def outcomes(examples_dir: Path) -> Outcomes:
    files = sorted((examples_dir / "resources").glob("*.json"))
    assert len(files) >= 300
    return {f.name: prepare_file("u-examples", f) for f in files}


def test_every_example_is_prepared_or_rejected_with_a_reason(outcomes: Outcomes) -> None:
    rejected = {name: o for name, o in outcomes.items() if isinstance(o, Rejection)}
    for outcome in rejected.values():
        assert outcome.reason and outcome.details  # a sentence and where (entry, field, or reason)
    plans = [o for o in outcomes.values() if isinstance(o, BundlePlan)]
    stored = Counter(row.resource_type for plan in plans for row in plan.rows)
    assert stored["Observation"] >= 50 and stored["MedicationRequest"] >= 30 and stored["Condition"] >= 10
    # the edge cases the issue names come through
    rows = {row.props["fhir_id"]: row.props for plan in plans for row in plan.rows}
    assert any(r.get("supply_days") for r in rows.values())  # expectedSupplyDuration
    assert any(r.get("dosage_timing") for r in rows.values())  # dosage timing
    assert any(
        r.get("reference_range") and r["reference_range"][0].isalpha() for r in rows.values()
    )  # text-only
    assert any(
        r["resource_type"] == "MedicationRequest"
        and '"medicationReference"' in r["resource"]
        and r.get("code")
        for r in rows.values()
    )
    unsupported_types = Counter(o.details.get("reason") for o in rejected.values())
    assert unsupported_types["bundle type"] >= 1  # e.g. message and *-response bundles


def test_examples_write_in_one_collection(
    client: GraphClient, examples_dir: Path, outcomes: Outcomes, user_id: str
) -> None:
    """All single clinical examples except patients, as one collection bundle: one transaction."""
    entries: list[dict[str, Any]] = []
    for name, outcome in outcomes.items():
        document = read_json(examples_dir / "resources" / name)
        if document.get("resourceType") in ("Bundle", "Patient") or isinstance(outcome, Rejection):
            continue
        entries.append(
            {
                "fullUrl": f"http://hl7.org/fhir/{document['resourceType']}/{document.get('id')}",
                "resource": document,
            }
        )
    plan = prepare_bundle(user_id, {"resourceType": "Bundle", "type": "collection", "entry": entries})
    result = write_plan(client, plan)
    written = sum(result.created.values())
    assert written == len(plan.rows) >= 150
    assert node_counts(client, user_id)["FhirResource"] == written
