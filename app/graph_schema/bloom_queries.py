"""The Bloom search phrases: parameterised Cypher a clinician runs from Bloom's search bar.

Each phrase is data (:class:`SearchPhrase`): the text typed in Bloom (its ``$parameters`` are the
Cypher parameters), the statement, and for each parameter where Bloom suggests values from
(a declared label and property). Statements return paths so Bloom draws them. They are named
:class:`~app.db.cypher.Query` constants, so ``tests/db/test_cypher_statements.py`` compiles them;
``tests/graph_schema/test_bloom.py`` runs them on a seeded graph.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.db.cypher import Query

MEDICATION_TYPES = ("medication_intake", "prescription", "regimen_change", "current_medication")
"""Narrative record types about a drug (:mod:`app.ingest.narrative.record_types`)."""


@dataclass(frozen=True, slots=True)
class PhraseParam:
    """One ``$parameter`` of a phrase; Bloom suggests values of ``label.prop`` while typing."""

    name: str
    data_type: str
    suggestion_label: str | None = None
    suggestion_prop: str | None = None


@dataclass(frozen=True, slots=True)
class SearchPhrase:
    """A Bloom search phrase: what the clinician types, and the statement it runs."""

    text: str
    description: str
    query: Query
    params: tuple[PhraseParam, ...]


USER = PhraseParam("user", "String", "Self", "user_id")

MEDICATIONS_OF = Query(
    "bloom_medications_of",
    f"""
    MATCH (s:Self {{user_id: $user}})
    CALL (s) {{
      MATCH p = (s)-[:HAS_FHIR]->(m:FhirResource)
      WHERE m:MedicationRequest OR m:MedicationStatement
      OPTIONAL MATCH q = (m)-[:CODED_AS|USES_MEDICATION*1..2]->(:Code)-[:MAPS_TO]->(:DrugTerm)
      RETURN p, q
      UNION
      MATCH p = (s)-[:HAS_RECORD]->(r:Record)
      WHERE r.type IN {list(MEDICATION_TYPES)!r} AND coalesce(r.status, 'current') = 'current'
      OPTIONAL MATCH q = (r)-[:ABOUT]->(:DrugTerm)
      RETURN p, q
      UNION
      MATCH p = (s)-[:TAKES]->(:DrugTerm)
      RETURN p, null AS q
    }}
    RETURN p, q
    """,
)

FINDINGS_OF = Query(
    "bloom_findings_of",
    """
    MATCH p = (:Self {user_id: $user})-[:HAS_FINDING]->(f:Finding)
    OPTIONAL MATCH about = (f)-[:ABOUT_RECORD]->(:Record)
    OPTIONAL MATCH talk = (f)-[:ABOUT_EVENT]->(:ConversationEvent)
    OPTIONAL MATCH cites = (f)-[:CITES]->(:FhirResource)
    RETURN p, about, talk, cites
    """,
)

TIMELINE_OF_SINCE = Query(
    "bloom_timeline_of_since",
    """
    MATCH (s:Self {user_id: $user})
    CALL (s) {
      MATCH p = (s)-[:HAS_FHIR]->(n:FhirResource)
      WHERE coalesce(n.event_start, n.recorded_at) >= datetime($date)
      RETURN p, coalesce(n.event_start, n.recorded_at) AS at
      UNION
      MATCH p = (s)-[:HAS_RECORD]->(n:Record)
      WHERE coalesce(n.event_start, n.mention_time) >= datetime($date)
      RETURN p, coalesce(n.event_start, n.mention_time) AS at
    }
    RETURN p ORDER BY at LIMIT 500
    """,
)

EVERYONE_ON = Query(
    "bloom_everyone_on",
    f"""
    MATCH (d:DrugTerm)
    WHERE d.key = $drug OR toLower(d.display) = toLower($drug)
    CALL (d) {{
      MATCH p = (:Self)-[:HAS_FHIR]->(m:FhirResource)
                -[:CODED_AS|USES_MEDICATION*1..2]->(:Code)-[:MAPS_TO]->(d)
      WHERE m:MedicationRequest OR m:MedicationStatement
      RETURN p
      UNION
      MATCH p = (:Self)-[:HAS_RECORD]->(r:Record)-[:ABOUT]->(d)
      WHERE r.type IN {list(MEDICATION_TYPES)!r}
      RETURN p
      UNION
      MATCH p = (:Self)-[:TAKES]->(d)
      RETURN p
    }}
    RETURN p
    """,
)

SAFETY_CRITICAL_FINDINGS = Query(
    "bloom_safety_critical_findings",
    """
    MATCH p = (:Self)-[:HAS_FINDING]->(f:Finding {status: 'open', safety_critical: true})
    OPTIONAL MATCH about = (f)-[:ABOUT_RECORD]->(:Record)
    OPTIONAL MATCH cites = (f)-[:CITES]->(:FhirResource)
    RETURN p, about, cites
    """,
)

TREND_OF_FOR = Query(
    "bloom_trend_of_for",
    """
    MATCH (t:TestTerm)
    WHERE t.key = $test OR t.loinc = $test OR toLower(t.display) = toLower($test)
    MATCH (:Self {user_id: $user})-[:HAS_RECORD]->(r:Record)-[:ABOUT]->(t)
    OPTIONAL MATCH chain = (r)-[:NEXT]->(:Record)
    RETURN r, t, chain
    """,
)

PROFILE_OF = Query(
    "bloom_profile_of",
    """
    MATCH p = (:Self {user_id: $user})-[:HAS_PROFILE_FIELD]->(f:ProfileField)
    OPTIONAL MATCH evidence = (f)-[:DRAWS_ON]->()
    RETURN p, evidence
    """,
)

SEARCH_PHRASES: tuple[SearchPhrase, ...] = (
    SearchPhrase(
        "Medications of $user",
        "Medication resources (with their RxNorm ingredient), stated medication records and TAKES.",
        MEDICATIONS_OF,
        (USER,),
    ),
    SearchPhrase(
        "Findings of $user",
        "Reconciliation findings with the statement they are about and the resources they cite.",
        FINDINGS_OF,
        (USER,),
    ),
    SearchPhrase(
        "Timeline of $user since $date",
        "Clinical resources and narrative records with event time on or after $date (YYYY-MM-DD).",
        TIMELINE_OF_SINCE,
        (USER, PhraseParam("date", "String")),
    ),
    SearchPhrase(
        "Everyone on $drug",
        "Every user with a medication resource, a medication record or TAKES for an ingredient.",
        EVERYONE_ON,
        (PhraseParam("drug", "String", "DrugTerm", "display"),),
    ),
    SearchPhrase(
        "Open safety-critical findings",
        "Open safety-critical findings across users, with their statement and cited resources.",
        SAFETY_CRITICAL_FINDINGS,
        (),
    ),
    SearchPhrase(
        "Trend of $test for $user",
        "A user's records of one test (key, LOINC or name) chained by NEXT in event time.",
        TREND_OF_FOR,
        (PhraseParam("test", "String", "TestTerm", "display"), USER),
    ),
    SearchPhrase(
        "Profile of $user",
        "The profile fields and the records, resources and findings each drew on.",
        PROFILE_OF,
        (USER,),
    ),
)
