"""Wordings by their structure (round 22), each with near misses: a stop said as the drug left unused in a store for
a while; a weight read off any scale, wherever it stands; a reading of the speaker taken by someone else ("my
daughter took my blood pressure", "the nurse ran my A1c ..., 6.4 percent"); a condition over after the speaker's
relative clause holding a time clause of its own ("the eczema I've had since I was a teenager has cleared"); a second
dose of a drug named by its lay class ("a second water pill"), its first dose told in the next sentence."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.rules_extractor import extract
from app.reconcile.double_dose import said_double_dose
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2022, 5, 12, 9, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I've kept my atorvastatin in the drawer since the weekend, my legs were killing me.", "atorvastatin"),
        ("I put the ramipril away for good last month.", "ramipril"),
        ("Shoved my metformin to the back of the cabinet a fortnight ago and haven't touched it.", "metformin"),
        ("The simvastatin has been sitting in the kitchen drawer since Friday.", "simvastatin"),
        ("My amlodipine is gathering dust on the shelf these days.", "amlodipine"),
        ("Since Monday the lisinopril has just sat in the cupboard untouched.", "lisinopril"),
    ],
)
def test_a_drug_left_unused_in_a_store_for_a_while_is_stopped(
    text: str, drug: str, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "regimen_change") == [{"drug": drug, "action": "stop"}]


@pytest.mark.parametrize(
    "text",
    [
        "Should I leave the simvastatin in the cupboard for a while?",
        "My husband has left his statin in the drawer since Monday.",
        "I left my metformin at my sister's yesterday.",
        "I keep the simvastatin in the cupboard by the kettle so I remember it.",
        "I'm thinking of leaving the simvastatin in the cupboard for a week.",
    ],
)
def test_a_drug_kept_somewhere_without_a_while_or_in_a_question_is_no_stop(
    text: str, snapshot: DictionarySnapshot
) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "regimen_change") == []


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("Hopped on the gym's scales after my spin class and it said 81 kilos.", 81.0, "kg"),
        ("Stepped on the doctor's scale at my checkup today - 168 lbs.", 168.0, "lbs"),
        ("Stood on the new digital scale in the bathroom this morning: 92 kg.", 92.0, "kg"),
        ("I got on a scale at the chemist while I was waiting for my repeat, 70.5 kg.", 70.5, "kg"),
        ("Jumped on the clinic scales while I was waiting to be seen: 88 kg.", 88.0, "kg"),
    ],
)
def test_a_weight_read_off_any_scale_is_the_speakers(
    text: str, value: float, unit: str, snapshot: DictionarySnapshot
) -> None:
    weights = of_type(grounded_records(text, snapshot, AT), "body_measurement")
    assert weights == [{"kind": "weight", "value": value, "unit": unit}]


@pytest.mark.parametrize(
    "text",
    [
        "My wife stood on the pharmacy scale this morning: 61 kg.",
        "Should I stand on the pharmacy scale? It says 74 kg.",
    ],
)
def test_another_persons_weight_or_a_question_on_a_scale_is_none(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "body_measurement") == []


@pytest.mark.parametrize(
    ("text", "systolic", "diastolic"),
    [
        ("My daughter took my blood pressure after dinner and it was 148/92.", 148.0, 92.0),
        ("The nurse checked my pressure at the surgery on Monday: 150 over 90.", 150.0, 90.0),
        ("My wife measured my BP this morning with our new monitor - 132/84.", 132.0, 84.0),
        ("My neighbour did my blood pressure with her machine last night and got 141 over 79.", 141.0, 79.0),
    ],
)
def test_a_blood_pressure_of_the_speaker_taken_by_someone_else_is_the_speakers(
    text: str, systolic: float, diastolic: float, snapshot: DictionarySnapshot
) -> None:
    readings = of_type(grounded_records(text, snapshot, AT), "vital_sign")
    assert [(r["systolic"], r["diastolic"]) for r in readings] == [(systolic, diastolic)]


@pytest.mark.parametrize(
    "text",
    [
        "My son checked his blood pressure yesterday with his cuff and got 165 over 88.",
        "My son checked my wife's blood pressure and got 150 over 90.",
        "My daughter took her blood pressure at my place, 140/85.",
    ],
)
def test_someone_elses_blood_pressure_is_not_the_speakers(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "vital_sign") == []


@pytest.mark.parametrize(
    ("text", "loinc", "value"),
    [
        ("The practice nurse ran my HbA1c on Monday with her finger-prick kit, 7.1% she told me.", "4548-4", 7.1),
        ("My husband tested my blood sugar after lunch and got 9.4.", "2345-7", 9.4),
        ("At the pharmacy they did my cholesterol with a quick finger stick, 5.8 they said.", "2093-3", 5.8),
        ("The community nurse checked my A1c at home with a little gadget: 6.9 percent.", "4548-4", 6.9),
    ],
)
def test_a_lab_value_of_the_speaker_taken_by_someone_else_is_the_speakers(
    text: str, loinc: str, value: float, snapshot: DictionarySnapshot
) -> None:
    results = of_type(grounded_records(text, snapshot, AT), "test_result")
    assert [(r["loinc"], r["value"]) for r in results] == [(loinc, value)]


@pytest.mark.parametrize(
    "text",
    [
        "Could the nurse check my A1c next week? Last time, 6.8 percent.",
        "The nurse checked her own sugar with the same machine and got 5.6.",
    ],
)
def test_a_planned_or_anothers_lab_check_gives_no_value(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "test_result") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The eczema I had when we were living in Spain is completely gone now.", "eczema"),
        ("My asthma, which I've had on and off since I was in primary school, has finally cleared up.", "asthma"),
        ("The psoriasis I've suffered with since I was a teenager has cleared.", "psoriasis"),
        ("That sinusitis I've dealt with ever since I had my daughter is finally gone.", "sinusitis"),
        ("The hay fever I've had since I was little went away this year.", "hay fever"),
    ],
)
def test_a_condition_over_after_a_relative_clause_with_its_own_time_clause_is_resolved(
    text: str, name: str, snapshot: DictionarySnapshot
) -> None:
    conditions = of_type(grounded_records(text, snapshot, AT), "condition")
    assert conditions == [{"name": name, "status": "resolved"}]


@pytest.mark.parametrize(
    "text",
    [
        "The sinus trouble my brother has had since he was a kid has finally cleared up.",
        "I hope the sinus trouble I've had since I was a kid clears up soon.",
        "Has the sinus trouble I've had since I was a kid cleared up, do you think?",
    ],
)
def test_a_relatives_wished_or_asked_condition_is_not_resolved(text: str, snapshot: DictionarySnapshot) -> None:
    conditions = of_type(grounded_records(text, snapshot, AT), "condition")
    assert all(c["status"] != "resolved" for c in conditions)


def _intake_quotes(text: str, snapshot: DictionarySnapshot) -> list[tuple[str, str]]:
    result = extract(text, snapshot, mention=AT)
    return [(str(r.fields["drug"]), r.quote) for r in result.records if r.type == "medication_intake"]


@pytest.mark.parametrize(
    "text",
    [
        "Took a second water tablet after dinner by mistake.",
        "I took my water pill this morning. Totally forgot I had already taken it at six.",
        "Swallowed a second water pill at eight. Clean forgot I'd already had one at seven.",
        "I took another water tablet before bed without thinking.",
        "Ugh, I had a second water pill today, I'd lost track.",
    ],
)
def test_a_second_dose_named_by_its_lay_class_is_a_double_dose(text: str, snapshot: DictionarySnapshot) -> None:
    quotes = _intake_quotes(text, snapshot)
    assert quotes and said_double_dose(quotes[0][1], quotes[0][0])


@pytest.mark.parametrize(
    "text",
    [
        "I take a water pill every morning and a second water pill at lunch on Mondays.",
        "My husband took a second water pill this morning.",
        "I took my water pill this morning. Forgot my husband had already had his.",
    ],
)
def test_a_split_regimen_or_anothers_second_dose_is_no_double_dose(text: str, snapshot: DictionarySnapshot) -> None:
    assert not any(said_double_dose(q, d) for d, q in _intake_quotes(text, snapshot))
