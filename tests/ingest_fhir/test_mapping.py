"""Pure parts of the loader: datatypes, references, mapping, version rules, validation errors."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from typing import Annotated, Any

import pytest
from fhir.resources.R4B import get_fhir_model_class
from pydantic import StringConstraints, TypeAdapter, ValidationError

from app.ingest.fhir import FhirValidationError, UnsupportedFhirInput, prepare_bundle
from app.ingest.fhir.datatypes import duration_days, parse_datetime, reference_range_text, system_tag
from app.ingest.fhir.references import ReferenceIndex
from app.ingest.fhir.rules import Decision, Version, decide
from tests.ingest_fhir.conftest import DIABETIC_SEED, STATIN_SEED, read_json


def test_times_keep_offsets_and_dates_are_midnight_utc() -> None:
    assert parse_datetime("2025-03-10T09:20:00-05:00") == datetime(
        2025, 3, 10, 9, 20, tzinfo=timezone(timedelta(hours=-5))
    )
    assert parse_datetime("2019-06-03") == datetime(2019, 6, 3, tzinfo=UTC)
    assert parse_datetime("2019-06") == datetime(2019, 6, 1, tzinfo=UTC)
    assert parse_datetime("2011-04-19T09:21:52.137Z") == datetime(2011, 4, 19, 9, 21, 52, 137000, tzinfo=UTC)
    assert parse_datetime(None) is None


def test_durations_ranges_and_system_tags() -> None:
    assert duration_days({"value": 4, "unit": "weeks", "code": "wk"}) == 28
    assert duration_days({"value": 30, "unit": "days"}) == 30
    assert duration_days({"value": 3, "code": "tablets"}) is None
    assert reference_range_text([{"text": "Optimal below 100 mg/dL"}]) == "Optimal below 100 mg/dL"
    assert reference_range_text(
        [{"low": {"value": 70, "unit": "mg/dL"}, "high": {"value": 99, "unit": "mg/dL"}}]
    ) == ("70 mg/dL-99 mg/dL")
    assert system_tag("http://loinc.org") == "LOINC"
    assert system_tag("http://hl7.org/fhir/sid/cvx") == "CVX"
    assert system_tag("http://acme.org/codes/lab-tests") == "LAB-TESTS"


def test_references_resolve_urn_relative_absolute_and_conditional() -> None:
    org = {"identifier": [{"system": "https://x.org/ids", "value": "ORG-1"}]}
    index = ReferenceIndex.build(
        [
            ("urn:uuid:abc", ("Encounter", "e1"), {}),
            ("https://srv/fhir/Organization/o1", ("Organization", "o1"), org),
        ]
    )
    assert index.resolve("urn:uuid:abc") == ("Encounter", "e1")
    assert index.resolve("Encounter/e1") == ("Encounter", "e1")
    assert index.resolve("Encounter/e1/_history/2") == ("Encounter", "e1")
    assert index.resolve("https://srv/fhir/Organization/o1") == ("Organization", "o1")
    assert index.resolve("Organization?identifier=https://x.org/ids|ORG-1") == ("Organization", "o1")
    assert index.resolve("Organization?identifier=https://x.org/ids|ORG-2") is None
    assert index.resolve("urn:uuid:missing") is None
    assert index.resolve("#contained") is None
    # a stored type outside the bundle resolves by uid (the edge finds it if it was loaded before)
    assert index.resolve("Condition/c9") == ("Condition", "c9")


def test_seed_bundle_maps_values_components_dosage_and_codes() -> None:
    plan = prepare_bundle("u1", read_json(DIABETIC_SEED))
    rows = {row.props["fhir_id"]: row for row in plan.rows}
    assert plan.skipped == {"Claim": 1}
    assert plan.patient is not None and (plan.patient.sex, plan.patient.birth_date) == (
        "female",
        "1968-04-12",
    )
    metformin = rows["seed-medreq-metformin"].props
    assert (metformin["code_system"], metformin["code"]) == (
        "http://www.nlm.nih.gov/research/umls/rxnorm",
        "861007",
    )
    assert metformin["supply_days"] == 30
    assert metformin["dosage_timing"] == "2 per 1 d"
    assert metformin["dosage_text"] == "1 tablet twice daily with meals"
    assert metformin["uid"] == "u1|MedicationRequest|seed-medreq-metformin"
    bp = rows["seed-obs-6"]
    components = json.loads(bp.props["components"])
    assert [(c["code"], c["value"], c["unit"]) for c in components] == [
        ("8480-6", 142, "mm[Hg]"),
        ("8462-4", 88, "mm[Hg]"),
    ]
    assert {link.code_uid for link in bp.code_links} == {
        "http://loinc.org|85354-9",
        "http://loinc.org|8480-6",
        "http://loinc.org|8462-4",
    }
    a1c = rows["seed-obs-1"].props
    assert (a1c["value"], a1c["unit"], a1c["interpretation"]) == (7.8, "%", "H")
    assert (
        a1c["search_text"]
        == "[Observation] Hemoglobin A1c/Hemoglobin.total in Blood [LOINC:4548-4] 7.8 % 2025-03-10"
    )
    assert "embedding" not in a1c  # embedding is a background pass, never on the ingest path
    report = rows["seed-dr-1"]
    assert sorted(e.rel for e in report.edges) == ["DURING", "HAS_RESULT", "HAS_RESULT"]
    resolved = rows["seed-cond-bronchitis"].props
    assert datetime.fromisoformat(resolved["event_end"]) == datetime(2024, 11, 20, tzinfo=UTC)
    assert "value" not in resolved  # a prepared row carries only the properties with a value


def test_medication_reference_lends_its_code_and_conditional_reference_resolves() -> None:
    plan = prepare_bundle("u1", read_json(STATIN_SEED))
    rows = {row.props["fhir_id"]: row for row in plan.rows}
    request = rows["seed-medreq-atorva"]
    assert [(e.rel, e.to_uid) for e in request.edges if e.rel == "USES_MEDICATION"] == [
        ("USES_MEDICATION", "u1|Medication|seed-med-atorva")
    ]
    assert request.props["code"] == "617312"
    assert request.props["supply_days"] == 28
    assert "when HS" in request.props["dosage_timing"]
    assert ("REFERS_TO", "u1|Organization|seed-org-1") in [
        (e.rel, e.to_uid) for e in rows["seed-enc-3"].edges
    ]
    assert plan.unresolved_references == 0


def test_version_rules() -> None:
    old = Version("h1", "1", datetime(2025, 1, 1, tzinfo=UTC))
    assert decide(None, old) is Decision.CREATE
    assert decide(old, Version("h1", "1", old.last_updated)) is Decision.UNCHANGED
    assert decide(old, Version("h2", "2", datetime(2025, 2, 1, tzinfo=UTC))) is Decision.REPLACE
    assert decide(old, Version("h0", "0", datetime(2024, 2, 1, tzinfo=UTC))) is Decision.STALE
    assert decide(Version("h1", "3", None), Version("h2", "2", None)) is Decision.STALE
    assert decide(Version("h1", None, None), Version("h2", None, None)) is Decision.REPLACE


def test_invalid_entry_is_named_by_index_type_and_field() -> None:
    bundle = read_json(DIABETIC_SEED)
    broken = copy.deepcopy(bundle)
    broken["entry"][12]["resource"]["effectiveDateTime"] = "yesterday"
    with pytest.raises(FhirValidationError) as caught:
        prepare_bundle("u1", broken)
    assert caught.value.details["entry_index"] == 12
    assert caught.value.details["resource_type"] == "Observation"
    assert caught.value.details["field"] == "effectiveDateTime"


def test_unsupported_inputs_say_why() -> None:
    with pytest.raises(UnsupportedFhirInput) as caught:
        prepare_bundle("u1", {"resourceType": "Bundle", "type": "message", "entry": []})
    assert caught.value.details["reason"] == "bundle type"
    two_patients = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {"resource": {"resourceType": "Patient", "id": "a"}},
            {"resource": {"resourceType": "Patient", "id": "b"}},
        ],
    }
    with pytest.raises(UnsupportedFhirInput) as caught:
        prepare_bundle("u1", two_patients)
    assert caught.value.details["reason"] == "several patients"
    with pytest.raises(UnsupportedFhirInput):
        prepare_bundle("u1", {"hello": "world"})
    with pytest.raises(FhirValidationError):
        prepare_bundle("u1", {"resourceType": "NoSuchThing"})


@pytest.mark.parametrize("value", [float("nan"), float("inf")])
def test_a_non_finite_number_from_a_lenient_parser_is_rejected(value: float) -> None:
    """The API's JSON parser lets NaN and Infinity through; the compact text must keep them visible
    to the model (a fast encoder would write ``null``, which could pass), so the resource is refused."""
    document = {
        "resourceType": "Observation",
        "id": "o1",
        "status": "final",
        "code": {"text": "glucose"},
        "valueQuantity": {"value": value, "unit": "mg/dL"},
    }
    with pytest.raises(FhirValidationError) as caught:
        prepare_bundle("u1", document)
    assert caught.value.details["field"] == "valueQuantity.value"


def _envelope_verdict_whole(bundle: dict[str, Any]) -> tuple[bool, int | None]:
    """The reference: the whole envelope (every entry without its resource) in one model call."""
    entries = [{k: v for k, v in e.items() if k != "resource"} if isinstance(e, dict) else e for e in bundle["entry"]]
    envelope = {**bundle, "entry": entries}
    try:
        get_fhir_model_class("Bundle").model_validate_json(json.dumps(envelope))
    except ValidationError as exc:
        loc = exc.errors()[0]["loc"]
        return False, int(loc[1]) if len(loc) > 1 and loc[0] == "entry" else None
    return True, None


def _mutate(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def apply(bundle: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = bundle
        for part in parents:
            node = node[int(part)] if part.isdigit() else node.setdefault(part, {})
        node[int(last) if last.isdigit() else last] = value

    return apply


ENVELOPE_CASES = {
    "as given": _mutate("id", "b1"),
    "bad method, a later entry": _mutate("entry.12.request.method", "FETCH"),
    "fullUrl with a space": _mutate("entry.7.fullUrl", "urn:uuid:a b"),
    "fullUrl not text": _mutate("entry.4.fullUrl", 42),
    "unknown envelope field": _mutate("entry.9.request.colour", "red"),
    "request without url": _mutate("entry.15.request", {"method": "POST"}),
    "search score NaN": _mutate("entry.3.search", {"mode": "match", "score": float("nan")}),
    "search score null": _mutate("entry.3.search", {"mode": "match", "score": None}),
    "bundle type unknown": _mutate("type", "heap"),
    "entry not an object": _mutate("entry.10", "entry"),
}


@pytest.mark.parametrize("case", ENVELOPE_CASES)
def test_the_bundle_envelope_gets_the_whole_envelope_verdict(case: str) -> None:
    """Each distinct entry envelope is validated once (``fullUrl`` values as one list): the verdict
    and the entry named are those of validating every entry's envelope."""
    bundle = read_json(DIABETIC_SEED)
    ENVELOPE_CASES[case](bundle)
    expected_ok, expected_entry = _envelope_verdict_whole(bundle)
    try:
        prepare_bundle("u1", bundle)
    except FhirValidationError as exc:
        if exc.details["resource_type"] != "Bundle":
            pytest.fail(f"a resource failed, not the envelope: {exc.details}")
        assert not expected_ok and exc.details["entry_index"] == expected_entry
    except UnsupportedFhirInput:
        assert expected_ok and bundle["type"] not in ("transaction", "batch", "collection", "searchset")
    else:
        assert expected_ok


def test_a_rejected_full_url_names_its_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``fullUrl`` values are validated as one list; an error there names the entry it came from
    (the library's ``uri`` type accepts any text, so a stricter type stands in for it here)."""
    strict = TypeAdapter(list[Annotated[str, StringConstraints(pattern=r"^urn:uuid:[0-9a-z-]+$")]])
    monkeypatch.setattr("app.ingest.fhir.parse._full_url_list", lambda: strict)
    bundle = read_json(DIABETIC_SEED)
    bundle["entry"][7]["fullUrl"] = "urn:uuid:a b"
    with pytest.raises(FhirValidationError) as caught:
        prepare_bundle("u1", bundle)
    assert caught.value.details["entry_index"] == 7 and caught.value.details["field"] == "entry.7.fullUrl"
