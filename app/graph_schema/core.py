"""Layer 0 (the ``Self`` hub), the append-only operation log and the schema version marker."""

from neomodel import (
    ArrayProperty,
    DateProperty,
    DateTimeNeo4jFormatProperty,
    FloatProperty,
    IntegerProperty,
    JSONProperty,
    RelationshipTo,
    StringProperty,
    StructuredNode,
)


class Self(StructuredNode):
    """One per user. Static profile facts hang off it as properties and facet relationships.

    Facet relationships (layer 1) carry the meaning of how the user relates to a vocabulary
    entity or a record: ``TAKES`` (current medication), ``DIAGNOSED_WITH``, ``ALLERGIC_TO``,
    ``AIMS_FOR`` (goals), ``AVOIDS`` (constraints and preferences).
    """

    user_id = StringProperty(unique_index=True, required=True)
    sex = StringProperty(choices={"female": "female", "male": "male", "other": "other"})
    birth_date = DateProperty()
    height_cm = FloatProperty()
    blood_type = StringProperty()
    fhir_patient_ids = ArrayProperty(StringProperty())
    created_at = DateTimeNeo4jFormatProperty()
    embedding_seq = IntegerProperty()  # bumped by every embedding write for this user's nodes

    fhir = RelationshipTo("app.graph_schema.clinical.FhirResource", "HAS_FHIR")
    records = RelationshipTo("app.graph_schema.narrative.Record", "HAS_RECORD")
    utterances = RelationshipTo("app.graph_schema.narrative.Utterance", "SAID")
    events = RelationshipTo("app.graph_schema.narrative.ConversationEvent", "HAS_EVENT")
    findings = RelationshipTo("app.graph_schema.reconciliation.Finding", "HAS_FINDING")
    profile = RelationshipTo("app.graph_schema.understanding.ProfileField", "HAS_PROFILE_FIELD")
    takes = RelationshipTo("app.graph_schema.dictionary.DrugTerm", "TAKES")
    diagnosed_with = RelationshipTo("app.graph_schema.dictionary.ConditionTerm", "DIAGNOSED_WITH")
    allergic_to = RelationshipTo("app.graph_schema.dictionary.DrugTerm", "ALLERGIC_TO")
    aims_for = RelationshipTo("app.graph_schema.narrative.Record", "AIMS_FOR")
    avoids = RelationshipTo("app.graph_schema.narrative.Record", "AVOIDS")


class Operation(StructuredNode):
    """One entry of the append-only operation log: every change to the graph is one.

    ``payload`` holds ids and counts only (never health text). Entries are never updated.
    """

    uid = StringProperty(unique_index=True, required=True)
    user_id = StringProperty(index=True)
    kind = StringProperty(required=True)
    at = DateTimeNeo4jFormatProperty(index=True)
    actor = StringProperty()
    target_ids = ArrayProperty(StringProperty())
    payload = JSONProperty()


class SchemaVersion(StructuredNode):
    """Singleton marker: the content hash of ``cypher/schema.cypher`` last applied."""

    key = StringProperty(unique_index=True, required=True)
    version = StringProperty(required=True)
    applied_at = DateTimeNeo4jFormatProperty()
    statements = IntegerProperty()
