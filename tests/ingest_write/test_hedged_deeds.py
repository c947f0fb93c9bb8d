"""The write path reads a hedge on the speaker's own deed as the deed and quotes the words as written
(:mod:`app.ingest.narrative.memory_hedges`); a guess at an illness stays unrecorded."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime

from app.db.client import GraphClient
from app.dictionary import DictionarySnapshot
from app.ingest.write_path import process_turn
from app.users.service import ensure_self

AT = datetime(2021, 3, 10, 18, 0, tzinfo=UTC)


def test_a_hedged_procedure_is_recorded_quoted_with_its_hedge(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="female", birth_date=date(1990, 6, 1))
    text = "Good morning. I may have had a colonoscopy in april of last year, I only mention it so it is on file."
    turn = process_turn(client, user_id, text, AT, snapshot=snapshot, clock=clock)
    procedures = [r for r in turn.records if r.type == "surgery_history"]
    assert [r.fields.get("procedure") for r in procedures] == ["colonoscopy"]
    quote = procedures[0].quote or ""
    assert quote in text and "may have had" in quote


def test_a_guessed_stroke_is_not_recorded(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="male", birth_date=date(1950, 6, 1))
    turn = process_turn(client, user_id, "I may have had a stroke last week", AT, snapshot=snapshot, clock=clock)
    assert [r for r in turn.records if r.type == "condition"] == []
