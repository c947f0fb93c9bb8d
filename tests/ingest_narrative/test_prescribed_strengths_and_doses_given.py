"""A prescription's strength said after an aside or in the next sentence, or bare before its frequency; a dose the
household gave or stopped giving (read from a parent's third person as the child's first person); a procedure after
a lead-in with a colon (issue #6 record contract), each with near misses."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


@pytest.mark.parametrize(
    ("text", "drug", "dose", "unit"),
    [
        ("neurologist started me on Topamax for the migraines ten days ago, 25mg at night", "topiramate", 25, "mg"),
        ("neuro put me on sumatriptan last week for the migraines. 50mg as needed", "sumatriptan", 50, "mg"),
        ("she put me on metformin 500 twice a day, picked up a thirty day supply", "metformin", 500, None),
    ],
)
def test_a_prescriptions_strength_said_later_or_bare_is_its_dose(
    text: str, drug: str, dose: float, unit: str | None, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    [prescription] = of_type(grounded_records(text, snapshot, mention), "prescription")
    assert (prescription["drug"], prescription["dose"], prescription.get("unit")) == (drug, dose, unit)


@pytest.mark.parametrize(
    "text",
    [
        "The doctor started me on lisinopril. 20 of us went to dinner after.",  # a count, no strength
        "I took my metformin 500 this morning",  # an intake, no prescription
    ],
)
def test_no_prescription_strength_from_a_count_or_an_intake(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [p for p in of_type(grounded_records(text, snapshot, mention), "prescription") if p.get("dose")] == []


@pytest.mark.parametrize(
    ("text", "record_type", "expected"),
    [
        ("so we stopped giving me the Aleve a week ago", "regimen_change", {"drug": "naproxen", "action": "stop"}),
        ("I started giving me turmeric capsules on Sunday", "regimen_change", {"drug": "turmeric", "action": "start"}),
        ("gave me the allegra this morning before daycare, no problems", "medication_intake", {"drug": "fexofenadine"}),
        # a refusal: "point blank refuses the cholesterol tablet", read from a carer's "she"
        ("I point blank refuse the simvastatin now", "regimen_change", {"drug": "simvastatin", "action": "stop"}),
        ("I have refused my Valium since last Friday", "regimen_change", {"drug": "diazepam", "action": "stop"}),
    ],
)
def test_a_dose_the_household_gave_or_stopped_giving_is_the_persons(
    text: str, record_type: str, expected: dict[str, str], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    found = of_type(grounded_records(text, snapshot, mention), record_type)
    assert [{k: f[k] for k in expected} for f in found] == [expected]


@pytest.mark.parametrize(
    "text",
    ["The doctor gave me amoxicillin this morning", "the doctor gave me a prescription for allegra"],
)
def test_a_clinician_giving_a_drug_is_still_a_prescription(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert len(of_type(records, "prescription")) == 1 and of_type(records, "medication_intake") == []


def test_a_procedure_after_a_lead_in_with_a_colon_is_done(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "quick update: had a knee arthroscopy back in February, and got my first covid shot on Tuesday"
    done = of_type(grounded_records(text, snapshot, mention), "surgery_history")
    assert [d["procedure"] for d in done] == ["knee arthroscopy"]


def test_someone_elses_procedure_after_a_colon_is_not_the_speakers(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records("My husband: had a knee arthroscopy in May", snapshot, mention)
    assert of_type(records, "surgery_history") == []


def test_a_prescribed_drug_never_started_is_declined(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I have not started the simvastatin from my last appointment, and I don't intend to."
    changes = of_type(grounded_records(text, snapshot, mention), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [("simvastatin", "stop")]


@pytest.mark.parametrize(
    "text", ["I haven't started the metformin yet, I begin tomorrow", "I would like to stop my statin"]
)
def test_a_start_planned_or_a_wish_is_no_stop(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "regimen_change") == []
