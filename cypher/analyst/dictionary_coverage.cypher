// Answers: which LOINC codes appear on clinical Observations but have no dictionary TestTerm
//   (no Code-[:MAPS_TO]->TestTerm), i.e. where the dictionary should grow next.
// Parameters: $user_id (string, or null for every user).
// Returns: loinc, display, observations (how many resources carry it), users. Most frequent first.
MATCH (o:Observation)-[:CODED_AS]->(c:Code)
WHERE ($user_id IS NULL OR o.user_id = $user_id)
  AND c.system = 'http://loinc.org'
  AND NOT EXISTS { MATCH (c)-[:MAPS_TO]->(:TestTerm) }
RETURN c.code AS loinc, c.display AS display, count(DISTINCT o) AS observations,
       count(DISTINCT o.user_id) AS users
ORDER BY observations DESC, loinc;
