"""Round 26b general wordings (issue #7): a faint said as a second verb of the speaker's clause after "and"; a speech
sign another person observed, the time said before it; a clinician's start with the drug named after what it is for;
a strength spelled out; a stop after a start, a time said before the stop; a value a document lists "as"; a condition
echoed as a question then denied, or never told; an animal lived with for years without a reaction; a caregiver
naming themselves by the record's first name. Each with near-miss negatives."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import first_person_view, spoken_of
from tests.ingest_narrative.extracted import grounded_records, of_type


def _symptoms(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[str]:
    return [f["name"] for f in of_type(grounded_records(text, snapshot, mention), "symptom")]


@pytest.mark.parametrize(
    "text",
    [
        "I was standing by the cooker and just blacked out, and woke up on the lino.",
        "I stood up from the sofa and passed out for a few seconds.",
        "I was brushing my teeth on Tuesday and then fainted.",
        "I got out of the bath and blacked out, came round on the mat.",
        "Last night I was queueing at the bank and just collapsed.",
        "I'd fainted, but I came round within a minute.",
    ],
)
def test_a_faint_as_a_second_verb_of_the_speakers_clause(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _symptoms(text, snapshot, mention) == ["fainting"]


@pytest.mark.parametrize(
    "text",
    [
        "I was standing at the cooker and my husband fainted.",
        "I called my mum and she passed out.",
        "I went to the meeting and passed out leaflets.",
        "I'd have fainted if I hadn't sat down.",
    ],
)
def test_no_faint_of_the_speaker(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert "fainting" not in _symptoms(text, snapshot, mention)


@pytest.mark.parametrize(
    "text",
    [
        "She says at tea yesterday my words came out slurred for a few minutes.",
        "My husband says over breakfast my speech was slurred.",
        "He noticed during the film last night my words were garbled for a bit.",
        "My daughter said at lunch my words came out slurred.",
    ],
)
def test_a_speech_sign_observed_by_another_with_the_time_first(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _symptoms(text, snapshot, mention) == ["dysarthria"]


@pytest.mark.parametrize(
    "text",
    ["She says at dinner her words came out slurred.", "She says at dinner yesterday his speech was slurred."],
)
def test_a_speech_sign_of_the_observer_is_not_the_speakers(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _symptoms(text, snapshot, mention) == []


def _prescriptions(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, object, object]]:
    return [
        (f["drug"], f.get("dose"), f.get("unit"))
        for f in of_type(grounded_records(text, snapshot, mention), "prescription")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The headache clinic put me on something for the migraines, topiramate 50 mg at night.", ("topiramate", 50.0)),
        ("My neurologist started me on something for the fits, levetiracetam 500 mg twice a day.",
         ("levetiracetam", 500.0)),
        ("The GP started me on a tablet for my sugar, metformin 500 mg.", ("metformin", 500.0)),
        ("The nurse gave me a prescription for metformin, 850 milligrams twice a day.", ("metformin", 850.0)),
        ("The doctor prescribed lisinopril 10 milligrams each morning.", ("lisinopril", 10.0)),
    ],
)
def test_a_clinicians_start_named_after_its_purpose_or_with_a_spelled_strength(
    text: str, expected: tuple[str, float], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    drug, dose = expected
    assert _prescriptions(text, snapshot, mention) == [(drug, dose, "mg")]


@pytest.mark.parametrize(
    "text",
    [
        "My sister takes something for the migraines, topiramate I think.",
        "He didn't start me on anything for the migraines, topiramate was mentioned though.",
    ],
)
def test_no_prescription_of_the_speaker(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _prescriptions(text, snapshot, mention) == []


def _changes(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, str]]:
    return [(f["drug"], f["action"]) for f in of_type(grounded_records(text, snapshot, mention), "regimen_change")]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Ever since the GP put me back on the atorvastatin my calves have hurt, so last week I stopped taking it.",
         "atorvastatin"),
        ("Since I started the atorvastatin my muscles have been sore, so a few days ago I quit it.", "atorvastatin"),
        ("The GP restarted my amlodipine and my ankles swelled up, so on Monday I stopped taking it.", "amlodipine"),
        ("Since being put back on the metformin my stomach's been awful, and two weeks ago I just gave up on it.",
         "metformin"),
        ("Ever since I went back on the lisinopril I've had a cough, so yesterday I came off it.", "lisinopril"),
    ],
)
def test_a_stop_after_a_start_with_a_time_said_before_the_stop(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _changes(text, snapshot, mention) == [(drug, "stop")]


@pytest.mark.parametrize(
    "text",
    [
        "Ever since the doctor put me back on the simvastatin my legs have ached, so last week he stopped it.",
        "Since I started the simvastatin my legs ache, so last week I asked whether I should stop taking it.",
        "Since I started the simvastatin my legs ache, but last week I didn't stop taking it.",
    ],
)
def test_no_stop_by_the_speaker(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert ("simvastatin", "stop") not in _changes(text, snapshot, mention)


def _results(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, float]]:
    return [(f["loinc"], f["value"]) for f in of_type(grounded_records(text, snapshot, mention), "test_result")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The clinic letter lists my A1c as 5.9%.", ("4548-4", 5.9)),
        ("The report shows my hemoglobin A1c as 7.1%.", ("4548-4", 7.1)),
        ("The discharge summary puts my LDL as 151.", ("18262-6", 151.0)),
        ("The portal has my potassium as 5.1.", ("2823-3", 5.1)),
        ("My results letter gives the LDL as 98.", ("18262-6", 98.0)),
    ],
)
def test_a_value_a_document_lists_as(
    text: str, expected: tuple[str, float], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _results(text, snapshot, mention) == [expected]


@pytest.mark.parametrize(
    "text", ["I want my A1c as low as 6.", "I would like my LDL as close to 70 as possible."]
)
def test_no_value_in_a_wish(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _results(text, snapshot, mention) == []


def _conditions(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, str]]:
    return [(f["name"], f["status"]) for f in of_type(grounded_records(text, snapshot, mention), "condition")]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Asthma?? Never, I've never even owned an inhaler.", "asthma"),
        ("Oh, gout? Not me, you must be thinking of someone else.", "gout"),
        ("High blood pressure? Really? No, it's always been normal.", "hypertension"),
        ("Prediabetes? Seriously? Nope, my sugar has always been normal.", "prediabetes"),
        ("Nobody has ever told me I have prediabetes.", "prediabetes"),
        ("No one's ever said to me I had asthma.", "asthma"),
    ],
)
def test_a_condition_echoed_then_denied_or_never_told(
    text: str, name: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _conditions(text, snapshot, mention) == [(name, "denied")]


@pytest.mark.parametrize(
    "text",
    [
        "Prediabetes? What does that mean?",
        "Diabetes? No idea, I've not had my sugar checked.",
        "Asthma? No, my son has it, not me.",
    ],
)
def test_no_denial_in_an_asking_echo(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert all(status != "denied" for _, status in _conditions(text, snapshot, mention))


def _allergies(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, str]]:
    return [(f["substance"], f["status"]) for f in of_type(grounded_records(text, snapshot, mention), "allergy")]


@pytest.mark.parametrize(
    ("text", "substance"),
    [
        ("No, that's not right. I've kept three cats for years and never so much as sneezed.", "cats"),
        ("That's a mistake, I grew up with dogs all my life and never had any problems.", "dogs"),
        ("No. I've owned horses for decades and never had a reaction.", "horses"),
    ],
)
def test_an_animal_allergy_denied_by_years_without_a_reaction(
    text: str, substance: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _allergies(text, snapshot, mention) == [(substance, "denied")]


@pytest.mark.parametrize(
    "text",
    [
        "I've had two cats for years and never so much as sneezed near them.",
        "No, my sister has had cats for years and never sneezed.",
        "No, I've had cats for years and I sneeze all the time.",
    ],
)
def test_no_denial_without_an_answer_or_of_another(
    text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _allergies(text, snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "sex", "first_person"),
    [
        ("Hi, this is Rosa's son, I sort out her phone. She stopped her warfarin on Friday.", "female",
         "I stopped my warfarin on Friday"),
        ("Hello, it's Rosa's daughter. Over tea she told me she quit the ramipril.", "female", "I quit the ramipril"),
        ("This is Rosa's husband. She'd fainted by the time I got there.", "female", "I'd fainted"),
    ],
)
def test_a_writer_named_by_the_records_first_name(text: str, sex: str, first_person: str) -> None:
    spoken = spoken_of(text, child=None, sex=sex, names=("Rosa",))
    assert spoken is not None
    assert first_person in first_person_view(spoken, text).text


@pytest.mark.parametrize(
    "text",
    [
        "Hi, this is Maria's daughter. She stopped her warfarin on Friday.",  # not the record's name
        "This is Rosa's wife's cake recipe.",  # no writer
        "My brother fainted in the garden yesterday, he quit the Plavix last week.",  # an adult's own message
    ],
)
def test_no_writer_without_the_records_name(text: str) -> None:
    assert spoken_of(text, child=None, sex="female", names=("Rosa",)) is None
