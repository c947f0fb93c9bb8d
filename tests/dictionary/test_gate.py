"""The alias gate: exact hits admit, near misses are refused and queued, accepted aliases admit."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.db.client import GraphClient, Tx
from app.db.cypher import Query
from app.dictionary import DictionarySnapshot, load_snapshot
from app.dictionary import queries as q
from app.dictionary.gate import MAX_EXAMPLES, AliasGate, mask_quote, queue_refusals

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

DELETE_CANDIDATES = Query(
    "test_delete_candidates", "UNWIND $uids AS uid MATCH (c:Candidate {uid: uid}) DELETE c"
)


@pytest.fixture
def created(client: GraphClient) -> Iterator[list[str]]:
    uids: list[str] = []
    yield uids
    client.write(DELETE_CANDIDATES, {"uids": uids})


def get(client: GraphClient, uid: str) -> dict[str, object] | None:
    rows = client.read(q.GET_CANDIDATES, {"uids": [uid]})
    return rows[0] if rows else None


@pytest.mark.parametrize(
    ("kind", "name", "key"),
    [
        ("test", "HbA1c", "hba1c"),
        ("test", "sugar average", "hba1c"),
        ("test", "Glycated Haemoglobin", "hba1c"),
        ("test", "bad cholesterol", "ldl_cholesterol"),
        ("test", "eGFR", "egfr"),
        ("drug", "Lipitor", "atorvastatin"),
        ("drug", "metfromin", "metformin"),
        ("drug", "baby aspirin", "aspirin"),
        ("condition", "sugar diabetes", "type_2_diabetes"),
        ("condition", "High Blood Pressure", "hypertension"),
        ("symptom", "short of breath", "shortness_of_breath"),
    ],
)
def test_exact_alias_hits_admit(dictionary: DictionarySnapshot, kind: str, name: str, key: str) -> None:
    decision = AliasGate(dictionary).check(kind, name)  # type: ignore[arg-type]
    assert decision.admitted and decision.reason == "exact_alias"
    assert decision.entry is not None and decision.entry.key == key


def test_near_miss_is_refused_with_suggestions_and_queued(
    client: GraphClient, dictionary: DictionarySnapshot, created: list[str]
) -> None:
    gate = AliasGate(dictionary)
    name = f"hemoglobin a1 c {uuid.uuid4().hex[:8]}"
    decision = gate.check_and_queue(client, "test", name, quote=f"my {name} was 7.9 on 3/4", now=NOW)
    created.append(decision.candidate_uid)
    assert not decision.admitted and decision.entry is None and decision.reason == "no_exact_alias"
    assert decision.suggestions[0] == "hba1c"
    row = get(client, decision.candidate_uid)
    assert row is not None and row["count"] == 1 and row["kind"] == "test"
    assert row["examples"] == [mask_quote(f"my {name} was 7.9 on 3/4")]
    assert "7.9" not in str(row["examples"])  # values are masked
    assert row["suggestions"][0] == "hba1c"  # type: ignore[index]
    # medications pass the same gate
    drug = gate.check_and_queue(client, "drug", f"lipitorr{uuid.uuid4().hex[:6]}", quote=None, now=NOW)
    created.append(drug.candidate_uid)
    assert not drug.admitted and "atorvastatin" in drug.suggestions


def test_queue_counts_and_caps_examples(
    client: GraphClient, dictionary: DictionarySnapshot, created: list[str]
) -> None:
    gate = AliasGate(dictionary)
    decision = gate.check("drug", f"zz unknown pill {uuid.uuid4().hex[:8]}")
    created.append(decision.candidate_uid)
    quotes = [f"I take it, dose {i} {chr(97 + i)}" for i in range(MAX_EXAMPLES + 3)]
    for i, quote in enumerate(quotes):

        def work(tx: Tx, quote: str = quote, at: datetime = NOW + timedelta(minutes=i)) -> int:
            return queue_refusals(tx, [(decision, quote)], now=at, version=dictionary.version)

        client.write_transaction(work, name="test_queue")
    row = get(client, decision.candidate_uid)
    assert row is not None and row["count"] == len(quotes)
    assert len(row["examples"]) == MAX_EXAMPLES  # type: ignore[arg-type]
    assert str(row["first_seen"]).startswith("2026-11-30T09:00") and str(row["last_seen"]).startswith(
        "2026-11-30T09:07"
    )


def test_admitted_names_are_not_queued(client: GraphClient, dictionary: DictionarySnapshot) -> None:
    decision = AliasGate(dictionary).check_and_queue(client, "test", "A1c", quote="A1c 7.1", now=NOW)
    assert decision.admitted
    assert get(client, "test:a1c") is None


def test_accepted_alias_is_admitted_after_reload(
    client: GraphClient, dictionary: DictionarySnapshot, data_copy: Path, created: list[str]
) -> None:
    utterance_name = f"sugar score {uuid.uuid4().hex[:6]}"
    before = AliasGate(dictionary).check_and_queue(
        client, "test", utterance_name, quote="sugar score 6", now=NOW
    )
    created.append(before.candidate_uid)
    assert not before.admitted and get(client, before.candidate_uid) is not None
    # accept it offline: add the alias, rebuild (a new version)
    with (data_copy / "accepted_aliases.csv").open("a", encoding="utf-8") as handle:
        handle.write(f"test,hba1c,{utterance_name},accepted candidate\n")
    rebuilt = load_snapshot(data_copy)
    assert rebuilt.version != dictionary.version
    after = AliasGate(rebuilt).check("test", utterance_name.upper())
    assert after.admitted and after.entry is not None and after.entry.key == "hba1c"
    # loading resolves queued candidates that are now aliases (uid "<kind>:<norm>" == Alias.uid)
    hit = AliasGate(dictionary).check("test", "hba1c")
    queued_as_alias = type(before)(kind="test", norm="hba1c", admitted=False, reason="no_exact_alias")
    assert hit.admitted and queued_as_alias.candidate_uid == "test:hba1c"
    client.write_transaction(
        lambda tx: queue_refusals(tx, [(queued_as_alias, None)], now=NOW, version=dictionary.version),
        name="t",
    )
    resolved = client.write_transaction(lambda tx: tx.run(q.RESOLVE_ACCEPTED_CANDIDATES), name="t")
    assert "test:hba1c" in {row["uid"] for row in resolved}
    assert get(client, "test:hba1c") is None and get(client, before.candidate_uid) is not None
