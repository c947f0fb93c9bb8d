"""The context pack for one turn: what an agent should know before it answers.

Sections, in priority order when the token budget is tight: the static profile (``Self``), the
current medications, the active constraints, the request's evidence, the profile fields (when
the profile package has written any), the recent records. Everything is filtered by validity at
``at`` first — a state that ended (an ended medication, a resolved condition) or a temporary
constraint past its end is left out — then trimmed to ``settings.retrieval.context_token_budget``.
Tokens are estimated as characters / 4 (:data:`CHARS_PER_TOKEN`), enough for budgeting.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from app.db.client import GraphClient
from app.retrieval import queries
from app.retrieval.models import ContextPack, RetrievedItem
from app.retrieval.rehydrate import goals_and_constraints, plain, rehydrate
from app.retrieval.service import Embedder, ensure_user, search
from app.retrieval.structured import StructuredPlan, run_plan, still_valid
from app.settings import Settings, get_settings

CHARS_PER_TOKEN = 4
RECENT_LIMIT = 10


def estimate_tokens(value: Any) -> int:
    text = value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)
    return max(1, -(-len(text) // CHARS_PER_TOKEN))


def _item_tokens(item: RetrievedItem) -> int:
    return estimate_tokens(item.model_dump(exclude={"scores", "context"}, exclude_none=True))


def constraint_valid(props: dict[str, Any], at: datetime) -> bool:
    """A constraint (or goal) is valid unless its stated end has passed."""
    end = props.get("event_end") or props.get("end")
    if not end:
        return True
    ended = datetime.fromisoformat(end)
    return (ended if ended.tzinfo else ended.replace(tzinfo=UTC)) > at


def build_context_pack(
    client: GraphClient,
    user_id: str,
    query: str | None = None,
    *,
    at: datetime | None = None,
    k: int = 8,
    settings: Settings | None = None,
    embedder: Embedder | None = None,
) -> ContextPack:
    settings = settings or get_settings()
    at = at or datetime.now(UTC)
    at = at if at.tzinfo else at.replace(tzinfo=UTC)
    ensure_user(client, user_id)
    budget = settings.retrieval.context_token_budget
    profile_rows = client.read(queries.SELF_PROFILE, {"user_id": user_id})
    profile = (
        {k: plain(v) for k, v in profile_rows[0]["profile"].items() if v is not None} if profile_rows else {}
    )
    medications, _ = run_plan(client, user_id, StructuredPlan(intent="medications", limit=30), at)
    _, constraints = goals_and_constraints(client, user_id)
    constraints = [c for c in constraints if constraint_valid(c, at)]
    fields = [
        {k: plain(v) for k, v in row.items() if v is not None}
        for row in client.read(queries.PROFILE_FIELDS, {"user_id": user_id})
    ]
    recent_ids = [
        row["id"]
        for row in client.read(
            queries.RECENT_RECORDS, {"user_id": user_id, "at": at, "limit": RECENT_LIMIT * 2}
        )
    ]
    recent = [
        item for item in rehydrate(client, user_id, recent_ids, with_context=False) if still_valid(item, at)
    ]
    evidence = (
        search(client, user_id, query, k=k, at=at, settings=settings, embedder=embedder).items
        if query
        else []
    )

    used = estimate_tokens(profile)
    dropped = 0
    kept: dict[str, list[Any]] = {
        "medications": [],
        "constraints": [],
        "evidence": [],
        "fields": [],
        "recent": [],
    }
    seen: set[str] = set()
    sections: list[tuple[str, list[Any]]] = [
        ("medications", medications),
        ("constraints", constraints),
        ("evidence", evidence),
        ("fields", fields),
        ("recent", recent),
    ]
    for name, entries in sections:
        for entry in entries:
            if isinstance(entry, RetrievedItem):
                if entry.uid in seen:
                    continue
                cost = _item_tokens(entry)
            else:
                cost = estimate_tokens(entry)
            if used + cost > budget:
                dropped += 1
                continue
            used += cost
            kept[name].append(entry)
            if isinstance(entry, RetrievedItem):
                seen.add(entry.uid)
    return ContextPack(
        user_id=user_id,
        at=at,
        profile=profile,
        profile_fields=kept["fields"],
        medications=kept["medications"],
        constraints=kept["constraints"],
        recent=kept["recent"],
        evidence=kept["evidence"],
        tokens=used,
        token_budget=budget,
        dropped=dropped,
    )
