"""Writing bundles into the real Neo4j: counts, code links, edges, idempotency, atomicity, versions."""

from __future__ import annotations

import copy
import gc
import json
import tempfile
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from app.db.client import GraphClient
from app.db.cypher import Query
from app.graph_schema.clinical import FHIR_RESOURCE_CLASSES
from app.ingest.fhir import FhirValidationError, IngestResult, load_jobs, write_plan
from app.ingest.fhir.files import WORKER_GC_THRESHOLD, BundlePreparer, fewer_collections
from app.ingest.fhir.plan import prepare_bundle
from app.ingest.fhir.writer_lanes import WriterLanes
from app.oplog.service import list_operations
from app.users.service import delete_user, get_self, node_counts
from tests.ingest_fhir.conftest import DIABETIC_SEED, LDL_V2_SEED, STATIN_SEED, read_json

Load = Callable[[str, Path | dict[str, Any]], IngestResult]

COUNT_BY_TYPE = Query(
    "test_fhir_count_by_type",
    "MATCH (:Self {user_id: $user_id})-[:HAS_FHIR]->(r:FhirResource) "
    "RETURN r.resource_type AS type, count(*) AS n, "
    "sum(CASE WHEN size([l IN labels(r) WHERE l = r.resource_type]) = 1 THEN 1 ELSE 0 END) AS labelled",
)
MISSING_PRIMARY_CODE_LINK = Query(
    "test_fhir_missing_code_link",
    "MATCH (r:FhirResource {user_id: $user_id}) WHERE r.code IS NOT NULL "
    "AND NOT (r)-[:CODED_AS]->(:Code {uid: r.code_system + '|' + r.code}) RETURN count(r) AS missing",
)
CODED_RESOURCES = Query(
    "test_fhir_coded_resources",
    "MATCH (r:FhirResource {user_id: $user_id})-[:CODED_AS]->(c:Code) RETURN count(DISTINCT r) AS coded",
)
GRAPH_FINGERPRINT = Query(
    "test_fhir_fingerprint",
    "MATCH (s:Self {user_id: $user_id})-[:HAS_FHIR]->(r) OPTIONAL MATCH (r)-[e]->() "
    "RETURN count(DISTINCT r) AS nodes, count(e) AS rels, collect(DISTINCT r.content_hash)[0..3] AS sample",
)
RELS = Query(
    "test_fhir_rels",
    "MATCH (a:FhirResource {user_id: $user_id})-[e]->(b) RETURN a.fhir_id AS a, type(e) AS rel, "
    "coalesce(b.fhir_id, b.uid) AS b",
)
OBS_VALUE = Query(
    "test_fhir_obs_value",
    "MATCH (r:FhirResource {uid: $uid}) RETURN r.value AS value, r.status AS status, r.version_id AS version",
)


def synthea_sample(manifest: dict[str, dict[str, Any]], n: int) -> list[str]:
    """The ``n`` smallest bundles that hold a MedicationRequest or an AllergyIntolerance."""
    rows = sorted(manifest.values(), key=lambda r: r["entries"])
    picked = [r for r in rows if {"MedicationRequest", "AllergyIntolerance"} & set(r["types"])][:n]
    return [r["path"].rsplit("/", 1)[-1] for r in picked]


