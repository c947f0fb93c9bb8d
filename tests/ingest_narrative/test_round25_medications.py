"""Round 25 general wordings (issue #7), medications: a stop told through the supply (a last strip never renewed, a
container said empty, a refill left waiting, a drug shelved for weeks); a clinician's hold over a while (a stop) and
a clinician's "no X tonight" (a skip); half a tablet as the usual dose (a change of the dose); a routine intake with
the drug as a bare subject or a slot of the week; a supply collected (a prescription); a dose had twice (an intake).
Each with near-miss negatives."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type


def _changes(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, str]]:
    return [(f["drug"], f["action"]) for f in of_type(grounded_records(text, snapshot, mention), "regimen_change")]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Used the final box of my metformin on Friday and haven't been back to the chemist for another.", "metformin"),
        ("I finished the last pack of the lisinopril and never went back for more.", "lisinopril"),
        ("Lisinopril pack empty since Monday, haven't sorted a new one.", "lisinopril"),
        ("metoprolol bottle empty for two weeks now", "metoprolol"),
        ("My atorvastatin refill has been waiting for days but I haven't collected it.", "atorvastatin"),
        ("The chemist says my ramipril prescription is ready and I keep not going.", "ramipril"),
        ("The simvastatin has been sitting in the bathroom cabinet for weeks now.", "simvastatin"),
    ],
)
def test_a_stop_told_through_the_supply(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _changes(text, snapshot, mention) == [(drug, "stop")]


@pytest.mark.parametrize(
    "text",
    [
        "My metformin refill is ready and I'll collect it tomorrow.",  # a plan to collect it
        "Is my lisinopril prescription ready yet?",  # a question
        "My husband's ramipril refill is ready and he keeps not going.",  # someone else's
        "The metoprolol bottle is empty of cotton wool now.",  # not the supply used up
        "Should I keep the simvastatin in the bathroom cabinet for weeks?",  # a question
    ],
)
def test_a_supply_near_miss_is_no_stop(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _changes(text, snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "drug", "action"),
    [
        ("My surgeon told me to hold the Eliquis for five days before the operation.", "apixaban", "stop"),
        ("The GP asked me to pause my ramipril until the kidney bloods are back.", "ramipril", "stop"),
        ("The cardiologist wants me to pause the lisinopril for the time being.", "lisinopril", "stop"),
        ("The nurse told me to hold tonight's metoprolol.", "metoprolol", "skip"),
        ("My pharmacist said no Coumadin tonight because of the antibiotic.", "warfarin", "skip"),
    ],
)
def test_a_clinicians_hold(
    text: str, drug: str, action: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _changes(text, snapshot, mention) == [(drug, action)]


@pytest.mark.parametrize(
    "text",
    [
        "Should I hold my warfarin for three days before the extraction?",  # a question
        "My wife was told to pause her lisinopril while she has the flu.",  # someone else
        "The nurse said no need to change the warfarin.",  # no drug withheld
        "I can't hold my inhaler steady for long.",  # "hold" as grip
    ],
)
def test_a_hold_near_miss_is_no_change(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _changes(text, snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Since my last check-up I only get half a metoprolol.", "metoprolol"),
        ("These days I'm down to half a lisinopril.", "lisinopril"),
    ],
)
def test_half_a_tablet_is_a_dose_change(text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _changes(text, snapshot, mention) == [(drug, "dose_change")]


@pytest.mark.parametrize(
    "text",
    [
        "I have to wait half an hour after my levothyroxine before coffee.",  # half an hour, not half a tablet
        "I take my metformin half an hour after breakfast.",
    ],
)
def test_half_an_hour_is_no_dose_change(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _changes(text, snapshot, mention) == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Metformin goes down with my porridge every morning.", "metformin"),
        ("Friday nights it's the methotrexate with a glass of milk.", "methotrexate"),
        ("Monday mornings it's my Fosamax then I sit up for half an hour.", "alendronate"),
        ("I got my warfarin twice last night by mistake.", "warfarin"),
    ],
)
def test_a_routine_or_a_dose_had_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert [f["drug"] for f in of_type(records, "medication_intake")] == [drug]
    assert of_type(records, "regimen_change") == []


@pytest.mark.parametrize(
    "text",
    [
        "Metformin goes down the wrong way if I don't have water.",  # no routine
        "Sunday mornings it's the Fosamax that gives me heartburn?",  # a question
        "I got my warfarin twice a day in hospital.",  # a frequency, and no intake verb of the speaker
        "My husband got his warfarin twice last night.",  # someone else
    ],
)
def test_a_routine_near_miss_is_no_intake(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Collected another two months of amlodipine from the pharmacy this morning.", "amlodipine"),
        ("I picked up my repeat of the ramipril yesterday, right on time.", "ramipril"),
    ],
)
def test_a_supply_collected_is_a_prescription(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "prescription")] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "Can I pick up three months of amlodipine at once?",  # a question
        "My wife picked up her repeat of the ramipril yesterday.",  # someone else's
    ],
)
def test_a_collection_near_miss_is_no_prescription(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "prescription") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Counted my metoprolol and there's a pill short, I think I doubled up Tuesday.", "metoprolol"),
        ("I counted the warfarin this morning and two tablets are missing since Friday.", "warfarin"),
    ],
)
def test_a_count_come_up_short_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [f["drug"] for f in of_type(grounded_records(text, snapshot, mention), "medication_intake")] == [drug]


@pytest.mark.parametrize(
    "text",
    [
        "My husband counted his warfarin and one tablet is missing.",  # someone else's
        "Should I count my metoprolol to see if a pill is missing?",  # a question
    ],
)
def test_a_count_near_miss_is_no_intake(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Forgot the metoprolol on Sunday, so I doubled up on Monday.", "metoprolol"),
        ("Skipped my Eliquis last night and then took two this morning to make up for it.", "apixaban"),
        ("Apixaban every night after my supper, like clockwork.", "apixaban"),
        ("I double-dosed on my lisinopril, took two lisinopril tablets instead of one.", "lisinopril"),
    ],
)
def test_a_dose_made_up_or_a_verbless_routine_is_an_intake(
    text: str, drug: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    records = grounded_records(text, snapshot, mention)
    assert drug in [f["drug"] for f in of_type(records, "medication_intake")]
    assert ("dose_change" not in [f["action"] for f in of_type(records, "regimen_change")])


@pytest.mark.parametrize(
    "text",
    [
        "Forgot the metoprolol on Sunday, should I double up on Monday?",  # a question
        "Forgot the metoprolol on Sunday, so my wife doubled up on hers.",  # someone else
        "Metoprolol every night after supper?",  # a question
    ],
)
def test_a_made_up_dose_near_miss_is_no_intake(text: str, snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert of_type(grounded_records(text, snapshot, mention), "medication_intake") == []


def test_a_course_said_by_its_worth_is_a_prescription(snapshot: DictionarySnapshot, mention: datetime) -> None:
    records = grounded_records("The GP put me on doxycycline for my chest, a week's worth.", snapshot, mention)
    assert [f["drug"] for f in of_type(records, "prescription")] == ["doxycycline"]
    records = grounded_records("Urgent care put me on cephalexin, seven days' worth.", snapshot, mention)
    assert [(f["drug"], f["supply_days"]) for f in of_type(records, "prescription")] == [("cephalexin", 7)]


def test_a_run_out_never_renewed_is_a_stop(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "Ran out of Eliquis on Sunday and haven't bothered getting more."
    assert _changes(text, snapshot, mention) == [("apixaban", "stop")]
    text = "Ran out of Eliquis on Sunday but I got more on Monday."  # renewed: a skip at most
    assert ("apixaban", "stop") not in _changes(text, snapshot, mention)


def test_a_hold_followed_is_a_stop_and_advice_not_followed_is_none(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "The surgeon's nurse told me to hold my Eliquis before the op, and I haven't taken it since Friday."
    assert _changes(text, snapshot, mention) == [("apixaban", "stop")]
    assert _changes("My GP wants me to start ramipril but I haven't yet.", snapshot, mention) == []
    assert _changes("The GP told me to stop my lisinopril but I haven't stopped it.", snapshot, mention) == []
