"""Round 26a: procedures said with a place on the agent, a clinician's name for it, a bare site surgery or "got
... done"; vaccinations told as received around the vaccine phrase (relative clause, taken back by "it")."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime.fromisoformat("2021-03-29T10:00:00-05:00")


@pytest.mark.parametrize(
    ("text", "procedure"),
    [
        ("The ENT at the day clinic did a septoplasty on me in May.", "septoplasty"),
        ("My surgeon at the county hospital performed a cholecystectomy last spring.", "cholecystectomy"),
        ("In March the ENT went in and widened my sinuses, a balloon sinuplasty she called it.", "balloon sinuplasty"),
        ("I had sinus surgery back in the autumn.", "sinus surgery"),
        ("I underwent emergency bowel surgery last year.", "bowel surgery"),
        ("I finally had keyhole knee surgery in June.", "knee surgery"),
        ("Got the wisdom tooth extraction done last Friday.", "wisdom tooth extraction"),
        ("I had my hip replacement done in May.", "hip replacement"),
        ("I had an arthroscopy on my left knee last month.", "knee arthroscopy"),
        ("I underwent an arthroscopy of the right shoulder in May.", "shoulder arthroscopy"),
    ],
)
def test_procedure_told_done(text: str, procedure: str, snapshot: DictionarySnapshot) -> None:
    procedures = [f["procedure"] for f in of_type(grounded_records(text, snapshot, AT), "surgery_history")]
    assert procedure in procedures


@pytest.mark.parametrize(
    "text",
    [
        "My husband had sinus surgery in the autumn.",
        "I never had sinus surgery.",
        "The ENT wants to do a balloon sinuplasty next month.",
        "Should I get the wisdom tooth extraction done before the trip?",
        "I'm going to have the hernia repair done in June.",
    ],
)
def test_procedure_not_done(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "surgery_history") == []


@pytest.mark.parametrize(
    "text",
    [
        "The flu jab the nurse gave me on Monday made my arm ache.",
        "The covid booster they gave me at the clinic knocked me out for a day.",
        "The nurse offered me the pneumonia vaccine at my check-up and I had it there and then.",
        "The chemist was doing the flu jab, so I got it done on the way home.",
        "The pharmacy had the covid booster in stock, so I went for it.",
        "Only the flu one. My GP did it last week.",
        "Just the tetanus one. The practice nurse gave it to me on Friday.",
        "The pharmacy was doing walk-in covid boosters so I got one.",
    ],
)
def test_vaccination_told_received(text: str, snapshot: DictionarySnapshot) -> None:
    visits = of_type(grounded_records(text, snapshot, AT), "clinical_visit")
    assert {"kind": "vaccination"} in visits


@pytest.mark.parametrize(
    "text",
    [
        "The nurse offered me the pneumonia vaccine but I didn't have it.",
        "The pharmacist offered me the shingles vaccine, should I have it?",
        "The pharmacist offered me the flu jab and I'll have it next week.",
        "My husband got his flu jab last week.",
        "Is the covid booster they gave me supposed to hurt this much?",
    ],
)
def test_vaccination_not_received(text: str, snapshot: DictionarySnapshot) -> None:
    visits = of_type(grounded_records(text, snapshot, AT), "clinical_visit")
    assert {"kind": "vaccination"} not in visits
