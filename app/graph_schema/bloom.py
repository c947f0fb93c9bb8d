"""A Neo4j Bloom perspective derived from the neomodel declarations (pure: no database, no clock).

Bloom imports a perspective as a JSON file (Perspective drawer → Import). Everything in it comes
from the declarations in :mod:`app.graph_schema`: one category per node label (each FHIR type
label of :data:`~app.graph_schema.clinical.FHIR_RESOURCE_CLASSES` first, so a
``:FhirResource:Observation`` node is styled as an Observation), its declared properties, a caption
property and a colour; every declared relationship type; the label/relationship/label segments the
declarations name; and the search phrases of :mod:`app.graph_schema.bloom_queries`.

Neo4j documents the perspective concepts but publishes no schema for the file; the field names
here follow perspectives exported by Bloom 2.x (see ``docs/analyst-guide.md``). The output is
deterministic (fixed ids and timestamps) so ``docs/bloom/selfgraph-perspective.json`` can be
regenerated and compared (``selfgraph schema bloom``).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator, Mapping
from typing import Any

from neomodel import (
    ArrayProperty,
    BooleanProperty,
    DateProperty,
    DateTimeNeo4jFormatProperty,
    FloatProperty,
    IntegerProperty,
    StructuredNode,
)
from neomodel.properties import Property

import app.graph_schema  # noqa: F401  (registers every declared class)
from app.graph_schema.bloom_queries import SEARCH_PHRASES, SearchPhrase
from app.graph_schema.clinical import FHIR_RESOURCE_CLASSES

PERSPECTIVE_NAME = "Selfgraph"
PERSPECTIVE_ID = str(uuid.uuid5(uuid.NAMESPACE_URL, "selfgraph/bloom-perspective"))
GENERATED_AT_MS = 1_764_460_800_000
"""Fixed timestamp (2025-11-30T00:00Z) so regeneration is byte-identical."""
BLOOM_FORMAT_VERSION = "2.3.0"

INTERNAL_LABELS = frozenset({"SchemaVersion"})
"""Declared labels that are bookkeeping, not part of what a clinician browses."""

LABEL_ORDER: tuple[str, ...] = (
    "Self",
    "FhirResource",
    "Record",
    "Utterance",
    "ConversationEvent",
    "Finding",
    "ProfileField",
    "Operation",
    "TestTerm",
    "DrugTerm",
    "ConditionTerm",
    "SymptomTerm",
    "Concept",
    "Code",
    "Alias",
    "ReferenceRange",
    "DictionaryVersion",
    "Candidate",
)
"""Category order after the FHIR type labels (layer 0, events, vocabulary); others follow by name."""

CAPTIONS: Mapping[str, str] = {
    "Self": "user_id",
    "FhirResource": "display",
    "Record": "type",
    "Utterance": "text",
    "ConversationEvent": "text",
    "Finding": "kind",
    "ProfileField": "field",
    "Operation": "kind",
    "TestTerm": "display",
    "DrugTerm": "display",
    "ConditionTerm": "display",
    "SymptomTerm": "display",
    "Concept": "name",
    "Code": "uid",
    "Alias": "norm",
    "ReferenceRange": "band",
    "DictionaryVersion": "version",
    "Candidate": "norm",
}
CAPTION_FALLBACK: tuple[str, ...] = ("display", "name", "key", "uid", "user_id")
"""For a label not in :data:`CAPTIONS`: the first of these it declares."""

COLOURS: Mapping[str, str] = {
    "Self": "#F16667",
    "FhirResource": "#4C8EDA",
    "Record": "#8DCC93",
    "Utterance": "#C7E9C0",
    "ConversationEvent": "#D9EAD3",
    "Finding": "#DA7194",
    "ProfileField": "#C990C0",
    "Operation": "#D9D9D9",
    "TestTerm": "#FFC454",
    "DrugTerm": "#F79767",
    "ConditionTerm": "#FFE081",
    "SymptomTerm": "#ECB5C9",
    "Concept": "#D9C8AE",
    "Code": "#B8B8B8",
    "Alias": "#E6E6E6",
    "ReferenceRange": "#F5E6B3",
    "DictionaryVersion": "#A5ABB6",
    "Candidate": "#848484",
}
FHIR_COLOURS: tuple[str, ...] = ("#4C8EDA", "#57C7E3", "#3A6EA5", "#7FB3E6", "#2E5A88", "#9CC8F0")
"""Clinical stream in blues, cycled over the FHIR type labels in declaration order."""
DEFAULT_COLOUR = "#A5ABB6"
RELATIONSHIP_COLOUR = "#A5ABB6"
PALETTE: tuple[str, ...] = (
    "#FFE081", "#C990C0", "#F79767", "#57C7E3", "#F16667", "#D9C8AE", "#8DCC93",
    "#ECB5C9", "#4C8EDA", "#FFC454", "#DA7194", "#569480", "#848484", "#D9D9D9",
)  # fmt: skip

HIDDEN_PROPERTIES = frozenset(
    {
        "embedding",
        "embedding_seq",
        "user_token",
        "series_at",
        "series_state",
        "resource",
        "search_text",
        "components",
        "sentences",
    }
)
"""Properties kept out of Bloom's inspector (vectors, raw JSON, index text)."""


