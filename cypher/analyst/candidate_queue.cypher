// Answers: which names the alias gate refused most often (the queue for extending the
//   dictionary offline), with the suggested dictionary keys.
// Parameters: $kind (string: test | drug | condition | symptom, or null for all);
//   $min_count (integer); $limit (integer).
// Returns: kind, norm (the normalised name), count, first_seen, last_seen, suggestions, examples
//   (masked quotes), uid. Most frequent first, then most recently seen.
MATCH (c:Candidate)
WHERE ($kind IS NULL OR c.kind = $kind) AND coalesce(c.count, 0) >= $min_count
RETURN c.kind AS kind, c.norm AS norm, c.count AS count, c.first_seen AS first_seen,
       c.last_seen AS last_seen, c.suggestions AS suggestions, c.examples AS examples, c.uid AS uid
ORDER BY count DESC, last_seen DESC, uid
LIMIT $limit;
