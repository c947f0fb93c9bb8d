"""Layer 2: the versioned medical dictionary and the shared code nodes.

A dictionary snapshot (``seed/dictionary/``) is loaded as terms (tests, drugs, conditions,
symptoms), their aliases, reference ranges and concepts, stamped with a
:class:`DictionaryVersion`. FHIR codings become shared :class:`Code` nodes ``(system, code)``
that ``MAPS_TO`` the dictionary term when one exists, so the clinical stream, the narrative
stream and the vocabulary meet in one traversal.
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


class DictionaryVersion(StructuredNode):
    """The loaded snapshot: its content hash and counts. Exactly one is ``active``."""

    version = StringProperty(unique_index=True, required=True)
    active = BooleanProperty(default=False)
    loaded_at = DateTimeNeo4jFormatProperty()
    counts = JSONProperty()


class Concept(StructuredNode):
    """A grouping used for expansion: a panel ("lipid") or a condition family ("diabetes")."""

    key = StringProperty(unique_index=True, required=True)
    name = StringProperty(required=True)
    kind = StringProperty()  # panel | condition


class TestTerm(StructuredNode):
    """A lab or vital test (LOINC) with its canonical unit and measurement tolerance."""

    key = StringProperty(unique_index=True, required=True)
    loinc = StringProperty(index=True, required=True)
    display = StringProperty(required=True)
    unit = StringProperty()
    category = StringProperty()  # lab | vital | survey
    conversions = JSONProperty()  # {unit: factor to the canonical unit}
    tolerance = FloatProperty()
    version = StringProperty()

    ranges = RelationshipTo("ReferenceRange", "HAS_RANGE")
    concepts = RelationshipTo("Concept", "TAGGED")


class ReferenceRange(StructuredNode):
    """One band of a test's reference range (sex- and age-specific where the source is)."""

    uid = StringProperty(unique_index=True, required=True)
    sex = StringProperty()  # female | male | None (any)
    age_min = FloatProperty()
    age_max = FloatProperty()
    low = FloatProperty()
    high = FloatProperty()
    band = StringProperty()  # normal | prediabetic | diabetic | high | critical_low | ...
    flag = StringProperty()  # normal | low | high | abnormal
    value = StringProperty()  # qualitative tests: the normalised coded result of this band
    source = StringProperty()


class DrugTerm(StructuredNode):
    """A generic ingredient (RxNorm) with class, indications and the risk facts of the rubric."""

    key = StringProperty(unique_index=True, required=True)
    rxcui = StringProperty(index=True)
    display = StringProperty(required=True)
    drug_class = StringProperty()
    chronic = BooleanProperty(default=False)
    high_risk = BooleanProperty(default=False)
    kind = StringProperty()  # prescription | otc | supplement | vaccine
    cvx = ArrayProperty(StringProperty())  # vaccines: CVX codes
    version = StringProperty()

    indications = RelationshipTo("ConditionTerm", "INDICATED_FOR")
    concepts = RelationshipTo("Concept", "TAGGED")


class ConditionTerm(StructuredNode):
    """A condition (SNOMED CT) with its concept."""

    key = StringProperty(unique_index=True, required=True)
    snomed = StringProperty(index=True)
    display = StringProperty(required=True)
    version = StringProperty()

    concepts = RelationshipTo("Concept", "TAGGED")


class SymptomTerm(StructuredNode):
    """A symptom the extractor recognises (SNOMED CT where known)."""

    key = StringProperty(unique_index=True, required=True)
    snomed = StringProperty()
    display = StringProperty(required=True)
    version = StringProperty()


class Alias(StructuredNode):
    """A normalised surface form. ``uid`` is ``<kind>:<norm>`` so a form is unambiguous per kind."""

    uid = StringProperty(unique_index=True, required=True)
    norm = StringProperty(index=True, required=True)
    kind = StringProperty(required=True)  # test | drug | condition | symptom | concept
    text = StringProperty()
    version = StringProperty()  # the dictionary version that wrote it (stale ones are removed)

    test = RelationshipTo("TestTerm", "ALIAS_OF")


class Code(StructuredNode):
    """A shared coding ``(system, code)``; ``uid`` is ``<system>|<code>``."""

    uid = StringProperty(unique_index=True, required=True)
    system = StringProperty(required=True)
    code = StringProperty(required=True)
    display = StringProperty()

    maps_to = RelationshipTo("TestTerm", "MAPS_TO")


class Candidate(StructuredNode):
    """A name the alias gate refused, queued for offline dictionary extension.

    ``examples`` are masked quotes; ``suggestions`` are ranked dictionary keys.
    """

    uid = StringProperty(unique_index=True, required=True)  # <kind>:<norm>
    kind = StringProperty(required=True)
    norm = StringProperty(required=True)
    count = IntegerProperty(default=0)
    first_seen = DateTimeNeo4jFormatProperty()
    last_seen = DateTimeNeo4jFormatProperty()
    examples = ArrayProperty(StringProperty())
    suggestions = ArrayProperty(StringProperty())
