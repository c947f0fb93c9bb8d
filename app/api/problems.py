"""The one place where Selfgraph errors become HTTP problem responses (RFC 9457)."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from app.errors import SelfgraphError

log = logging.getLogger(__name__)

PROBLEM_MEDIA_TYPE = "application/problem+json"


def problem(status: int, title: str, detail: str, **extra: object) -> JSONResponse:
    body = {"type": "about:blank", "title": title, "status": status, "detail": detail, **extra}
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(body, status_code=status, media_type=PROBLEM_MEDIA_TYPE, headers=headers)


def install_problem_handlers(app: FastAPI) -> None:
    @app.exception_handler(SelfgraphError)
    async def _selfgraph_error(request: Request, exc: SelfgraphError) -> JSONResponse:
        log.info(
            "request failed path=%s status=%d error=%s", request.url.path, exc.status_code, type(exc).__name__
        )
        return problem(exc.status_code, exc.title, exc.message, **exc.details)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [
            {"loc": list(err.get("loc", ())), "msg": err.get("msg", ""), "type": err.get("type", "")}
            for err in exc.errors()
        ]
        return problem(422, "Invalid input", "The request does not match its schema.", errors=errors)
