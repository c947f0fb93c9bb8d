"""Round 26a: a condition over after a relative clause of its effect on the speaker, a fracture told with its verb
("I'd broken my wrist"), and a sore part taken back by "it" in an answer fragment."""

from __future__ import annotations

from datetime import datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime.fromisoformat("2021-03-29T10:00:00-05:00")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The eczema that had bothered me since my teens finally cleared up in the spring.", "eczema"),
        ("The hay fever that has dogged me every summer vanished this year.", "hay fever"),
        ("The gout that had crippled me all winter went away after the new pills.", "gout"),
        ("My psoriasis, which has troubled me for years, has cleared up.", "psoriasis"),
        ("My sinus infection that dragged on all winter finally cleared up.", "sinus infection"),
    ],
)
def test_condition_over_after_its_effect(text: str, name: str, snapshot: DictionarySnapshot) -> None:
    conditions = of_type(grounded_records(text, snapshot, AT), "condition")
    assert {"name": name, "status": "resolved"} in conditions


@pytest.mark.parametrize(
    "text",
    [
        "The eczema that has plagued my sister for years finally cleared up.",
        "The rash that spread to my husband has cleared up.",
        "The sinusitis that has plagued me for years hasn't cleared up.",
        "My psoriasis, which has troubled me for years, hasn't cleared up.",
    ],
)
def test_condition_not_over(text: str, snapshot: DictionarySnapshot) -> None:
    conditions = of_type(grounded_records(text, snapshot, AT), "condition")
    assert all(c.get("status") != "resolved" for c in conditions)


@pytest.mark.parametrize(
    "text",
    [
        "I broke my wrist last week falling off a ladder.",
        "The x-ray at urgent care showed I'd fractured my ankle.",
        "I fell in the garden and the hospital said I broke my hip.",
        "After I slipped on the ice the A&E doctor told me on Monday that I'd broken my arm.",
    ],
)
def test_fracture_told_with_its_verb(text: str, snapshot: DictionarySnapshot) -> None:
    conditions = of_type(grounded_records(text, snapshot, AT), "condition")
    assert any(c.get("status") == "active" for c in conditions)


@pytest.mark.parametrize(
    "text",
    [
        "My son broke his wrist at football.",
        "I didn't break my wrist, it's just a sprain.",
        "The doctor said I hadn't broken my wrist, just sprained it.",
        "Did I break my wrist?",
    ],
)
def test_fracture_not_the_speakers(text: str, snapshot: DictionarySnapshot) -> None:
    conditions = of_type(grounded_records(text, snapshot, AT), "condition")
    assert all(c.get("status") != "active" for c in conditions)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Only my back, it's been stiff since the weekend.", "back pain"),
        ("My right knee - it's been aching since Monday.", "knee pain"),
        ("Mostly my neck, it was sore all day yesterday.", "neck pain"),
        ("My throat, it's been scratchy since Sunday.", "sore throat"),
        ("Just my right shoulder, it's been sore since Monday.", "shoulder pain"),
    ],
)
def test_sore_part_taken_back_by_it(text: str, name: str, snapshot: DictionarySnapshot) -> None:
    names = [s["name"] for s in of_type(grounded_records(text, snapshot, AT), "symptom")]
    assert name in names


@pytest.mark.parametrize(
    "text",
    [
        "My husband's knee, it's been sore since Thursday.",
        "My knee, it isn't sore anymore.",
        "Is it my knee, it's been sore?",
    ],
)
def test_sore_part_not_told(text: str, snapshot: DictionarySnapshot) -> None:
    assert of_type(grounded_records(text, snapshot, AT), "symptom") == []
