"""Rule tests: one per class and resource type, each asserting kind, severity, the safety flag and
the cited (type, system, code). Clinical nodes are real Neo4j nodes; gold records go through the
isolated entry point (nothing is written)."""

from __future__ import annotations

from typing import Any

import pytest

from app.db.client import GraphClient
from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.models import Finding
from app.reconcile.service import reconcile_candidates
from tests.reconcile.conftest import CVX, LOINC, NOW, RXNORM, SNOMED, Seeder, resource, t

METFORMIN = resource(
    "MedicationRequest",
    "mr-metformin",
    system=RXNORM,
    code="860975",
    display="24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet",
    status="active",
    event_start=t("2020-01-05"),
)
SIMVASTATIN = resource(
    "MedicationRequest",
    "mr-simva",
    system=RXNORM,
    code="316672",
    display="Simvistatin 10 MG",
    status="active",
    event_start=t("2019-06-01"),
)
WARFARIN = resource(
    "MedicationRequest",
    "mr-warfarin",
    system=RXNORM,
    code="855332",
    display="Warfarin Sodium 5 MG Oral Tablet",
    status="active",
    event_start=t("2020-06-01"),
)
AMOXICILLIN = resource(
    "MedicationRequest",
    "mr-amox",
    system=RXNORM,
    code="308182",
    display="Amoxicillin 250 MG Oral Capsule",
    status="active",
    event_start=t("2021-03-01"),
)
INSULIN = resource(
    "MedicationRequest",
    "mr-insulin",
    system=RXNORM,
    code="106892",
    display="insulin human, isophane 70 UNT/ML / Regular Insulin, Human 30 UNT/ML Injectable Suspension",
    status="active",
    event_start=t("2020-02-01"),
)
NITRO = resource(
    "MedicationRequest",
    "mr-nitro",
    system=RXNORM,
    code="705129",
    display="Nitroglycerin 0.4 MG/ACTUAT Mucosal Spray",
    status="active",
    event_start=t("2019-01-01"),
)
DIABETES = resource(
    "Condition",
    "c-t2d",
    system=SNOMED,
    code="44054006",
    display="Diabetes mellitus type 2 (disorder)",
    clinical_status="active",
    event_start=t("2015-04-01"),
)
HYPERTENSION = resource(
    "Condition",
    "c-htn",
    system=SNOMED,
    code="38341003",
    display="Hypertension",
    clinical_status="active",
    event_start=t("2012-01-01"),
)
CORONARY = resource(
    "Condition",
    "c-cad",
    system=SNOMED,
    code="53741008",
    display="Coronary Heart Disease",
    clinical_status="active",
    event_start=t("2016-01-01"),
)
MI = resource(
    "Condition",
    "c-mi",
    system=SNOMED,
    code="22298006",
    display="Myocardial Infarction",
    clinical_status="resolved",
    event_start=t("2020-11-01"),
    event_end=t("2020-12-01"),
)
PENICILLIN_ALLERGY = resource(
    "AllergyIntolerance",
    "a-pen",
    system=SNOMED,
    code="91936005",
    display="Allergy to penicillin",
    clinical_status="active",
    verification_status="confirmed",
    recorded_at=t("2010-05-01"),
)
PEANUT_ALLERGY = resource(
    "AllergyIntolerance",
    "a-peanut",
    system=SNOMED,
    code="91935009",
    display="Allergy to peanuts",
    clinical_status="active",
    recorded_at=t("2001-05-01"),
)
A1C = resource(
    "Observation",
    "o-a1c",
    system=LOINC,
    code="4548-4",
    display="Hemoglobin A1c/Hemoglobin.total in Blood",
    status="final",
    value=7.8,
    unit="%",
    event_start=t("2021-01-10"),
)
A1C_LATER = resource(
    "Observation",
    "o-a1c-later",
    system=LOINC,
    code="4548-4",
    display="Hemoglobin A1c/Hemoglobin.total in Blood",
    status="final",
    value=6.1,
    unit="%",
    event_start=t("2021-06-10"),
)
BP_HIGH = resource(
    "Observation",
    "o-bp",
    system=LOINC,
    code="85354-9",
    display="Blood Pressure",
    status="final",
    components='[{"code_system": "http://loinc.org", "code": "8480-6", "value": 162, "unit": "mm[Hg]"},'
    ' {"code_system": "http://loinc.org", "code": "8462-4", "value": 101, "unit": "mm[Hg]"}]',
    event_start=t("2021-02-01"),
)
BP_CONTROLLED = resource(
    "Observation",
    "o-bp-ok",
    system=LOINC,
    code="85354-9",
    display="Blood Pressure",
    status="final",
    components='[{"code_system": "http://loinc.org", "code": "8480-6", "value": 124, "unit": "mm[Hg]"},'
    ' {"code_system": "http://loinc.org", "code": "8462-4", "value": 78, "unit": "mm[Hg]"}]',
    event_start=t("2021-02-01"),
)
FUROSEMIDE = resource(
    "MedicationRequest",
    "mr-furosemide",
    system=RXNORM,
    code="313988",
    display="Furosemide 40 MG Oral Tablet",
    status="active",
    event_start=t("2020-04-01"),
)
AMLODIPINE = resource(
    "MedicationRequest",
    "mr-amlodipine",
    system=RXNORM,
    code="197361",
    display="Amlodipine 5 MG Oral Tablet",
    status="active",
    event_start=t("2019-09-01"),
)
GASTRIC_BYPASS = resource(
    "Procedure",
    "p-gastric-bypass",
    system=SNOMED,
    code="442338001",
    display="Gastric bypass",
    status="completed",
    event_start=t("2021-02-20"),
)
CABG = resource(
    "Procedure",
    "p-cabg",
    system=SNOMED,
    code="232717009",
    display="Coronary artery bypass grafting",
    status="completed",
    event_start=t("2021-02-20"),
)
SEIZURE_DISORDER = resource(
    "Condition",
    "c-seizure",
    system=SNOMED,
    code="128613002",
    display="Seizure disorder",
    clinical_status="active",
    event_start=t("2016-03-01"),
)
SEIZURE_HISTORY = resource(
    "Condition",
    "c-seizure-hx",
    system=SNOMED,
    code="703151001",
    display="History of single seizure (situation)",
    clinical_status="active",
    event_start=t("2016-03-01"),
)
APPENDECTOMY = resource(
    "Procedure",
    "p-appendix",
    system=SNOMED,
    code="80146002",
    display="Appendectomy",
    status="completed",
    event_start=t("2010-07-01"),
)
FLU_SHOT = resource(
    "Immunization",
    "i-flu",
    system=CVX,
    code="140",
    display="Influenza, seasonal, injectable, preservative free",
    status="completed",
    event_start=t("2021-03-01"),
)
FRACTURE_CARE = resource(
    "CarePlan",
    "cp-fracture",
    system=SNOMED,
    code="385691007",
    display="Fracture care",
    extra_codes=[(SNOMED, "183051005", "Recommendation to rest")],
    status="active",
    event_start=t("2021-03-01"),
)
DIABETES_PLAN = resource(
    "CarePlan",
    "cp-diabetes",
    system=SNOMED,
    code="698360004",
    display="Diabetes self management plan",
    extra_codes=[(SNOMED, "229065009", "Exercise therapy"), (SNOMED, "160670007", "Diabetic diet")],
    status="active",
    event_start=t("2015-04-01"),
)


