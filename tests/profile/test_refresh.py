"""Profile regeneration against the real graph: composition, provenance, the re-ask policy."""

from __future__ import annotations

import re

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

from app.db.client import GraphClient
from app.db.cypher import Query
from app.profile.contract import CONTRACT, ProfileContract, ProfileQuestion
from app.profile.evidence import Evidence, EvidenceItem
from app.profile.regeneration import ProfileRefresher
from app.profile.service import read_profile
from app.profile.store import draws_on_targets, invalidate_fields_drawing_on
from app.profile.synthesis import ChatSynthesizer, ComposerSynthesizer, FieldAnswer
from tests.profile.conftest import NOW

ADD_SLEEP = Query(
    "test_profile_add_sleep",
    """
    MATCH (s:Self {user_id: $u})
    CREATE (r:Record:Retrievable {uid: $u + '|s3', user_id: $u, type: 'sleep', duration_min: 240.0,
            event_start: datetime('2021-06-28T02:00:00Z'), quote: 'slept 4 hours'})
    MERGE (s)-[:HAS_RECORD]->(r)
    """,
)


class CountingComposer:
    """The offline composer, counting how often each field is asked."""

    backend = "composer"

    def __init__(self) -> None:
        self.calls: list[str] = []
        self._inner = ComposerSynthesizer()

    def answer(
        self, question: ProfileQuestion, evidence: Evidence, items: tuple[EvidenceItem, ...]
    ) -> FieldAnswer:
        self.calls.append(question.field)
        return self._inner.answer(question, evidence, items)


@pytest.fixture
def counting() -> CountingComposer:
    return CountingComposer()


@pytest.fixture
def refresher(client: GraphClient, counting: CountingComposer) -> ProfileRefresher:
    return ProfileRefresher(client, counting, clock=lambda: NOW)


def test_offline_profile_is_faithful_and_characterising(
    client: GraphClient, profile_user: str, refresher: ProfileRefresher
) -> None:
    report = refresher.refresh(profile_user)
    assert set(report.reasked) == set(CONTRACT.fields)
    profile = read_profile(client, profile_user)
    texts = {f["field"]: f["text"] for f in profile["fields"]}
    assert len(texts) == 7
    assert texts["who"].startswith("A 45-year-old man living with Diabetes mellitus type 2")
    assert "rose from 110 to 131 mg/dL between March 2021 and June 2021" in texts["physical_state"]
    assert "stopped metformin in May 2021, giving the reason: stomach upset" in texts["trajectory_preference"]
    assert "Allergy to penicillin" in texts["medical_constraints"]
    assert "lose 5 kg" in texts["trajectory_goal"]
    assert "2 nights" in texts["behavioral_state"]
    for field in profile["fields"]:
        assert 20 <= len(field["text"]) <= 700
        assert field["backend"] == "composer"
        assert field["contract_id"] == CONTRACT.contract_id
        assert field["sentences"] and all(
            s["ids"] or field["field"] == "medical_constraints" for s in field["sentences"]
        )
    # no recommendation outside action_items
    for name, text in texts.items():
        if name != "action_items":
            assert not re.search(r"\b(should|recommend|consider)\b", text, re.IGNORECASE), name


def test_every_provenance_id_resolves_to_the_users_nodes(
    client: GraphClient, profile_user: str, refresher: ProfileRefresher
) -> None:
    refresher.refresh(profile_user)
    profile = read_profile(client, profile_user)
    linked = draws_on_targets(client, profile_user)
    for field in profile["fields"]:
        assert set(field["evidence_ids"]) == linked.get(field["field"], set()), field["field"]
    assert any("|Observation|o1" in i for ids in linked.values() for i in ids)


def test_only_changed_fields_are_reasked(
    client: GraphClient, profile_user: str, refresher: ProfileRefresher, counting: CountingComposer
) -> None:
    refresher.refresh(profile_user)
    assert len(counting.calls) == 7
    counting.calls.clear()
    unchanged = refresher.refresh(profile_user)
    assert counting.calls == ["action_items"]
    assert set(unchanged.republished) == set(CONTRACT.fields) - {"action_items"}
    counting.calls.clear()
    client.write(ADD_SLEEP, {"u": profile_user})
    refresher.refresh(profile_user)
    behaviour_fields = {q.field for q in CONTRACT.questions if "behaviours" in q.sections}
    assert "trajectory_goal" not in behaviour_fields
    assert sorted(counting.calls) == sorted(behaviour_fields | {"action_items"})


def test_contract_change_reasks_every_field(
    client: GraphClient, profile_user: str, counting: CountingComposer
) -> None:
    ProfileRefresher(client, counting, clock=lambda: NOW).refresh(profile_user)
    data = CONTRACT.model_dump()
    data["questions"][0]["question"] += " "
    changed = ProfileContract.model_validate(data)
    counting.calls.clear()
    ProfileRefresher(client, counting, contract=changed, clock=lambda: NOW).refresh(profile_user)
    assert sorted(counting.calls) == sorted(CONTRACT.fields)


def test_invalidated_field_is_reasked(
    client: GraphClient, profile_user: str, refresher: ProfileRefresher, counting: CountingComposer
) -> None:
    refresher.refresh(profile_user)
    fields = invalidate_fields_drawing_on(client, profile_user, [f"{profile_user}|rc1"])
    assert "trajectory_preference" in fields
    counting.calls.clear()
    refresher.refresh(profile_user)
    assert "trajectory_preference" in counting.calls


def _fake_model(replies: list[str]) -> GenericFakeChatModel:
    return GenericFakeChatModel(messages=iter(AIMessage(content=r) for r in replies))


def test_llm_answer_that_recommends_falls_back_to_the_composer(
    client: GraphClient, profile_user: str
) -> None:
    bad = '{"text": "His glucose rose to 131 mg/dL and he should restart metformin at once, today.", "used_ids": []}'
    synth = ChatSynthesizer(
        _fake_model([bad] * 4), CONTRACT, model_name="fake", timeout_s=5, retries=1, send_format=False
    )
    ProfileRefresher(client, synth, clock=lambda: NOW).refresh(profile_user, fields=("physical_state",))
    physical = next(f for f in read_profile(client, profile_user)["fields"] if f["field"] == "physical_state")
    assert physical["backend"] == "composer-fallback"
    assert "should" not in physical["text"]


def test_llm_answer_passing_the_guards_is_stored_with_its_ids(client: GraphClient, profile_user: str) -> None:
    good_id = f"{profile_user}|g2"
    good = (
        '{"text": "Fasting glucose climbed to 131 mg/dL by June 2021, above the earlier 110 mg/dL, while '
        'the record still lists metformin.", "used_ids": ["' + good_id + '"]}'
    )
    replies: list[str] = [good] + ['{"text": "Nothing to add for this question yet.", "used_ids": []}'] * 8
    synth = ChatSynthesizer(
        _fake_model(replies), CONTRACT, model_name="fake-model", timeout_s=5, retries=0, send_format=False
    )
    ProfileRefresher(client, synth, clock=lambda: NOW, max_workers=1).refresh(
        profile_user, fields=("physical_state",)
    )
    fields = {f["field"]: f for f in read_profile(client, profile_user)["fields"]}
    llm_fields = [f for f in fields.values() if f["backend"] == "llm"]
    assert any(f["evidence_ids"] == [good_id] and f["model"] == "fake-model" for f in llm_fields)


def test_unknown_user_is_not_found(client: GraphClient, refresher: ProfileRefresher) -> None:
    from app.errors import NotFound

    with pytest.raises(NotFound):
        refresher.refresh("nobody-" + "x" * 8)
