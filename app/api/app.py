"""The FastAPI app factory. Side effects (the Neo4j driver) live in the lifespan, nowhere else."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import APIRouter, FastAPI

from app.api.problems import install_problem_handlers
from app.api.routes import fhir, findings, health, profile, turns, users
from app.api.routes import retrieval as retrieval_routes
from app.db.client import GraphClient
from app.profile.service import build_refresher
from app.profile.worker import ProfileWorker
from app.settings import Settings, get_settings

log = logging.getLogger(__name__)

API_VERSION = "v1"

V1_ROUTERS: list[APIRouter] = [users.router, turns.router, fhir.router, findings.router, profile.router]
V1_ROUTERS.append(retrieval_routes.router)
"""Routers mounted under ``/v1``; each capability adds its own here."""


def create_app(settings: Settings | None = None, client: GraphClient | None = None) -> FastAPI:
    """Build the API. Tests pass their own settings and client; production builds both from env."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        owned = client is None
        app.state.client = client or GraphClient.from_settings(settings)
        refresher = build_refresher(app.state.client, settings)
        app.state.profile_worker = ProfileWorker(refresher.refresh, debounce_s=settings.profile.debounce_s).start()
        log.info("api started neo4j=%s", settings.bolt_uri)
        try:
            yield
        finally:
            app.state.profile_worker.stop()
            if owned:
                app.state.client.close()

    app = FastAPI(
        title="Selfgraph",
        version="0.1.0",
        summary="A personal health memory for AI agents, on Neo4j.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    install_problem_handlers(app)
    app.include_router(health.router)
    v1 = APIRouter(prefix=f"/{API_VERSION}")
    for router in V1_ROUTERS:
        v1.include_router(router)
    app.include_router(v1)
    return app
