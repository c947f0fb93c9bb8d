"""Every Cypher statement of the read path, as named constants with ``$params`` only.

All statements are scoped to one user (``$user_id``): a branch never sees another user's nodes.
Nodes are addressed between statements by ``elementId`` (the branches return it, rehydration
reads the node back by it and checks ``user_id`` again).
"""

from __future__ import annotations

from app.db.cypher import Query

HIDDEN_STATUSES = ["retracted", "superseded", "entered-in-error"]
"""Lifecycle states associative recall never returns (a corrected or withdrawn fact)."""

FULLTEXT_INDEX = "retrievable_text_by_user"
VECTOR_INDEX = "retrievable_embedding"

# --- embeddings ------------------------------------------------------------------------------

PENDING_EMBEDDINGS_FOR_USER = Query(
    "retrieval_pending_embeddings_user",
    """
    MATCH (n:PendingEmbedding {user_id: $user_id})
    WHERE n.search_text IS NOT NULL
    RETURN elementId(n) AS id, n.search_text AS text
    LIMIT $limit
    """,
)
"""A user's embedding queue: nodes are written with the ``PendingEmbedding`` label (records,
conversation events, FHIR resources, derived records whose text changed), so finding them is an
index seek, not a scan of the user's nodes. Nodes written before the label existed are found by
:data:`PENDING_EMBEDDINGS_ALL` (the background pass)."""

PENDING_EMBEDDINGS_ALL = Query(
    "retrieval_pending_embeddings_all",
    """
    MATCH (n:Retrievable)
    WHERE n.search_text IS NOT NULL AND n.embedding IS NULL
    RETURN elementId(n) AS id, n.search_text AS text
    LIMIT $limit
    """,
)

WRITE_EMBEDDINGS = Query(
    "retrieval_write_embeddings",
    """
    UNWIND $rows AS row
    MATCH (n:Retrievable) WHERE elementId(n) = row.id
    WITH n.user_id AS user_id, collect({node: n, embedding: row.embedding}) AS batch
    OPTIONAL MATCH (s:Self {user_id: user_id})
    SET s.embedding_seq = coalesce(s.embedding_seq, 0) + 1
    WITH s.embedding_seq AS seq, batch
    UNWIND batch AS item
    WITH item.node AS n, item.embedding AS embedding, seq
    CALL db.create.setNodeVectorProperty(n, 'embedding', embedding)
    SET n.embedding_seq = seq
    REMOVE n:PendingEmbedding
    RETURN count(n) AS written
    """,
)
"""Vectors are stamped with the user's new ``embedding_seq`` (bumped once per batch and user, in
the same transaction), which is how in-process copies know what they miss
(:mod:`app.retrieval.vector_store`)."""

USER_EMBEDDING_SEQ = Query(
    "retrieval_user_embedding_seq",
    "OPTIONAL MATCH (s:Self {user_id: $user_id}) RETURN coalesce(s.embedding_seq, 0) AS seq",
)

USER_VECTORS_ALL = Query(
    "retrieval_user_vectors_all",
    """
    MATCH (n:Retrievable {user_id: $user_id})
    WHERE n.embedding IS NOT NULL
    RETURN elementId(n) AS id, coalesce(n.embedding_seq, 0) AS seq, n.embedding AS embedding
    """,
)

USER_VECTORS_SINCE = Query(
    "retrieval_user_vectors_since",
    """
    MATCH (n:Retrievable)
    WHERE n.user_id = $user_id AND n.embedding_seq > $since
    RETURN elementId(n) AS id, n.embedding_seq AS seq, n.embedding AS embedding
    """,
)
"""Served by the composite index ``retrievable_user_embedding_seq`` (equality, then range)."""

VECTOR_CANDIDATES_VISIBLE = Query(
    "retrieval_vector_candidates_visible",
    """
    UNWIND $candidates AS c
    MATCH (n:Retrievable) WHERE elementId(n) = c.id
    WITH n, c
    WHERE n.user_id = $user_id AND coalesce(n.embedding_seq, 0) = c.seq AND n.embedding IS NOT NULL
      AND NOT coalesce(n.status, '') IN $hidden_statuses
    RETURN c.id AS id
    """,
)
"""Which scored candidates still stand in the graph as scored: same user, same vector, visible."""

