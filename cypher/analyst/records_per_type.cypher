// Answers: how many records of each type each user has, per stream (FHIR resource types for the
//   clinical stream, record types for the narrative stream).
// Parameters: $user_id (string, or null for every user).
// Returns: user_id, stream ('clinical' | 'narrative'), type, records. Ordered by user, stream,
//   then the most frequent type first.
CALL () {
  MATCH (n:FhirResource)
  WHERE $user_id IS NULL OR n.user_id = $user_id
  RETURN n.user_id AS user_id, 'clinical' AS stream, n.resource_type AS type
  UNION ALL
  MATCH (n:Record)
  WHERE $user_id IS NULL OR n.user_id = $user_id
  RETURN n.user_id AS user_id, 'narrative' AS stream, n.type AS type
}
RETURN user_id, stream, type, count(*) AS records
ORDER BY user_id, stream, records DESC, type;
