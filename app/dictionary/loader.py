"""Write a dictionary snapshot into the graph, and guard enrichment against another version.

``load_dictionary`` writes, in ONE transaction, batched with ``UNWIND`` and idempotent (MERGE by
key / uid): concepts; test, drug, condition and symptom terms stamped with the version; test
reference ranges (``HAS_RANGE``), concept tags (``TAGGED``), drug indications
(``INDICATED_FOR``); aliases (``Alias -[:ALIAS_OF]->`` term); shared ``Code`` nodes
(``uid = "<system>|<code>"``: LOINC per test, RxNorm ingredient and product codes per drug, CVX per
vaccine, SNOMED CT per condition and symptom) with ``(:Code)-[:MAPS_TO]->(term)``; then removes
aliases, ranges and code links of older versions, resolves queued candidates that are now
aliases, and marks the ``DictionaryVersion`` active (exactly one is).

Terms of older versions are kept (records may point at them) but lose their aliases and links.

Reloading after a data change::

    selfgraph dictionary build    # validate seed/dictionary, print the new version
    selfgraph dictionary load     # write it and make it the active version

A process holding another snapshot than the graph's active version gets
:class:`DictionaryVersionMismatch` from :func:`ensure_dictionary_version`: restart it on the
loaded data files, or load its files.
"""

from __future__ import annotations

import json
import logging
import time
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from app.db.client import GraphClient, Tx
from app.dictionary import queries as q
from app.dictionary.exceptions import DictionaryVersionMismatch
from app.dictionary.models import (
    CVX_SYSTEM,
    LOINC_SYSTEM,
    RXNORM_SYSTEM,
    SNOMED_SYSTEM,
    TERM_KINDS,
    ConditionEntry,
    DrugEntry,
    SymptomEntry,
    TermKind,
    TestEntry,
)
from app.dictionary.snapshot import DictionarySnapshot

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class LoadReport:
    version: str
    counts: dict[str, int]
    resolved_candidates: int
    seconds: float


def code_uid(system: str, code: str) -> str:
    """The shared ``Code`` uid the FHIR loader uses too: ``"<system>|<code>"``."""
    return f"{system}|{code}"


def _code_rows(snapshot: DictionarySnapshot) -> dict[TermKind, list[dict[str, Any]]]:
    """Code rows per kind, one row per code with every term key it maps to."""
    by_kind: dict[TermKind, dict[str, dict[str, Any]]] = defaultdict(dict)

    def add(kind: TermKind, system: str, code: str, display: str | None, key: str) -> None:
        uid = code_uid(system, code)
        row = by_kind[kind].setdefault(
            uid, {"uid": uid, "system": system, "code": code, "display": display, "keys": []}
        )
        if key not in row["keys"]:
            row["keys"].append(key)

    for t in snapshot.entries("test"):
        assert isinstance(t, TestEntry)
        for code in t.codes:
            add("test", LOINC_SYSTEM, code, t.display, t.key)
    for d in snapshot.entries("drug"):
        assert isinstance(d, DrugEntry)
        if d.rxcui:
            add("drug", RXNORM_SYSTEM, d.rxcui, d.display, d.key)
        for code in d.cvx:
            add("drug", CVX_SYSTEM, code, d.display, d.key)
    for product, keys in snapshot.product_codes().items():
        for key in keys:
            add("drug", RXNORM_SYSTEM, product, snapshot.product_display(product), key)
    for c in snapshot.entries("condition"):
        assert isinstance(c, ConditionEntry)
        for code in c.codes:
            add("condition", SNOMED_SYSTEM, code, c.display, c.key)
    for s in snapshot.entries("symptom"):
        assert isinstance(s, SymptomEntry)
        if s.snomed:
            add("symptom", SNOMED_SYSTEM, s.snomed, s.display, s.key)
    return {kind: list(rows.values()) for kind, rows in by_kind.items()}


