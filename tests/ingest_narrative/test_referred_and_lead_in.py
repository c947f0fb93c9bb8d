"""Fourth round of general wordings (issue #6): an action said of a drug named earlier, a time set by
a lead-in sentence, classes and dropped subjects, reported diagnoses and prescriptions, brand insulin,
speech trouble seen by a relative, and small talk about the weather; each with near misses."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.gate import decide_retain
from app.ingest.narrative.rules_extractor import extract


def _typed(text: str, snapshot: DictionarySnapshot, mention: datetime) -> list[tuple[str, dict[str, Any], str | None]]:
    return [(r.type, dict(r.fields), r.time_text) for r in extract(text, snapshot, mention=mention).records]


@pytest.mark.parametrize(
    ("text", "drug", "time_text"),
    [
        (
            "My daughter read that ginkgo biloba is good for the memory, so I've been taking one capsule every "
            "morning since last Tuesday.",
            "ginkgo biloba",
            "since last Tuesday",
        ),
        ("The pharmacist sold me some melatonin. I took it at 10pm.", "melatonin", "at 10pm"),
    ],
)
def test_an_intake_said_of_a_drug_named_before(
    text: str, drug: str, time_text: str, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert _typed(text, snapshot, mention) == [("medication_intake", {"drug": drug}, time_text)]


def test_a_proposed_drug_not_taken_is_no_intake(snapshot: DictionarySnapshot, mention: datetime) -> None:
    result = extract("My doctor wants me on atorvastatin but I'm not taking it.", snapshot, mention=mention)
    assert result.records == []


def test_a_lead_in_sentence_dates_the_next_one(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = (
        "They had a free cholesterol screening at the pharmacy two days ago. My LDL came out at 92, way lower "
        "than what the lab said."
    )
    assert [(t, f["value"], when) for t, f, when in _typed(text, snapshot, mention)] == [
        ("test_result", 92.0, "two days ago")
    ]
    # "a scary one last night": "one" is no clock hour; the night dates the symptoms that follow
    night = _typed("Scary one last night. Woke up shaking all over.", snapshot, mention)
    assert [(f["name"], when) for _, f, when in night] == [("tremor", "last night")]


def test_the_only_time_of_a_sentence_dates_a_clause_without_one(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    text = "Took my warfarin with dinner and then took another one later, so that's a double dose tonight."
    assert _typed(text, snapshot, mention) == [("medication_intake", {"drug": "warfarin"}, "tonight")]
    # the time belongs to another record's clause: not borrowed
    both = _typed("I stopped metformin, yesterday I felt dizzy.", snapshot, mention)
    assert [(t, when) for t, _, when in both] == [("regimen_change", None), ("symptom", "yesterday")]


@pytest.mark.parametrize(
    ("text", "activity", "minutes"),
    [
        ("I went back to spin class this afternoon and cranked it for 45 minutes.", "spin class", 45.0),
        ("My grandson dragged me to his bootcamp class yesterday.", "bootcamp class", None),
        ("Then walked the dog for about 40 minutes, nice and slow.", "walking", 40.0),
    ],
)
def test_classes_and_a_dropped_subject_are_exercise(
    text: str, activity: str, minutes: float | None, snapshot: DictionarySnapshot, mention: datetime
) -> None:
    (record,) = [f for t, f, _ in _typed(text, snapshot, mention) if t == "exercise"]
    assert (record["activity"], record.get("duration_min")) == (activity, minutes)


def test_someone_elses_class_is_not_exercise(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _typed("My wife went to yoga class.", snapshot, mention) == []


def test_reported_diagnosis_prescription_dose_cut_extraction_and_shot(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    gout = _typed("Went to the walk-in clinic and they said it's gout, gave me colchicine to take.", snapshot, mention)
    assert {(t, f.get("name") or f.get("drug")) for t, f, _ in gout} == {
        ("condition", "gout"),
        ("prescription", "colchicine"),
    }
    halved = _typed("I've been cutting my hydrochlorothiazide in half.", snapshot, mention)
    assert [(f["drug"], f["action"]) for _, f, _ in halved] == [("hydrochlorothiazide", "dose_change")]
    teeth = _typed("Got two wisdom teeth pulled three days ago.", snapshot, mention)
    assert [(t, f) for t, f, _ in teeth] == [("surgery_history", {"procedure": "wisdom tooth extraction"})]
    shot = _typed("I stopped by the travel clinic and got the first hepatitis A shot.", snapshot, mention)
    assert [(t, f) for t, f, _ in shot] == [("clinical_visit", {"kind": "vaccination"})]
    insulin = _typed("I skipped my Humulin shot this morning on purpose.", snapshot, mention)
    assert [(f["drug"], f["action"]) for _, f, _ in insulin] == [("insulin", "skip")]


def test_a_value_read_from_a_visit_and_a_dropped_subject_symptom(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    a1c = _typed("My A1c from the March 28th physical says 6.4.", snapshot, mention)
    assert [(f["loinc"], f["value"], when) for _, f, when in a1c] == [("4548-4", 6.4, "March 28th")]
    headache = _typed("had a little headache this afternoon after math class.", snapshot, mention)
    assert [(t, f["name"], when) for t, f, when in headache] == [("symptom", "headache", "this afternoon")]


def test_speech_trouble_a_relative_noticed_is_the_speakers(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My wife noticed my words were coming out all garbled last night."
    assert [(t, f["name"]) for t, f, _ in _typed(text, snapshot, mention)] == [("symptom", "dysarthria")]
    assert _typed("My son swallowed my metformin.", snapshot, mention) == []  # still another person


def test_people_in_general_are_not_the_speaker(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "The nurse said people on Plavix usually come off it first, so I stopped the clopidogrel last Monday."
    assert [(t, f["drug"], f.get("action")) for t, f, _ in _typed(text, snapshot, mention)] == [
        ("regimen_change", "clopidogrel", "stop")
    ]


@pytest.mark.parametrize(
    "text", ["Morning! Hope your weekend was drier than mine, it poured the whole time.", "It's so hot today."]
)
def test_weather_small_talk_is_not_kept(text: str) -> None:
    assert decide_retain(text).retain is False


def test_weather_with_a_symptom_is_kept(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "It was so hot I felt dizzy."
    assert decide_retain(text, extract(text, snapshot, mention=mention)).retain is True


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My chart says anemia but I've never been anemic in my life.", [("condition", "denied")]),
        (
            "haven't been stuffed up in months and the doctor said last week the chronic sinusitis has cleared up",
            [("condition", "resolved")],
        ),
        (
            "Since last Wednesday I've only been taking the simvastatin every other day.",
            [("regimen_change", "dose_change")],
        ),
        ("I'll only take half of my seizure medicine from now on.", [("regimen_change", "dose_change")]),
        ("Tonight it didn't ease off so I used one puff of my nitroglycerin spray.", [("medication_intake", None)]),
        ("I bruise like a peach on it.", []),
    ],
)
def test_record_talk_clinician_reports_less_often_and_clause_scope(
    text: str, expected: list[tuple[str, str | None]], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    got = [(t, f.get("status") or f.get("action")) for t, f, _ in _typed(text, snapshot, mention)]
    assert got == expected


def test_sleep_by_bed_and_wake_times_a_jog_a_mole_and_a_booster(
    snapshot: DictionarySnapshot, mention: datetime
) -> None:
    sleep = _typed("Went to bed at 12 and woke up at 7:30, pretty solid night.", snapshot, mention)
    assert [(t, when) for t, _, when in sleep] == [("sleep", "Went to bed at 12 and woke up at 7:30")]
    jog = _typed("Did an easy 30 minute jog along the river.", snapshot, mention)
    assert [(t, f.get("duration_min")) for t, f, _ in jog] == [("exercise", 30.0)]
    assert _typed("I had a run-in with my boss.", snapshot, mention) == []
    mole = _typed("The dermatologist cut out a weird-looking mole from my back.", snapshot, mention)
    assert [(t, f) for t, f, _ in mole] == [("surgery_history", {"procedure": "mole removal"})]
    booster = _typed("The urgent care gave me a tetanus booster 2 days ago.", snapshot, mention)
    assert [(t, f, when) for t, f, when in booster] == [("clinical_visit", {"kind": "vaccination"}, "2 days ago")]
    chest = _typed("I keep getting this squeezing pressure in the middle of my chest.", snapshot, mention)
    assert [(t, f["name"]) for t, f, _ in chest] == [("symptom", "chest pain")]


def test_a_sentence_looking_back_dates_the_one_before(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "I'll only take half of my seizure medicine from now on. We started doing that 5 days ago."
    assert [when for _, _, when in _typed(text, snapshot, mention)] == ["5 days ago"]
    chest = "I keep getting a squeezing pressure in my chest on the stairs. Started about 3 days ago."
    assert [when for _, _, when in _typed(chest, snapshot, mention)] == ["about 3 days ago"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "The water pill had me dashing to the loo, so I've left it off for the past week.",
            ("hydrochlorothiazide", "stop"),
        ),
        (
            "She said that's the amlodipine for sure, so I've been cutting the 5 mg tablet in half.",
            ("amlodipine", "dose_change"),
        ),
        ("I already gave up on the statin.", ("statin", "stop")),
        ("I didn't bother with my Humulin last night.", ("insulin", "skip")),
        ("ive been skipping my tegretol at bedtime since last tuesday.", ("carbamazepine", "skip")),
    ],
)
def test_more_regimen_changes(
    text: str, expected: tuple[str, str], snapshot: DictionarySnapshot, mention: datetime
) -> None:
    assert [(f["drug"], f["action"]) for _, f, _ in _typed(text, snapshot, mention)] == [expected]


def test_a_drug_named_in_a_plan_is_not_the_drug(snapshot: DictionarySnapshot, mention: datetime) -> None:
    assert _typed("I gave up on the metformin diet plan.", snapshot, mention) == []


def test_chart_allergy_denied_after_and_record_talk(snapshot: DictionarySnapshot, mention: datetime) -> None:
    text = "My chart says I'm allergic to shellfish and I'm really not."
    assert [f for _, f, _ in _typed(text, snapshot, mention)] == [
        {"substance": "shellfish", "substance_kind": "food", "status": "denied"}
    ]
    assert _typed("My chart says I'm allergic to latex.", snapshot, mention) == []
    kept = _typed("I'm allergic to penicillin but I'm not sure how bad.", snapshot, mention)
    assert [f.get("status") for _, f, _ in kept] == [None]


def test_more_exercise_surgery_symptoms_and_a_long_lead_in(snapshot: DictionarySnapshot, mention: datetime) -> None:
    crossfit = _typed("My granddaughter dragged me along to do CrossFit with her this afternoon.", snapshot, mention)
    assert [(f["activity"], when) for _, f, when in crossfit] == [("crossfit", "this afternoon")]
    rowing = _typed("I went rowing on the machine, flat out for half an hour.", snapshot, mention)
    assert [(f["activity"], f["duration_min"]) for _, f, _ in rowing] == [("rowing", 30.0)]
    cataract = _typed("They did my cataract surgery on the right eye two days ago.", snapshot, mention)
    assert [f["procedure"] for _, f, _ in cataract] == ["cataract surgery"]
    chest = _typed("I'm sitting on the edge of the bed with chest pain.", snapshot, mention)
    assert [f["name"] for _, f, _ in chest] == ["chest pain"]
    text = (
        "Gave me a proper fright this afternoon. I'd done my insulin shot and forgot about lunch. "
        "Next thing I've got shakiness all through my hands."
    )
    assert [(f["name"], when) for _, f, when in _typed(text, snapshot, mention)] == [("tremor", "this afternoon")]


@pytest.mark.parametrize(
    "text",
    [
        "Ok gotta run, thanks!",
        "Okay. Thanks for listening, you're a patient one.",
        "haha anyway how's your monday going",
        "Morning. Bit of a grey one out there.",
        "Hello dear, it's Eura.",
        "hi its me again",
    ],
)
def test_more_small_talk_is_not_kept(text: str) -> None:
    assert decide_retain(text).retain is False


def test_round_six_wordings(snapshot: DictionarySnapshot, mention: datetime) -> None:
    pill = _typed("I still took my thyroid pill at 6 this morning with a glass of water.", snapshot, mention)
    assert [(t, f["drug"]) for t, f, _ in pill] == [("medication_intake", "levothyroxine")]  # "at 6" is no value
    surprised = _typed(
        "They had a cholesterol screening at work yesterday and my LDL came out at 178??", snapshot, mention
    )
    assert [(f["value"], when) for _, f, when in surprised] == [(178.0, "yesterday")]
    assert extract("Should I stop the metformin?", snapshot, mention=mention).records == []
    race = _typed("Celebrated by running a 10 km race this morning.", snapshot, mention)
    assert [f for _, f, _ in race] == [{"activity": "running", "distance": 10.0, "unit": "km"}]
    oats = _typed("Had a huge bowl of oatmeal this morning before work.", snapshot, mention)
    assert [f for _, f, _ in oats] == [{"food": "oatmeal", "kind": "meal"}]
    night = _typed("Woke up around 3 last night absolutely drenched in sweat and shaky all over.", snapshot, mention)
    assert [f["name"] for _, f, _ in night] == ["sweating", "tremor"]
    dose = _typed("Last night I ended up taking 10 mg of my warfarin instead of the usual 5.", snapshot, mention)
    assert [f for _, f, _ in dose] == [{"drug": "warfarin", "dose": 10.0, "unit": "mg"}]
    visit = _typed("The nurse rang about the bloodwork from my March 28th checkup. A1c was 6.4.", snapshot, mention)
    expected = [("clinical_visit", "March 28th"), ("test_result", "March 28th")]
    assert sorted((t, when) for t, _, when in visit) == expected


def test_round_seven_wordings(snapshot: DictionarySnapshot, mention: datetime) -> None:
    stopped = _typed("i havent took my tegretol since last wednesday", snapshot, mention)
    assert [(f["drug"], f["action"]) for _, f, _ in stopped] == [("carbamazepine", "stop")]
    told = _typed("I want to tell that I am not taking the water pill since last Saturday.", snapshot, mention)
    assert [(t, f.get("action")) for t, f, _ in told] == [("regimen_change", "stop")]  # no goal "to tell ..."
    shots = _typed("I have skipped my Humulin shots since last Tuesday.", snapshot, mention)
    assert [f["action"] for _, f, _ in shots] == ["skip"]
    class_then_drug = _typed("I stopped my cholesterol pill, the simvastatin, about 2 weeks ago.", snapshot, mention)
    assert [(f["drug"], when) for _, f, when in class_then_drug] == [("simvastatin", "about 2 weeks ago")]
    hill = _typed("This afternoon I raced my grandson up the big hill in the park, flat out.", snapshot, mention)
    assert [f["activity"] for t, f, _ in hill if t == "exercise"] == ["hill sprints"]
    breakfast = _typed("Breakfast was porridge with a sliced banana.", snapshot, mention)
    assert [f["food"] for _, f, _ in breakfast] == ["porridge with a sliced banana"]
    cataract = _typed("Had the cataract taken out of my right eye last week.", snapshot, mention)
    assert [f["procedure"] for _, f, _ in cataract] == ["cataract surgery"]
    bp = _typed("Sat at the drugstore blood pressure machine this morning. 158 over 92.", snapshot, mention)
    assert [(f["systolic"], f["diastolic"]) for _, f, _ in bp] == [(158.0, 92.0)]
    eggs = _typed("My chart says I'm allergic to eggs. I'm not, never have been.", snapshot, mention)
    assert [f.get("status") for _, f, _ in eggs] == ["denied"]
    anemic = _typed("The portal says anemia. I have never been anemic.", snapshot, mention)
    assert [f for _, f, _ in anemic] == [{"name": "anemia", "status": "denied"}]


def test_round_eight_wordings(snapshot: DictionarySnapshot, mention: datetime) -> None:
    gout = _typed("I look at my file and it say gout. I never have the gout in my life.", snapshot, mention)
    assert [f for _, f, _ in gout] == [{"name": "gout", "status": "denied"}]
    hiding = _typed(
        "i hate the tegretol pills. so ive been hiding them in my sock drawer since last sunday", snapshot, mention
    )
    assert [(f["drug"], f["action"]) for _, f, _ in hiding] == [("carbamazepine", "stop")]
    peanuts = _typed("why does my chart say im allergic to peanuts?? im literally not.", snapshot, mention)
    assert [f.get("status") for _, f, _ in peanuts] == ["denied"]
    finished = _typed("My chronic sinusitis is finished.", snapshot, mention)
    assert [f["status"] for _, f, _ in finished] == ["resolved"]
    dizzy = _typed("About an hour after supper I came over all dizzy and sweaty.", snapshot, mention)
    assert [f["name"] for _, f, _ in dizzy] == ["dizziness", "sweating"]
    snow = _typed("First proper snowfall yesterday and I cleared the whole driveway by myself.", snapshot, mention)
    assert [(f["activity"], when) for _, f, when in snow] == [("snow shoveling", "yesterday")]
    assert _typed("I cleared the path of toys.", snapshot, mention) == []
    assert decide_retain("Thank you kindly, good night.").retain is False


def test_round_nine_wordings(snapshot: DictionarySnapshot, mention: datetime) -> None:
    chest = _typed("i woke up at 6:30 this morning with chest pain, like a weight in the middle.", snapshot, mention)
    assert [(f["name"], when) for t, f, when in chest if t == "symptom"] == [("chest pain", "at 6:30 this morning")]
    neck = _typed("Only complaint is a stiff neck today.", snapshot, mention)
    assert [f["name"] for _, f, _ in neck] == ["neck pain"]
    stopped = _typed("stopped simvastatin 2 wks ago. leg cramps at night.", snapshot, mention)
    assert [when for t, _, when in stopped if t == "regimen_change"] == ["2 wks ago"]
    a1c = _typed("They did the finger prick for the A1C yesterday. It came out 7.9%.", snapshot, mention)
    assert [(f["loinc"], f["value"]) for _, f, _ in a1c] == [("4548-4", 7.9)]
    half = _typed("my tegretol makes me sleepy. we started doing half since last sunday.", snapshot, mention)
    assert [(f["drug"], f.get("action")) for t, f, _ in half if t == "regimen_change"] == [
        ("carbamazepine", "dose_change")
    ]
    spin = _typed("Back at spin class today! I went flat out for the whole 50 minutes.", snapshot, mention)
    assert [(f["activity"], f.get("duration_min")) for _, f, _ in spin] == [("spin class", 50.0)]
    dairy = _typed("I am not allergic to dairy in the slightest.", snapshot, mention)
    assert [f["substance"] for _, f, _ in dairy] == ["dairy"]
    assert decide_retain("hey you there? it's me again haha").retain is False


def test_round_ten_wordings(snapshot: DictionarySnapshot, mention: datetime) -> None:
    water = _typed(
        "the water pill I have not taken for the past week. Too many trips. I stopped it, I will restart later.",
        snapshot,
        mention,
    )
    assert [(f["drug"], f["action"]) for _, f, _ in water] == [("hydrochlorothiazide", "stop")]
    held = _typed("My dentist told me to hold my Coumadin, so I haven't taken it since last Monday.", snapshot, mention)
    # a hold that goes on since a day is a stop (round 25: the hold verb after "to" governs the drug)
    assert [(f["drug"], f["action"], when) for _, f, when in held] == [("warfarin", "stop", "since last Monday")]
    assert _typed("My doctor wants me on atorvastatin but I'm not taking it.", snapshot, mention) == []
    crossfit = _typed("did a brutal crossfit class this morning, max effort deadlifts.", snapshot, mention)
    assert [f["activity"] for _, f, _ in crossfit] == ["crossfit class"]
    chart = _typed("Whoever put a shellfish allergy in my chart got it wrong.", snapshot, mention)
    assert [f.get("status") for _, f, _ in chart] == ["denied"]
    a1c = _typed("The pharmacy had an A1c machine yesterday so I did it. Came out 6.2.", snapshot, mention)
    assert [(f["loinc"], f["value"]) for _, f, _ in a1c] == [("4548-4", 6.2)]
    rock = _typed("slept like a rock from 10 till 6", snapshot, mention)
    assert [t for t, _, _ in rock] == ["sleep"]
    scope = _typed("Finally got my first colonoscopy done on August 12th.", snapshot, mention)
    assert [f["procedure"] for _, f, _ in scope] == ["colonoscopy"]


def test_round_eleven_wordings(snapshot: DictionarySnapshot, mention: datetime) -> None:
    hiit = _typed("Yesterday I did the hardest HIIT workout of my life, 45 minutes of sprints.", snapshot, mention)
    assert [(f["activity"], f.get("duration_min")) for _, f, _ in hiit] == [("hiit workout", 45.0)]
    dated = _typed("My A1c on March 19th was 6.1, the nurse said that was fine.", snapshot, mention)
    assert [(f["value"], when) for _, f, when in dated] == [(6.1, "March 19th")]
    chest = _typed("I was carrying the laundry up this afternoon and got chest pain.", snapshot, mention)
    assert [f["name"] for _, f, _ in chest] == ["chest pain"]
    mine = _typed("The church had a cholesterol booth at the health fair and mine came out 262.", snapshot, mention)
    assert [(f["loinc"], f["value"]) for _, f, _ in mine] == [("2093-3", 262.0)]
    for text in (
        "ok thank you dear, you're very patient with me",
        "lol ok ok I hear you",
        "Lovely sunny day here for once.",
    ):
        assert decide_retain(text).retain is False, text