def run(client: GraphClient, user_id: str, snapshot: DictionarySnapshot, record: dict[str, Any]) -> Finding:
    record = {"event_time": NOW, **record}
    findings = reconcile_candidates(client, user_id, [record], snapshot=snapshot, clock=lambda: NOW)
    assert len(findings) == 1, findings
    return findings[0]


def cited(finding: Finding) -> set[tuple[str, str, str]]:
    return {c.triple for c in finding.cites}


Case = tuple[str, list[dict[str, Any]], dict[str, Any], tuple[str, str | None, bool], set[tuple[str, str, str]]]
"""A rule case: its id, the record's resources, the statement, (kind, severity, safety-critical), the cites."""


def decided(
    client: GraphClient,
    user_id: str,
    seed: Seeder,
    snapshot: DictionarySnapshot,
    case: tuple[list[dict[str, Any]], dict[str, Any], tuple[str, str | None, bool], set[tuple[str, str, str]]],
) -> Finding:
    """Seed a case's resources and reconcile its statement; assert the kind, severity, safety flag and cites."""
    resources, record, expected, cites = case
    seed(resources)
    finding = run(client, user_id, snapshot, record)
    assert (finding.kind, finding.severity, finding.safety_critical) == expected, finding.rationale
    assert cited(finding) == cites
    return finding