def test_synthea_counts_by_type_match_the_manifest_and_codes_link(
    client: GraphClient, load: Load, user_id: str, synthea_dir: Path, manifest: dict[str, dict[str, Any]]
) -> None:
    for index, name in enumerate(synthea_sample(manifest, 2)):
        user = f"{user_id}-s{index}"
        try:
            result = load(user, synthea_dir / name)
            expected = {t: n for t, n in manifest[name]["types"].items() if t in FHIR_RESOURCE_CLASSES}
            rows = client.read(COUNT_BY_TYPE, {"user_id": user})
            assert {r["type"]: r["n"] for r in rows} == expected
            assert all(r["labelled"] == r["n"] for r in rows)  # second label = resource type
            assert dict(result.created) == expected
            billing = {t: n for t, n in manifest[name]["types"].items() if t not in FHIR_RESOURCE_CLASSES}
            assert dict(result.skipped) == billing
            assert client.read(MISSING_PRIMARY_CODE_LINK, {"user_id": user})[0]["missing"] == 0
            coded = sum(
                n for t, n in expected.items() if t not in ("Patient", "Practitioner", "Organization")
            )
            assert client.read(CODED_RESOURCES, {"user_id": user})[0]["coded"] >= coded
            assert result.unresolved_references == 0
        finally:
            delete_user(client, user)


def test_same_bundle_twice_changes_nothing(client: GraphClient, load: Load, user_id: str) -> None:
    first = load(user_id, DIABETIC_SEED)
    assert sum(first.created.values()) == 18 and first.operation_id
    before = (client.read(GRAPH_FINGERPRINT, {"user_id": user_id}), node_counts(client, user_id))
    second = load(user_id, DIABETIC_SEED)
    assert sum(second.written.values()) == 0 and second.operation_id is None
    assert sum(second.unchanged.values()) == 18
    assert (client.read(GRAPH_FINGERPRINT, {"user_id": user_id}), node_counts(client, user_id)) == before
    assert [op["kind"] for op in list_operations(client, user_id)] == ["fhir.ingest"]


def test_two_loads_of_one_bundle_at_once_write_it_once(client: GraphClient, user_id: str) -> None:
    """New resources are CREATEd, not MERGEd: that is sound because a load locks the user's Self
    first, so a second load of the same bundle waits and then finds every resource stored."""
    plan = prepare_bundle(user_id, read_json(DIABETIC_SEED), "race")
    start = threading.Barrier(2)

    def write() -> IngestResult:
        start.wait(timeout=10)
        return write_plan(client, plan)

    with ThreadPoolExecutor(2) as pool:
        results = [f.result(timeout=60) for f in [pool.submit(write), pool.submit(write)]]
    assert sorted(sum(r.created.values()) for r in results) == [0, 18]
    assert sorted(sum(r.unchanged.values()) for r in results) == [0, 18]
    once = f"{user_id}-once"
    try:
        write_plan(client, prepare_bundle(once, read_json(DIABETIC_SEED), "once"))
        assert node_counts(client, user_id) == node_counts(client, once)
        rels = [client.read(RELS, {"user_id": u}) for u in (user_id, once)]
        assert sorted(rels[0], key=str) == sorted(rels[1], key=str)
    finally:
        delete_user(client, once)


def test_patient_sets_the_self_and_edges_are_resolved(client: GraphClient, load: Load, user_id: str) -> None:
    load(user_id, DIABETIC_SEED)
    load(user_id, STATIN_SEED)
    me = get_self(client, user_id)
    assert me["sex"] == "female" and str(me["birth_date"]) == "1968-04-12"
    rels = Counter((r["a"], r["rel"]) for r in client.read(RELS, {"user_id": user_id}))
    assert rels[("seed-dr-1", "HAS_RESULT")] == 2
    assert rels[("seed-obs-6", "DURING")] == 1
    assert rels[("seed-obs-6", "CODED_AS")] == 3  # panel + systolic + diastolic
    assert rels[("seed-medreq-atorva", "USES_MEDICATION")] == 1
    assert rels[("seed-enc-3", "REFERS_TO")] == 1  # Organization?identifier=… resolved in the bundle
    assert rels[("seed-medreq-atorva", "CODED_AS")] == 1  # the Medication's RxNorm code, role medication


