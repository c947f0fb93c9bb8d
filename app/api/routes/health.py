"""``GET /health``: is the API up, can it reach Neo4j, which schema does the database hold."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from app.api.deps import Client
from app.db.schema import applied_schema_version, schema_version
from app.errors import SelfgraphError

router = APIRouter(tags=["health"])


@router.get("/health", summary="Liveness and Neo4j reachability (no key needed)")
def health(client: Client) -> JSONResponse:
    expected = schema_version()
    try:
        server = client.ping()
        applied = applied_schema_version(client)
    except SelfgraphError as exc:
        return JSONResponse(
            {
                "status": "unavailable",
                "neo4j": {"reachable": False, "error": exc.message},
                "schema": {"expected": expected},
            },
            status_code=503,
        )
    return JSONResponse(
        {
            "status": "ok",
            "neo4j": {"reachable": True, **server},
            "schema": {"expected": expected, "applied": applied, "current": applied == expected},
        }
    )
