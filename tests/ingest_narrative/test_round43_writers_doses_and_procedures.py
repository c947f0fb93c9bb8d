"""Round 43 (issue #7): a writer who names themselves by the person's name without "this is" or an apostrophe, or
as "the father of Versie"; "she's skipped" read as "I've skipped"; a dose given "to her" is the person's; a long drug
name three slips away in another language's spelling; a test or condition name before "pill" is the drug's class; a
formal "ceased taking"; tubes tied, tonsils and adenoids, an operation to have a part removed, a coil fitted; parts
healed since a time; a value "found to be"; breathing slowed or too short to talk."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.acute_signs import BREATHING_SAID
from app.ingest.narrative.caregiver_view import child_sex, first_person_view, person_age, spoken_of
from app.ingest.narrative.healed_parts import find_healed_parts
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.ingest.narrative.procedures import find_surgeries
from app.ingest.narrative.record_names import first_names, surnames
from app.ingest.narrative.terms import term_index
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 4, 15, 15, tzinfo=UTC)


def _view(text: str, sex: str, born: date, name: str, surname: str = "Lind") -> str | None:
    spoken = spoken_of(
        text,
        child=child_sex(sex, born, AT),
        sex=sex,
        names=(name,),
        age=person_age(born, AT),
        surnames=(surname,),
    )
    return None if spoken is None else first_person_view(spoken, text).text


# --- writers naming themselves by the person's name ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "sex", "name", "said"),
    [
        ("hi, maria's daughter here - mom quit her Plavix last week", "female", "Maria", "I quit my Plavix"),
        ("this is reubens wife typing for him he doubled up on his pill", "male", "Reuben", "I doubled up on my pill"),
        ("hi its Tanners daughter, he forgot his fosamax on monday", "male", "Tanner", "I forgot my fosamax"),
        ("Good morning. I am the father of Versie. She has a rash today.", "female", "Versie", "I have a rash"),
        ("I am mother of Oralia. The doctor tell her the anemia is finish.", "female", "Oralia", "tell me the anemia"),
    ],
)
def test_a_writer_named_by_the_persons_name_is_read_for_the_person(text: str, sex: str, name: str, said: str) -> None:
    view = _view(text, sex, date(1950, 3, 1) if name != "Versie" else date(2018, 3, 1), name)
    assert view is not None and said in view


@pytest.mark.parametrize(
    "text",
    [
        "hi, carla's daughter here - mom quit her Plavix last week",  # another person's name
        "this is Carlas wife typing for him",
        "I am the father of three boys and I quit my Plavix",  # no name of the person's
    ],
)
def test_a_writer_named_by_someone_elses_name_is_not_read_for_the_person(text: str) -> None:
    assert _view(text, "female", date(1950, 3, 1), "Maria") is None


def test_shes_before_a_participle_is_ive_and_a_dose_given_to_her_is_hers() -> None:
    view = _view("hi, maria's daughter here - she's skipped her amlodipine since Sunday", "female",
                 date(1950, 3, 1), "Maria")
    assert view is not None and "I've skipped my amlodipine" in view
    given = _view("I am the father of Versie. My wife gave to her the Allegra, so I gave her one more.", "female",
                  date(2018, 3, 1), "Versie")
    assert given is not None and "gave to me the Allegra" in given and "I took one more" in given


# --- drug names ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "drug"),
    [("levotiroxina", "levothyroxine"), ("hidroclorotiazida", "hydrochlorothiazide"), ("amlodipina", "amlodipine")],
)
def test_a_long_name_in_another_languages_spelling_is_the_drug(
    snapshot: DictionarySnapshot, typed: str, drug: str
) -> None:
    read = with_known_spellings(f"I take the {typed} every day", snapshot).text.split()[3]
    entry = snapshot.lookup("drug", read)
    assert entry is not None and entry.key == drug  # the closest of the drug's own names


@pytest.mark.parametrize("word", ["unfortunately", "appointments", "breastfeeding", "grandchildren", "temperatures"])
def test_a_long_english_word_is_never_read_as_a_drug(snapshot: DictionarySnapshot, word: str) -> None:
    assert with_known_spellings(f"the {word} again", snapshot).text == f"the {word} again"


@pytest.mark.parametrize(
    ("text", "kind", "key"),
    [
        ("I forget my pressure pill sometimes", "drug", "antihypertensive"),
        ("I forgot my thyroid tablet", "drug", "levothyroxine"),
        ("my pressure was 150 over 90", "test", "blood_pressure"),
        ("ugh forgot my bc pill", "drug", "hormonal contraceptive"),
    ],
)
def test_a_name_before_a_dose_form_is_the_drugs(
    snapshot: DictionarySnapshot, text: str, kind: str, key: str
) -> None:
    found = term_index(snapshot).find(text)
    assert [(m.kind, m.key) for m in found] == [(kind, key)]


def test_a_formal_ceasing_is_a_stop(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("Accordingly I ceased taking the Zocor last Thursday.", snapshot, AT)
    assert of_type(records, "regimen_change") == [{"drug": "simvastatin", "action": "stop"}]
    assert of_type(records, "medication_intake") == []


def test_a_learners_st_johns_wart_is_the_herb(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("so I started st johns wart about 2 weeks ago", snapshot, AT)
    assert {"drug": "st john's wort", "action": "start"} in of_type(records, "regimen_change")


# --- procedures ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("I had my tubes tied in 2012.", "tubal ligation"),
        ("I had the operation to tie my tubes in 2012, so no more babies for me.", "tubal ligation"),
        ("I had my tonsils and adenoids out at the children's hospital last month.", "tonsillectomy and adenoidectomy"),
        ("I underwent an operation to have my gallbladder removed on the 22nd of June.", "cholecystectomy"),
        ("The coil was put in ten days ago at the clinic.", "intrauterine device insertion"),
        ("I had an IUD fitted on Monday.", "intrauterine device insertion"),
    ],
)
def test_a_procedure_told_by_what_was_done_is_read(text: str, procedure: str) -> None:
    assert [p.fields["procedure"] for p in find_surgeries(text)] == [procedure]


@pytest.mark.parametrize(
    "text",
    [
        "My sister had her tubes tied last year.",
        "I'm thinking about getting my tubes tied.",
        "The coil was mentioned as an option.",
        "Should the coil be put in before the wedding?",
    ],
)
def test_no_procedure_of_anothers_or_a_plan(text: str) -> None:
    assert find_surgeries(text) == []


# --- healed parts, values, breathing ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("the sprained wrist from feb is all healed btw", "sprained wrist"),
        ("my sinuses have been completely clear since August, first time in years.", "sinuses"),
    ],
)
def test_a_part_healed_since_a_time_is_resolved(text: str, name: str) -> None:
    assert [(p.fields["name"], p.fields["status"]) for p in find_healed_parts(text)] == [(name, "resolved")]


def test_a_part_fine_for_months_was_never_said_ill() -> None:
    assert find_healed_parts("my knees have been fine for months") == []


def test_a_value_found_to_be_is_the_tests(snapshot: DictionarySnapshot) -> None:
    text = "At the pre-operative assessment my haemoglobin was found to be nine point eight."
    assert [(f["loinc"], f["value"]) for f in of_type(grounded_records(text, snapshot, AT),
                                                       "test_result")] == [("718-7", 9.8)]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("I'm super sleepy and my breathing is really slow", True),
        ("I'm barely breathing", True),
        ("I was wheezing so hard I couldn't get a full sentence out", True),
        ("I can barely talk between breaths", True),
        ("I can barely talk today, lost my voice", False),
        ("my breathing is fine", False),
    ],
)
def test_breathing_slowed_or_too_short_to_talk(text: str, said: bool) -> None:
    assert (BREATHING_SAID.search(text) is not None) is said


def test_the_persons_name_typed_without_its_accents_is_theirs() -> None:
    names = first_names(["María Luisa Razo"])
    assert names == ("María", "Maria") and surnames(["Jesús Alcántar"]) == ("Alcántar", "Alcantar")
    text = "hi, maria's daughter here - mom quit her Plavix last week"
    spoken = spoken_of(text, child=None, sex="female", names=names, age=47, surnames=("Razo",))
    assert spoken is not None and "I quit my Plavix" in first_person_view(spoken, text).text


def test_a_relative_clause_on_the_declared_person_is_theirs(snapshot: DictionarySnapshot) -> None:
    text = "I am writing on behalf of my wife, who underwent an operation to have her gallbladder removed in June."
    view = _view(text, "female", date(1950, 3, 1), "Ana")
    assert view is not None and "on behalf of me, who underwent" in view and "my gallbladder" in view
    assert of_type(grounded_records(view, snapshot, AT), "surgery_history") == [{"procedure": "cholecystectomy"}]
    assert find_surgeries("My friend, who had a heart bypass last year, says hi.") == []
