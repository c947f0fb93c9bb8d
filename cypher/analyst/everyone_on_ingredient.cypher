// Answers: which users are on a drug ingredient (a DrugTerm, RxNorm), by any evidence: a
//   MedicationRequest / MedicationStatement coded (directly or through its Medication resource)
//   with a Code that MAPS_TO the ingredient, a narrative medication record ABOUT it, or TAKES.
// Parameters: $drug_key (string: the DrugTerm key, e.g. 'metformin').
// Returns: user_id, streams (which evidence exists: 'clinical', 'narrative', 'takes'),
//   clinical_resources, narrative_records (counts), latest (latest event or mention time).
MATCH (d:DrugTerm {key: $drug_key})
CALL (d) {
  MATCH (s:Self)-[:HAS_FHIR]->(m:FhirResource)-[:CODED_AS|USES_MEDICATION*1..2]->(:Code)-[:MAPS_TO]->(d)
  WHERE m:MedicationRequest OR m:MedicationStatement
  RETURN s.user_id AS user_id, 'clinical' AS stream, m.uid AS uid,
         coalesce(m.event_start, m.recorded_at) AS at
  UNION
  MATCH (s:Self)-[:HAS_RECORD]->(r:Record)-[:ABOUT]->(d)
  WHERE r.type IN ['medication_intake', 'prescription', 'regimen_change', 'current_medication']
  RETURN s.user_id AS user_id, 'narrative' AS stream, r.uid AS uid,
         coalesce(r.event_start, r.mention_time) AS at
  UNION
  MATCH (s:Self)-[t:TAKES]->(d)
  RETURN s.user_id AS user_id, 'takes' AS stream, null AS uid, null AS at
}
WITH user_id, collect(stream) AS found, max(at) AS latest,
     count(CASE WHEN stream = 'clinical' THEN uid END) AS clinical_resources,
     count(CASE WHEN stream = 'narrative' THEN uid END) AS narrative_records
RETURN user_id, [s IN ['clinical', 'narrative', 'takes'] WHERE s IN found] AS streams,
       clinical_resources, narrative_records, latest
ORDER BY user_id;
