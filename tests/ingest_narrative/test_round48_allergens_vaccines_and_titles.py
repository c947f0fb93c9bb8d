"""Round 48 (issue #7): an allergen "still a no-go"; a vaccine said as "the meningitis one", a "vax" or a "needle";
every titled form of the person once a carer names them ("Mrs Eura Treutel" ... "Mrs Treutel"); the writer by the
family's word for the person ("it's Marisol, Dad's daughter"); a nickname inside the name ("Bert" for Adalberto);
a name typed in two words with a slip ("fossa max", "sinus itis"); a part "100%" or "messed up" and fine now; the
chest that "felt like a tight band"."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.caregiver_view import first_person_view, spoken_of
from app.ingest.narrative.healed_parts import find_healed_parts
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.ingest.narrative.writer_declarations import titled_forms
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 4, 15, 15, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "substance", "kind"),
    [
        ("latex still a no-go btw, the dentist had to swap to the nitrile gloves", "latex", "environment"),
        ("shellfish is still a no for me, shrimp crab all of it", "shellfish", "food"),
        ("also for the record the peanut thing is still very real", "peanut", "food"),
    ],
)
def test_an_allergen_still_ruled_out_is_an_allergy_in_force(
    snapshot: DictionarySnapshot, text: str, substance: str, kind: str
) -> None:
    allergies = of_type(grounded_records(text, snapshot, AT), "allergy")
    assert [(a["substance"], a["substance_kind"]) for a in allergies] == [(substance, kind)]
    assert allergies[0].get("status") != "denied"


def test_an_allergen_still_a_no_for_someone_else_or_asked_is_not_the_persons(snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records("shellfish is still a no for him", snapshot, AT), "allergy") == []
    assert of_type(grounded_records("is latex still a problem?", snapshot, AT), "allergy") == []


@pytest.mark.parametrize(
    "text",
    [
        "ok so we went back today and i got the meningitis one. arm is dead",
        "the school nurse gave me the meningitis B one on friday, arm's a bit sore",
        "I had my flu vax at the doctors on the 21st of February",
        "Had me shingles needle and a tetanus booster at the surgery a fortnight ago",
    ],
)
def test_a_vaccine_said_as_the_one_a_vax_or_a_needle_is_a_vaccination(snapshot: DictionarySnapshot, text: str) -> None:
    records = grounded_records(text, snapshot, AT)
    assert of_type(records, "clinical_visit") == [{"kind": "vaccination"}]
    assert of_type(records, "condition") == []  # "my flu vax" is no flu


def test_every_titled_form_of_the_person_reads_in_their_first_person() -> None:
    forms = titled_forms(("Treutel",), ("Eura",))
    for said in ("Mrs Eura Treutel", "Mrs Treutel", "Ms. Eura"):
        assert re.fullmatch(forms, said, re.IGNORECASE)
    text = (
        "I am writing on behalf of Mrs Eura Treutel, in my capacity as senior carer. Mrs Treutel has declined her "
        "verapamil for the past three days."
    )
    spoken = spoken_of(text, child=None, sex="female", names=("Eura",), age=80, surnames=("Treutel",))
    assert spoken is not None
    assert "I have declined my verapamil" in first_person_view(spoken, text).text


def test_the_writer_by_the_familys_word_for_the_person_and_a_nickname_inside_the_name() -> None:
    dads = spoken_of(
        "Hi, it's Marisol, Dad's daughter. Hope you're well.", child=None, sex="male", names=("Adalberto",)
    )
    assert dads is not None and dads.writer_role == "child"
    assert spoken_of("Hi, it's Marisol, Mum's daughter.", child=None, sex="male", names=("Adalberto",)) is None
    text = "Bert ended up with a double dose of his Norvasc today."
    bert = spoken_of(text, child=None, sex="male", names=("Adalberto",), age=80)
    assert bert is not None and first_person_view(bert, text).text.startswith("I ended up with a double dose of my")


def test_a_name_typed_in_two_words_with_a_slip(snapshot: DictionarySnapshot) -> None:
    assert "I quit my fosamax about" in with_known_spellings("I quit my fossa max about three weeks ago", snapshot).text
    assert "my chronic sinusitis is gone" in with_known_spellings("my chronic sinus itis is gone", snapshot).text
    # a slip in one word stays one word: "colonscopy on" is not "colonoscopy" swallowing "on"
    assert "the colonoscopy on the" in with_known_spellings("had the colonscopy on the 20th", snapshot).text
    assert with_known_spellings("the sea side with my grand son", snapshot).text == "the sea side with my grand son"


def test_a_part_a_hundred_percent_or_messed_up_and_fine_now() -> None:
    assert [p.fields["status"] for p in find_healed_parts("ankle from last yr is 100% btw zero pain")] == ["resolved"]
    assert [p.fields["name"] for p in find_healed_parts("the ankle i messed up last spring is totally fine now")] == [
        "ankle"
    ]
    assert find_healed_parts("my knee is 100% sure to hurt tomorrow") == []


def test_a_chest_that_felt_like_a_tight_band(snapshot: DictionarySnapshot) -> None:
    text = "this morning I was rubbing my chest and said it felt like a tight band when I went up the stairs"
    assert [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")] == ["chest pain"]
