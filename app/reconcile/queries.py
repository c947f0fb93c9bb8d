"""Cypher of the reconciliation engine: reading the clinical context, writing and reading findings.

Clinical nodes are only ever matched here, never written (dual stream).
"""

from app.db.cypher import Query

CONTEXT_TYPES: tuple[str, ...] = (
    "Condition",
    "MedicationRequest",
    "MedicationStatement",
    "AllergyIntolerance",
    "Procedure",
    "Immunization",
    "CarePlan",
)
"""Resource types read whole for a user's context (Observations are read per LOINC)."""

_ITEM_RETURN = """
       r.uid AS uid, r.resource_type AS resource_type, r.fhir_id AS fhir_id, r.status AS status,
       r.clinical_status AS clinical_status, r.verification_status AS verification_status,
       coalesce(r.display, m.display) AS display,
       coalesce(r.code_system, m.code_system) AS code_system, coalesce(r.code, m.code) AS code,
       r.value AS value, r.value_text AS value_text, r.unit AS unit, r.category AS category,
       r.components AS components, r.supply_days AS supply_days,
       r.event_start AS event_start, r.event_end AS event_end, r.recorded_at AS recorded_at
"""

CLINICAL_ITEMS = Query(
    "reconcile_clinical_items",
    """
    MATCH (r:FhirResource {user_id: $user_id})
    WHERE r.resource_type IN $types
    OPTIONAL MATCH (r)-[:USES_MEDICATION]->(m:FhirResource)
    WITH r, head(collect(m)) AS m
    OPTIONAL MATCH (r)-[:CODED_AS]->(c:Code)
    WITH r, m, collect(DISTINCT c) AS own_codes
    OPTIONAL MATCH (m)-[:CODED_AS]->(mc:Code)
    WITH r, m, own_codes, collect(DISTINCT mc) AS med_codes
    WITH r, m, own_codes + med_codes AS codes
    UNWIND (CASE WHEN codes = [] THEN [null] ELSE codes END) AS c
    OPTIONAL MATCH (c)-[:MAPS_TO]->(t)
    WITH r, m, collect(DISTINCT c.display) AS code_displays,
         collect(DISTINCT CASE WHEN t IS NULL THEN null ELSE
             {label: head([l IN labels(t) WHERE l IN ['DrugTerm', 'ConditionTerm', 'TestTerm']]),
              key: t.key, drug_class: t.drug_class, chronic: t.chronic, high_risk: t.high_risk} END) AS terms
    RETURN """
    + _ITEM_RETURN
    + """, code_displays, terms
    """,
)
"""Every context resource of a user with the codes it carries and the dictionary terms they map to."""

OBSERVATIONS_BY_CODE = Query(
    "reconcile_observations_by_code",
    """
    MATCH (r:FhirResource:Observation {user_id: $user_id})
    WHERE r.code IN $codes
    WITH r, null AS m
    RETURN """
    + _ITEM_RETURN
    + """, [] AS code_displays, [] AS terms
    ORDER BY r.event_start, r.uid
    """,
)
"""The user's Observations whose primary code is one of ``$codes`` (LOINC), oldest first."""

SELF_FACTS = Query(
    "reconcile_self_facts",
    "MATCH (s:Self {user_id: $user_id}) RETURN s.sex AS sex, toString(s.birth_date) AS birth_date",
)

RECORDS_BY_UID = Query(
    "reconcile_records_by_uid",
    """
    UNWIND $uids AS uid
    MATCH (r:Record {uid: uid, user_id: $user_id})
    OPTIONAL MATCH (u:Utterance)-[:PRODUCED]->(r)
    RETURN properties(r) AS props, u.text AS utterance_text
    """,
)
"""The records to reconcile (embeddings are dropped by the caller)."""

SUPERSEDED_RECORD_UIDS = Query(
    "reconcile_superseded_record_uids",
    """
    UNWIND $uids AS uid
    MATCH (newer:Record {uid: uid, user_id: $user_id})-[:SUPERSEDES]->(older:Record {user_id: $user_id})
    RETURN collect(DISTINCT older.uid) AS uids
    """,
)
"""Records that the given records correct: their open findings are superseded."""