def _write(tx: Tx, snapshot: DictionarySnapshot, loaded_at: datetime) -> int:
    v = {"version": snapshot.version}
    tx.run(
        q.MERGE_CONCEPTS,
        {"rows": [{"key": c.key, "name": c.name, "kind": c.kind} for c in snapshot.concepts.values()]},
    )
    tests = [e for e in snapshot.entries("test") if isinstance(e, TestEntry)]
    drugs = [e for e in snapshot.entries("drug") if isinstance(e, DrugEntry)]
    conditions = [e for e in snapshot.entries("condition") if isinstance(e, ConditionEntry)]
    symptoms = [e for e in snapshot.entries("symptom") if isinstance(e, SymptomEntry)]
    tx.run(
        q.MERGE_TEST_TERMS,
        {
            **v,
            "rows": [
                {
                    "key": t.key,
                    "loinc": t.loinc,
                    "display": t.display,
                    "unit": t.unit,
                    "category": t.category,
                    "tolerance": t.tolerance,
                    "conversions": json.dumps(
                        {c.unit: {"factor": c.factor, "offset": c.offset} for c in t.conversions}
                    ),
                }
                for t in tests
            ],
        },
    )
    tx.run(
        q.MERGE_DRUG_TERMS,
        {
            **v,
            "rows": [
                {
                    "key": d.key,
                    "rxcui": d.rxcui,
                    "display": d.display,
                    "drug_class": d.drug_class,
                    "chronic": d.chronic,
                    "high_risk": d.high_risk,
                    "kind": d.kind,
                    "cvx": list(d.cvx),
                }
                for d in drugs
            ],
        },
    )
    tx.run(
        q.MERGE_CONDITION_TERMS,
        {**v, "rows": [{"key": c.key, "snomed": c.snomed, "display": c.display} for c in conditions]},
    )
    tx.run(
        q.MERGE_SYMPTOM_TERMS,
        {**v, "rows": [{"key": s.key, "snomed": s.snomed, "display": s.display} for s in symptoms]},
    )
    tx.run(q.CLEAR_STALE_TERM_LINKS, v)
    tx.run(
        q.MERGE_RANGES,
        {
            **v,
            "rows": [
                {
                    "uid": b.uid,
                    "test_key": b.test_key,
                    "sex": b.sex,
                    "age_min": b.age_min,
                    "age_max": b.age_max,
                    "low": b.low,
                    "high": b.high,
                    "value": b.value,
                    "band": b.band,
                    "flag": b.flag,
                    "source": b.source,
                }
                for t in tests
                for b in snapshot.all_ranges(t.key)
            ],
        },
    )
    tx.run(q.DELETE_STALE_RANGES, v)
    for kind in TERM_KINDS:
        entries = snapshot.entries(kind)
        tx.run(q.MERGE_TAGS[kind], {"rows": [{"key": e.key, "concepts": list(e.concepts)} for e in entries]})
        tx.run(
            q.MERGE_ALIASES[kind],
            {
                **v,
                "rows": [
                    {"uid": f"{kind}:{norm}", "norm": norm, "kind": kind, "text": norm, "key": key}
                    for norm, key in snapshot.alias_names(kind)
                ],
            },
        )
    tx.run(
        q.MERGE_INDICATIONS,
        {
            "rows": [
                {
                    "key": d.key,
                    "conditions": [
                        c.key
                        for code in d.indications
                        if (c := snapshot.condition_by_snomed(code)) is not None
                    ],
                }
                for d in drugs
            ]
        },
    )
    tx.run(q.DELETE_STALE_ALIASES, v)
    for kind, rows in _code_rows(snapshot).items():
        tx.run(q.MERGE_CODES[kind], {"rows": rows})
    tx.run(q.DELETE_STALE_CODE_LINKS, v)
    resolved = tx.run(q.RESOLVE_ACCEPTED_CANDIDATES)
    tx.run(
        q.ACTIVATE_VERSION, {**v, "loaded_at": loaded_at.isoformat(), "counts": json.dumps(snapshot.counts())}
    )
    return len(resolved)


def load_dictionary(
    client: GraphClient, snapshot: DictionarySnapshot, *, now: datetime | None = None
) -> LoadReport:
    """Write ``snapshot`` into the graph in one transaction and make its version the active one."""
    started = time.perf_counter()
    loaded_at = now or datetime.now(UTC)
    resolved = client.write_transaction(lambda tx: _write(tx, snapshot, loaded_at), name="dictionary_load")
    seconds = time.perf_counter() - started
    log.info(
        "dictionary loaded version=%s resolved_candidates=%d s=%.2f", snapshot.version, resolved, seconds
    )
    return LoadReport(snapshot.version, snapshot.counts(), resolved, seconds)


def ensure_loaded(client: GraphClient, snapshot: DictionarySnapshot) -> bool:
    """Load ``snapshot`` unless it already is the graph's active version; True when it loaded."""
    if active_version(client) == snapshot.version:
        return False
    load_dictionary(client, snapshot)
    return True


def active_version(client: GraphClient) -> str | None:
    """The graph's active dictionary version (``None`` when none was loaded)."""
    rows = client.read(q.ACTIVE_VERSIONS)
    return rows[0]["version"] if rows else None


def ensure_dictionary_version(client: GraphClient, snapshot: DictionarySnapshot) -> str:
    """Return the version when the graph's active dictionary is ``snapshot``'s; raise otherwise.

    Raises:
        DictionaryVersionMismatch: no dictionary loaded, or another version is active. Reload with
            ``selfgraph dictionary load`` (see the module docstring).
    """
    graph_version = active_version(client)
    if graph_version != snapshot.version:
        raise DictionaryVersionMismatch(
            "The graph holds another dictionary version; run `selfgraph dictionary load` to load "
            "this process's dictionary, or restart the process on the loaded data files.",
            graph_version=graph_version,
            process_version=snapshot.version,
        )
    return graph_version