# --- associative branches --------------------------------------------------------------------

VECTOR_SCAN = Query(
    "retrieval_vector_scan",
    """
    MATCH (n:Retrievable {user_id: $user_id})
    WHERE n.embedding IS NOT NULL AND NOT coalesce(n.status, '') IN $hidden_statuses
    WITH n, vector.similarity.cosine(n.embedding, $embedding) AS score
    ORDER BY score DESC
    LIMIT $limit
    RETURN elementId(n) AS id, score
    """,
)
"""The per-user EXACT scan: every vector of the user is compared (see docs in ``branches``)."""

VECTOR_INDEX_POSTFILTER = Query(
    "retrieval_vector_index_postfilter",
    """
    CALL db.index.vector.queryNodes('retrievable_embedding', $fetch, $embedding) YIELD node, score
    WITH node, score WHERE node.user_id = $user_id
    RETURN elementId(node) AS id, score
    LIMIT $limit
    """,
)
"""The global-index alternative (top ``$fetch`` over all users, filtered afterwards).

Kept only for the benchmark that shows why it is not used: it starves users whose vectors are a
small share of the database.
"""

KEYWORD_SEARCH = Query(
    "retrieval_keyword_search",
    """
    CALL db.index.fulltext.queryNodes('retrievable_text_by_user', $query) YIELD node, score
    WITH node, score WHERE node.user_id = $user_id AND NOT coalesce(node.status, '') IN $hidden_statuses
    RETURN elementId(node) AS id, score
    LIMIT $limit
    """,
)
"""BM25 over the Lucene index. ``$query`` requires the user's token (``+user_token:…``), so Lucene
matches only this user's nodes; the token's clause adds the same amount to every one of them, so
it does not change their order. No ``limit`` option (every match of the user streams in score
order) and the ``user_id`` check stays as a second guard."""

VOCABULARY_MATCH = Query(
    "retrieval_vocabulary_match",
    """
    CALL () {
      UNWIND $ngrams AS ngram
      MATCH (a:Alias {norm: ngram})-[:ALIAS_OF]->(t)
      WHERE a.kind IN ['test', 'drug', 'condition', 'symptom']
      OPTIONAL MATCH (t)-[:TAGGED]->(c:Concept)
      WITH ngram, a, t, collect(DISTINCT c.key) AS concepts
      RETURN collect({ngram: ngram, kind: a.kind, key: t.key, display: t.display, loinc: t.loinc,
                      concepts: concepts}) AS terms
    }
    CALL () {
      MATCH (c:Concept)
      RETURN collect({key: c.key, name: c.name}) AS concepts
    }
    RETURN terms, concepts
    """,
)
"""Dictionary terms whose aliases equal a request n-gram, and every concept (a few dozen), in one
round trip; concept names are matched in Python (:func:`vocabulary.concept_surfaces`)."""

TESTS_FOR_CONCEPTS = Query(
    "retrieval_tests_for_concepts",
    """
    UNWIND $concepts AS concept
    MATCH (t:TestTerm)-[:TAGGED]->(:Concept {key: concept})
    RETURN DISTINCT t.key AS key, t.display AS display, t.loinc AS loinc
    """,
)

ITEMS_FOR_TERMS = Query(
    "retrieval_items_for_terms",
    """
    CALL {
      MATCH (r:Record {user_id: $user_id})
      WHERE r.standard_key IN $keys OR r.loinc IN $loincs
            OR any(c IN coalesce(r.concepts, []) WHERE c IN $concepts)
      RETURN r AS n, coalesce(r.standard_key, r.loinc) AS key
      UNION
      MATCH (r:Record {user_id: $user_id})-[:ABOUT]->(t)
      WHERE t.key IN $keys
      RETURN r AS n, t.key AS key
      UNION
      MATCH (f:FhirResource {user_id: $user_id})-[:CODED_AS]->(:Code)-[:MAPS_TO]->(t)
      WHERE t.key IN $keys
      RETURN f AS n, t.key AS key
      UNION
      MATCH (f:FhirResource {user_id: $user_id})
      WHERE f.code IN $loincs
      RETURN f AS n, f.code AS key
    }
    WITH n, collect(DISTINCT key) AS keys
    WHERE coalesce(n.status, '') <> 'retracted'
    RETURN elementId(n) AS id, keys,
           coalesce(n.event_start, n.mention_time, n.recorded_at) AS at
    ORDER BY size(keys) DESC, at DESC
    LIMIT $limit
    """,
)
"""The user's records and FHIR resources linked to vocabulary terms or concepts.

A record links by its grounding (``standard_key``, ``loinc``, concept tags, ``ABOUT``); a FHIR
resource by its coding (``CODED_AS``/``MAPS_TO``) or its code."""

