"""A parent writing for a young child: the child's records, quoted as the parent wrote them; an adult's message
about "she" stays about someone else."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from app.db.client import GraphClient
from app.dictionary import DictionarySnapshot
from app.ingest.fhir import ingest_document
from app.ingest.write_path import process_turn
from app.pipeline import handle_turn
from app.users.service import ensure_self

AT = datetime(2021, 3, 10, 18, 0, tzinfo=UTC)
TEXT = "We told the new daycare she's allergic to peanuts, and they keep her EpiPen in the office."


def test_a_parents_message_gives_the_childs_record_with_the_words_as_written(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="female", birth_date=date(2017, 6, 1))
    turn = process_turn(client, user_id, TEXT, AT, snapshot=snapshot, clock=clock)
    allergies = [r for r in turn.records if r.type == "allergy"]
    assert [r.fields.get("substance") for r in allergies] == ["peanuts"]
    quote = allergies[0].quote or ""
    assert quote in TEXT and "she's allergic" in quote


def test_an_adults_message_about_her_is_someone_elses(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="female", birth_date=date(1970, 6, 1))
    turn = process_turn(client, user_id, TEXT, AT, snapshot=snapshot, clock=clock)
    assert [r for r in turn.records if r.type == "allergy"] == []


def test_a_declared_writer_calling_the_person_by_the_records_first_name_gives_the_persons_record(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ingest_document(client, user_id, _adalberto("p-caregiver-1", "1950-02-01"))
    text = "It's his wife here. Adalberto stopped his clopidogrel on Sunday, he says it makes him bruise."
    turn = process_turn(client, user_id, text, AT, snapshot=snapshot, clock=clock)
    stops = _stops(turn.records)
    quote = stops[0].quote or ""
    assert quote in text and "Adalberto stopped" in quote


def test_a_message_naming_the_person_in_the_third_person_gives_the_persons_record(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ingest_document(client, user_id, _adalberto("p-caregiver-2", "1940-02-01"))
    text = "Adalberto stopped his clopidogrel on Sunday, says it makes him bruise. Cant blame him really"
    turn = process_turn(client, user_id, text, AT, snapshot=snapshot, clock=clock)
    stops = _stops(turn.records)
    assert (stops[0].quote or "") in text


def test_a_contraction_typed_without_its_apostrophe_is_read_and_quoted_as_typed(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="female", birth_date=date(1980, 6, 1))
    text = "since this afternoon ive had the worst headache of my life"
    turn = process_turn(client, user_id, text, AT, snapshot=snapshot, clock=clock)
    symptoms = [r for r in turn.records if r.type == "symptom"]
    assert [r.fields.get("name") for r in symptoms] == ["headache"]
    assert (symptoms[0].quote or "") in text and "ive had" in (symptoms[0].quote or "")


def test_a_relative_given_the_persons_own_age_gives_the_persons_record(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="male", birth_date=date(1937, 6, 1))  # 83 at AT
    text = "My dad is 83 and a bit forgetful. He stopped his clopidogrel on Sunday."
    turn = process_turn(client, user_id, text, AT, snapshot=snapshot, clock=clock)
    stops = _stops(turn.records)
    assert (stops[0].quote or "") in text


def test_a_carers_double_dose_is_flagged_from_the_persons_reading_and_quoted_as_written(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ingest_document(client, user_id, _on_warfarin("p-caregiver-3"))
    text = "Writing for my husband. He swallowed a second Coumadin this morning, he'd already had his normal one."
    outcome = handle_turn(client, user_id, text, AT, snapshot=snapshot, clock=clock)
    intakes = [r for r in outcome.turn.records if r.type == "medication_intake"]
    assert [r.fields.get("drug") for r in intakes] == ["warfarin"]
    assert (intakes[0].quote or "") in text  # the words as written ...
    flagged = [f for f in outcome.findings if f.kind == "contradiction" and f.safety_critical]
    assert [f.record_uid for f in flagged] == [intakes[0].uid]  # ... and the double dose read as the person's


def test_a_spouses_own_second_dose_is_no_double_dose_of_the_persons(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ingest_document(client, user_id, _on_warfarin("p-caregiver-4"))
    text = "I took my Coumadin this morning. My wife swallowed a second one of hers by mistake, she's fine."
    outcome = handle_turn(client, user_id, text, AT, snapshot=snapshot, clock=clock)
    assert [f for f in outcome.findings if f.safety_critical] == []


def test_a_writers_declaration_carries_over_to_their_next_message_in_the_conversation(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="female", birth_date=date(1950, 6, 1))
    later = "Oh and Mum stopped her lisinopril on Sunday, she says it made her cough."
    process_turn(client, user_id, "Her son here. Mum had a good week.", AT, "s1", snapshot=snapshot, clock=clock)
    same = process_turn(client, user_id, later, AT + timedelta(minutes=4), "s1", snapshot=snapshot, clock=clock)
    stops = [r for r in same.records if r.type == "regimen_change"]
    assert [(r.fields.get("drug"), r.fields.get("action")) for r in stops] == [("lisinopril", "stop")]
    assert (stops[0].quote or "") in later
    # the same words in another conversation, or hours later, are the writer's about their own mother
    other = process_turn(client, user_id, later, AT + timedelta(minutes=5), "s2", snapshot=snapshot, clock=clock)
    hours = process_turn(client, user_id, later, AT + timedelta(hours=5), "s1", snapshot=snapshot, clock=clock)
    assert [r for r in other.records + hours.records if r.type == "regimen_change"] == []


def test_a_carer_calling_the_person_by_title_and_surname_gives_their_double_dose(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ingest_document(client, user_id, _on_warfarin("p-caregiver-5"))
    text = "Evening shift here for Mr Hartmann. I gave him his coumadin at 6, then I gave him another one at 8."
    outcome = handle_turn(client, user_id, text, AT, snapshot=snapshot, clock=clock)
    intakes = [r for r in outcome.turn.records if r.type == "medication_intake"]
    assert intakes and {r.fields.get("drug") for r in intakes} == {"warfarin"}
    assert all((r.quote or "") in text for r in intakes)  # the carer's words, as written
    assert any(f.kind == "contradiction" and f.safety_critical for f in outcome.findings)
    # another resident of the same surname's title ("Mrs") is not the person
    other = "Evening shift here for Mrs Hartmann. I gave her her coumadin at 6, then I gave her another one at 8."
    later = handle_turn(client, user_id, other, AT + timedelta(hours=2), snapshot=snapshot, clock=clock)
    assert [r for r in later.turn.records if r.type == "medication_intake"] == []


def test_a_misspelt_drug_is_the_dictionarys_drug_quoted_as_typed(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="female", birth_date=date(1960, 6, 1))
    text = "I stopped the levotiroxine on Monday, my heart was racing."
    turn = process_turn(client, user_id, text, AT, snapshot=snapshot, clock=clock)
    stops = [r for r in turn.records if r.type == "regimen_change"]
    assert [(r.fields.get("drug"), r.fields.get("action")) for r in stops] == [("levothyroxine", "stop")]
    assert "levotiroxine" in (stops[0].quote or "")


def test_an_opening_about_him_is_the_persons_and_goes_on_but_a_he_after_another_message_is_not(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="male", birth_date=date(1950, 6, 1))
    opening = "we stopped his clopidogrel on sunday, he bruises like a peach"
    first = process_turn(client, user_id, opening, AT, "s1", snapshot=snapshot, clock=clock)
    assert (_stops(first.records)[0].quote or "") in opening
    # the writer, unnamed, goes on in the same conversation
    more = "oh and he had the flu jab at the pharmacy yesterday"
    went_on = process_turn(client, user_id, more, AT + timedelta(minutes=3), "s1", snapshot=snapshot, clock=clock)
    assert [r.type for r in went_on.records if r.type == "clinical_visit"] == ["clinical_visit"]
    # "he" after another message of the conversation may be anyone that message named: not read as the person
    process_turn(
        client, user_id, "Long day with the family.", AT + timedelta(hours=4), "s2", snapshot=snapshot, clock=clock
    )
    later = process_turn(
        client, user_id, opening, AT + timedelta(hours=4, minutes=2), "s2", snapshot=snapshot, clock=clock
    )
    assert [r for r in later.records if r.type == "regimen_change"] == []


def _on_warfarin(patient_id: str) -> dict[str, object]:
    """A Bundle of Adalberto (born 1940) and his active warfarin prescription."""
    resources = (_adalberto(patient_id, "1940-02-01"), _warfarin_request(patient_id))
    return {"resourceType": "Bundle", "type": "collection", "entry": [{"resource": r} for r in resources]}


def _warfarin_request(patient_id: str) -> dict[str, object]:
    """An active warfarin 5 mg MedicationRequest of the patient."""
    return {
        "resourceType": "MedicationRequest",
        "id": f"mr-warfarin-{patient_id}",
        "status": "active",
        "intent": "order",
        "subject": {"reference": f"Patient/{patient_id}"},
        "authoredOn": "2020-06-01",
        "medicationCodeableConcept": {
            "coding": [
                {
                    "system": "http://www.nlm.nih.gov/research/umls/rxnorm",
                    "code": "855332",
                    "display": "Warfarin Sodium 5 MG Oral Tablet",
                }
            ]
        },
    }


def _adalberto(resource_id: str, birth_date: str) -> dict[str, object]:
    """A male Synthea-style Patient named Adalberto916 Hartmann983 (the record's first names lose the digits)."""
    return {
        "resourceType": "Patient",
        "id": resource_id,
        "gender": "male",
        "birthDate": birth_date,
        "name": [{"given": ["Adalberto916"], "family": "Hartmann983"}],
    }


def _stops(records: list[Any]) -> list[Any]:
    """The turn's regimen changes, asserted to be the one clopidogrel stop."""
    stops = [r for r in records if r.type == "regimen_change"]
    assert [(r.fields.get("drug"), r.fields.get("action")) for r in stops] == [("clopidogrel", "stop")]
    return stops
