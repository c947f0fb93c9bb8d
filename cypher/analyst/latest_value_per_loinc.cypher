// Answers: the latest value a user has for each LOINC code, once per stream: the clinical record
//   (FHIR Observation coded in http://loinc.org) and what the user said (test_result, vital_sign,
//   body_measurement records grounded to a LOINC). Compare the two rows of a code side by side.
// Parameters: $user_id (string).
// Returns: loinc, stream ('clinical' | 'narrative'), name, value, value_text, unit, abnormal
//   (narrative grounding: high | low | normal; clinical: the FHIR interpretation), at, uid.
//   Ordered by loinc, then stream. Retracted narrative records are left out.
CALL () {
  MATCH (:Self {user_id: $user_id})-[:HAS_FHIR]->(o:Observation)
  WHERE o.code IS NOT NULL AND o.code_system = 'http://loinc.org'
    AND (o.value IS NOT NULL OR o.value_text IS NOT NULL) AND o.event_start IS NOT NULL
  RETURN o.code AS loinc, 'clinical' AS stream, o.event_start AS at, o.uid AS uid, o.display AS name,
         o.value AS value, o.value_text AS value_text, o.unit AS unit, o.interpretation AS abnormal
  UNION ALL
  MATCH (:Self {user_id: $user_id})-[:HAS_RECORD]->(r:Record)
  WHERE r.loinc IS NOT NULL AND r.type IN ['test_result', 'vital_sign', 'body_measurement']
    AND coalesce(r.status, 'current') <> 'retracted'
    AND (r.value IS NOT NULL OR r.value_text IS NOT NULL)
    AND coalesce(r.event_start, r.mention_time) IS NOT NULL
  RETURN r.loinc AS loinc, 'narrative' AS stream, coalesce(r.event_start, r.mention_time) AS at,
         r.uid AS uid, r.name AS name, r.value AS value, r.value_text AS value_text, r.unit AS unit,
         r.abnormal AS abnormal
}
WITH loinc, stream, at, uid, name, value, value_text, unit, abnormal
ORDER BY at DESC, uid
WITH loinc, stream, collect({at: at, uid: uid, name: name, value: value, value_text: value_text,
                             unit: unit, abnormal: abnormal})[0] AS latest
RETURN loinc, stream, latest.name AS name, latest.value AS value, latest.value_text AS value_text,
       latest.unit AS unit, latest.abnormal AS abnormal, latest.at AS at, latest.uid AS uid
ORDER BY loinc, stream;