NEIGHBOURS = Query(
    "retrieval_neighbours",
    """
    UNWIND $ids AS seed_id
    MATCH (seed) WHERE elementId(seed) = seed_id AND seed.user_id = $user_id
    MATCH (seed)-[:NEXT|PART_OF|DERIVED_FROM]-(m)
    WHERE m.user_id = $user_id AND m:Retrievable
    RETURN elementId(m) AS id, count(DISTINCT seed) AS shared
    ORDER BY shared DESC
    LIMIT $limit
    """,
)
"""Items sharing a graph neighbourhood (time chain, episode, derivation) with the top hits."""

# --- rehydration -----------------------------------------------------------------------------

REHYDRATE = Query(
    "retrieval_rehydrate",
    """
    UNWIND $ids AS item_id
    MATCH (n) WHERE elementId(n) = item_id AND n.user_id = $user_id
    OPTIONAL MATCH (prev)-[:NEXT]->(n)
    OPTIONAL MATCH (n)-[:NEXT]->(nxt)
    OPTIONAL MATCH (n)-[:PART_OF]->(episode)
    RETURN item_id AS id, labels(n) AS labels,
           n {.*, embedding: null, search_text: null, resource: null} AS props,
           CASE WHEN prev IS NULL THEN null
                ELSE prev {.uid, .type, .value, .unit, .event_start, .mention_time} END AS previous,
           CASE WHEN nxt IS NULL THEN null
                ELSE nxt {.uid, .type, .value, .unit, .event_start, .mention_time} END AS next,
           CASE WHEN episode IS NULL THEN null
                ELSE episode {.uid, .type, .name, .event_start, .event_end} END AS episode
    """,
)

ACTIVE_GOALS_AND_CONSTRAINTS = Query(
    "retrieval_goals_constraints",
    """
    MATCH (s:Self {user_id: $user_id})-[rel:AIMS_FOR|AVOIDS]->(r:Record)
    WHERE coalesce(r.status, 'current') = 'current'
    RETURN type(rel) AS relation, r {.*, embedding: null, search_text: null} AS props
    ORDER BY r.mention_time DESC
    LIMIT $limit
    """,
)

# --- structured retrieval --------------------------------------------------------------------

NARRATIVE_RECORDS = Query(
    "retrieval_narrative_records",
    """
    MATCH (r:Record {user_id: $user_id})
    WHERE ($types IS NULL OR r.type IN $types)
      AND ($metric_keys IS NULL OR r.standard_key IN $metric_keys OR r.loinc IN $loincs
           OR r.kind IN $kinds OR any(c IN coalesce(r.concepts, []) WHERE c IN $concepts))
      AND ($from IS NULL OR coalesce(r.event_start, r.mention_time) >= $from)
      AND ($to IS NULL OR coalesce(r.event_start, r.mention_time) < $to)
      AND ($statuses IS NULL OR coalesce(r.status, 'current') IN $statuses)
      AND all(f IN $filters WHERE r[f.name] = f.value)
    RETURN elementId(r) AS id, coalesce(r.event_start, r.mention_time) AS at
    ORDER BY at DESC
    LIMIT $limit
    """,
)
"""Narrative records by type, metric, field filters (allow-listed names) and time window."""

CLINICAL_RESOURCES = Query(
    "retrieval_clinical_resources",
    """
    MATCH (f:FhirResource {user_id: $user_id})
    WHERE ($resource_types IS NULL OR f.resource_type IN $resource_types)
      AND ($metric_keys IS NULL OR f.code IN $loincs
           OR EXISTS { (f)-[:CODED_AS]->(:Code)-[:MAPS_TO]->(t) WHERE t.key IN $metric_keys })
      AND ($from IS NULL OR coalesce(f.event_start, f.recorded_at) >= $from)
      AND ($to IS NULL OR coalesce(f.event_start, f.recorded_at) < $to)
      AND NOT coalesce(f.status, '') IN $excluded_statuses
      AND NOT coalesce(f.clinical_status, '') IN $excluded_clinical_statuses
    RETURN elementId(f) AS id, coalesce(f.event_start, f.recorded_at) AS at
    ORDER BY at DESC
    LIMIT $limit
    """,
)
"""FHIR resources by resource type, metric (code or mapped term), status and time window."""

