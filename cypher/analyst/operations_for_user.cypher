// Answers: what changed a user's graph, newest first: the append-only operation log (every write
//   appends one Operation in the same transaction).
// Parameters: $user_id (string); $since (ISO datetime string, or null for the whole log);
//   $limit (integer).
// Returns: at, kind, actor, targets (number of target ids), target_ids, payload (JSON: ids,
//   counts and versions only), uid.
MATCH (o:Operation {user_id: $user_id})
WHERE $since IS NULL OR o.at >= datetime($since)
RETURN o.at AS at, o.kind AS kind, o.actor AS actor, size(coalesce(o.target_ids, [])) AS targets,
       o.target_ids AS target_ids, o.payload AS payload, o.uid AS uid
ORDER BY o.at DESC, o.uid
LIMIT $limit;
