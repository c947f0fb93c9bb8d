"""Which of two versions of one resource the graph keeps. Pure."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any


class Decision(StrEnum):
    CREATE = "create"
    REPLACE = "replace"
    UNCHANGED = "unchanged"
    STALE = "stale"


@dataclass(frozen=True, slots=True)
class Version:
    """What identifies one version of a stored or incoming resource."""

    content_hash: str | None
    version_id: str | None
    last_updated: datetime | None

    @classmethod
    def of(cls, props: dict[str, Any]) -> Version:
        updated = props.get("last_updated")
        if isinstance(updated, str):
            updated = datetime.fromisoformat(updated)  # a prepared row (ISO-8601 text)
        elif updated is not None and not isinstance(updated, datetime):
            updated = updated.to_native()  # a neo4j.time.DateTime read back from the graph
        return cls(props.get("content_hash"), props.get("version_id"), updated)


def _order(stored: Version, incoming: Version) -> int:
    """1 when ``incoming`` is newer, -1 when older, 0 when the versions do not say."""
    if stored.last_updated and incoming.last_updated and stored.last_updated != incoming.last_updated:
        return 1 if incoming.last_updated > stored.last_updated else -1
    old, new = stored.version_id, incoming.version_id
    if old and new and old != new and old.isdigit() and new.isdigit():
        return 1 if int(new) > int(old) else -1
    return 0


def decide(stored: Version | None, incoming: Version) -> Decision:
    """Same content: unchanged. Otherwise ``meta.lastUpdated`` (then a numeric ``meta.versionId``)
    decides; an older incoming version is stale and ignored. When the versions do not say which is
    newer (no meta, or equal), the later load wins: the record is the authority, not our copy."""
    if stored is None:
        return Decision.CREATE
    if stored.content_hash == incoming.content_hash:
        return Decision.UNCHANGED
    return Decision.STALE if _order(stored, incoming) < 0 else Decision.REPLACE
