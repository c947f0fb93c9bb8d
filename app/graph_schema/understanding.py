"""Understanding: the seven profile fields of a user, each with the memories it drew on."""

from neomodel import (
    ArrayProperty,
    DateTimeNeo4jFormatProperty,
    JSONProperty,
    RelationshipTo,
    StringProperty,
    StructuredNode,
)


class ProfileField(StructuredNode):
    """One answered question; ``uid`` is ``<user_id>|<field>``."""

    uid = StringProperty(unique_index=True, required=True)
    user_id = StringProperty(index=True, required=True)
    field = StringProperty(required=True)
    text = StringProperty()
    contract_id = StringProperty()
    backend = StringProperty()
    model = StringProperty()
    evidence_hash = StringProperty()
    evidence_ids = ArrayProperty(StringProperty())
    sentences = JSONProperty()  # [{"text": ..., "ids": [...]}]: each sentence with the ids it used
    data_through = DateTimeNeo4jFormatProperty()
    generated_at = DateTimeNeo4jFormatProperty()
    status = StringProperty()  # current | invalidated

    draws_on = RelationshipTo("app.graph_schema.narrative.Record", "DRAWS_ON")
