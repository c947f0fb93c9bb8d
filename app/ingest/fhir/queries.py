"""Cypher of the FHIR loader and the clinical summary. ``$params`` only.

The type label of a resource node and the type of a resource-to-resource edge vary per row: they
are set with Neo4j 5.26 dynamic labels and types (``$(row.resource_type)``, ``$(e.rel)``), so one
statement writes a whole bundle's nodes and one its edges (one round trip, one cached plan,
instead of one per type). Their values are never input: the mapper sets ``resource_type`` only
for allow-listed types (:data:`~app.graph_schema.registry.FHIR_TYPE_LABELS`, checked in
:mod:`app.ingest.fhir.parse`) and ``rel`` from :data:`~app.ingest.fhir.models.EDGE_TYPES`.

Lookups by uid carry ``USING INDEX`` hints: a plan cached while the database was nearly empty
must not stay a label scan once it holds millions of resources.
"""

from __future__ import annotations

from app.db.cypher import Query

FIND_STORED = Query(
    "fhir_find_stored",
    """
    UNWIND $uids AS uid
    MATCH (r:FhirResource {uid: uid}) USING INDEX r:FhirResource(uid)
    RETURN r.uid AS uid, r.content_hash AS content_hash, r.version_id AS version_id,
           r.last_updated AS last_updated
    """,
)

CREATE_RESOURCES = Query(
    "fhir_create_resources",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $rows AS row
    CREATE (r:FhirResource:$(row.resource_type):Retrievable:PendingEmbedding)
    SET r = row {
        .*, user_token: $user_token,
        last_updated: datetime(row.last_updated), event_start: datetime(row.event_start),
        event_end: datetime(row.event_end), recorded_at: datetime(row.recorded_at)
    }
    CREATE (s)-[:HAS_FHIR]->(r)
    """,
)
"""Resources the graph does not hold yet (the version rules found no stored uid in this
transaction, which holds the user's ``Self`` lock, so no other load of this user can create
them meanwhile): ``CREATE``, not ``MERGE``, so no index probe and no merge lock per row; the uid
uniqueness constraint stays the backstop. One ``SET`` of a projected map:
times arrive as ISO-8601 strings and become zoned ``DateTime`` values on the server (cheaper than
the driver's Python datetime packing, the largest client cost of a load); rows carry only the
properties that have a value, and a null (absent time) leaves the property unset."""

REPLACE_RESOURCES = Query(
    "fhir_replace_resources",
    """
    UNWIND $rows AS row
    MATCH (r:FhirResource {uid: row.uid}) USING INDEX r:FhirResource(uid)
    SET r = row {
        .*, user_token: $user_token,
        last_updated: datetime(row.last_updated), event_start: datetime(row.event_start),
        event_end: datetime(row.event_end), recorded_at: datetime(row.recorded_at)
    }
    SET r:Retrievable:PendingEmbedding
    """,
)
"""A newer version of a stored resource: ``SET r = …`` replaces every property, so the replaced
version keeps nothing of the old one (its type label and ``HAS_FHIR`` edge stay: the uid names
both the user and the type). It joins the embedding queue again (its text may have changed)."""

DROP_OUTGOING = Query(
    "fhir_drop_outgoing",
    """
    UNWIND $uids AS uid
    MATCH (r:FhirResource {uid: uid}) USING INDEX r:FhirResource(uid)
    MATCH (r)-[e:CODED_AS|DURING|HAS_RESULT|USES_MEDICATION|REFERS_TO]->()
    DELETE e
    """,
)

MERGE_CODES = Query(
    "fhir_merge_codes",
    """
    UNWIND $codes AS c
    MERGE (k:Code {uid: c.uid})
    ON CREATE SET k.system = c.system, k.code = c.code, k.display = c.display
    """,
)

LINK_CODES = Query(
    "fhir_link_codes",
    """
    UNWIND $links AS l
    MATCH (r:FhirResource {uid: l.resource_uid}) USING INDEX r:FhirResource(uid)
    MATCH (k:Code {uid: l.code_uid}) USING INDEX k:Code(uid)
    CREATE (r)-[:CODED_AS {role: l.role}]->(k)
    """,
)

LINK_RESOURCES = Query(
    "fhir_link_resources",
    """
    UNWIND $edges AS e
    MATCH (a:FhirResource {uid: e.from_uid}) USING INDEX a:FhirResource(uid)
    MATCH (b:FhirResource {uid: e.to_uid}) USING INDEX b:FhirResource(uid)
    CREATE (a)-[:$(e.rel) {via: e.via}]->(b)
    RETURN count(*) AS linked
    """,
)

SET_PATIENT_FACTS = Query(
    "fhir_set_patient_facts",
    """
    MATCH (s:Self {user_id: $user_id})
    SET s.sex = coalesce($sex, s.sex),
        s.birth_date = coalesce(date($birth_date), s.birth_date),
        s.fhir_patient_ids = CASE WHEN $fhir_id IN coalesce(s.fhir_patient_ids, [])
                                  THEN s.fhir_patient_ids
                                  ELSE coalesce(s.fhir_patient_ids, []) + $fhir_id END
    """,
)

SUMMARY_RESOURCES = Query(
    "fhir_summary_resources",
    """
    MATCH (r:FhirResource {user_id: $user_id})
    WHERE r.resource_type IN $types
    RETURN r.uid AS uid, r.resource_type AS resource_type, r.display AS display,
           r.code_system AS code_system, r.code AS code, r.status AS status,
           r.clinical_status AS clinical_status, r.verification_status AS verification_status,
           r.event_start AS event_start, r.event_end AS event_end, r.recorded_at AS recorded_at,
           r.category AS category, r.dosage_text AS dosage_text, r.dosage_timing AS dosage_timing
    """,
)

SUMMARY_LATEST_OBSERVATIONS = Query(
    "fhir_summary_latest_observations",
    """
    MATCH (r:FhirResource {user_id: $user_id})
    WHERE r:Observation AND r.code IS NOT NULL AND r.event_start IS NOT NULL
      AND any(c IN $categories WHERE r.category CONTAINS c)
    WITH r ORDER BY r.event_start DESC
    WITH r.code_system AS code_system, r.code AS code, collect(r)[0] AS r
    RETURN r.uid AS uid, r.resource_type AS resource_type, r.display AS display,
           code_system, code, r.status AS status, r.value AS value, r.value_text AS value_text,
           r.unit AS unit, r.interpretation AS interpretation, r.event_start AS event_start,
           r.category AS category
    """,
)
