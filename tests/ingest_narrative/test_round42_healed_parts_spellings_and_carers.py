"""Round 42 (issue #7): a body part told healed is a resolved condition; a misspelt drug name is read as the
dictionary spells it when it is no English word and only one drug is near; a carer may call the person by title and
surname, and the doses they give are the person's; "it came back 7.2" and a value said after a dated test are the
test's value; lower-case "may" beside a day is the month; "did have my flu injection" is a vaccination; a refused
drug is stopped; pains of the ankle, elbow, hand, leg and arm are symptoms of their own."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import CARER, first_person_view, spoken_of
from app.ingest.narrative.healed_parts import find_healed_parts, healed_part_names
from app.ingest.narrative.misspelt_names import closest_name, osa_distance, with_known_spellings
from app.ingest.narrative.pii import mask_pii
from app.ingest.narrative.record_names import surnames
from app.ingest.narrative.rules_extractor import extract
from app.ingest.narrative.writer_declarations import titled_person
from app.ingest.temporal import resolve_all
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 6, 9, 20, tzinfo=UTC)


# --- healed body parts -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My ankle has healed up nicely.", "ankle"),
        ("My ankle has healed up, finally.", "ankle"),
        ("the collarbone I broke last spring has healed nicely", "broken collarbone"),
        ("sinuses r fine now", "sinuses"),
        ("My sprained wrist is fully healed.", "sprained wrist"),
        ("left knee all healed now", "knee"),
        ("My ears are all clear again after the drops.", "ears"),
    ],
)
def test_a_part_told_healed_is_a_resolved_condition_named_by_it(text: str, name: str) -> None:
    found = find_healed_parts(text)
    assert [(p.fields["name"], p.fields["status"]) for p in found] == [(name, "resolved")]
    assert healed_part_names(text) == {name}


@pytest.mark.parametrize(
    "text",
    [
        "Is my ankle healed yet, do you think?",  # a question
        "Her ankle has healed up nicely.",  # hers, unless a caregiver's view makes it the speaker's
        "My wrist hasn't healed.",  # a negation
        "I hope my wrist is better soon.",  # a wish
        "My knees are fine.",  # fine, but never said to have been ill
        "His ankle has healed up.",  # another person's part
        "Once my ankle has healed I'll run again.",  # not yet
        "The doctor said the ankle will be healed in six weeks.",
    ],
)
def test_no_healed_part_without_the_speakers_part_said_over(text: str) -> None:
    assert find_healed_parts(text) == []


def test_a_healed_part_is_a_grounded_resolved_condition(snapshot: DictionarySnapshot) -> None:
    text = "the collarbone I broke last spring has healed nicely"
    assert of_type(grounded_records(text, snapshot, AT), "condition") == [
        {"name": "broken collarbone", "status": "resolved"}
    ]


def test_a_learners_finish_ends_a_condition(snapshot: DictionarySnapshot) -> None:
    conditions = of_type(grounded_records("my ear infection is finish now", snapshot, AT), "condition")
    assert [c.get("status") for c in conditions] == ["resolved"]


# --- misspelt drug names -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("still on the levotiroxine every morning", "still on the levothyroxine every morning"),
        ("the methotrexete makes me sick", "the methotrexate makes me sick"),
        ("I take simvastatina at night", "I take simvastatin at night"),
        ("stopped the atorvastation", "stopped the atorvastatin"),
    ],
)
def test_a_misspelt_drug_name_is_read_as_the_dictionary_spells_it(
    typed: str, read: str, snapshot: DictionarySnapshot
) -> None:
    view = with_known_spellings(typed, snapshot)
    assert view.text == read
    assert view.span(0, len(view.text)) == typed  # every quote comes back as typed


@pytest.mark.parametrize(
    "typed",
    [
        "I'm aspiring to walk more",  # an English word near "aspirin"
        "my metformin and lisinopril",  # spelled right
        "the statins and the tablets",  # English words
        "I took xyzzyplex",  # near nothing
    ],
)
def test_words_that_are_no_slip_of_a_drug_stay_as_typed(typed: str, snapshot: DictionarySnapshot) -> None:
    assert with_known_spellings(typed, snapshot).text == typed


def test_a_slip_near_two_drugs_is_left_alone() -> None:
    assert closest_name("amlodipinx", [("amlodipine", "amlodipine"), ("amlodipina", "other")]) is None
    assert closest_name("amlodipinx", [("amlodipine", "amlodipine"), ("amlodipina", "amlodipine")]) == "amlodipine"


def test_the_alignment_distance_counts_a_transposition_once() -> None:
    assert osa_distance("metfromin", "metformin", 2) == 1
    assert osa_distance("methotrexete", "methotrexate", 2) == 1
    assert osa_distance("aspirin", "warfarin", 2) == 3  # beyond the limit: limit + 1


# --- a carer calling the person by title and surname ---------------------------------------------------------------


def test_the_records_surnames_lose_synthea_numbers() -> None:
    assert surnames(["Adalberto916 Portillo223", "Mr. Adalberto Portillo", "Cher"]) == ("Portillo",)
    assert surnames(["Jo Li"]) == ()  # too short to be told apart from a word


def test_a_title_of_the_persons_sex_and_their_surname_names_them() -> None:
    assert titled_person("Evening shift here for Mr Portillo", ("Portillo",), "male") is not None
    assert titled_person("This is Maria, Mrs. Kertzmann's carer", ("Kertzmann",), "female") is not None
    assert titled_person("Evening shift here for Mrs Portillo", ("Portillo",), "male") is None  # another sex
    assert titled_person("Evening shift here for Mr Smith", ("Portillo",), "male") is None  # another surname


def test_a_carer_naming_the_person_by_title_writes_in_their_name() -> None:
    text = "Evening shift here for Mr Portillo. I gave him his coumadin at 6 and he ate well."
    spoken = spoken_of(text, child=None, sex="male", names=("Adan",), surnames=("Portillo",))
    assert spoken is not None and spoken.writer_role == CARER
    view = first_person_view(spoken, text)
    assert "I took my coumadin at 6 and I ate well." in view.text
    assert view.span(0, len(view.text)) == text


def test_the_persons_own_name_is_not_masked_away(snapshot: DictionarySnapshot) -> None:
    masked = mask_pii("Evening shift here for Mr Portillo, his neighbour John Smith came by.")
    kept = masked.sparing("Evening shift here for Mr Portillo, his neighbour John Smith came by.", ["Adan", "Portillo"])
    assert "Mr Portillo" in kept and "John Smith" not in kept
    assert masked.sparing("Mr Portillo came by.", []) == masked.text


def test_a_carers_dose_given_is_the_persons_intake(snapshot: DictionarySnapshot) -> None:
    text = "Evening shift here for Mr Portillo. I gave him his coumadin at 6."
    spoken = spoken_of(text, child=None, sex="male", names=("Adan",), surnames=("Portillo",))
    assert spoken is not None
    view = first_person_view(spoken, text)
    records = view.restore(extract(view.text, snapshot, mention=AT)).records
    intakes = [r for r in records if r.type == "medication_intake"]
    assert [r.fields["drug"] for r in intakes] == ["warfarin"]
    assert all(r.quote is not None and r.quote in text for r in intakes)


# --- values, dates, vaccinations, refusals and site pains ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Had my A1c done last week and it came back 7.2.", 7.2),
        ("did my a1c 2 days ago. 7.2.", 7.2),
        ("A1c checks, six point three percent", 6.3),
    ],
)
def test_a_value_said_of_the_test_just_named_is_its_result(
    text: str, value: float, snapshot: DictionarySnapshot
) -> None:
    results = of_type(grounded_records(text, snapshot, AT), "test_result")
    assert [r["value"] for r in results] == [value]


@pytest.mark.parametrize("text", ["I had my flu shot on may 4th", "it was the 4th of may", "on May 4 I had it"])
def test_a_lower_case_may_beside_a_day_is_the_month(text: str) -> None:
    assert [r.value for r in resolve_all(text, AT)] == ["2021-05-04"]


@pytest.mark.parametrize("text", ["you may 5 minutes wait", "I may have 2 tablets left", "it may be fine"])
def test_a_lower_case_may_without_a_day_is_a_verb(text: str) -> None:
    assert [r for r in resolve_all(text, AT) if r.kind == "date"] == []


@pytest.mark.parametrize(
    "text", ["I did have my flu injection at the pharmacy", "got my tetanus injection after the cut"]
)
def test_a_diseases_injection_is_a_vaccination(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "clinical_visit") == [{"kind": "vaccination"}]


def test_a_drugs_injection_stays_an_intake(snapshot: DictionarySnapshot) -> None:
    records = grounded_records("had my B12 injection this morning", snapshot, AT)
    assert of_type(records, "clinical_visit") == []
    assert len(of_type(records, "medication_intake")) == 1


def test_a_drug_refused_is_stopped(snapshot: DictionarySnapshot) -> None:
    changes = of_type(
        grounded_records("The sertraline made me feel flat so I'm refusing it now.", snapshot, AT), "regimen_change"
    )
    assert [(c["drug"], c["action"]) for c in changes] == [("sertraline", "stop")]


def test_a_rescue_pen_jabbed_is_a_dose(snapshot: DictionarySnapshot) -> None:
    intakes = of_type(
        grounded_records("I jabbed my EpiPen into my thigh and it settled.", snapshot, AT), "medication_intake"
    )
    assert [i["drug"] for i in intakes] == ["epinephrine"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("my ankle's kinda sore now", "ankle pain"),
        ("left knee's been a bit achy since though", "knee pain"),
        ("My elbows are really sore.", "elbow joint pain"),
        ("my hands are sore from gardening", "hand pain"),
        ("my legs are aching", "pain in lower limb"),
        ("My arm is sore where they did the jab.", "pain in upper limb"),
    ],
)
def test_a_sore_part_is_that_sites_pain(text: str, name: str, snapshot: DictionarySnapshot) -> None:
    assert [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")] == [name]