def test_broken_entry_rejects_the_whole_bundle(client: GraphClient, load: Load, user_id: str) -> None:
    broken = copy.deepcopy(read_json(DIABETIC_SEED))
    broken["entry"][9]["resource"]["valueQuantity"]["value"] = "seven point eight"
    with pytest.raises(FhirValidationError) as caught:
        load(user_id, broken)
    assert caught.value.details["entry_index"] == 9
    assert caught.value.details["field"].startswith("valueQuantity")
    assert node_counts(client, user_id) == {}


def test_newer_version_replaces_older_and_is_logged(client: GraphClient, load: Load, user_id: str) -> None:
    load(user_id, STATIN_SEED)
    uid = f"{user_id}|Observation|seed-obs-ldl"
    assert client.read(OBS_VALUE, {"uid": uid}) == [{"value": 162.0, "status": "preliminary", "version": "1"}]
    result = load(user_id, LDL_V2_SEED)
    assert dict(result.replaced) == {"Observation": 1}
    assert client.read(OBS_VALUE, {"uid": uid}) == [{"value": 158.0, "status": "final", "version": "2"}]
    replace_ops = [op for op in list_operations(client, user_id) if op["kind"] == "fhir.replace"]
    assert len(replace_ops) == 1 and replace_ops[0]["target_ids"] == [uid]
    # loading version 1 again is stale: the graph keeps version 2
    again = load(user_id, STATIN_SEED)
    assert dict(again.stale) == {"Observation": 1} and sum(again.written.values()) == 0
    assert client.read(OBS_VALUE, {"uid": uid})[0]["version"] == "2"
    rels = Counter((r["a"], r["rel"]) for r in client.read(RELS, {"user_id": user_id}))
    assert rels[("seed-obs-ldl", "CODED_AS")] == 1 and rels[("seed-obs-ldl", "DURING")] == 1


def test_users_are_isolated(client: GraphClient, load: Load, user_id: str) -> None:
    other = f"{user_id}-other"
    try:
        load(user_id, DIABETIC_SEED)
        load(other, DIABETIC_SEED)
        mine = client.read(COUNT_BY_TYPE, {"user_id": user_id})
        theirs = client.read(COUNT_BY_TYPE, {"user_id": other})
        assert sorted((r["type"], r["n"]) for r in mine) == sorted((r["type"], r["n"]) for r in theirs)
        crossing = client.read(
            Query(
                "test_fhir_cross_user",
                "MATCH (a:FhirResource {user_id: $a})-[e]-(b:FhirResource) WHERE b.user_id <> $a "
                "RETURN count(e) AS n",
            ),
            {"a": user_id},
        )
        assert crossing[0]["n"] == 0
    finally:
        delete_user(client, other)
    assert client.read(COUNT_BY_TYPE, {"user_id": user_id})  # deleting the other user left mine alone


def test_worker_prepared_bundles_write_like_in_process_ones(client: GraphClient, user_id: str) -> None:
    """``load_jobs`` with a worker process (model classes preloaded, GC tuned): same rows, edges and
    types as an in-process load, and an invalid file is a rejection that stops nothing."""
    broken = copy.deepcopy(read_json(DIABETIC_SEED))
    broken["entry"][9]["resource"]["valueQuantity"]["value"] = "seven point eight"
    with tempfile.TemporaryDirectory() as tmp:
        bad = Path(tmp) / "broken.json"
        bad.write_text(json.dumps(broken), encoding="utf-8")
        outcomes = load_jobs(client, [(user_id, DIABETIC_SEED), (user_id, bad), (user_id, STATIN_SEED)], workers=1)
    assert [o.rejection is None for o in outcomes] == [True, False, True]
    assert outcomes[1].rejection and outcomes[1].rejection.details["entry_index"] == 9
    rows = client.read(COUNT_BY_TYPE, {"user_id": user_id})
    assert all(r["labelled"] == r["n"] for r in rows) and sum(r["n"] for r in rows) == sum(
        sum(o.result.created.values()) for o in outcomes if o.result
    )
    rels = Counter((r["a"], r["rel"]) for r in client.read(RELS, {"user_id": user_id}))
    assert rels[("seed-dr-1", "HAS_RESULT")] == 2 and rels[("seed-medreq-atorva", "USES_MEDICATION")] == 1


