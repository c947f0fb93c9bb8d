"""Reading FHIR JSON and validating it with the ``fhir.resources`` R4B models (no own schema).

A bundle is validated as a whole before anything is mapped: its envelope (type, entries, requests)
with the ``Bundle`` model, every resource the loader stores with its own model. Resources of types
the loader does not store (billing such as ``Claim`` and ``ExplanationOfBenefit``, and every other
type outside :data:`~app.graph_schema.clinical.FHIR_RESOURCE_CLASSES`) are only checked to be a
known R4 resource type and are then skipped and counted: they never reach the graph. The first
error rejects the whole bundle with a :class:`FhirValidationError` naming the entry and field.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NoReturn

import orjson
from fhir.resources.R4B import get_fhir_model_class
from pydantic import TypeAdapter, ValidationError

from app.graph_schema.registry import FHIR_TYPE_LABELS
from app.ingest.fhir.exceptions import FhirValidationError, UnsupportedFhirInput

READ_BUNDLE_TYPES: frozenset[str] = frozenset({"transaction", "batch", "collection", "searchset"})
"""Bundle types whose entries are a patient's resources; others (message, document, history,
``*-response``) are refused as unsupported input."""

BILLING_TYPES: frozenset[str] = frozenset(
    {
        "Account",
        "ChargeItem",
        "ChargeItemDefinition",
        "Claim",
        "ClaimResponse",
        "Coverage",
        "CoverageEligibilityRequest",
        "CoverageEligibilityResponse",
        "EnrollmentRequest",
        "EnrollmentResponse",
        "ExplanationOfBenefit",
        "Invoice",
        "PaymentNotice",
        "PaymentReconciliation",
    }
)
"""Financial resources: skipped and counted (they say nothing clinical the other resources do not)."""


@dataclass(frozen=True, slots=True)
class ParsedEntry:
    """One stored-type resource that passed validation (the JSON as given)."""

    index: int | None
    full_url: str | None
    resource_type: str
    fhir_id: str
    resource: Mapping[str, Any]
    resource_json: str


@dataclass(slots=True)
class ParsedInput:
    bundle_type: str | None
    entries: list[ParsedEntry]
    skipped: Counter[str] = field(default_factory=Counter)


def load_json(raw: str | bytes) -> Any:
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UnsupportedFhirInput(
            "The input is not valid JSON.", reason="not json", position=getattr(exc, "pos", None)
        ) from exc


def parse_fhir(document: Any) -> ParsedInput:
    """Validate a Bundle (transaction, batch, collection, searchset) or a single resource."""
    if not isinstance(document, dict) or not isinstance(document.get("resourceType"), str):
        raise UnsupportedFhirInput(
            "The input is not a FHIR resource (no resourceType).", reason="not a resource"
        )
    if document["resourceType"] != "Bundle":
        parsed = ParsedInput(bundle_type=None, entries=[])
        _admit(parsed, document, index=None, full_url=None)
        return parsed
    return _parse_bundle(document)


def _parse_bundle(bundle: Mapping[str, Any]) -> ParsedInput:
    entries = bundle.get("entry") or []
    if not isinstance(entries, list):
        raise FhirValidationError(
            "Bundle.entry must be a list.",
            entry_index=None,
            resource_type="Bundle",
            resource_id=bundle.get("id"),
            field="entry",
        )
    _validate_envelope(bundle, entries)
    bundle_type = str(bundle.get("type"))
    if bundle_type not in READ_BUNDLE_TYPES:
        raise UnsupportedFhirInput(
            "This bundle type is not loaded.",
            reason="bundle type",
            bundle_type=bundle_type,
            supported=sorted(READ_BUNDLE_TYPES),
        )
    parsed = ParsedInput(bundle_type=bundle_type, entries=[])
    for index, entry in enumerate(entries):
        resource = entry.get("resource")
        if resource is None:
            parsed.skipped["(no resource)"] += 1
        elif (entry.get("search") or {}).get("mode") == "outcome":
            parsed.skipped[str(resource.get("resourceType"))] += 1
        else:
            _admit(parsed, resource, index=index, full_url=entry.get("fullUrl"))
    return parsed


def _admit(
    parsed: ParsedInput, resource: Mapping[str, Any], *, index: int | None, full_url: str | None
) -> None:
    rtype = resource.get("resourceType")
    if not isinstance(rtype, str):
        raise FhirValidationError(
            "A resource has no resourceType.",
            entry_index=index,
            resource_type=None,
            resource_id=resource.get("id"),
            field="resourceType",
        )
    if rtype not in FHIR_TYPE_LABELS:
        _model_class(rtype, index, resource)
        parsed.skipped[rtype] += 1
        return
    resource_json = _compact_json(resource)
    _validate(rtype, resource_json, index=index, resource_id=resource.get("id"))
    parsed.entries.append(
        ParsedEntry(
            index=index,
            full_url=full_url,
            resource_type=rtype,
            fhir_id=_fhir_id(resource, full_url),
            resource=resource,
            resource_json=resource_json,
        )
    )


def _compact_json(resource: Mapping[str, Any]) -> str:
    """Compact JSON text (no spaces, UTF-8 as is): the validated text, the stored ``resource`` and the
    content hash. ``orjson`` writes the same text as ``json.dumps(separators=(",", ":"),
    ensure_ascii=False)`` for JSON-parsed input (checked on all 27k Synthea resources), about ten
    times faster. ``json`` writes whatever ``orjson`` refuses (non-string keys, integers beyond 64
    bits) and any text holding ``null``: ``orjson`` writes a NaN or an infinity (which a lenient
    parser such as the API's may let through) as ``null``, which could pass validation, while
    ``json`` keeps ``NaN``, which the model rejects."""
    try:
        text = orjson.dumps(resource)
    except TypeError:
        text = b"null"
    if b"null" in text:
        return json.dumps(resource, separators=(",", ":"), ensure_ascii=False)
    return text.decode()


def load_models() -> None:
    """Import every model class a bundle can need (stored, billing and ``Bundle``) ahead of use."""
    for rtype in sorted(FHIR_TYPE_LABELS | BILLING_TYPES | {"Bundle"}):
        get_fhir_model_class(rtype)


def _model_class(rtype: str, index: int | None, resource: Mapping[str, Any]) -> Any:
    try:
        return get_fhir_model_class(rtype)
    except (KeyError, ValueError) as exc:
        raise FhirValidationError(
            f"Unknown FHIR R4 resource type at entry {index}.",
            entry_index=index,
            resource_type=rtype,
            resource_id=resource.get("id"),
            field="resourceType",
        ) from exc


def _validate(rtype: str, resource_json: str, *, index: int | None, resource_id: Any) -> None:
    """Validate the compact JSON text (pydantic's JSON path is the faster one)."""
    model = _model_class(rtype, index, {"id": resource_id})
    try:
        model.model_validate_json(resource_json)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ())) or "(resource)"
        raise FhirValidationError(
            f"{'The resource' if index is None else f'Entry {index}'} ({rtype}) is not valid FHIR R4: "
            f"{where}: {first.get('type')}.",
            entry_index=index,
            resource_type=rtype,
            resource_id=resource_id,
            field=where,
            error=first.get("type"),
            errors=exc.error_count(),
        ) from exc


