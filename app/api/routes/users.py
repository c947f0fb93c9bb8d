"""``/v1/users/{user_id}``: create a user's ``Self`` and read it back."""

from __future__ import annotations

from datetime import date
from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict

from app.api.deps import AuthorizedUser, Client
from app.users import service

router = APIRouter(prefix="/users/{user_id}", tags=["users"])


class SelfIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sex: Literal["female", "male", "other"] | None = None
    birth_date: date | None = None


class SelfOut(BaseModel):
    user_id: str
    sex: str | None = None
    birth_date: str | None = None
    node_counts: dict[str, int] = {}


@router.put("", response_model=SelfOut, summary="Create (or update the static facts of) a user")
def put_self(user_id: AuthorizedUser, body: SelfIn, client: Client) -> SelfOut:
    row = service.ensure_self(client, user_id, sex=body.sex, birth_date=body.birth_date)
    return SelfOut(**row, node_counts=service.node_counts(client, user_id))


@router.get("", response_model=SelfOut, summary="A user's Self node and node counts")
def get_self(user_id: AuthorizedUser, client: Client) -> SelfOut:
    row = service.get_self(client, user_id)
    return SelfOut(
        user_id=row["user_id"],
        sex=row["sex"],
        birth_date=row["birth_date"],
        node_counts=service.node_counts(client, user_id),
    )
