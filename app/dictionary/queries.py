"""Cypher of the dictionary package: loading the subgraph, the version guard, the candidate queue.

Labels never come from input: each per-kind statement is one constant below, chosen by the
fixed ``TermKind`` (``test`` -> ``TestTerm`` ...). Every write is batched with ``UNWIND``.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.db.cypher import Query
from app.dictionary.models import TermKind

# --- version -----------------------------------------------------------------------------------
ACTIVATE_VERSION = Query(
    "dictionary_activate_version",
    """
    OPTIONAL MATCH (old:DictionaryVersion {active: true}) WHERE old.version <> $version
    SET old.active = false
    WITH count(*) AS _
    MERGE (v:DictionaryVersion {version: $version})
    SET v.active = true, v.loaded_at = datetime($loaded_at), v.counts = $counts
    RETURN v.version AS version
    """,
)

ACTIVE_VERSIONS = Query(
    "dictionary_active_versions",
    """
    MATCH (v:DictionaryVersion {active: true})
    RETURN v.version AS version, toString(v.loaded_at) AS loaded_at, v.counts AS counts
    ORDER BY v.loaded_at DESC
    """,
)

# --- terms -------------------------------------------------------------------------------------
MERGE_CONCEPTS = Query(
    "dictionary_merge_concepts",
    """
    UNWIND $rows AS row
    MERGE (c:Concept {key: row.key})
    SET c.name = row.name, c.kind = row.kind
    """,
)

MERGE_TEST_TERMS = Query(
    "dictionary_merge_test_terms",
    """
    UNWIND $rows AS row
    MERGE (t:TestTerm {key: row.key})
    SET t.loinc = row.loinc, t.display = row.display, t.unit = row.unit, t.category = row.category,
        t.conversions = row.conversions, t.tolerance = row.tolerance, t.version = $version
    """,
)

MERGE_DRUG_TERMS = Query(
    "dictionary_merge_drug_terms",
    """
    UNWIND $rows AS row
    MERGE (t:DrugTerm {key: row.key})
    SET t.rxcui = row.rxcui, t.display = row.display, t.drug_class = row.drug_class,
        t.chronic = row.chronic, t.high_risk = row.high_risk, t.kind = row.kind, t.cvx = row.cvx,
        t.version = $version
    """,
)

MERGE_CONDITION_TERMS = Query(
    "dictionary_merge_condition_terms",
    """
    UNWIND $rows AS row
    MERGE (t:ConditionTerm {key: row.key})
    SET t.snomed = row.snomed, t.display = row.display, t.version = $version
    """,
)

MERGE_SYMPTOM_TERMS = Query(
    "dictionary_merge_symptom_terms",
    """
    UNWIND $rows AS row
    MERGE (t:SymptomTerm {key: row.key})
    SET t.snomed = row.snomed, t.display = row.display, t.version = $version
    """,
)

CLEAR_STALE_TERM_LINKS = Query(
    "dictionary_clear_stale_term_links",
    """
    MATCH (t)-[r:HAS_RANGE|TAGGED|INDICATED_FOR]->()
    WHERE (t:TestTerm OR t:DrugTerm OR t:ConditionTerm OR t:SymptomTerm)
      AND t.version IS NOT NULL AND t.version <> $version
    DELETE r
    """,
)

MERGE_RANGES = Query(
    "dictionary_merge_ranges",
    """
    UNWIND $rows AS row
    MATCH (t:TestTerm {key: row.test_key})
    MERGE (r:ReferenceRange {uid: row.uid})
    SET r.sex = row.sex, r.age_min = row.age_min, r.age_max = row.age_max, r.low = row.low,
        r.high = row.high, r.value = row.value, r.band = row.band, r.flag = row.flag,
        r.source = row.source, r.version = $version
    MERGE (t)-[:HAS_RANGE]->(r)
    """,
)

DELETE_STALE_RANGES = Query(
    "dictionary_delete_stale_ranges",
    "MATCH (r:ReferenceRange) WHERE r.version <> $version DETACH DELETE r",
)

MERGE_INDICATIONS = Query(
    "dictionary_merge_indications",
    """
    UNWIND $rows AS row
    MATCH (d:DrugTerm {key: row.key})
    OPTIONAL MATCH (d)-[old:INDICATED_FOR]->(gone:ConditionTerm) WHERE NOT gone.key IN row.conditions
    DELETE old
    WITH DISTINCT d, row
    UNWIND row.conditions AS condition
    MATCH (c:ConditionTerm {key: condition})
    MERGE (d)-[:INDICATED_FOR]->(c)
    """,
)

DELETE_STALE_ALIASES = Query(
    "dictionary_delete_stale_aliases",
    "MATCH (a:Alias) WHERE a.version <> $version DETACH DELETE a",
)

DELETE_STALE_CODE_LINKS = Query(
    "dictionary_delete_stale_code_links",
    """
    MATCH (:Code)-[r:MAPS_TO]->(t)
    WHERE (t:TestTerm OR t:DrugTerm OR t:ConditionTerm OR t:SymptomTerm) AND t.version <> $version
    DELETE r
    """,
)

_LABELS: Mapping[TermKind, str] = {
    "test": "TestTerm",
    "drug": "DrugTerm",
    "condition": "ConditionTerm",
    "symptom": "SymptomTerm",
}


def _tags(kind: TermKind) -> Query:
    return Query(
        f"dictionary_merge_{kind}_tags",
        f"""
        UNWIND $rows AS row
        MATCH (t:{_LABELS[kind]} {{key: row.key}})
        OPTIONAL MATCH (t)-[old:TAGGED]->(gone:Concept) WHERE NOT gone.key IN row.concepts
        DELETE old
        WITH DISTINCT t, row
        UNWIND row.concepts AS concept
        MATCH (c:Concept {{key: concept}})
        MERGE (t)-[:TAGGED]->(c)
        """,
    )


def _aliases(kind: TermKind) -> Query:
    return Query(
        f"dictionary_merge_{kind}_aliases",
        f"""
        UNWIND $rows AS row
        MATCH (t:{_LABELS[kind]} {{key: row.key}})
        MERGE (a:Alias {{uid: row.uid}})
        SET a.norm = row.norm, a.kind = row.kind, a.text = row.text, a.version = $version
        WITH a, t
        OPTIONAL MATCH (a)-[old:ALIAS_OF]->(other) WHERE other <> t
        DELETE old
        WITH DISTINCT a, t
        MERGE (a)-[:ALIAS_OF]->(t)
        """,
    )


def _codes(kind: TermKind) -> Query:
    return Query(
        f"dictionary_merge_{kind}_codes",
        f"""
        UNWIND $rows AS row
        MERGE (c:Code {{uid: row.uid}})
        ON CREATE SET c.system = row.system, c.code = row.code
        SET c.display = CASE WHEN coalesce(c.display, '') = '' THEN row.display ELSE c.display END
        WITH c, row
        OPTIONAL MATCH (c)-[old:MAPS_TO]->(gone:{_LABELS[kind]}) WHERE NOT gone.key IN row.keys
        DELETE old
        WITH DISTINCT c, row
        UNWIND row.keys AS key
        MATCH (t:{_LABELS[kind]} {{key: key}})
        MERGE (c)-[:MAPS_TO]->(t)
        """,
    )


MERGE_TAGS: Mapping[TermKind, Query] = {kind: _tags(kind) for kind in _LABELS}
MERGE_ALIASES: Mapping[TermKind, Query] = {kind: _aliases(kind) for kind in _LABELS}
MERGE_CODES: Mapping[TermKind, Query] = {kind: _codes(kind) for kind in _LABELS}

# --- lookups and stats -------------------------------------------------------------------------
LOOKUP_ALIAS = Query(
    "dictionary_lookup_alias",
    """
    MATCH (a:Alias {norm: $norm})-[:ALIAS_OF]->(t)
    WHERE a.kind = $kind
    RETURN t.key AS key
    """,
)

GRAPH_COUNTS = Query(
    "dictionary_graph_counts",
    """
    CALL () { MATCH (t:TestTerm {version: $version}) RETURN count(t) AS tests }
    CALL () { MATCH (t:DrugTerm {version: $version}) RETURN count(t) AS drugs }
    CALL () { MATCH (t:ConditionTerm {version: $version}) RETURN count(t) AS conditions }
    CALL () { MATCH (t:SymptomTerm {version: $version}) RETURN count(t) AS symptoms }
    CALL () { MATCH (a:Alias {version: $version}) RETURN count(a) AS aliases }
    CALL () { MATCH (r:ReferenceRange {version: $version}) RETURN count(r) AS ranges }
    CALL () { MATCH (c:Code)-[:MAPS_TO]->() RETURN count(DISTINCT c) AS codes }
    CALL () { MATCH (c:Candidate) RETURN count(c) AS candidates }
    RETURN tests, drugs, conditions, symptoms, aliases, ranges, codes, candidates
    """,
)

# --- candidate queue -----------------------------------------------------------------------------
UPSERT_CANDIDATES = Query(
    "dictionary_upsert_candidates",
    """
    UNWIND $rows AS row
    MERGE (c:Candidate {uid: row.uid})
    ON CREATE SET c.kind = row.kind, c.norm = row.norm, c.count = 0, c.examples = [],
                  c.first_seen = datetime(row.at)
    SET c.count = c.count + 1,
        c.last_seen = datetime(row.at),
        c.suggestions = row.suggestions,
        c.dictionary_version = row.version,
        c.examples = CASE
            WHEN row.example IS NULL OR row.example IN c.examples OR size(c.examples) >= $max_examples
            THEN c.examples ELSE c.examples + row.example END
    RETURN c.uid AS uid, c.count AS count
    """,
)

LIST_CANDIDATES = Query(
    "dictionary_list_candidates",
    """
    MATCH (c:Candidate)
    WHERE $kind IS NULL OR c.kind = $kind
    RETURN c.uid AS uid, c.kind AS kind, c.norm AS norm, c.count AS count,
           toString(c.first_seen) AS first_seen, toString(c.last_seen) AS last_seen,
           c.examples AS examples, c.suggestions AS suggestions
    ORDER BY c.count DESC, c.last_seen DESC, c.uid
    LIMIT $limit
    """,
)

GET_CANDIDATES = Query(
    "dictionary_get_candidates",
    """
    UNWIND $uids AS uid
    MATCH (c:Candidate {uid: uid})
    RETURN c.uid AS uid, c.kind AS kind, c.norm AS norm, c.count AS count,
           toString(c.first_seen) AS first_seen, toString(c.last_seen) AS last_seen,
           c.examples AS examples, c.suggestions AS suggestions
    """,
)

RESOLVE_ACCEPTED_CANDIDATES = Query(
    "dictionary_resolve_accepted_candidates",
    """
    MATCH (c:Candidate)
    MATCH (:Alias {uid: c.uid})
    WITH c, c.uid AS uid
    DETACH DELETE c
    RETURN uid
    """,
)

ALL_QUERIES: tuple[Query, ...] = (
    ACTIVATE_VERSION,
    ACTIVE_VERSIONS,
    MERGE_CONCEPTS,
    MERGE_TEST_TERMS,
    MERGE_DRUG_TERMS,
    MERGE_CONDITION_TERMS,
    MERGE_SYMPTOM_TERMS,
    CLEAR_STALE_TERM_LINKS,
    MERGE_RANGES,
    DELETE_STALE_RANGES,
    MERGE_INDICATIONS,
    DELETE_STALE_ALIASES,
    DELETE_STALE_CODE_LINKS,
    *MERGE_TAGS.values(),
    *MERGE_ALIASES.values(),
    *MERGE_CODES.values(),
    LOOKUP_ALIAS,
    GRAPH_COUNTS,
    UPSERT_CANDIDATES,
    LIST_CANDIDATES,
    GET_CANDIDATES,
    RESOLVE_ACCEPTED_CANDIDATES,
)
