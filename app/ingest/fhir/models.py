"""The loader's data: what a bundle becomes before it is written, and what a load reports.

Everything here is plain, picklable data (a bundle can be prepared in a worker process). The small
value types are named tuples: a bundle holds thousands of them, and a frozen slotted dataclass
unpickles through a Python-level ``__setstate__`` (several times slower; the writing process paid
it for every code, link and edge it received).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NamedTuple

EDGE_TYPES: frozenset[str] = frozenset({"DURING", "HAS_RESULT", "USES_MEDICATION", "REFERS_TO"})
"""Relationships between two resources of one user (the allow-list for edge statements)."""


class CodeRow(NamedTuple):
    """A shared ``Code`` node: ``uid`` is ``<system>|<code>`` with the system URI as written."""

    uid: str
    system: str
    code: str
    display: str | None


class CodeLink(NamedTuple):
    """``(resource)-[:CODED_AS {role}]->(code)``; role says which element held the coding."""

    resource_uid: str
    code_uid: str
    role: str


class Edge(NamedTuple):
    """A resolved reference between two resources of the same user."""

    rel: str
    from_uid: str
    to_uid: str
    via: str


@dataclass(slots=True)
class ResourceRow:
    """One FHIR resource as a node: its uid, type label and declared properties (``props``: after
    :func:`~app.ingest.fhir.plan.prepare_bundle`, only those with a value, times as ISO-8601 text)."""

    uid: str
    resource_type: str
    fhir_id: str
    props: dict[str, Any]
    codes: list[CodeRow] = field(default_factory=list)
    code_links: list[CodeLink] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    unresolved: int = 0


@dataclass(frozen=True, slots=True)
class PatientFacts:
    """What a Patient resource says about the ``Self``."""

    fhir_id: str
    sex: str | None
    birth_date: str | None


@dataclass(slots=True)
class BundlePlan:
    """A validated, mapped bundle: the rows one transaction will write."""

    user_id: str
    source: str
    bundle_type: str | None
    rows: list[ResourceRow]
    patient: PatientFacts | None
    skipped: Counter[str] = field(default_factory=Counter)
    unresolved_references: int = 0


@dataclass(slots=True)
class IngestResult:
    """What loading one bundle did, by resource type."""

    user_id: str
    source: str
    created: Counter[str] = field(default_factory=Counter)
    replaced: Counter[str] = field(default_factory=Counter)
    unchanged: Counter[str] = field(default_factory=Counter)
    stale: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)
    rejected: Counter[str] = field(default_factory=Counter)
    codes_linked: int = 0
    edges: int = 0
    unresolved_references: int = 0
    operation_id: str | None = None
    error: str | None = None

    @property
    def written(self) -> Counter[str]:
        return self.created + self.replaced

    def counts(self) -> dict[str, Any]:
        """JSON-ready counts (ids and numbers only)."""
        return {
            "created": dict(self.created),
            "replaced": dict(self.replaced),
            "unchanged": dict(self.unchanged),
            "stale": dict(self.stale),
            "skipped": dict(self.skipped),
            "rejected": dict(self.rejected),
            "written_total": sum(self.written.values()),
            "codes_linked": self.codes_linked,
            "edges": self.edges,
            "unresolved_references": self.unresolved_references,
        }
