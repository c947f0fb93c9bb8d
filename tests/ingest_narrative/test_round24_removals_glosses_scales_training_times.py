"""Round 24 general wordings (issue #7), scope a: a procedure told as a part taken out (with a count, a side or
the body part it came from); a lab value whose test is named as an appositive to a lay gloss; a weight read off
another person's scale; a complaint after "I've just had"; exercise said as "<length> of <training>" and a length
said with "or so"; the times that date a stop ("since Sunday" over a length), a record after a lead-in sentence,
two weekdays said together; a condition said with a vague head ("chronic sinus trouble"). Each with near-miss
negatives."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.rules_extractor import extract
from app.ingest.temporal.resolver import resolve_all
from tests.ingest_narrative.extracted import grounded_records, of_type

THU = datetime.fromisoformat("2020-02-27T21:10:00-06:00")  # a Thursday


# --- a part taken out ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("Last week they removed the cataract from my left eye and it's so much brighter.", "cataract surgery"),
        ("A surgeon up in Leeds took the cataract out of my right eye a fortnight ago.", "cataract surgery"),
        ("I got the cataract in my left eye removed last month.", "cataract surgery"),
        ("The cataract in my right eye was taken out in March, no problems since.", "cataract surgery"),
        ("I finally had both of the lower wisdom teeth pulled on Monday.", "wisdom tooth extraction"),
        ("The oral surgeon pulled my two top wisdom teeth last Friday, my cheeks are huge.", "wisdom tooth extraction"),
        ("Had a cracked back tooth pulled on Tuesday and I'm on soup.", "tooth extraction"),
        ("My lower wisdom teeth were extracted last week under sedation.", "wisdom tooth extraction"),
    ],
)
def test_a_part_taken_out_of_the_speaker_is_a_procedure(
    text: str, procedure: str, snapshot: DictionarySnapshot
) -> None:
    records = grounded_records(text, snapshot, THU)
    assert [f["procedure"] for f in of_type(records, "surgery_history")] == [procedure]
    assert of_type(records, "condition") == []  # the part named is no condition of its own


@pytest.mark.parametrize(
    "text",
    [
        "The dentist wants to pull that cracked molar on Thursday.",  # a plan
        "They'll take the cataract out of my left eye next month.",  # a plan
        "They took the cataract out of my mother's eye last week.",  # another person's eye
        "My husband had his wisdom teeth pulled yesterday.",  # his
        "Should I have my wisdom teeth taken out?",  # a question
    ],
)
def test_a_planned_asked_or_anothers_removal_is_no_procedure_of_the_speaker(
    text: str, snapshot: DictionarySnapshot
) -> None:
    assert of_type(grounded_records(text, snapshot, THU), "surgery_history") == []


# --- a test named as an appositive to a lay gloss ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "loinc", "value"),
    [
        ("The clinic rang with my results: the bad cholesterol, LDL, is down to 91.", "18262-6", 91.0),
        ("She told me the bad one, the LDL, was 142.", "18262-6", 142.0),
        ("The good cholesterol - HDL - came in at 62 this time.", "2085-9", 62.0),
        ("My LDL, the bad one, was 137 on Monday.", "18262-6", 137.0),
        ("The kidney number, creatinine, was 1.4 last week.", "2160-0", 1.4),
        ("Apparently the sugar marker, the A1c, has come down to 6.8%.", "4548-4", 6.8),
    ],
)
def test_a_test_named_as_an_appositive_to_a_gloss_is_the_values_test(
    text: str, loinc: str, value: float, snapshot: DictionarySnapshot
) -> None:
    results = of_type(grounded_records(text, snapshot, THU), "test_result")
    assert [(f["loinc"], f["value"]) for f in results] == [(loinc, value)]


@pytest.mark.parametrize(
    "text",
    [
        "The bad one, LDL, should be under 100.",  # a target
        "My husband's LDL, the bad one, was 160.",  # his
        "Is the bad one, LDL, supposed to be 130?",  # a question
    ],
)
def test_a_glossed_target_question_or_anothers_value_is_no_result(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, THU), "test_result") == []


# --- a weight off another person's scale --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("My granddaughter made me get on her new scale this morning, 81 kilos.", 81.0, "kg"),
        ("My son had me step on his bathroom scale yesterday: 176 pounds.", 176.0, "pounds"),
        ("I got on my sister's scale at lunch, 64 kg.", 64.0, "kg"),
        ("Stood on my neighbour's fancy scales after tea, 90 kilos.", 90.0, "kg"),
        ("My wife talked me into standing on her scale, 12 stone.", 12.0, "stone"),
    ],
)
def test_a_weight_off_another_persons_scale_is_the_speakers(
    text: str, value: float, unit: str, snapshot: DictionarySnapshot
) -> None:
    weights = of_type(grounded_records(text, snapshot, THU), "body_measurement")
    assert weights == [{"kind": "weight", "value": value, "unit": unit}]


@pytest.mark.parametrize(
    "text",
    [
        "My husband got on his scale this morning, 90 kilos.",  # his weight
        "My wife got on her mum's scale, 60 kg.",  # hers
        "Did you get on his scale? 80 kg?",  # a question to someone else
    ],
)
def test_another_persons_weight_on_their_scale_is_not_the_speakers(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, THU), "body_measurement") == []


# --- a complaint after "I've just had" ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Apart from that I've just had a scratchy throat since Tuesday, nothing much.", "sore throat"),
        ("I've also picked up a runny nose since the weekend.", "runny nose"),
        ("I have recently developed a headache most mornings.", "headache"),
        ("Otherwise I've only had a bit of a cough, nothing a lozenge can't fix.", "cough"),
        ("I've really been having a sore throat since the weekend.", "sore throat"),
    ],
)
def test_a_complaint_after_a_have_verb_with_an_adverb_is_a_symptom(
    text: str, name: str, snapshot: DictionarySnapshot
) -> None:
    assert [f["name"] for f in of_type(grounded_records(text, snapshot, THU), "symptom")] == [name]


@pytest.mark.parametrize(
    "text",
    [
        "My son has just had a sore throat since Monday.",  # his
        "I've never really had a sore throat.",  # denied
        "Have I just had a sore throat for a week?",  # a question
    ],
)
def test_anothers_denied_or_asked_complaint_is_no_symptom(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, THU), "symptom") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I've had a tickly throat since Sunday, nothing major.", "sore throat"),
        ("Bit of a rough throat this morning.", "sore throat"),
        ("Woke up with a streaming nose again.", "runny nose"),
        ("I've got achy muscles after the weekend.", "muscle pain"),
        ("My voice has gone all gravelly, I've had a gravelly voice since Friday.", "hoarseness"),
    ],
)
def test_a_minor_complaint_said_with_a_lay_adjective_is_its_symptom(
    text: str, name: str, snapshot: DictionarySnapshot
) -> None:
    assert name in [f["name"] for f in of_type(grounded_records(text, snapshot, THU), "symptom")]


# --- exercise by its content and length ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "activity", "minutes"),
    [
        ("Did my first session at the new box on Monday, thirty minutes of all-out sprints.", "all-out sprints", 30.0),
        ("Half an hour of intervals on the bike this morning, absolutely wrecked.", "intervals", 30.0),
        ("I put in forty-five minutes of circuits yesterday.", "circuits", 45.0),
        ("My trainer had me do twenty minutes of burpees on Monday.", "burpees", 20.0),
        ("Tried the class at the leisure centre: an hour of heavy squats and rowing.", "heavy squats and rowing", 60.0),
    ],
)
def test_training_said_by_its_content_and_length_is_exercise(
    text: str, activity: str, minutes: float, snapshot: DictionarySnapshot
) -> None:
    exercise = of_type(grounded_records(text, snapshot, THU), "exercise")
    assert [(f["activity"], f.get("duration_min")) for f in exercise] == [(activity, minutes)]


@pytest.mark.parametrize(
    "text",
    [
        "My son does forty minutes of sprints every day.",  # his
        "I spent twenty minutes of waiting at the pharmacy.",  # no training
        "Should I try twenty minutes of intervals?",  # a question
    ],
)
def test_anothers_training_a_wait_or_a_question_is_no_exercise(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, THU), "exercise") == []


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("My sister and I walked along the river this morning, forty minutes or so.", 40.0),
        ("I walked the dog for an hour or so this morning.", 60.0),
        ("We cycled to the lake and back, ninety minutes give or take.", 90.0),
    ],
)
def test_a_length_said_with_or_so_is_the_duration(minutes: float, text: str, snapshot: DictionarySnapshot) -> None:
    exercise = of_type(grounded_records(text, snapshot, THU), "exercise")
    assert [f.get("duration_min") for f in exercise] == [minutes]


# --- times --------------------------------------------------------------------------------------------------------


def _times(text: str, snapshot: DictionarySnapshot, record_type: str) -> list[str | None]:
    return [r.time_text for r in extract(text, snapshot, mention=THU).records if r.type == record_type]


@pytest.mark.parametrize(
    ("text", "when"),
    [
        ("The surgeon wants me off the Plavix for five days before the op, so I haven't taken it since Sunday.",
         "since Sunday"),
        ("I'm meant to be off the warfarin for a week, and I haven't had any since Monday.", "since Monday"),
        ("Off the aspirin for ten days, doctor's orders, haven't taken it since Tuesday.", "since Tuesday"),
    ],
)
def test_a_stop_is_dated_by_its_since_not_by_a_length(text: str, when: str, snapshot: DictionarySnapshot) -> None:
    assert _times(text, snapshot, "regimen_change") == [when]


@pytest.mark.parametrize(
    ("text", "record_type", "when"),
    [
        ("My wife found me on the bathroom floor yesterday morning. I must have fainted for a minute or two.",
         "symptom", "yesterday morning"),
        ("Joined the gym and did my first class on Tuesday, forty minutes of flat-out intervals.", "exercise",
         "on Tuesday"),
        ("It happened this afternoon in the garden. I passed out for a few seconds.", "symptom", "this afternoon"),
    ],
)
def test_a_length_gives_way_to_a_time_that_places_the_event(
    text: str, record_type: str, when: str, snapshot: DictionarySnapshot
) -> None:
    assert _times(text, snapshot, record_type) == [when]


def test_a_length_with_no_placed_time_still_dates_nothing_else(snapshot: DictionarySnapshot) -> None:
    assert _times("I walked for 30 minutes yesterday.", snapshot, "exercise") == ["yesterday"]


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("Didn't take the metformin Saturday or Sunday.", "2020-02-22", "2020-02-23"),
        ("I skipped it on Saturday and Sunday.", "2020-02-22", "2020-02-23"),
        ("I missed Sunday and Monday, I forgot.", "2020-02-23", "2020-02-24"),
    ],
)
def test_two_weekdays_in_a_past_clause_are_the_days_between(text: str, start: str, end: str) -> None:
    assert [(r.kind, r.start, r.end) for r in resolve_all(text, THU)] == [("interval", start, end)]


@pytest.mark.parametrize(
    "text", ["The clinic is open Monday and Friday.", "the clinic is open from Monday to Friday"]
)
def test_two_weekdays_without_a_past_are_no_interval(text: str) -> None:
    assert [r.kind for r in resolve_all(text, THU)] == []


def test_a_future_pair_is_no_past_interval() -> None:
    assert [r.kind for r in resolve_all("I will go Saturday or Sunday.", THU)] != ["interval"]


# --- a condition said with a vague head ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Funny thing, the chronic sinus problems I had for years just went away.", "chronic sinusitis"),
        ("My chronic sinus issues have cleared up completely.", "chronic sinusitis"),
        ("And my sinus trouble seems to be a thing of the past.", "sinus trouble"),  # unspecified: as said
    ],
)
def test_a_specific_condition_said_with_a_vague_head_is_named_by_its_display(
    text: str, name: str, snapshot: DictionarySnapshot
) -> None:
    assert [f["name"] for f in of_type(grounded_records(text, snapshot, THU), "condition")] == [name]


# --- a distance before the noun, a kind of yoga, a weight before its scale ----------------------------------------


@pytest.mark.parametrize(
    ("text", "distance", "unit"),
    [
        ("Went for a 5 km run along the canal this morning with a friend.", 5.0, "km"),
        ("I went for a 3-mile walk after lunch.", 3.0, "mi"),
        ("We had a quick 10k jog on Sunday.", 10.0, "km"),
    ],
)
def test_a_distance_said_before_the_noun_is_the_distance(
    text: str, distance: float, unit: str, snapshot: DictionarySnapshot
) -> None:
    exercise = of_type(grounded_records(text, snapshot, THU), "exercise")
    assert [(f.get("distance"), f.get("unit")) for f in exercise] == [(distance, unit)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("My flatmate and I do hot yoga two evenings a week now.", True),
        ("I did chair yoga at the community centre this morning.", True),
        ("My wife does hot yoga on Tuesdays.", False),  # hers
    ],
)
def test_a_kind_of_yoga_done_by_the_speaker_is_exercise(text: str, found: bool, snapshot: DictionarySnapshot) -> None:
    exercise = of_type(grounded_records(text, snapshot, THU), "exercise")
    assert [f["activity"] for f in exercise] == (["yoga"] if found else [])


@pytest.mark.parametrize(
    ("text", "value", "found"),
    [
        ("The screening van was at work yesterday, and I was 75.8 kilos on their scale.", 75.8, True),
        ("I'm 90 kg according to the gym scales.", 90.0, True),
        ("The hotel scale on this trip read 93 kg, blame the buffet.", 93.0, True),
        ("My husband was 90 kilos on the scale.", 90.0, False),  # his
    ],
)
def test_a_weight_said_before_its_scale_is_the_speakers(
    text: str, value: float, found: bool, snapshot: DictionarySnapshot
) -> None:
    weights = of_type(grounded_records(text, snapshot, THU), "body_measurement")
    assert [f["value"] for f in weights] == ([value] if found else [])
