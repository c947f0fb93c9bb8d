"""Request dependencies: the graph client, the settings, and the authorised user id.

Routes declare what they need with the ``Annotated`` aliases below; a route under
``/v1/users/{user_id}`` that takes :data:`AuthorizedUser` can only run for a key scoped to that user.
"""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Path, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from app.db.client import GraphClient
from app.errors import Forbidden, Unauthenticated
from app.profile.worker import ProfileWorker
from app.settings import ApiKey, Settings
from app.users.service import validate_user_id

_bearer = HTTPBearer(auto_error=False)


def get_settings_dep(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def get_client(request: Request) -> GraphClient:
    client: GraphClient = request.app.state.client
    return client


def get_api_key(
    settings: Annotated[Settings, Depends(get_settings_dep)],
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> ApiKey:
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise Unauthenticated("A bearer API key is required.")
    presented = credentials.credentials.encode()
    for key in settings.api.keys:
        if hmac.compare_digest(presented, key.key.get_secret_value().encode()):
            return key
    raise Unauthenticated("The API key is not valid.")


def get_authorized_user(
    key: Annotated[ApiKey, Depends(get_api_key)],
    user_id: Annotated[str, Path(description="The user whose graph the request reads or writes.")],
) -> str:
    validate_user_id(user_id)
    if not key.allows(user_id):
        raise Forbidden("This API key may not act for this user.", user_id=user_id)
    return user_id


Client = Annotated[GraphClient, Depends(get_client)]
AppSettings = Annotated[Settings, Depends(get_settings_dep)]
ApiKeyDep = Annotated[ApiKey, Depends(get_api_key)]
AuthorizedUser = Annotated[str, Depends(get_authorized_user)]


def get_profile_worker(request: Request) -> ProfileWorker:
    """The background worker that regenerates profiles; write routes call ``.request(user_id)``."""
    worker: ProfileWorker = request.app.state.profile_worker
    return worker


ProfileWorkerDep = Annotated[ProfileWorker, Depends(get_profile_worker)]
