// Answers: each profile field of a user with the evidence it DRAWS_ON (records, FHIR resources,
//   findings or the Self node), and any evidence id the field names that no longer links.
// Parameters: $user_id (string).
// Returns: field, status (current | invalidated), contract_id, data_through, generated_at,
//   evidence_count, evidence (sorted by id: {id, label, kind}), unlinked_ids, text.
MATCH (:Self {user_id: $user_id})-[:HAS_PROFILE_FIELD]->(p:ProfileField)
OPTIONAL MATCH (p)-[:DRAWS_ON]->(n)
WITH p, n ORDER BY coalesce(n.uid, n.user_id)
WITH p, collect(CASE WHEN n IS NOT NULL THEN {
       id: coalesce(n.uid, n.user_id),
       label: CASE WHEN n:Record THEN 'Record' WHEN n:FhirResource THEN 'FhirResource'
                   WHEN n:Finding THEN 'Finding' WHEN n:Self THEN 'Self' ELSE 'other' END,
       kind: coalesce(n.type, n.resource_type, n.kind)} END) AS evidence
RETURN p.field AS field, p.status AS status, p.contract_id AS contract_id, p.data_through AS data_through,
       p.generated_at AS generated_at, size(evidence) AS evidence_count, evidence,
       [id IN coalesce(p.evidence_ids, []) WHERE NOT id IN [e IN evidence | e.id]] AS unlinked_ids,
       p.text AS text
ORDER BY field;
