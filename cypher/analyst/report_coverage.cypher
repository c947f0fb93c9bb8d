// Answers: how completely a user reports each measured series (seed 000: unreported days are
//   missing, not normal) — computed live from the records, next to the report_coverage record
//   the write path stored for the same dimension.
// Parameters: $user_id (string); $now (ISO datetime string: the reference for days_since_last).
// Returns: dimension (series key without the user, e.g. 'test:hba1c'), reports, reported_days,
//   span_days (first to last report, inclusive), reported_share, abnormal_reports (high or low),
//   first_at, last_at, days_since_last, stored_coverage (the stored JSON, or null).
MATCH (r:Record {user_id: $user_id})
WHERE r.series_key IS NOT NULL AND coalesce(r.status, 'current') <> 'retracted'
WITH r, substring(r.series_key, size($user_id) + 1) AS dimension,
     coalesce(r.event_start, r.mention_time) AS at
WHERE at IS NOT NULL AND any(prefix IN ['test:', 'vital:', 'body:', 'sleep:'] WHERE dimension STARTS WITH prefix)
WITH dimension, count(r) AS reports, collect(DISTINCT date(at)) AS days, min(at) AS first_at,
     max(at) AS last_at, count(CASE WHEN r.abnormal IN ['high', 'low'] THEN 1 END) AS abnormal_reports
WITH dimension, reports, size(days) AS reported_days,
     duration.inDays(date(first_at), date(last_at)).days + 1 AS span_days,
     abnormal_reports, first_at, last_at
OPTIONAL MATCH (c:Record {user_id: $user_id, type: 'report_coverage', kind: dimension})
RETURN dimension, reports, reported_days, span_days,
       round(toFloat(reported_days) / span_days, 4) AS reported_share, abnormal_reports,
       first_at, last_at, duration.inDays(date(last_at), date(datetime($now))).days AS days_since_last,
       c.derived AS stored_coverage
ORDER BY dimension;