def test_one_preparer_serves_several_loads_with_the_same_workers(client: GraphClient, user_id: str) -> None:
    """A :class:`BundlePreparer` kept open across ``load_jobs`` calls starts its workers once; a
    second load of the same bundle through it changes nothing (idempotent); closing it stops them."""
    with BundlePreparer(workers=1) as preparer:
        first = load_jobs(client, [(user_id, DIABETIC_SEED)], preparer=preparer)
        assert preparer._pool is not None
        pids = {p.pid for p in preparer._pool._processes.values()}
        second = load_jobs(client, [(user_id, DIABETIC_SEED), (user_id, STATIN_SEED)], preparer=preparer)
        assert pids and pids == {p.pid for p in preparer._pool._processes.values()}
    assert preparer._pool is None
    assert first[0].result and sum(first[0].result.created.values()) > 0
    assert second[0].result and not second[0].result.created and second[0].result.unchanged
    assert second[1].result and sum(second[1].result.created.values()) > 0
    with pytest.raises(ValueError):
        BundlePreparer(workers=0)


def test_writer_lanes_load_users_side_by_side_and_each_users_bundles_in_order(
    client: GraphClient, user_id: str
) -> None:
    """Two lanes: every user's graph is what one writer makes of it, and one user's bundles keep
    their order (version 1, then version 2 replacing it, then version 1 again: stale)."""
    others = [f"{user_id}-lane{i}" for i in range(3)]
    jobs = [(user_id, STATIN_SEED)] + [(u, DIABETIC_SEED) for u in others]
    jobs += [(user_id, LDL_V2_SEED)] + [(u, STATIN_SEED) for u in others] + [(user_id, STATIN_SEED)]
    try:
        outcomes = load_jobs(client, jobs, workers=0, writers=2)
        assert [(o.user_id, o.path) for o in outcomes] == jobs  # job order, whatever lane wrote it
        mine = [o.result for o in outcomes if o.user_id == user_id]
        assert mine[0] and mine[1] and mine[2]
        assert dict(mine[1].replaced) == {"Observation": 1} and dict(mine[2].stale) == {"Observation": 1}
        uid = f"{user_id}|Observation|seed-obs-ldl"
        assert client.read(OBS_VALUE, {"uid": uid})[0]["version"] == "2"
        shapes = [
            (sorted((r["type"], r["n"]) for r in client.read(COUNT_BY_TYPE, {"user_id": u})), Counter(
                (r["a"], r["rel"]) for r in client.read(RELS, {"user_id": u})
            ))
            for u in others
        ]
        assert shapes[0] == shapes[1] == shapes[2] and shapes[0][0]
    finally:
        for other in others:
            delete_user(client, other)


def test_a_failed_write_in_a_lane_is_raised_and_the_lane_goes_on_in_order() -> None:
    order: list[str] = []

    def write(tag: str, fail: bool = False) -> Callable[[], None]:
        def run() -> None:
            order.append(tag)
            if fail:
                raise RuntimeError(tag)

        return run

    with pytest.raises(RuntimeError, match="a2"), WriterLanes(2) as lanes:
        for tag in ("a1", "a2", "a3"):
            lanes.submit("user-a", write(tag, fail=tag == "a2"))
        lanes.join()
    assert order.index("a1") < order.index("a2") < order.index("a3")
    with pytest.raises(ValueError):
        WriterLanes(0)


def test_fewer_collections_while_loading_and_the_collector_as_it_was_after() -> None:
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold()[0] == WORKER_GC_THRESHOLD and gc.get_freeze_count() > 0
        with fewer_collections():  # a concurrent load: the outer one restores
            pass
        assert gc.get_threshold()[0] == WORKER_GC_THRESHOLD
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
