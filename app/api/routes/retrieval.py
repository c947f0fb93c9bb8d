"""The read API: search, records, trends and the context pack of one user.

Every item carries its ids (``uid``), its stream, its provenance and, for associative recall,
the score of each branch and the fused RRF score.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, BackgroundTasks, Query
from pydantic import BaseModel, ConfigDict, Field

from app.api.deps import AppSettings, AuthorizedUser, Client
from app.errors import InvalidInput
from app.retrieval import records as record_reads
from app.retrieval.context import build_context_pack
from app.retrieval.embedding import embed_pending
from app.retrieval.models import ContextPack, RetrievedItem, Route, SearchResult, TimeWindow, Trend
from app.retrieval.presets import PRESETS
from app.retrieval.service import search

router = APIRouter(prefix="/users/{user_id}", tags=["retrieval"])

EMBED_AFTER_SEARCH_LIMIT = 2000
"""Nodes of the user embedded in the background after a search (the rest on the next one)."""


class SearchIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    query: str = Field(min_length=1, max_length=2000, description="The request, as the user said it.")
    k: int = Field(default=10, ge=1, le=100)
    at: datetime | None = Field(default=None, description="The request's clock (resolves 'last week').")
    route: Route | None = Field(default=None, description="Override the router's decision.")
    preset: str = Field(default="hybrid", description="A retrieval preset name.")


class RecordsOut(BaseModel):
    items: list[RetrievedItem]
    window: TimeWindow | None = None


class TrendOut(BaseModel):
    metric: str
    trend: Trend
    points: list[RetrievedItem]
    stored: list[RetrievedItem] = Field(
        default_factory=list, description="metric_trend records of the write path"
    )


@router.post("/search", response_model=SearchResult, summary="Find the evidence for a request")
def post_search(
    user_id: AuthorizedUser,
    body: SearchIn,
    client: Client,
    settings: AppSettings,
    background: BackgroundTasks,
) -> SearchResult:
    preset = PRESETS.get(body.preset)
    if preset is None:
        raise InvalidInput("Unknown preset.", field="preset", allowed=sorted(PRESETS))
    result = search(
        client, user_id, body.query, k=body.k, at=body.at, route=body.route, preset=preset, settings=settings
    )
    # After the response: embed whatever this user's write path added since (bounded).
    background.add_task(embed_pending, client, user_id, EMBED_AFTER_SEARCH_LIMIT, settings=settings)
    return result


@router.get("/records", response_model=RecordsOut, summary="Records by type, field and time window")
def get_records(
    user_id: AuthorizedUser,
    client: Client,
    type: Annotated[str | None, Query(description="Record type (narrative) or FHIR resource type.")] = None,
    field: Annotated[list[str] | None, Query(description="Field filter name:value (repeatable).")] = None,
    from_: Annotated[datetime | None, Query(alias="from")] = None,
    to: Annotated[datetime | None, Query()] = None,
    stream: Annotated[Literal["narrative", "clinical"] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> RecordsOut:
    filters = record_reads.parse_field_filters(field or [])
    window = TimeWindow(start=from_, end=to) if from_ or to else None
    items = record_reads.list_records(client, user_id, type, filters, window, stream, limit)
    return RecordsOut(items=items, window=window)


@router.get("/trends/{metric}", response_model=TrendOut, summary="A metric's readings and trend")
def get_trend(
    user_id: AuthorizedUser,
    metric: str,
    client: Client,
    from_: Annotated[datetime | None, Query(alias="from")] = None,
    to: Annotated[datetime | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 200,
) -> TrendOut:
    window = TimeWindow(start=from_, end=to) if from_ or to else None
    result: dict[str, Any] = record_reads.metric_trend(client, user_id, metric, window, limit)
    return TrendOut(**result)


@router.get("/context-pack", response_model=ContextPack, summary="What an agent needs for one turn")
def get_context_pack(
    user_id: AuthorizedUser,
    client: Client,
    settings: AppSettings,
    query: Annotated[str | None, Query(max_length=2000)] = None,
    at: Annotated[datetime | None, Query()] = None,
    k: Annotated[int, Query(ge=1, le=50)] = 8,
) -> ContextPack:
    return build_context_pack(client, user_id, query, at=at, k=k, settings=settings)