def declared_classes() -> list[type[StructuredNode]]:
    """Every node class declared in :mod:`app.graph_schema` (FHIR type classes included)."""

    def walk(cls: type[StructuredNode]) -> Iterator[type[StructuredNode]]:
        for sub in cls.__subclasses__():
            yield sub
            yield from walk(sub)

    seen: dict[str, type[StructuredNode]] = {}
    for cls in walk(StructuredNode):
        label: str = cls.__label__
        if cls.__module__.startswith("app.graph_schema") and label not in seen:
            seen[label] = cls
    return list(seen.values())


def _data_type(prop: Property[Any]) -> str:
    if isinstance(prop, ArrayProperty):
        return "array"
    if isinstance(prop, BooleanProperty):
        return "boolean"
    if isinstance(prop, IntegerProperty):
        return "bigint"
    if isinstance(prop, FloatProperty):
        return "number"
    if isinstance(prop, DateTimeNeo4jFormatProperty):
        return "DateTime"
    if isinstance(prop, DateProperty):
        return "Date"
    return "string"  # StringProperty, JSONProperty (stored as a JSON string)


def _properties(cls: type[StructuredNode]) -> dict[str, Property[Any]]:
    return dict(sorted(cls.defined_properties(aliases=False, rels=False).items()))


def _caption(label: str, props: Mapping[str, Property[Any]]) -> str:
    wanted = CAPTIONS.get(label) or CAPTIONS.get("FhirResource" if label in FHIR_RESOURCE_CLASSES else "")
    if wanted is not None and wanted in props:
        return wanted
    return next((name for name in CAPTION_FALLBACK if name in props), next(iter(props)))


def _ordered_labels(classes: Mapping[str, type[StructuredNode]]) -> list[str]:
    fhir = [label for label in FHIR_RESOURCE_CLASSES if label in classes]
    core = [label for label in LABEL_ORDER if label in classes]
    rest = sorted(set(classes) - set(fhir) - set(core) - INTERNAL_LABELS)
    return fhir + core + rest


def _colour(label: str) -> str:
    if label in FHIR_RESOURCE_CLASSES:
        return FHIR_COLOURS[list(FHIR_RESOURCE_CLASSES).index(label) % len(FHIR_COLOURS)]
    return COLOURS.get(label, DEFAULT_COLOUR)


def _category(index: int, label: str, cls: type[StructuredNode]) -> dict[str, Any]:
    props = _properties(cls)
    caption = _caption(label, props)
    return {
        "id": index,
        "name": label,
        "labels": [label],
        "color": _colour(label),
        "size": 2 if label == "Self" else 1,
        "icon": "no-icon",
        "captionKeys": [caption],
        "captions": [
            {"key": caption, "type": "property", "isCaption": True, "inTooltip": True, "styles": [],
             "isGdsData": False}
        ],
        "styleRules": [],
        "textSize": 1,
        "textAlign": "top",
        "properties": [
            {"name": name, "exclude": name in HIDDEN_PROPERTIES, "dataType": _data_type(prop)}
            for name, prop in props.items()
        ],
        "createdAt": GENERATED_AT_MS,
        "lastEditedAt": GENERATED_AT_MS,
    }


