// Answers: which open, safety-critical reconciliation findings exist across all users (what a
//   clinician should look at first), most severe and most recent first.
// Parameters: $limit (integer).
// Returns: user_id, severity, kind, rule, engine, rationale, record_uid, record_type, quote (the
//   statement the finding is about), cited (uids of the FHIR resources it cites, sorted),
//   created_at, uid.
MATCH (s:Self)-[:HAS_FINDING]->(f:Finding {status: 'open', safety_critical: true})
OPTIONAL MATCH (f)-[:ABOUT_RECORD]->(r:Record)
OPTIONAL MATCH (f)-[:CITES]->(c:FhirResource)
WITH s, f, r, c ORDER BY c.uid
WITH s, f, r, collect(c.uid) AS cited
RETURN s.user_id AS user_id, f.severity AS severity, f.kind AS kind, f.rule AS rule, f.engine AS engine,
       f.rationale AS rationale, r.uid AS record_uid, r.type AS record_type, r.quote AS quote, cited,
       f.created_at AS created_at, f.uid AS uid
ORDER BY CASE f.severity WHEN 'high' THEN 0 WHEN 'medium' THEN 1 WHEN 'low' THEN 2 ELSE 3 END,
         f.created_at DESC, f.uid
LIMIT $limit;
