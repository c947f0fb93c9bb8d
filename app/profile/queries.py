"""Cypher for the profile: evidence reads and the stored fields."""

from app.db.cypher import Query

SELF_FACTS = Query(
    "profile_self_facts",
    """
    MATCH (s:Self {user_id: $user_id})
    RETURN s.user_id AS user_id, s.sex AS sex, s.birth_date AS birth_date,
           s.height_cm AS height_cm, s.blood_type AS blood_type
    """,
)

NARRATIVE_RECORDS = Query(
    "profile_narrative_records",
    """
    MATCH (r:Record {user_id: $user_id})
    WHERE coalesce(r.status, 'current') = 'current'
      AND coalesce(r.event_start, r.mention_time) <= $as_of
    WITH r ORDER BY coalesce(r.event_start, r.mention_time) DESC LIMIT $limit
    RETURN r {.*, embedding: null, search_text: null,
              event_start: toString(r.event_start), event_end: toString(r.event_end),
              mention_time: toString(r.mention_time), start: toString(r.start), end: toString(r.end)} AS record
    """,
)

CLINICAL_RESOURCES = Query(
    "profile_clinical_resources",
    """
    MATCH (f:FhirResource {user_id: $user_id})
    WHERE f.resource_type IN ['Condition', 'MedicationRequest', 'MedicationStatement',
                              'AllergyIntolerance', 'Procedure', 'Immunization', 'CarePlan', 'Goal']
      AND (f.event_start IS NULL OR f.event_start <= $as_of)
    OPTIONAL MATCH (f)-[:CODED_AS]->(:Code)-[:MAPS_TO]->(term)
    WITH f, collect(DISTINCT term.key)[0] AS term_key,
         collect(DISTINCT CASE WHEN term:DrugTerm THEN term.high_risk END)[0] AS high_risk
    RETURN f.uid AS uid, f.resource_type AS resource_type, f.display AS display, f.status AS status,
           f.clinical_status AS clinical_status, f.code_system AS code_system, f.code AS code,
           toString(f.event_start) AS event_start, toString(f.event_end) AS event_end,
           term_key, high_risk
    ORDER BY f.event_start DESC
    LIMIT $limit
    """,
)

LATEST_OBSERVATIONS = Query(
    "profile_latest_observations",
    """
    MATCH (o:FhirResource {user_id: $user_id})
    WHERE o.resource_type = 'Observation' AND o.value IS NOT NULL AND o.event_start <= $as_of
    WITH o ORDER BY o.event_start DESC
    WITH o.code AS code, collect(o)[0..2] AS recent
    UNWIND recent AS o
    RETURN o.uid AS uid, o.display AS display, o.code AS code, o.code_system AS code_system,
           o.value AS value, o.unit AS unit, toString(o.event_start) AS event_start
    """,
)

OPEN_FINDINGS = Query(
    "profile_open_findings",
    """
    MATCH (f:Finding {user_id: $user_id})
    WHERE coalesce(f.status, 'open') = 'open' AND f.kind IN ['contradiction', 'gap']
    OPTIONAL MATCH (f)-[:ABOUT_RECORD]->(r:Record)
    RETURN f.uid AS uid, f.kind AS kind, f.severity AS severity, f.safety_critical AS safety_critical,
           f.rationale AS rationale, toString(f.created_at) AS created_at,
           r.type AS record_type, r.drug AS drug, r.name AS name
    ORDER BY f.created_at DESC LIMIT 20
    """,
)

CAUSAL_CANDIDATES = Query(
    "profile_causal_candidates",
    """
    MATCH (a:Record {user_id: $user_id})-[c:CANDIDATE_CAUSE_OF]->(b:Record)
    RETURN a.uid AS from_uid, b.uid AS to_uid, a.type AS from_type, b.type AS to_type,
           coalesce(a.drug, a.name, a.standard_key, a.type) AS from_label,
           coalesce(b.name, b.standard_key, b.type) AS to_label
    LIMIT 10
    """,
)

STORED_FIELDS = Query(
    "profile_stored_fields",
    """
    MATCH (p:ProfileField {user_id: $user_id})
    RETURN p.field AS field, p.text AS text, p.contract_id AS contract_id, p.backend AS backend,
           p.model AS model, p.evidence_hash AS evidence_hash, p.evidence_ids AS evidence_ids,
           toString(p.data_through) AS data_through, toString(p.generated_at) AS generated_at,
           p.status AS status, p.sentences AS sentences
    """,
)

UPSERT_FIELDS = Query(
    "profile_upsert_fields",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $fields AS field
    MERGE (p:ProfileField {uid: $user_id + '|' + field.field})
    ON CREATE SET p.user_id = $user_id, p.field = field.field
    SET p.text = field.text, p.contract_id = field.contract_id, p.backend = field.backend,
        p.model = field.model, p.evidence_hash = field.evidence_hash, p.evidence_ids = field.evidence_ids,
        p.data_through = CASE WHEN field.data_through IS NULL THEN null ELSE datetime(field.data_through) END,
        p.generated_at = datetime(field.generated_at), p.status = 'current', p.sentences = field.sentences
    MERGE (s)-[:HAS_PROFILE_FIELD]->(p)
    WITH p, field
    OPTIONAL MATCH (p)-[old:DRAWS_ON]->()
    DELETE old
    WITH DISTINCT p, field
    CALL (p, field) {
      UNWIND field.evidence_ids AS id
      OPTIONAL MATCH (r:Record {uid: id})
      OPTIONAL MATCH (c:FhirResource {uid: id})
      OPTIONAL MATCH (f:Finding {uid: id})
      OPTIONAL MATCH (me:Self {user_id: id})
      WITH p, coalesce(r, c, f, me) AS target
      WHERE target IS NOT NULL AND target.user_id = p.user_id
      MERGE (p)-[:DRAWS_ON]->(target)
      RETURN count(*) AS linked
    }
    RETURN p.field AS field, linked
    """,
)

INVALIDATE_DRAWING_ON = Query(
    "profile_invalidate_drawing_on",
    """
    MATCH (p:ProfileField {user_id: $user_id})-[:DRAWS_ON]->(n)
    WHERE n.uid IN $node_ids
    SET p.status = 'invalidated'
    RETURN DISTINCT p.field AS field
    """,
)

DRAWS_ON_TARGETS = Query(
    "profile_draws_on_targets",
    """
    MATCH (p:ProfileField {user_id: $user_id})-[:DRAWS_ON]->(n)
    RETURN p.field AS field, coalesce(n.uid, n.user_id) AS id, labels(n) AS labels
    """,
)
