"""Layer 3, clinical stream: FHIR R4 resources of one user, read-only to the narrative path.

Every resource is a :class:`FhirResource` node with a second label naming its type
(``:FhirResource:Observation``). ``uid`` is ``<user_id>|<resourceType>|<id>`` so the same id in
two users' records never collides. Times use the names shared with narrative records:
``event_start`` / ``event_end`` (effective, onset/abatement, authoredOn, performed…) and
``recorded_at`` (issued, recordedDate). Codings link to shared :class:`Code` nodes (``CODED_AS``).
"""

from neomodel import (
    ArrayProperty,
    DateTimeNeo4jFormatProperty,
    FloatProperty,
    IntegerProperty,
    JSONProperty,
    RelationshipTo,
    StringProperty,
    StructuredNode,
)


class FhirResource(StructuredNode):
    """A FHIR R4 resource as stored; ``resource`` keeps the validated JSON for rehydration."""

    __optional_labels__ = ["Retrievable"]  # noqa: RUF012  (neomodel reads a class-level list)

    uid = StringProperty(unique_index=True, required=True)
    user_id = StringProperty(index=True, required=True)
    resource_type = StringProperty(required=True)
    fhir_id = StringProperty(required=True)
    version_id = StringProperty()
    last_updated = DateTimeNeo4jFormatProperty()
    status = StringProperty()
    clinical_status = StringProperty()
    verification_status = StringProperty()
    display = StringProperty()
    code_system = StringProperty()
    code = StringProperty()
    value = FloatProperty()
    value_text = StringProperty()
    unit = StringProperty()
    event_start = DateTimeNeo4jFormatProperty(index=True)
    event_end = DateTimeNeo4jFormatProperty()
    recorded_at = DateTimeNeo4jFormatProperty()
    search_text = StringProperty()
    embedding = ArrayProperty(FloatProperty())
    embedding_seq = IntegerProperty()  # the Self's embedding_seq when the vector was written
    user_token = StringProperty()  # the user's term in the full-text index (app.users.service.user_token)
    resource = JSONProperty()
    # Written by the FHIR loader (app.ingest.fhir); see its mapping module for their meaning.
    content_hash = StringProperty()
    category = StringProperty()
    interpretation = StringProperty()
    reference_range = StringProperty()
    components = JSONProperty()
    dosage_text = StringProperty()
    dosage_timing = StringProperty()
    supply_days = FloatProperty()
    identifiers = ArrayProperty(StringProperty())

    codes = RelationshipTo("app.graph_schema.dictionary.Code", "CODED_AS")
    encounter = RelationshipTo("FhirResource", "DURING")
    results = RelationshipTo("FhirResource", "HAS_RESULT")
    medication = RelationshipTo("FhirResource", "USES_MEDICATION")
    references = RelationshipTo("FhirResource", "REFERS_TO")


class Patient(FhirResource):
    pass


class Condition(FhirResource):
    pass


class MedicationRequest(FhirResource):
    pass


class MedicationStatement(FhirResource):
    pass


class Medication(FhirResource):
    pass


class AllergyIntolerance(FhirResource):
    pass


class Observation(FhirResource):
    pass


class Procedure(FhirResource):
    pass


class Immunization(FhirResource):
    pass


class CarePlan(FhirResource):
    pass


class Goal(FhirResource):
    pass


class Encounter(FhirResource):
    pass


class DiagnosticReport(FhirResource):
    pass


class Organization(FhirResource):
    pass


class Practitioner(FhirResource):
    pass


FHIR_RESOURCE_CLASSES: dict[str, type[FhirResource]] = {
    cls.__name__: cls
    for cls in (
        Patient,
        Condition,
        MedicationRequest,
        MedicationStatement,
        Medication,
        AllergyIntolerance,
        Observation,
        Procedure,
        Immunization,
        CarePlan,
        Goal,
        Encounter,
        DiagnosticReport,
        Organization,
        Practitioner,
    )
}
"""Resource types stored as nodes: the allow-list for the type label (``:FhirResource:<type>``)."""

