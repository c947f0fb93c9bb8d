// Answers: how a user's statements compare with their clinical record: every reconciliation
//   finding with the statement it is about (a record, or for lifestyle talk that produced no record
//   the conversation event) and the FHIR resources it cites.
// Parameters: $user_id (string); $status (string: open | superseded | resolved, or null for all).
// Returns: kind (agreement | contradiction | gap | no_clinical_relevance), severity,
//   safety_critical, status, rule, engine, record_type (null for an event), quote (the event's masked
//   text for an event), cited (sorted {uid, type, display}),
//   event_start, created_at, uid. Safety-critical first, then by event time.
MATCH (:Self {user_id: $user_id})-[:HAS_FINDING]->(f:Finding)
WHERE $status IS NULL OR f.status = $status
OPTIONAL MATCH (f)-[:ABOUT_RECORD]->(r:Record)
OPTIONAL MATCH (f)-[:ABOUT_EVENT]->(e:ConversationEvent)
OPTIONAL MATCH (f)-[:CITES]->(c:FhirResource)
WITH f, r, e, c ORDER BY c.uid
WITH f, r, e, collect(CASE WHEN c IS NOT NULL THEN {uid: c.uid, type: c.resource_type, display: c.display} END)
     AS cited
RETURN f.kind AS kind, f.severity AS severity, f.safety_critical AS safety_critical, f.status AS status,
       f.rule AS rule, f.engine AS engine, r.type AS record_type, coalesce(r.quote, e.text) AS quote, cited,
       f.event_start AS event_start, f.created_at AS created_at, f.uid AS uid
ORDER BY f.safety_critical DESC, coalesce(f.event_start, f.created_at), f.uid;
