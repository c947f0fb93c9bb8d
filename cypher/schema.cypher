// Selfgraph schema: every constraint and index, idempotent (IF NOT EXISTS).
// Applied by `selfgraph schema apply`; the content hash of this file is the schema version that
// /health reports. It must agree with the neomodel declarations in app/graph_schema
// (tests/graph_schema/test_schema_agreement.py checks both ways).

// Layer 0 and bookkeeping
CREATE CONSTRAINT self_user_id_unique IF NOT EXISTS FOR (n:Self) REQUIRE n.user_id IS UNIQUE;
CREATE CONSTRAINT schemaversion_key_unique IF NOT EXISTS FOR (n:SchemaVersion) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT operation_uid_unique IF NOT EXISTS FOR (n:Operation) REQUIRE n.uid IS UNIQUE;
CREATE INDEX operation_user_id_range IF NOT EXISTS FOR (n:Operation) ON (n.user_id);
CREATE INDEX operation_at_range IF NOT EXISTS FOR (n:Operation) ON (n.at);

// Layer 2: dictionary and shared codes
CREATE CONSTRAINT dictionaryversion_version_unique IF NOT EXISTS FOR (n:DictionaryVersion) REQUIRE n.version IS UNIQUE;
CREATE CONSTRAINT concept_key_unique IF NOT EXISTS FOR (n:Concept) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT testterm_key_unique IF NOT EXISTS FOR (n:TestTerm) REQUIRE n.key IS UNIQUE;
CREATE INDEX testterm_loinc_range IF NOT EXISTS FOR (n:TestTerm) ON (n.loinc);
CREATE CONSTRAINT referencerange_uid_unique IF NOT EXISTS FOR (n:ReferenceRange) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT drugterm_key_unique IF NOT EXISTS FOR (n:DrugTerm) REQUIRE n.key IS UNIQUE;
CREATE INDEX drugterm_rxcui_range IF NOT EXISTS FOR (n:DrugTerm) ON (n.rxcui);
CREATE CONSTRAINT conditionterm_key_unique IF NOT EXISTS FOR (n:ConditionTerm) REQUIRE n.key IS UNIQUE;
CREATE INDEX conditionterm_snomed_range IF NOT EXISTS FOR (n:ConditionTerm) ON (n.snomed);
CREATE CONSTRAINT symptomterm_key_unique IF NOT EXISTS FOR (n:SymptomTerm) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT alias_uid_unique IF NOT EXISTS FOR (n:Alias) REQUIRE n.uid IS UNIQUE;
CREATE INDEX alias_norm_range IF NOT EXISTS FOR (n:Alias) ON (n.norm);
CREATE CONSTRAINT code_uid_unique IF NOT EXISTS FOR (n:Code) REQUIRE n.uid IS UNIQUE;
CREATE CONSTRAINT candidate_uid_unique IF NOT EXISTS FOR (n:Candidate) REQUIRE n.uid IS UNIQUE;

// Layer 3: clinical stream
CREATE CONSTRAINT fhirresource_uid_unique IF NOT EXISTS FOR (n:FhirResource) REQUIRE n.uid IS UNIQUE;
CREATE INDEX fhirresource_user_id_range IF NOT EXISTS FOR (n:FhirResource) ON (n.user_id);
CREATE INDEX fhirresource_event_start_range IF NOT EXISTS FOR (n:FhirResource) ON (n.event_start);

// Layer 3: narrative stream
CREATE CONSTRAINT utterance_uid_unique IF NOT EXISTS FOR (n:Utterance) REQUIRE n.uid IS UNIQUE;
CREATE INDEX utterance_user_id_range IF NOT EXISTS FOR (n:Utterance) ON (n.user_id);
CREATE INDEX utterance_mention_time_range IF NOT EXISTS FOR (n:Utterance) ON (n.mention_time);
CREATE CONSTRAINT record_uid_unique IF NOT EXISTS FOR (n:Record) REQUIRE n.uid IS UNIQUE;
CREATE INDEX record_user_id_range IF NOT EXISTS FOR (n:Record) ON (n.user_id);
CREATE INDEX record_type_range IF NOT EXISTS FOR (n:Record) ON (n.type);
CREATE INDEX record_event_start_range IF NOT EXISTS FOR (n:Record) ON (n.event_start);
CREATE INDEX record_standard_key_range IF NOT EXISTS FOR (n:Record) ON (n.standard_key);
CREATE INDEX record_series_key_range IF NOT EXISTS FOR (n:Record) ON (n.series_key);
CREATE CONSTRAINT conversationevent_uid_unique IF NOT EXISTS FOR (n:ConversationEvent) REQUIRE n.uid IS UNIQUE;
CREATE INDEX conversationevent_user_id_range IF NOT EXISTS FOR (n:ConversationEvent) ON (n.user_id);
CREATE INDEX conversationevent_mention_time_range IF NOT EXISTS FOR (n:ConversationEvent) ON (n.mention_time);

// Reconciliation and understanding
CREATE CONSTRAINT finding_uid_unique IF NOT EXISTS FOR (n:Finding) REQUIRE n.uid IS UNIQUE;
CREATE INDEX finding_user_id_range IF NOT EXISTS FOR (n:Finding) ON (n.user_id);
CREATE INDEX finding_created_at_range IF NOT EXISTS FOR (n:Finding) ON (n.created_at);
CREATE CONSTRAINT profilefield_uid_unique IF NOT EXISTS FOR (n:ProfileField) REQUIRE n.uid IS UNIQUE;
CREATE INDEX profilefield_user_id_range IF NOT EXISTS FOR (n:ProfileField) ON (n.user_id);

// Retrievable text (records, conversation events, FHIR resources): per-user scope, BM25, vectors.
CREATE INDEX retrievable_user_id_range IF NOT EXISTS FOR (n:Retrievable) ON (n.user_id);
// Series: a point's neighbours and a series' recent end by index order; a user's points in a time window.
CREATE INDEX record_series_key_series_at IF NOT EXISTS FOR (n:Record) ON (n.series_key, n.series_at);
CREATE INDEX record_user_id_series_at IF NOT EXISTS FOR (n:Record) ON (n.user_id, n.series_at);
// In-process vector copies load what a user's embedding_seq says they miss (app/retrieval/vector_store.py).
CREATE INDEX retrievable_user_embedding_seq IF NOT EXISTS FOR (n:Retrievable) ON (n.user_id, n.embedding_seq);
// The embedding queue: nodes written without a vector yet (removed when the vector is written).
CREATE INDEX pendingembedding_user_id_range IF NOT EXISTS FOR (n:PendingEmbedding) ON (n.user_id);
// BM25 over search_text, filtered by user inside Lucene (user_token: app.users.service.user_token).
CREATE FULLTEXT INDEX retrievable_text_by_user IF NOT EXISTS FOR (n:Retrievable) ON EACH [n.search_text, n.user_token] OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
// Replaced by retrievable_text_by_user (it filtered by user after streaming every user's matches).
DROP INDEX retrievable_text IF EXISTS;
CREATE VECTOR INDEX retrievable_embedding IF NOT EXISTS FOR (n:Retrievable) ON n.embedding OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}};
