"""``/v1/users/{user_id}/profile``: the seven-field profile with provenance, and a refresh on demand."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from app.api.deps import AppSettings, AuthorizedUser, Client
from app.profile.service import build_refresher, read_profile

router = APIRouter(prefix="/users/{user_id}/profile", tags=["profile"])


class ProfileSentence(BaseModel):
    text: str
    ids: list[str]


class ProfileFieldOut(BaseModel):
    field: str
    question: str
    text: str
    status: str
    contract_id: str
    current_contract: bool
    backend: str
    model: str | None
    data_through: str | None
    generated_at: str
    evidence_ids: list[str]
    sentences: list[ProfileSentence]


class ProfileOut(BaseModel):
    user_id: str
    contract_id: str
    fields: list[ProfileFieldOut]


class RefreshOut(BaseModel):
    reasked: list[str]
    republished: list[str]
    backends: dict[str, str]
    elapsed_ms: float


@router.get(
    "", response_model=ProfileOut, summary="The profile: seven fields, each with the memories it drew on"
)
def get_profile(user_id: AuthorizedUser, client: Client) -> dict[str, Any]:
    return read_profile(client, user_id)


@router.post(
    "/refresh",
    response_model=RefreshOut,
    summary="Regenerate now (only fields whose evidence changed, plus action_items)",
)
def refresh_profile(
    user_id: AuthorizedUser, client: Client, settings: AppSettings, force: bool = False
) -> RefreshOut:
    report = build_refresher(client, settings).refresh(user_id, force=force)
    return RefreshOut(
        reasked=list(report.reasked),
        republished=list(report.republished),
        backends=report.backends,
        elapsed_ms=report.elapsed_ms,
    )