ENVELOPE_FULL_URL = "urn:uuid:00000000-0000-0000-0000-000000000000"
"""The ``fullUrl`` every entry envelope is validated with; the real ones are validated as a list."""


def _validate_envelope(bundle: Mapping[str, Any], entries: list[Any]) -> None:
    """Validate the bundle without its resources (type, entries' ``fullUrl``, ``request``, ``search``)
    with the library's ``Bundle`` model, each distinct entry envelope once.

    Entry envelopes repeat (a transaction's entries differ in ``fullUrl`` only, and requests by
    type), and validating one costs as much as a small resource, so the ``fullUrl`` values are
    validated together with the model's own ``fullUrl`` type and each entry shape (its envelope
    with the ``fullUrl`` replaced) once: the same verdict as the whole envelope, for an eighth of
    the CPU on Synthea bundles. The first error names the original entry."""
    urls: list[Any] = []
    url_entries: list[int] = []
    shapes: dict[str, tuple[int, Any]] = {}
    for index, entry in enumerate(entries):
        envelope = _without_resource(entry)
        if isinstance(envelope, dict) and isinstance(envelope.get("fullUrl"), str):
            urls.append(envelope["fullUrl"])
            url_entries.append(index)
            envelope = {**envelope, "fullUrl": ENVELOPE_FULL_URL}
        shapes.setdefault(repr(envelope), (index, envelope))  # repr tells NaN from null
    try:
        _full_url_list().validate_python(urls)
    except ValidationError as exc:
        first = exc.errors()[0]
        index = url_entries[int(first["loc"][0])]
        _raise_envelope_error(bundle, f"entry.{index}.fullUrl", first.get("type"), index, exc.error_count())
    firsts = list(shapes.values())
    model = _model_class("Bundle", None, bundle)
    try:
        model.model_validate_json(_compact_json({**bundle, "entry": [envelope for _, envelope in firsts]}))
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = list(first.get("loc", ()))
        entry_index: int | None = None
        if len(loc) > 1 and loc[0] == "entry" and isinstance(loc[1], int):
            entry_index = loc[1] = firsts[loc[1]][0]
        where = ".".join(str(part) for part in loc) or "(bundle)"
        _raise_envelope_error(bundle, where, first.get("type"), entry_index, exc.error_count())


@cache
def _full_url_list() -> TypeAdapter[list[Any]]:
    """The ``BundleEntry.fullUrl`` type of the model library, for a list of values."""
    annotation = get_fhir_model_class("BundleEntry").model_fields["fullUrl"].annotation
    return TypeAdapter(list[annotation])  # type: ignore[valid-type]


def _raise_envelope_error(
    bundle: Mapping[str, Any], where: str, error: Any, index: int | None, count: int
) -> NoReturn:
    raise FhirValidationError(
        f"The bundle is not valid FHIR R4: {where}: {error}.",
        entry_index=index,
        resource_type="Bundle",
        resource_id=bundle.get("id"),
        field=where,
        error=error,
        errors=count,
    )


def _without_resource(entry: Any) -> Any:
    return {k: v for k, v in entry.items() if k != "resource"} if isinstance(entry, dict) else entry


def _fhir_id(resource: Mapping[str, Any], full_url: str | None) -> str:
    """The resource id; else the fullUrl's uuid or trailing id; else a content hash (idempotent)."""
    if resource.get("id"):
        return str(resource["id"])
    if full_url:
        tail = full_url.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1]
        if tail:
            return tail
    digest = hashlib.sha256(json.dumps(resource, sort_keys=True).encode()).hexdigest()
    return f"sha256-{digest[:16]}"
