"""Allow-lists derived from the declarations: the only labels and properties dynamic queries use."""

from __future__ import annotations

from neomodel import StructuredNode

from app.graph_schema.clinical import FHIR_RESOURCE_CLASSES
from app.graph_schema.narrative import Record

FHIR_TYPE_LABELS: frozenset[str] = frozenset(FHIR_RESOURCE_CLASSES)


def declared_properties(cls: type[StructuredNode]) -> frozenset[str]:
    """The property names a node class declares (relationships excluded)."""
    return frozenset(cls.defined_properties(aliases=False, rels=False))


RECORD_PROPERTIES: frozenset[str] = declared_properties(Record)
"""Record properties a caller may filter on or a writer may set."""


RECORD_BOOKKEEPING: frozenset[str] = frozenset(
    {
        "uid",
        "user_id",
        "type",
        "quote",
        "reading",
        "source_type",
        "source_id",
        "extractor",
        "confidence",
        "mention_time",
        "time_text",
        "time_kind",
        "time_grain",
        "event_start",
        "event_end",
        "status",
        "search_text",
        "embedding",
        "series_key",
        "series_at",
        "series_state",
        "embedding_seq",
        "user_token",
        "derived",
    }
)
"""Record properties that are provenance, lifecycle or retrieval bookkeeping, not stated or grounded fields."""
