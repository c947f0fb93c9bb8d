// Answers: what a user currently takes according to each stream: active MedicationRequest /
//   MedicationStatement resources and the current_medication records derived from what they said,
//   each with the dictionary ingredient(s) it maps to.
// Parameters: $user_id (string).
// Returns: stream ('clinical' | 'narrative'), drug (resource display or stated drug), ingredients
//   (DrugTerm keys), status, since, uid. Ordered by stream, then drug.
CALL () {
  MATCH (:Self {user_id: $user_id})-[:HAS_FHIR]->(m:FhirResource)
  WHERE (m:MedicationRequest OR m:MedicationStatement) AND m.status IN ['active', 'on-hold', 'intended']
  OPTIONAL MATCH (m)-[:CODED_AS|USES_MEDICATION*1..2]->(:Code)-[:MAPS_TO]->(d:DrugTerm)
  WITH m, d ORDER BY d.key
  RETURN 'clinical' AS stream, m.display AS drug, collect(DISTINCT d.key) AS ingredients,
         m.status AS status, coalesce(m.event_start, m.recorded_at) AS since, m.uid AS uid
  UNION ALL
  MATCH (:Self {user_id: $user_id})-[:HAS_RECORD]->(r:Record {type: 'current_medication'})
  WHERE coalesce(r.status, 'current') = 'current'
  OPTIONAL MATCH (d:DrugTerm) WHERE d.key = r.drug OR (r)-[:ABOUT]->(d)
  WITH r, d ORDER BY d.key
  RETURN 'narrative' AS stream, r.drug AS drug, collect(DISTINCT d.key) AS ingredients,
         r.status AS status, coalesce(r.event_start, r.mention_time) AS since, r.uid AS uid
}
RETURN stream, drug, ingredients, status, since, uid
ORDER BY stream, toLower(coalesce(drug, '')), uid;