CASES: list[Case] = [
    # --- MedicationRequest ---
    (
        "stop active antidiabetic",
        [METFORMIN],
        {"type": "regimen_change", "fields": {"drug": "metformin", "action": "stop"}},
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "860975")},
    ),
    (
        "take prescribed drug",
        [METFORMIN],
        {"type": "medication_intake", "fields": {"drug": "metformin"}},
        ("agreement", None, False),
        {("MedicationRequest", RXNORM, "860975")},
    ),
    (
        "stop statin",
        [SIMVASTATIN],
        {"type": "regimen_change", "fields": {"drug": "simvastatin", "action": "stop"}},
        ("contradiction", "medium", False),
        {("MedicationRequest", RXNORM, "316672")},
    ),
    (
        "stop statin after recent MI",
        [SIMVASTATIN, MI],
        {"type": "regimen_change", "fields": {"drug": "Zocor", "action": "stop"}},
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "316672"), ("Condition", SNOMED, "22298006")},
    ),
    (
        "occasional missed doses",
        [METFORMIN],
        {
            "type": "regimen_change",
            "fields": {"drug": "metformin", "action": "skip"},
            "quote": "I forget my metformin sometimes",
        },
        ("contradiction", "medium", False),
        {("MedicationRequest", RXNORM, "860975")},
    ),
    (
        "double dose",
        [WARFARIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "warfarin"},
            "quote": "I accidentally took two warfarin tablets",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "double dose said as double-dosed",
        [WARFARIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "warfarin"},
            "quote": "Pretty sure I double-dosed my warfarin this morning",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "double dose said as one and then another",
        [WARFARIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "warfarin"},
            "quote": "I took one at 7 and then another around 9 because I forgot",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "double dose said as took it twice",
        [WARFARIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "warfarin"},
            "quote": "I took my warfarin twice by mistake",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "double dose said as an extra pill on a hedge",
        [WARFARIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "warfarin"},
            "quote": "I think I took an extra warfarin tonight, I forgot I had already taken it",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "double dose of insulin said as gave myself twice",
        [INSULIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "insulin"},
            "quote": "I think I gave myself my morning Humulin twice.",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "106892")},
    ),
    (
        "an undocumented PDE-5 inhibitor beside a nitrate",
        [NITRO],
        {"type": "medication_intake", "fields": {"drug": "sildenafil"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "705129")},
    ),
    (
        "an undocumented strong CYP3A4 inhibitor beside simvastatin",
        [SIMVASTATIN],
        {"type": "regimen_change", "fields": {"drug": "clarithromycin", "action": "start"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "316672")},
    ),
    (
        "an undocumented antibiotic that raises warfarin's effect",
        [WARFARIN],
        {"type": "prescription", "fields": {"drug": "ciprofloxacin"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "a value within 5 % of the recorded one agrees",
        [A1C],
        {"type": "test_result", "fields": {"loinc": "4548-4", "value": 7.6, "unit": "%"}},
        ("agreement", None, False),
        {("Observation", LOINC, "4548-4")},
    ),
    (
        "double dose said as again at bedtime",
        [WARFARIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "warfarin"},
            "quote": "I took my warfarin with supper last night and then again at bedtime.",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    (
        "fainting cites the recorded heart condition",
        [CORONARY],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "I must have fainted this morning"},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "a denied condition the record holds active",
        [DIABETES],
        {"type": "condition", "fields": {"name": "diabetes", "status": "denied"}},
        ("contradiction", "medium", False),
        {("Condition", SNOMED, "44054006")},
    ),
    (
        "a denied condition the record does not hold",
        [HYPERTENSION],
        {"type": "condition", "fields": {"name": "asthma", "status": "denied"}},
        ("agreement", None, False),
        set(),
    ),
    (
        "a denied allergy the record holds",
        [PENICILLIN_ALLERGY],
        {"type": "allergy", "fields": {"substance": "penicillin", "substance_kind": "drug", "status": "denied"}},
        ("contradiction", "medium", False),
        {("AllergyIntolerance", SNOMED, "91936005")},
    ),
    (
        "a twice-daily schedule is no double dose",
        [METFORMIN],
        {
            "type": "medication_intake",
            "fields": {"drug": "metformin"},
            "quote": "I took it twice a day like the doctor said",
        },
        ("agreement", None, False),
        {("MedicationRequest", RXNORM, "860975")},
    ),
    (
        "undocumented prescription",
        [METFORMIN],
        {"type": "medication_intake", "fields": {"drug": "lisinopril"}},
        ("gap", "medium", False),
        set(),
    ),
    (
        "undocumented OTC without interaction",
        [],
        {"type": "medication_intake", "fields": {"drug": "loratadine"}},
        ("gap", "low", False),
        set(),
    ),
    (
        "interacting OTC with anticoagulant",
        [WARFARIN],
        {"type": "regimen_change", "fields": {"drug": "aspirin", "action": "start"}},
        ("gap", "medium", False),
        {("MedicationRequest", RXNORM, "855332")},
    ),
    # --- Condition ---
    (
        "condition agrees",
        [DIABETES],
        {"type": "condition", "fields": {"name": "diabetes"}},
        ("agreement", None, False),
        {("Condition", SNOMED, "44054006")},
    ),
    (
        "condition reported resolved",
        [HYPERTENSION],
        {"type": "condition", "fields": {"name": "high blood pressure", "status": "resolved"}},
        ("gap", "low", False),
        {("Condition", SNOMED, "38341003")},
    ),
    (
        "condition diagnosed elsewhere",
        [DIABETES],
        {"type": "condition", "fields": {"name": "sleep apnea"}},
        ("gap", "medium", False),
        set(),
    ),
    # --- AllergyIntolerance ---
    (
        "taking a listed allergen (class cross-reactivity)",
        [PENICILLIN_ALLERGY],
        {"type": "medication_intake", "fields": {"drug": "amoxicillin"}},
        ("contradiction", "high", True),
        {("AllergyIntolerance", SNOMED, "91936005")},
    ),
    (
        "allergy agrees",
        [PEANUT_ALLERGY],
        {"type": "allergy", "fields": {"substance": "peanut", "substance_kind": "food"}},
        ("agreement", None, False),
        {("AllergyIntolerance", SNOMED, "91935009")},
    ),
    (
        "new drug allergy to a prescribed drug",
        [AMOXICILLIN],
        {"type": "allergy", "fields": {"substance": "amoxicillin", "substance_kind": "drug"}},
        ("gap", "high", True),
        {("MedicationRequest", RXNORM, "308182")},
    ),
    (
        "undocumented drug allergy",
        [],
        {"type": "allergy", "fields": {"substance": "penicillin", "substance_kind": "drug"}},
        ("gap", "medium", False),
        set(),
    ),
    # --- Observation ---
    (
        "lab value differs materially",
        [A1C],
        {"type": "test_result", "fields": {"name": "A1c", "value": 6.2, "unit": "%"}},
        ("contradiction", "medium", False),
        {("Observation", LOINC, "4548-4")},
    ),
    (
        "lab value agrees",
        [A1C],
        {"type": "test_result", "fields": {"name": "HbA1c", "value": 7.8, "unit": "%"}},
        ("agreement", None, False),
        {("Observation", LOINC, "4548-4")},
    ),
    # --- Procedure ---
    (
        "procedure agrees",
        [APPENDECTOMY],
        {"type": "surgery_history", "fields": {"procedure": "appendectomy"}, "event_time": None},
        ("agreement", None, False),
        {("Procedure", SNOMED, "80146002")},
    ),
    (
        "procedure in lay words",
        [APPENDECTOMY],
        {"type": "surgery_history", "fields": {"procedure": "appendix removed"}, "event_time": None},
        ("agreement", None, False),
        {("Procedure", SNOMED, "80146002")},
    ),
    (
        "a different joint is not the recorded replacement",
        [
            resource(
                "Procedure",
                "p-knee",
                system=SNOMED,
                code="609588000",
                display="Total knee replacement",
                status="completed",
                event_start=t("2015-01-01"),
            )
        ],
        {"type": "surgery_history", "fields": {"procedure": "hip replacement"}},
        ("gap", "medium", False),
        set(),
    ),
    (
        "undocumented procedure",
        [APPENDECTOMY],
        {"type": "surgery_history", "fields": {"procedure": "hip replacement"}},
        ("gap", "medium", False),
        set(),
    ),
    # --- Immunization ---
    (
        "vaccination agrees",
        [FLU_SHOT],
        {
            "type": "clinical_visit",
            "fields": {"kind": "vaccination"},
            "quote": "I got my flu shot",
            "event_time": t("2021-03-03"),
        },
        ("agreement", None, False),
        {("Immunization", CVX, "140")},
    ),
    (
        "vaccination not in record",
        [],
        {"type": "clinical_visit", "fields": {"kind": "vaccination"}, "quote": "I got my flu shot"},
        ("gap", "low", False),
        set(),
    ),
    # --- CarePlan ---
    (
        "goal consistent with care plan",
        [DIABETES_PLAN],
        {"type": "goal", "fields": {"target": "walk 4,000 steps a day"}},
        ("agreement", None, False),
        {("CarePlan", SNOMED, "698360004")},
    ),
    (
        "exercise against a rest plan",
        [FRACTURE_CARE],
        {"type": "exercise", "fields": {"activity": "walking"}},
        ("gap", "low", False),
        {("CarePlan", SNOMED, "385691007")},
    ),
    # --- symptoms and lifestyle ---
    (
        "chest pain with cardiac history",
        [CORONARY],
        {"type": "symptom", "fields": {"name": "chest pain"}},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "hypoglycaemia on insulin",
        [INSULIN],
        {
            "type": "symptom",
            "fields": {"name": "shaky"},
            "quote": "I got really shaky and sweaty before lunch",
        },
        ("gap", "high", True),
        {("MedicationRequest", RXNORM, "106892")},
    ),
    (
        "chest pain named by its symptom key",
        [CORONARY],
        {"type": "symptom", "fields": {"name": "chest_pain"}},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    ("fainting", [], {"type": "symptom", "fields": {"name": "fainted"}}, ("gap", "high", True), set()),
    (
        "minor symptom",
        [DIABETES],
        {"type": "symptom", "fields": {"name": "runny nose"}},
        ("gap", "low", False),
        set(),
    ),
    (
        "high-intensity exertion with uncontrolled hypertension",
        [HYPERTENSION, BP_HIGH],
        {"type": "exercise", "fields": {"activity": "running"}},
        ("gap", "medium", True),
        {("Condition", SNOMED, "38341003"), ("Observation", LOINC, "85354-9")},
    ),
    (
        "running pace with uncontrolled hypertension",
        [HYPERTENSION, BP_HIGH],
        {
            "type": "exercise",
            "fields": {"activity": "exercise", "distance": 5, "unit": "km", "duration_min": 30},
        },
        ("gap", "medium", True),
        {("Condition", SNOMED, "38341003"), ("Observation", LOINC, "85354-9")},
    ),
    (
        "hill sprints with uncontrolled hypertension",
        [HYPERTENSION, BP_HIGH],
        {"type": "exercise", "fields": {"activity": "hill sprints"}},
        ("gap", "medium", True),
        {("Condition", SNOMED, "38341003"), ("Observation", LOINC, "85354-9")},
    ),
    (
        "an all-out effort with uncontrolled hypertension",
        [HYPERTENSION, BP_HIGH],
        {"type": "exercise", "fields": {"activity": "cycling"}, "quote": "I biked and went all out on the hills"},
        ("gap", "medium", True),
        {("Condition", SNOMED, "38341003"), ("Observation", LOINC, "85354-9")},
    ),
    (
        "pushing hard up the hills with uncontrolled hypertension",
        [HYPERTENSION, BP_HIGH],
        {
            "type": "exercise",
            "fields": {"activity": "cycling", "duration_min": 45},
            "quote": "went cycling with my grandson and pushed hard up the hills for forty-five minutes",
        },
        ("gap", "medium", True),
        {("Condition", SNOMED, "38341003"), ("Observation", LOINC, "85354-9")},
    ),
    (
        "an easy walk when all out of energy is not high-intensity",
        [HYPERTENSION, BP_HIGH],
        {
            "type": "exercise",
            "fields": {"activity": "walk"},
            "quote": "I went for a walk and now I'm all out of energy",
        },
        ("no_clinical_relevance", None, False),
        set(),
    ),
    (
        "a run with a recorded but controlled hypertension is not safety-critical",
        [HYPERTENSION, BP_CONTROLLED],
        {"type": "exercise", "fields": {"activity": "running", "distance": 5, "unit": "km", "duration_min": 30}},
        ("no_clinical_relevance", None, False),
        set(),
    ),
    (
        "a run weeks after a coronary bypass is safety-critical",
        [CABG],
        {"type": "exercise", "fields": {"activity": "running"}},
        ("gap", "medium", True),
        {("Procedure", SNOMED, "232717009")},
    ),
    (
        "a gastric bypass is no cardiac procedure",
        [GASTRIC_BYPASS],
        {"type": "exercise", "fields": {"activity": "running"}},
        ("no_clinical_relevance", None, False),
        set(),
    ),
    (
        # round 34: the history is cited with the disorder, as for chest pain (three read sets' writers cite both)
        "a seizure cites the disorder and its history-of situation",
        [SEIZURE_DISORDER, SEIZURE_HISTORY],
        {"type": "symptom", "fields": {"name": "seizure"}},
        ("gap", "high", True),
        {("Condition", SNOMED, "128613002"), ("Condition", SNOMED, "703151001")},
    ),
    (
        "a history-of seizure alone is cited when no disorder is recorded",
        [SEIZURE_HISTORY],
        {"type": "symptom", "fields": {"name": "seizure"}},
        ("gap", "high", True),
        {("Condition", SNOMED, "703151001")},
    ),
    (
        "a fainting with a seizure disorder and hypertension cites the seizure entries (a blackout may be a seizure)",
        [SEIZURE_DISORDER, SEIZURE_HISTORY, HYPERTENSION],
        {"type": "symptom", "fields": {"name": "fainting"}, "quote": "came to on the floor of the garage"},
        ("gap", "high", True),
        {("Condition", SNOMED, "128613002"), ("Condition", SNOMED, "703151001")},
    ),
    (
        "a symptom named as said is classified by its grounded key",
        [CORONARY],
        {"type": "symptom", "fields": {"name": "tight chest", "standard_key": "chest_pain"}},
        ("gap", "high", True),
        {("Condition", SNOMED, "53741008")},
    ),
    (
        "a lay class name finds the person's own request of the class",
        [FUROSEMIDE],
        {
            "type": "regimen_change",
            "fields": {"drug": "hydrochlorothiazide", "action": "stop"},
            "quote": "I stopped my water pill 4 days ago",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "313988")},
    ),
    (
        "a drug class entry stands for the class",
        [AMLODIPINE],
        {
            "type": "regimen_change",
            "fields": {"drug": "antihypertensive", "action": "stop"},
            "quote": "I stopped my blood pressure pills last week",
        },
        ("contradiction", "high", True),
        {("MedicationRequest", RXNORM, "197361")},
    ),
    (
        "lifestyle bearing on a condition",
        [HYPERTENSION],
        {"type": "lifestyle_baseline", "fields": {"habit": "smoking", "status": "current"}},
        ("gap", "low", False),
        {("Condition", SNOMED, "38341003")},
    ),
    (
        "routine lifestyle talk",
        [DIABETES, DIABETES_PLAN],
        {"type": "meal", "fields": {"food": "oatmeal"}},
        ("no_clinical_relevance", None, False),
        set(),
    ),
]


@pytest.mark.parametrize(
    ("resources", "record", "expected", "cites"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_rule(
    client: GraphClient,
    user_id: str,
    seed: Seeder,
    snapshot: DictionarySnapshot,
    resources: list[dict[str, Any]],
    record: dict[str, Any],
    expected: tuple[str, str | None, bool],
    cites: set[tuple[str, str, str]],
) -> None:
    finding = decided(client, user_id, seed, snapshot, (resources, record, expected, cites))
    assert finding.engine == "rules"
    if finding.kind != "no_clinical_relevance":
        assert "days" in finding.rationale or "No clinical entry" in finding.rationale


def test_request_stopped_before_the_event_is_not_active(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    stopped = {
        **METFORMIN,
        "props": {**METFORMIN["props"], "status": "stopped", "event_start": t("2018-01-05")},
    }
    seed([stopped])
    finding = run(
        client,
        user_id,
        snapshot,
        {"type": "regimen_change", "fields": {"drug": "metformin", "action": "stop"}},
    )
    assert finding.kind == "agreement"
    assert cited(finding) == {("MedicationRequest", RXNORM, "860975")}


def test_stopped_request_was_active_until_its_renewal(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    old = {
        **METFORMIN,
        "fhir_id": "mr-old",
        "props": {
            **METFORMIN["props"],
            "fhir_id": "mr-old",
            "status": "stopped",
            "event_start": t("2018-01-05"),
        },
    }
    seed([old, METFORMIN])
    record = {
        "type": "regimen_change",
        "fields": {"drug": "metformin", "action": "stop"},
        "event_time": t("2019-03-01"),
    }
    finding = run(client, user_id, snapshot, record)
    assert (finding.kind, finding.severity, finding.safety_critical) == ("contradiction", "high", True)
    assert [c.fhir_id for c in finding.cites] == ["mr-old"]


def test_request_authored_after_the_event_is_invisible(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    seed([METFORMIN])
    record = {
        "type": "regimen_change",
        "fields": {"drug": "metformin", "action": "stop"},
        "event_time": t("2019-03-01"),
    }
    finding = run(client, user_id, snapshot, record)
    assert finding.kind == "gap" and finding.cites == ()


def test_latest_observation_is_taken_as_of_the_event_time(
    client: GraphClient, user_id: str, seed: Seeder, snapshot: DictionarySnapshot
) -> None:
    seed([A1C, A1C_LATER])
    finding = run(
        client,
        user_id,
        snapshot,
        {"type": "test_result", "fields": {"name": "A1c", "value": 7.8, "unit": "%"}},
    )
    assert finding.kind == "agreement"
    assert [c.fhir_id for c in finding.cites] == ["o-a1c"]
    assert "59 days before" in finding.rationale