def relationship_segments() -> list[tuple[str, str, str]]:
    """``(source label, relationship type, target label)`` for every declared relationship.

    FHIR type classes inherit :class:`FhirResource`'s relationships, so only the base is listed.
    """
    segments: set[tuple[str, str, str]] = set()
    for cls in declared_classes():
        if cls.__label__ in FHIR_RESOURCE_CLASSES:
            continue
        for rel in cls.defined_properties(aliases=False, properties=False, rels=True).values():
            raw = rel._raw_class
            target = raw.rsplit(".", 1)[-1] if isinstance(raw, str) else raw.__label__
            segments.add((cls.__label__, rel.definition["relation_type"], target))
    return sorted(segments)


def _template(index: int, phrase: SearchPhrase) -> dict[str, Any]:
    return {
        "id": f"tmpl:{GENERATED_AT_MS + index}",
        "name": phrase.text,
        "text": phrase.text,
        "description": phrase.description,
        "cypher": "\n".join(line.strip() for line in phrase.query.text.strip().splitlines()),
        "params": [
            {
                "name": param.name,
                "dataType": param.data_type,
                "suggestionLabel": param.suggestion_label,
                "suggestionProp": param.suggestion_prop,
                "suggestionBoolean": False,
                "collapsed": False,
                "cypher": None,
            }
            for param in phrase.params
        ],
        "hasCypherErrors": False,
        "isUpdateQuery": None,
        "isWriteTransactionChecked": None,
        "createdAt": GENERATED_AT_MS + index,
    }


def build_perspective() -> dict[str, Any]:
    """The perspective as a JSON-ready mapping (deterministic)."""
    classes = {cls.__label__: cls for cls in declared_classes()}
    labels = _ordered_labels(classes)
    segments = relationship_segments()
    rel_types = sorted({rel for _, rel, _ in segments})
    indexes = [
        {"label": label, "type": "native", "propertyKeys": [name]}
        for label in labels
        if label not in FHIR_RESOURCE_CLASSES
        for name, prop in _properties(classes[label]).items()
        if prop.unique_index or prop.index
    ]
    return {
        "name": PERSPECTIVE_NAME,
        "id": PERSPECTIVE_ID,
        "version": BLOOM_FORMAT_VERSION,
        "categories": [_category(i, label, classes[label]) for i, label in enumerate(labels, start=1)],
        "labels": {
            label: [
                {"propertyKey": name, "type": label, "dataType": _data_type(prop)}
                for name, prop in _properties(classes[label]).items()
            ]
            for label in labels
        },
        "relationshipTypes": [
            {
                "id": rel,
                "name": rel,
                "color": RELATIONSHIP_COLOUR,
                "size": 1,
                "properties": [],
                "captionKeys": [],
                "captions": [
                    {"key": rel, "type": "relationship", "isCaption": True, "inTooltip": True, "styles": []}
                ],
                "styleRules": [],
                "textSize": 1,
                "textAlign": "top",
            }
            for rel in rel_types
        ],
        "palette": {"colors": list(PALETTE), "currentIndex": len(labels) % len(PALETTE)},
        "templates": [_template(i, phrase) for i, phrase in enumerate(SEARCH_PHRASES)],
        "sceneActions": [],
        "hiddenCategories": [],
        "hiddenRelationshipTypes": [],
        "hideUncategorisedData": False,
        "isAuto": False,
        "parentPerspectiveId": None,
        "history": [],
        "metadata": {
            "pathSegments": [
                {"source": source, "relationshipType": rel, "target": target}
                for source, rel, target in segments
            ],
            "indexes": indexes,
            "stats": {"labels": {}, "relationshipTypes": {}},
        },
        "createdAt": GENERATED_AT_MS,
        "lastEditedAt": GENERATED_AT_MS,
    }


def render_perspective() -> str:
    """The perspective file's text: indented JSON with a trailing newline."""
    return json.dumps(build_perspective(), indent=2, ensure_ascii=False) + "\n"
