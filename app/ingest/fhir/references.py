"""Resolving references between the resources of one bundle (and to resources stored before).

Handled: ``urn:uuid:`` full URLs, relative ``Type/id`` (and ``Type/id/_history/n``), absolute URLs
ending in ``Type/id``, and conditional references ``Type?identifier=system|value`` whose target is
in the bundle. A relative reference to a stored type resolves by uid even when the target is not in
the bundle (the edge statement simply finds nothing when it was never loaded). Contained (``#id``)
references stay unresolved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from app.graph_schema.registry import FHIR_TYPE_LABELS

Key = tuple[str, str]
"""``(resourceType, id)``."""


@dataclass(slots=True)
class ReferenceIndex:
    """Lookup tables built from the entries of one bundle."""

    by_full_url: dict[str, Key] = field(default_factory=dict)
    by_relative: dict[str, Key] = field(default_factory=dict)
    by_identifier: dict[tuple[str, str, str], Key] = field(default_factory=dict)

    @classmethod
    def build(cls, entries: Iterable[tuple[str | None, Key, Mapping[str, Any]]]) -> ReferenceIndex:
        """``entries`` are ``(fullUrl, (type, id), resource)`` for every stored resource."""
        index = cls()
        for full_url, key, resource in entries:
            if full_url:
                index.by_full_url[full_url] = key
            index.by_relative[f"{key[0]}/{key[1]}"] = key
            for ident in resource.get("identifier", ()) or ():
                value = ident.get("value")
                if value:
                    index.by_identifier[(key[0], ident.get("system") or "", str(value))] = key
                    index.by_identifier.setdefault((key[0], "*", str(value)), key)
        return index

    def resolve(self, reference: str) -> Key | None:
        if not reference or reference.startswith("#"):
            return None
        if reference in self.by_full_url:
            return self.by_full_url[reference]
        if reference.startswith("urn:"):
            return None
        if "?" in reference:
            return self._conditional(reference)
        parts = reference.rstrip("/").split("/")
        if "_history" in parts:
            parts = parts[: parts.index("_history")]
        if len(parts) >= 2:
            rtype, rid = parts[-2], parts[-1]
            key = self.by_relative.get(f"{rtype}/{rid}")
            if key:
                return key
            if rtype in FHIR_TYPE_LABELS and len(parts) == 2:
                return rtype, rid
        return None

    def _conditional(self, reference: str) -> Key | None:
        rtype, _, query = reference.partition("?")
        for name, value in parse_qsl(query):
            if name != "identifier":
                continue
            system, sep, ident = value.rpartition("|")
            found = self.by_identifier.get((rtype, system, ident) if sep else (rtype, "*", value))
            if found:
                return found
        return None