HELD_TERMS = Query(
    "retrieval_held_terms",
    """
    UNWIND $terms AS term
    CALL (term) {
      OPTIONAL MATCH (r:Record {user_id: $user_id})
      WHERE (r.standard_key = term.key OR toLower(r.drug) = term.key OR toLower(r.substance) = term.key
             OR r.loinc = term.loinc OR r.kind IN term.kinds OR r.type IN term.record_types)
            AND coalesce(r.status, 'current') <> 'retracted'
      RETURN count(r) AS records
    }
    CALL (term) {
      OPTIONAL MATCH (f:FhirResource {user_id: $user_id})
      WHERE f.code = term.loinc
         OR EXISTS { (f)-[:CODED_AS]->(:Code)-[:MAPS_TO]->(t) WHERE t.key = term.key }
      RETURN count(f) AS resources
    }
    CALL (term) {
      OPTIONAL MATCH (:Self {user_id: $user_id})-[:TAKES|ALLERGIC_TO|DIAGNOSED_WITH]->(t)
      WHERE t.key = term.key
      RETURN count(t) AS facets
    }
    CALL (term) {
      OPTIONAL MATCH (r:Record {user_id: $user_id})-[:ABOUT]->(t)
      WHERE t.key = term.key
      RETURN count(r) AS about
    }
    CALL (term) {
      OPTIONAL MATCH (e:ConversationEvent {user_id: $user_id})
      WHERE toLower(e.text) CONTAINS term.surface
      RETURN count(e) AS said
    }
    RETURN term.key AS key, records + resources + facets + about + said AS held
    """,
)
"""For each named term, how many of the user's items hold it (the hard boundary's test): records and
FHIR resources grounded to it, facet relationships, and conversation events that say its name."""

SELF_PROFILE = Query(
    "retrieval_self_profile",
    """
    MATCH (s:Self {user_id: $user_id})
    RETURN s {.user_id, .sex, .birth_date, .height_cm, .blood_type} AS profile
    """,
)

PROFILE_FIELDS = Query(
    "retrieval_profile_fields",
    """
    MATCH (p:ProfileField {user_id: $user_id})
    WHERE coalesce(p.status, 'current') = 'current'
    RETURN p.field AS field, p.text AS text, p.data_through AS data_through,
           p.evidence_ids AS evidence_ids
    ORDER BY p.field
    """,
)

RECENT_RECORDS = Query(
    "retrieval_recent_records",
    """
    MATCH (r:Record {user_id: $user_id})
    WHERE coalesce(r.status, 'current') = 'current' AND r.mention_time <= $at
    RETURN elementId(r) AS id
    ORDER BY r.mention_time DESC
    LIMIT $limit
    """,
)

USER_STATE = Query(
    "retrieval_user_state",
    """
    OPTIONAL MATCH (s:Self {user_id: $user_id})
    RETURN s IS NOT NULL AS exists, coalesce(s.embedding_seq, 0) AS seq,
           EXISTS { MATCH (p:PendingEmbedding) WHERE p.user_id = $user_id } AS pending
    """,
)
"""Before a search: the user exists, the user's embedding sequence, and whether any of the user's
nodes wait for a vector (an index seek on the queue label)."""

USER_EXISTS = Query(
    "retrieval_user_exists",
    "MATCH (s:Self {user_id: $user_id}) RETURN count(s) AS n",
)

TEST_TERM = Query(
    "retrieval_test_term",
    """
    OPTIONAL MATCH (t:TestTerm {key: $key})
    OPTIONAL MATCH (a:Alias {norm: $norm, kind: 'test'})-[:ALIAS_OF]->(aliased:TestTerm)
    WITH coalesce(t, aliased) AS term
    RETURN term.key AS key, term.loinc AS loinc, term.display AS display
    LIMIT 1
    """,
)
