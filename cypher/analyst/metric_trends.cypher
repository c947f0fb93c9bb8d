// Answers: the derived trend of every metric of one user (metric_trend records computed by the
//   write path from each series: direction and change between first and last report).
// Parameters: $user_id (string).
// Returns: dimension (e.g. 'test:hba1c'), name, standard_key, change (last minus first, in the
//   series unit), unit, trend (the computation as a JSON string), sources (number of records it
//   was derived from), uid. Ordered by dimension.
MATCH (:Self {user_id: $user_id})-[:HAS_RECORD]->(t:Record {type: 'metric_trend'})
OPTIONAL MATCH (t)-[:DERIVED_FROM]->(src:Record)
RETURN t.kind AS dimension, t.name AS name, t.standard_key AS standard_key, t.value AS change,
       t.unit AS unit, t.derived AS trend, count(src) AS sources, t.uid AS uid
ORDER BY dimension;
