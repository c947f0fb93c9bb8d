"""A lapse told of "it" in the message after one about a single medicine is a lapse of that medicine, quoted as
written (:mod:`app.ingest.narrative.carried_drugs`); after a message about two medicines, "it" stays unread."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

from app.db.client import GraphClient
from app.dictionary import DictionarySnapshot
from app.ingest.write_path import process_turn
from app.users.service import ensure_self

AT = datetime(2021, 3, 10, 18, 0, tzinfo=UTC)
LAPSE = "to be honest I probably miss it once a week, I take it with my coffee and sometimes just forget"


def _changes(turn: object) -> list[tuple[str, str, str]]:
    return [
        (r.fields["drug"], r.fields["action"], r.quote or "")
        for r in getattr(turn, "records", [])
        if r.type == "regimen_change"
    ]


def test_a_lapse_of_it_after_one_medicine_is_that_medicines_skip(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="female", birth_date=date(1970, 6, 1))
    first = "My endocrinologist bumped the levothyroxine up from 75 to 88 mcg on Monday"
    process_turn(client, user_id, first, AT, snapshot=snapshot, clock=clock)
    turn = process_turn(client, user_id, LAPSE, AT + timedelta(minutes=3), snapshot=snapshot, clock=clock)
    [(drug, action, quote)] = _changes(turn)
    assert (drug, action) == ("levothyroxine", "skip")
    assert quote in LAPSE and "miss it" in quote  # the words as written


def test_it_after_two_medicines_or_none_stays_unread(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="female", birth_date=date(1970, 6, 1))
    alone = process_turn(client, user_id, LAPSE, AT - timedelta(days=3), snapshot=snapshot, clock=clock)
    assert _changes(alone) == []
    both = "they switched me from the warfarin to apixaban on Monday"
    process_turn(client, user_id, both, AT, snapshot=snapshot, clock=clock)
    turn = process_turn(client, user_id, LAPSE, AT + timedelta(minutes=3), snapshot=snapshot, clock=clock)
    assert _changes(turn) == []


def test_a_dose_counted_after_a_message_about_one_medicine_is_that_medicines_intake(
    client: GraphClient, user_id: str, snapshot: DictionarySnapshot, clock: Callable[[], datetime]
) -> None:
    ensure_self(client, user_id, sex="female", birth_date=date(1960, 6, 1))
    first = "At my video appointment last Friday the rheumatologist upped my methotrexate from one tablet to two"
    process_turn(client, user_id, first, AT, snapshot=snapshot, clock=clock)
    second = "Took my two on Saturday like she said. Then yesterday morning I took another two by mistake"
    turn = process_turn(client, user_id, second, AT + timedelta(minutes=3), snapshot=snapshot, clock=clock)
    intakes = [r for r in turn.records if r.type == "medication_intake"]
    assert [r.fields["drug"] for r in intakes] == ["methotrexate", "methotrexate"]
    assert all((r.quote or "") in second for r in intakes)
