"""Hard boundary, associative recall, rehydration and user isolation (real Neo4j, real embeddings)."""

from __future__ import annotations

from app.db.client import GraphClient
from app.db.cypher import Query
from app.retrieval.embedding import embed_pending, embed_query
from app.retrieval.presets import VECTOR_ONLY
from app.retrieval.service import search
from app.users.service import delete_user, ensure_self, user_token
from tests.retrieval.conftest import NOW

COUNT_EMBEDDED = Query(
    "test_count_embedded",
    "MATCH (n:Retrievable {user_id: $user_id}) RETURN count(n.embedding) AS embedded, count(n) AS total",
)
FOREIGN_TWIN = Query(
    "test_foreign_twin",
    """
    MATCH (s:Self {user_id: $user_id})
    CREATE (e:ConversationEvent:Retrievable:PendingEmbedding {uid: $user_id + '|twin', user_id: $user_id,
            user_token: $user_token, text: $text,
            search_text: $text, mention_time: datetime()})
    MERGE (s)-[:HAS_EVENT]->(e)
    """,
)


def test_named_absent_drug_gets_empty_result_with_reason(client: GraphClient, seeded_user: str) -> None:
    # The user takes rosuvastatin's neighbour drugs; atorvastatin itself is nowhere in the graph.
    for query in ("did atorvastatin make me dizzy?", "am I taking atorvastatin", "atorvastatin"):
        result = search(client, seeded_user, query, at=NOW)
        assert result.items == []
        assert result.boundary is not None and result.boundary.absent == ["atorvastatin"]
        assert "atorvastatin" in result.boundary.reason.lower()


def test_named_absent_test_gets_empty_result(client: GraphClient, seeded_user: str) -> None:
    result = search(client, seeded_user, "my last ferritin result", at=NOW)
    assert result.items == [] and result.boundary is not None and result.boundary.absent == ["ferritin"]


def test_named_present_drug_is_answered(client: GraphClient, seeded_user: str) -> None:
    result = search(client, seeded_user, "am I taking metformin?", at=NOW)
    assert result.boundary is None
    assert {i.stream for i in result.items} == {"narrative", "clinical"}


def test_associative_recall_fuses_branches_with_scores(client: GraphClient, seeded_user: str) -> None:
    result = search(client, seeded_user, "tell me about the puppy we adopted", at=NOW, k=5)
    assert result.route == "associative"
    top = result.items[0]
    assert top.kind == "conversation_event" and "Biscuit" in top.fields["text"]
    assert top.scores.vector is not None and top.scores.ranks["vector"] == 1
    assert top.scores.fused is not None and top.scores.fused > 0
    assert top.provenance.mention_time is not None


def test_rehydration_reads_fields_not_search_text(client: GraphClient, seeded_user: str) -> None:
    # The newest glucose record's search_text claims "nine hundred ninety nine"; the field says 120.
    result = search(
        client, seeded_user, "glucose reading nine hundred ninety nine", at=NOW, route="associative", k=3
    )
    item = next(i for i in result.items if i.uid.endswith("|g4"))
    assert item.fields["value"] == 120 and item.fields["unit"] == "mg/dL"
    assert "search_text" not in item.fields and "embedding" not in item.fields
    assert item.provenance.quote == "my glucose was 120" and item.provenance.source_id == "utt-g4"
    assert item.provenance.event_start is not None and item.provenance.mention_time is not None
    assert result.goals and result.goals[0]["target"] == "walk 10000 steps a day"


def test_another_users_nearer_vector_never_appears(client: GraphClient, seeded_user: str) -> None:
    other = f"{seeded_user}-other"
    query = "We adopted a golden retriever puppy named Biscuit."
    try:
        ensure_self(client, other)
        client.write(FOREIGN_TWIN, {"user_id": other, "user_token": user_token(other), "text": query})
        assert embed_pending(client, other) == 1
        for preset_result in (
            search(client, seeded_user, query, at=NOW, route="associative", k=50),
            search(client, seeded_user, query, at=NOW, route="associative", k=50, preset=VECTOR_ONLY),
        ):
            assert preset_result.items
            assert all(item.uid.startswith(seeded_user + "|") for item in preset_result.items)
        # and the twin's owner does see it first
        own = search(client, other, query, at=NOW, route="associative", embedder=embed_query)
        assert own.items[0].uid == f"{other}|twin"
    finally:
        delete_user(client, other)


def test_embed_pending_embeds_every_retrievable_node_once(client: GraphClient, seeded_user: str) -> None:
    row = client.read(COUNT_EMBEDDED, {"user_id": seeded_user})[0]
    assert row["embedded"] == row["total"] > 20
    assert embed_pending(client, seeded_user) == 0  # nothing left to do


ADD_SLEEP = Query(
    "test_retrieval_add_sleep",
    """
    MATCH (s:Self {user_id: $user_id})
    CREATE (r:Record:Retrievable:PendingEmbedding {uid: $user_id + '|sleep1', user_id: $user_id,
            user_token: $user_token, type: 'sleep',
            duration_min: 300.0, search_text: 'slept 5 hours', event_start: datetime('2021-06-20T01:00:00Z'),
            status: 'current'})
    MERGE (s)-[:HAS_RECORD]->(r)
    """,
)


def test_a_metric_held_as_narrative_records_is_not_refused(client: GraphClient, seeded_user: str) -> None:
    # "sleep" is also an alias of a lab-style test the user has no result for; their sleep records count.
    before = search(client, seeded_user, "how did I sleep?", at=NOW)
    assert before.boundary is not None
    client.write(ADD_SLEEP, {"user_id": seeded_user, "user_token": user_token(seeded_user)})
    after = search(client, seeded_user, "how did I sleep?", at=NOW)
    assert after.boundary is None
