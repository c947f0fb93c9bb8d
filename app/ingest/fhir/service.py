"""Writing a prepared bundle: one transaction, batched ``UNWIND`` statements, idempotent by uid."""

from __future__ import annotations

import logging
import time
from typing import Any

from app.db.client import GraphClient, Tx
from app.db.cypher import allowed
from app.graph_schema.registry import FHIR_TYPE_LABELS
from app.ingest.fhir import queries
from app.ingest.fhir.models import EDGE_TYPES, BundlePlan, IngestResult, ResourceRow
from app.ingest.fhir.plan import prepare_bundle
from app.ingest.fhir.rules import Decision, Version, decide
from app.oplog.service import append_operation
from app.users import queries as user_queries
from app.users.service import user_token, validate_user_id

log = logging.getLogger(__name__)

ACTOR = "fhir-loader"
OP_INGEST = "fhir.ingest"
OP_REPLACE = "fhir.replace"


def ingest_document(client: GraphClient, user_id: str, document: Any, source: str = "") -> IngestResult:
    """Validate, map and write one FHIR Bundle or resource for ``user_id``.

    Raises:
        FhirValidationError, UnsupportedFhirInput: the input is rejected whole; nothing is written.
    """
    validate_user_id(user_id)
    return write_plan(client, prepare_bundle(user_id, document, source))


def write_plan(client: GraphClient, plan: BundlePlan) -> IngestResult:
    """Write one prepared bundle in one transaction (nothing at all when nothing changed)."""
    started = time.perf_counter()
    result = client.write_transaction(lambda tx: _write(tx, plan), name="fhir_ingest_bundle")
    log.info(
        "fhir bundle user=%s written=%d unchanged=%d stale=%d skipped=%d ms=%.1f",
        plan.user_id,
        sum(result.written.values()),
        sum(result.unchanged.values()),
        sum(result.stale.values()),
        sum(result.skipped.values()),
        (time.perf_counter() - started) * 1e3,
    )
    return result


def _write(tx: Tx, plan: BundlePlan) -> IngestResult:
    result = IngestResult(
        user_id=plan.user_id,
        source=plan.source,
        skipped=plan.skipped.copy(),
        unresolved_references=plan.unresolved_references,
    )
    # first: writing the user's Self locks it until commit, so two loads for one user run one
    # after the other and the version rules below see what the other committed
    tx.run(user_queries.ENSURE_SELF, {"user_id": plan.user_id, "sex": None, "birth_date": None})
    stored = {row["uid"]: Version.of(row) for row in tx.run(queries.FIND_STORED, {"uids": [r.uid for r in plan.rows]})}
    to_write: list[ResourceRow] = []
    replaced: dict[str, dict[str, Any]] = {}
    for row in plan.rows:
        old = stored.get(row.uid)
        decision = decide(old, Version.of(row.props))
        if decision is Decision.CREATE:
            result.created[row.resource_type] += 1
        elif decision is Decision.REPLACE:
            result.replaced[row.resource_type] += 1
            replaced[row.uid] = {"from": old.version_id if old else None, "to": row.props.get("version_id")}
        elif decision is Decision.UNCHANGED:
            result.unchanged[row.resource_type] += 1
            continue
        else:
            result.stale[row.resource_type] += 1
            continue
        to_write.append(row)
    if not to_write:
        return result
    if replaced:
        tx.run(queries.DROP_OUTGOING, {"uids": list(replaced)})
    for row in to_write:  # the allow-list of the statement's dynamic label
        allowed(row.props["resource_type"], FHIR_TYPE_LABELS, "resource type")
    token = user_token(plan.user_id)
    new_rows = [r.props for r in to_write if r.uid not in replaced]
    if new_rows:
        tx.run(queries.CREATE_RESOURCES, {"user_id": plan.user_id, "user_token": token, "rows": new_rows})
    if replaced:
        newer = [r.props for r in to_write if r.uid in replaced]
        tx.run(queries.REPLACE_RESOURCES, {"user_token": token, "rows": newer})
    _link(tx, to_write, result)
    if plan.patient and any(r.resource_type == "Patient" for r in to_write):
        facts = plan.patient
        tx.run(
            queries.SET_PATIENT_FACTS,
            {
                "user_id": plan.user_id,
                "sex": facts.sex,
                "birth_date": facts.birth_date,
                "fhir_id": facts.fhir_id,
            },
        )
    if replaced:
        append_operation(
            tx,
            user_id=plan.user_id,
            kind=OP_REPLACE,
            actor=ACTOR,
            target_ids=list(replaced),
            payload={"versions": replaced},
        )
    result.operation_id = append_operation(
        tx,
        user_id=plan.user_id,
        kind=OP_INGEST,
        actor=ACTOR,
        payload={"bundle_type": plan.bundle_type, **result.counts()},
    )
    return result


def _link(tx: Tx, rows: list[ResourceRow], result: IngestResult) -> None:
    # codes and code links in uid order: concurrent bundles (writer lanes) lock shared code nodes
    # in one order, so they wait for each other but never deadlock
    codes = dict(sorted({code.uid: code for row in rows for code in row.codes}.items()))
    if codes:
        tx.run(
            queries.MERGE_CODES,
            {
                "codes": [
                    {"uid": c.uid, "system": c.system, "code": c.code, "display": c.display} for c in codes.values()
                ]
            },
        )
        links = sorted(
            {(k.resource_uid, k.code_uid, k.role) for row in rows for k in row.code_links},
            key=lambda k: (k[1], k[0], k[2]),
        )
        tx.run(
            queries.LINK_CODES,
            {"links": [{"resource_uid": r, "code_uid": c, "role": role} for r, c, role in links]},
        )
        result.codes_linked = len(links)
    edges = [
        # the allow-list of the statement's dynamic relationship type
        {"rel": allowed(e.rel, EDGE_TYPES, "edge type"), "from_uid": e.from_uid, "to_uid": e.to_uid, "via": e.via}
        for row in rows
        for e in row.edges
    ]
    if edges:
        result.edges += tx.run(queries.LINK_RESOURCES, {"edges": edges}, plain=True)[0]["linked"]
