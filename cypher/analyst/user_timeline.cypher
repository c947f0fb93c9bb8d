// Answers: what happened to one user, in event-time order, across both streams: clinical FHIR
//   resources and narrative records, each row marked with its stream.
// Parameters: $user_id (string); $since, $until (ISO date or datetime strings, or null for no
//   bound; $until is exclusive); $limit (integer).
// Returns: at (event_start, else recorded_at / mention_time), stream ('clinical' | 'narrative'),
//   kind (FHIR resource type or record type), label, value, unit, status, event_start, event_end,
//   noted_at (when it was recorded or said), uid. Rows without any time come last.
CALL () {
  MATCH (:Self {user_id: $user_id})-[:HAS_FHIR]->(n:FhirResource)
  RETURN 'clinical' AS stream, n.uid AS uid, n.resource_type AS kind, n.display AS label,
         coalesce(toString(n.value), n.value_text) AS value, n.unit AS unit, n.status AS status,
         n.event_start AS event_start, n.event_end AS event_end, n.recorded_at AS noted_at
  UNION ALL
  MATCH (:Self {user_id: $user_id})-[:HAS_RECORD]->(n:Record)
  RETURN 'narrative' AS stream, n.uid AS uid, n.type AS kind,
         coalesce(n.name, n.drug, n.condition, n.substance, n.procedure, n.activity, n.food, n.habit,
                  n.kind) AS label,
         coalesce(toString(n.value), n.value_text) AS value, n.unit AS unit, n.status AS status,
         n.event_start AS event_start, n.event_end AS event_end, n.mention_time AS noted_at
}
WITH *, coalesce(event_start, noted_at) AS at
WHERE ($since IS NULL OR at >= datetime($since)) AND ($until IS NULL OR at < datetime($until))
RETURN at, stream, kind, label, value, unit, status, event_start, event_end, noted_at, uid
ORDER BY at, stream, uid
LIMIT $limit;
