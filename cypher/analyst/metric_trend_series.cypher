// Answers: one user's series of a measured metric (a dictionary test key), in event-time order,
//   walking the NEXT chain the write path maintains between records of one series.
// Parameters: $user_id (string); $standard_key (string: the TestTerm key, e.g. 'hba1c').
// Returns: position (1 = first in its chain), value, unit, value_canonical, unit_canonical,
//   abnormal, band, at (event_start, else mention_time), status, chain_start, uid.
MATCH (first:Record {user_id: $user_id})
WHERE first.standard_key = $standard_key AND first.series_key IS NOT NULL
  AND NOT EXISTS { MATCH (:Record)-[:NEXT]->(first) }
MATCH chain = (first)-[:NEXT*0..]->(r:Record)
RETURN length(chain) + 1 AS position, r.value AS value, r.unit AS unit,
       r.value_canonical AS value_canonical, r.unit_canonical AS unit_canonical, r.abnormal AS abnormal,
       r.band AS band, coalesce(r.event_start, r.mention_time) AS at, r.status AS status,
       first.uid AS chain_start, r.uid AS uid
ORDER BY coalesce(first.event_start, first.mention_time), chain_start, position;
