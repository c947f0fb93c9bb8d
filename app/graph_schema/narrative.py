"""Layer 3, narrative stream: utterances, the typed records extracted from them, conversation events.

A :class:`Record` is one Health User Profile record (static, episodic or derived; ``type`` names
it, e.g. ``test_result``). Its key fields are plain properties (the union over types is declared
here and is the allow-list for field filters); what the user stated stays as stated (``value``,
``unit``), and grounding annotates beside it (``standard_key``, ``value_canonical``,
``unit_canonical``, ``abnormal``, ``band``, ``concepts``). Provenance is on every record: ``quote``
(verbatim; ``reading`` beside it when the extractor read a rewritten view, e.g. a carer's third person in the
person's first person), ``source_type``, ``source_id``, ``extractor``, ``confidence``, ``mention_time``, and the event
time — ``time_text`` (verbatim), ``time_kind``, ``time_grain``, ``event_start`` (inclusive) and
``event_end`` (exclusive), both empty when nothing was stated.
"""

from neomodel import (
    ArrayProperty,
    BooleanProperty,
    DateTimeNeo4jFormatProperty,
    FloatProperty,
    IntegerProperty,
    JSONProperty,
    RelationshipTo,
    StringProperty,
    StructuredNode,
)


class Utterance(StructuredNode):
    """One user turn, PII-masked. ``uid`` derives from (user, mention time, text) for idempotency."""

    uid = StringProperty(unique_index=True, required=True)
    user_id = StringProperty(index=True, required=True)
    session_id = StringProperty()
    text = StringProperty()  # masked
    mention_time = DateTimeNeo4jFormatProperty(index=True, required=True)
    retained = BooleanProperty(default=False)
    gate_reason = StringProperty()
    writer_role = StringProperty()  # who wrote it for the person (child, spouse, carer, ...), when the message says so
    written_for = StringProperty()  # the person's sex as the writer named them (female | male)

    records = RelationshipTo("Record", "PRODUCED")
    events = RelationshipTo("ConversationEvent", "PRODUCED")


class Record(StructuredNode):
    """A typed health record with provenance and grounding annotations."""

    __optional_labels__ = ["Retrievable"]  # noqa: RUF012  (neomodel reads a class-level list)

    uid = StringProperty(unique_index=True, required=True)
    user_id = StringProperty(index=True, required=True)
    type = StringProperty(index=True, required=True)
    # provenance
    quote = StringProperty()
    reading = StringProperty()  # the quote as read, where a rewritten view of the message differs (carer's words)
    source_type = StringProperty()  # utterance | fhir | derived
    source_id = StringProperty()
    extractor = StringProperty()  # rules | llm | derived
    confidence = FloatProperty()
    mention_time = DateTimeNeo4jFormatProperty()
    time_text = StringProperty()
    time_kind = StringProperty()
    time_grain = StringProperty()
    event_start = DateTimeNeo4jFormatProperty(index=True)
    event_end = DateTimeNeo4jFormatProperty()
    status = StringProperty()  # current | superseded | retracted
    # stated fields (union over record types)
    name = StringProperty()
    value = FloatProperty()
    value_text = StringProperty()
    unit = StringProperty()
    loinc = StringProperty()
    kind = StringProperty()
    systolic = FloatProperty()
    diastolic = FloatProperty()
    drug = StringProperty()
    dose = FloatProperty()
    frequency = StringProperty()
    supply_days = IntegerProperty()
    action = StringProperty()
    reason = StringProperty()
    substance = StringProperty()
    substance_kind = StringProperty()
    reaction = StringProperty()
    relative = StringProperty()
    condition = StringProperty()
    procedure = StringProperty()
    habit = StringProperty()
    stated_status = StringProperty()  # the status the user stated (condition, goal, habit, pregnancy)
    severity = StringProperty()
    body_site = StringProperty()
    quality = StringProperty()
    duration_min = FloatProperty()
    distance = FloatProperty()
    activity = StringProperty()
    food = StringProperty()
    level = StringProperty()
    target = StringProperty()
    abo = StringProperty()
    rh = StringProperty()
    week = IntegerProperty()
    age_years = IntegerProperty()
    date = StringProperty()
    start = DateTimeNeo4jFormatProperty()
    end = DateTimeNeo4jFormatProperty()
    # grounding annotations (never a rewrite of the stated fact)
    standard_key = StringProperty(index=True)
    value_canonical = FloatProperty()
    unit_canonical = StringProperty()
    abnormal = StringProperty()  # high | low | normal
    band = StringProperty()
    concepts = ArrayProperty(StringProperty())
    drug_class = StringProperty()
    # derived records (trends, coverage, ...) keep their computation here
    derived = JSONProperty()
    # a measured series' running summary, on its report_coverage record (app.ingest.derived.summary_state)
    series_state = StringProperty()
    # the series a record belongs to: "<user_id>|<dimension>" (app.ingest.derived.series)
    series_key = StringProperty(index=True)
    # the point's place in its series: coalesce(event_start, mention_time); composite-indexed with
    # series_key (neighbours, recent end) and with user_id (time windows), see cypher/schema.cypher
    series_at = DateTimeNeo4jFormatProperty()
    # retrieval
    search_text = StringProperty()
    embedding = ArrayProperty(FloatProperty())
    embedding_seq = IntegerProperty()  # the Self's embedding_seq when the vector was written
    user_token = StringProperty()  # the user's term in the full-text index (app.users.service.user_token)

    about_test = RelationshipTo("app.graph_schema.dictionary.TestTerm", "ABOUT")
    next = RelationshipTo("Record", "NEXT")
    part_of = RelationshipTo("Record", "PART_OF")
    candidate_cause_of = RelationshipTo("Record", "CANDIDATE_CAUSE_OF")
    supersedes = RelationshipTo("Record", "SUPERSEDES")
    derived_from = RelationshipTo("Record", "DERIVED_FROM")


class ConversationEvent(StructuredNode):
    """A kept turn (or part of one) that is not a typed record, findable by associative recall."""

    __optional_labels__ = ["Retrievable"]  # noqa: RUF012  (neomodel reads a class-level list)

    uid = StringProperty(unique_index=True, required=True)
    user_id = StringProperty(index=True, required=True)
    session_id = StringProperty()
    speaker = StringProperty()
    text = StringProperty()  # masked
    mention_time = DateTimeNeo4jFormatProperty(index=True)
    external_id = StringProperty()  # e.g. a LoCoMo dia_id
    search_text = StringProperty()
    embedding = ArrayProperty(FloatProperty())
    embedding_seq = IntegerProperty()  # the Self's embedding_seq when the vector was written
    user_token = StringProperty()  # the user's term in the full-text index (app.users.service.user_token)

    next = RelationshipTo("ConversationEvent", "NEXT")  # the following event of the same session
