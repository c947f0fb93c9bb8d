"""``GET /v1/users/{user_id}/findings``: the reconciliation findings of a user, in time order."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from app.api.deps import AuthorizedUser, Client
from app.reconcile.service import list_findings

router = APIRouter(prefix="/users/{user_id}", tags=["reconciliation"])


class FindingOut(BaseModel):
    uid: str
    kind: str
    severity: str | None = None
    safety_critical: bool = False
    rationale: str | None = None
    engine: str | None = None
    rule: str | None = None
    status: str | None = None
    cites: list[str] = []
    created_at: str | None = None
    event_start: str | None = None
    record_uid: str | None = None
    record_type: str | None = None
    event_uid: str | None = Field(
        default=None, description="the conversation event, for lifestyle talk that produced no record"
    )


@router.get("/findings", response_model=list[FindingOut], summary="Reconciliation findings, oldest first")
def get_findings(
    user_id: AuthorizedUser,
    client: Client,
    kind: Literal["agreement", "contradiction", "gap", "no_clinical_relevance"] | None = None,
    severity: Literal["low", "medium", "high"] | None = None,
    safety_critical: bool | None = None,
    since: Annotated[datetime | None, Query(description="event time (or creation time) at or after")] = None,
    status: Literal["open", "superseded", "resolved"] | None = None,
    limit: Annotated[int, Query(ge=1, le=5000)] = 500,
) -> list[FindingOut]:
    rows = list_findings(
        client,
        user_id,
        kind=kind,
        severity=severity,
        safety_critical=safety_critical,
        since=since,
        status=status,
        limit=limit,
    )
    return [FindingOut(**{k: v for k, v in row.items() if v is not None}) for row in rows]
