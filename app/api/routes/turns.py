"""``POST /v1/users/{user_id}/turns``: one user turn through the narrative write path."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import APIRouter
from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from app.api.deps import AuthorizedUser, Client, ProfileWorkerDep
from app.dictionary import load_snapshot
from app.ingest.write_path import TurnResult
from app.pipeline import handle_turn
from app.reconcile.models import Finding

router = APIRouter(prefix="/users/{user_id}", tags=["turns"])


class TurnIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1, max_length=10_000, description="What the user said.")
    mention_time: AwareDatetime = Field(description="When it was said, ISO 8601 with a UTC offset.")
    session_id: str | None = Field(None, max_length=128)


class TurnOut(TurnResult):
    """The stored turn plus what reconciliation concluded about its new records."""

    findings: list[Finding] = Field(default_factory=list)


@router.post(
    "/turns",
    response_model=TurnOut,
    summary="Store one user turn (gate, mask, extract, resolve time, ground, write; idempotent), "
    "reconcile its records against the clinical record, and schedule a profile refresh",
)
def post_turn(user_id: AuthorizedUser, body: TurnIn, client: Client, worker: ProfileWorkerDep) -> TurnOut:
    outcome = handle_turn(
        client,
        user_id,
        body.text,
        body.mention_time,
        body.session_id,
        snapshot=load_snapshot(),
        clock=lambda: datetime.now(UTC),
        request_profile=worker.request,
    )
    return TurnOut(**outcome.turn.model_dump(), findings=outcome.findings)
