"""Creating, reading and removing a user's ``Self`` and everything scoped to it."""

from __future__ import annotations

import hashlib
import re
from datetime import date
from typing import Any

from app.db.client import GraphClient
from app.errors import InvalidInput, NotFound
from app.users import queries

USER_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$")


def user_token(user_id: str) -> str:
    """The user's term in the full-text index (``Retrievable.user_token``): one alphanumeric token
    that every analyzer keeps whole, so a keyword search filters by user inside Lucene."""
    return "u" + hashlib.sha256(user_id.encode("utf-8")).hexdigest()[:24]


def validate_user_id(user_id: str) -> str:
    """User ids are 1–128 characters of letters, digits and ``._:@-``."""
    if not USER_ID_PATTERN.match(user_id):
        raise InvalidInput("A user id is 1-128 characters of letters, digits and ._:@-", field="user_id")
    return user_id


def ensure_self(
    client: GraphClient, user_id: str, *, sex: str | None = None, birth_date: date | None = None
) -> dict[str, Any]:
    validate_user_id(user_id)
    if sex is not None and sex not in {"female", "male", "other"}:
        raise InvalidInput("sex must be female, male or other", field="sex")
    rows = client.write(
        queries.ENSURE_SELF,
        {"user_id": user_id, "sex": sex, "birth_date": birth_date.isoformat() if birth_date else None},
    )
    return rows[0]


def get_self(client: GraphClient, user_id: str) -> dict[str, Any]:
    rows = client.read(queries.GET_SELF, {"user_id": validate_user_id(user_id)})
    if not rows:
        raise NotFound("No such user.", user_id=user_id)
    return rows[0]


def node_counts(client: GraphClient, user_id: str) -> dict[str, int]:
    rows = client.read(queries.COUNT_USER_NODES, {"user_id": user_id})
    return {row["label"]: row["count"] for row in rows if row["count"]}


def delete_user(client: GraphClient, user_id: str) -> None:
    """Remove every node scoped to the user (used by evaluator clean-up and tests)."""
    validate_user_id(user_id)
    for statement in queries.DELETE_USER_BATCH:
        while client.write(statement, {"user_id": user_id, "batch": 10_000})[0]["deleted"]:
            pass
