"""The graph's node and relationship classes, declared once with neomodel.

These classes are declarations, not an access layer: Selfgraph reads and writes through named
Cypher statements (``queries.py`` modules, ``cypher/*.cypher``). The declarations are the single
place that says which labels, properties and relationship types exist; ``cypher/schema.cypher``
must agree with them (``tests/graph_schema/test_schema_agreement.py``), and the label and property
allow-lists used by dynamic queries are derived from them (:mod:`app.graph_schema.registry`).

Layers (see docs/architecture.md): ``Self`` (layer 0); facet relationships from ``Self`` (layer 1);
vocabulary nodes — dictionary terms, aliases, concepts, shared codes (layer 2); events on a time
axis — FHIR resources, utterances, typed records, findings, operations (layer 3).
"""

from app.graph_schema.clinical import FHIR_RESOURCE_CLASSES, FhirResource
from app.graph_schema.core import Operation, SchemaVersion, Self
from app.graph_schema.dictionary import (
    Alias,
    Candidate,
    Code,
    Concept,
    ConditionTerm,
    DictionaryVersion,
    DrugTerm,
    ReferenceRange,
    SymptomTerm,
    TestTerm,
)
from app.graph_schema.narrative import ConversationEvent, Record, Utterance
from app.graph_schema.reconciliation import Finding
from app.graph_schema.understanding import ProfileField

__all__ = [
    "FHIR_RESOURCE_CLASSES",
    "Alias",
    "Candidate",
    "Code",
    "Concept",
    "ConditionTerm",
    "ConversationEvent",
    "DictionaryVersion",
    "DrugTerm",
    "FhirResource",
    "Finding",
    "Operation",
    "ProfileField",
    "Record",
    "ReferenceRange",
    "SchemaVersion",
    "Self",
    "SymptomTerm",
    "TestTerm",
    "Utterance",
]
