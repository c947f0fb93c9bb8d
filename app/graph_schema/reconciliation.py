"""Reconciliation: a :class:`Finding` links a narrative record to the FHIR resources it is about."""

from neomodel import (
    ArrayProperty,
    BooleanProperty,
    DateTimeNeo4jFormatProperty,
    RelationshipTo,
    StringProperty,
    StructuredNode,
)


class Finding(StructuredNode):
    """Agreement, contradiction, gap or no clinical relevance — never a change to the record."""

    uid = StringProperty(unique_index=True, required=True)
    user_id = StringProperty(index=True, required=True)
    kind = StringProperty(required=True)  # agreement | contradiction | gap | no_clinical_relevance
    severity = StringProperty()  # low | medium | high
    safety_critical = BooleanProperty(default=False)
    rationale = StringProperty()
    engine = StringProperty()  # rules | llm
    rule = StringProperty()
    status = StringProperty()  # open | superseded | resolved
    cites = ArrayProperty(StringProperty())  # "<type>|<system>|<code>"
    created_at = DateTimeNeo4jFormatProperty(index=True)
    event_start = DateTimeNeo4jFormatProperty()

    about = RelationshipTo("app.graph_schema.narrative.Record", "ABOUT_RECORD")
    about_event = RelationshipTo("app.graph_schema.narrative.ConversationEvent", "ABOUT_EVENT")  # lifestyle talk
    cited = RelationshipTo("app.graph_schema.clinical.FhirResource", "CITES")
