"""A gold condition or allergy stated without a status (issue #6 has no denial status) takes the status its quote
states, by the write path's own rules; a stated status is never changed, and a quote about another name gives
none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.reconcile.grounding import ground_statement
from app.reconcile.models import Statement

AT = datetime(2021, 3, 10, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("record_type", "fields", "quote", "status"),
    [
        ("condition", {"name": "hypertension"}, "I really don't have high blood pressure.", "denied"),
        ("condition", {"name": "sinus infection"}, "The sinus infection is gone, cleared up a week ago.", "resolved"),
        ("allergy", {"substance": "eggs"}, "My chart says I'm allergic to eggs. I'm not, never have been.", "denied"),
        ("condition", {"name": "gout"}, "The doctor says it's gout in my big toe.", "active"),
        ("condition", {"name": "asthma"}, "I don't have high blood pressure.", None),  # the quote denies another one
    ],
)
def test_a_missing_status_is_read_from_the_quote(
    record_type: str, fields: dict[str, str], quote: str, status: str | None, snapshot: DictionarySnapshot
) -> None:
    grounded = ground_statement(Statement(type=record_type, fields=fields, quote=quote, mention_time=AT), snapshot)
    assert grounded.fields.get("status") == status


def test_a_stated_status_is_kept(snapshot: DictionarySnapshot) -> None:
    said = Statement(
        type="condition", fields={"name": "hypertension", "status": "active"}, quote="I don't have high blood pressure."
    )
    assert ground_statement(said.model_copy(update={"mention_time": AT}), snapshot).fields["status"] == "active"
