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