CONVERSATION_EVENTS_BY_UID = Query(
    "reconcile_conversation_events_by_uid",
    """
    UNWIND $uids AS uid
    MATCH (e:ConversationEvent {uid: uid, user_id: $user_id})
    RETURN e.uid AS uid, e.text AS text, e.mention_time AS mention_time
    ORDER BY uid
    """,
)
"""The text (masked) and mention time of a turn's conversation events."""

MERGE_FINDINGS = Query(
    "reconcile_merge_findings",
    """
    MATCH (s:Self {user_id: $user_id})
    UNWIND $findings AS f
    MERGE (n:Finding {uid: f.uid})
    ON CREATE SET n.created_at = datetime($now), n.user_id = $user_id
    SET n.kind = f.kind, n.severity = f.severity, n.safety_critical = f.safety_critical,
        n.rationale = f.rationale, n.engine = f.engine, n.rule = f.rule, n.cites = f.cites,
        n.status = 'open',
        n.event_start = CASE WHEN f.event_start IS NULL THEN null ELSE datetime(f.event_start) END
    MERGE (s)-[:HAS_FINDING]->(n)
    WITH n, f
    OPTIONAL MATCH (r:Record {uid: f.record_uid, user_id: $user_id})
    FOREACH (_ IN CASE WHEN r IS NULL THEN [] ELSE [1] END | MERGE (n)-[:ABOUT_RECORD]->(r))
    WITH n, f
    OPTIONAL MATCH (e:ConversationEvent {uid: f.event_uid, user_id: $user_id})
    FOREACH (_ IN CASE WHEN e IS NULL THEN [] ELSE [1] END | MERGE (n)-[:ABOUT_EVENT]->(e))
    WITH n, f
    UNWIND (CASE WHEN f.cited_uids = [] THEN [null] ELSE f.cited_uids END) AS cited_uid
    OPTIONAL MATCH (c:FhirResource {uid: cited_uid, user_id: $user_id})
    FOREACH (_ IN CASE WHEN c IS NULL THEN [] ELSE [1] END | MERGE (n)-[:CITES]->(c))
    RETURN count(DISTINCT n) AS written
    """,
)
"""Idempotent by uid (record uid + rule): the same record reconciled twice adds nothing."""

SUPERSEDE_FINDINGS = Query(
    "reconcile_supersede_findings",
    """
    UNWIND $record_uids AS record_uid
    MATCH (n:Finding {user_id: $user_id, status: 'open'})-[:ABOUT_RECORD]->(:Record {uid: record_uid})
    WHERE NOT n.uid IN $keep
    SET n.status = 'superseded'
    RETURN collect(n.uid) AS uids
    """,
)
"""Open findings about the given records that the latest reconciliation (or a correction) replaced."""

LIST_FINDINGS = Query(
    "reconcile_list_findings",
    """
    MATCH (:Self {user_id: $user_id})-[:HAS_FINDING]->(n:Finding)
    WHERE ($kind IS NULL OR n.kind = $kind)
      AND ($severity IS NULL OR n.severity = $severity)
      AND ($safety_critical IS NULL OR n.safety_critical = $safety_critical)
      AND ($status IS NULL OR n.status = $status)
      AND ($since IS NULL OR coalesce(n.event_start, n.created_at) >= datetime($since))
    OPTIONAL MATCH (n)-[:ABOUT_RECORD]->(r:Record)
    OPTIONAL MATCH (n)-[:ABOUT_EVENT]->(e:ConversationEvent)
    RETURN n.uid AS uid, n.kind AS kind, n.severity AS severity, n.safety_critical AS safety_critical,
           n.rationale AS rationale, n.engine AS engine, n.rule AS rule, n.status AS status,
           n.cites AS cites, toString(n.created_at) AS created_at, toString(n.event_start) AS event_start,
           r.uid AS record_uid, r.type AS record_type, e.uid AS event_uid
    ORDER BY coalesce(n.event_start, n.created_at), n.created_at, n.uid
    LIMIT $limit
    """,
)
"""A user's findings in time order (conflicting statements over time are all kept)."""
