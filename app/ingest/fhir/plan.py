"""From FHIR JSON to a :class:`BundlePlan`: validate, index references, map every entry. Pure."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.ingest.fhir.exceptions import UnsupportedFhirInput
from app.ingest.fhir.mapping import map_entry, patient_facts, search_text
from app.ingest.fhir.models import BundlePlan, CodeLink, ResourceRow
from app.ingest.fhir.parse import parse_fhir
from app.ingest.fhir.references import ReferenceIndex


def prepare_bundle(user_id: str, document: Any, source: str = "") -> BundlePlan:
    """Validate ``document`` (a Bundle or one resource) and map it to rows for ``user_id``.

    Raises:
        FhirValidationError: a resource or the bundle envelope is not valid FHIR R4.
        UnsupportedFhirInput: not a resource, an unread bundle type, or more than one patient.
    """
    parsed = parse_fhir(document)
    patients = [e for e in parsed.entries if e.resource_type == "Patient"]
    if len({p.fhir_id for p in patients}) > 1:
        raise UnsupportedFhirInput(
            "The bundle holds more than one patient; one load is one user's record.",
            reason="several patients",
            patients=len(patients),
        )
    index = ReferenceIndex.build(
        (e.full_url, (e.resource_type, e.fhir_id), e.resource) for e in parsed.entries
    )
    rows: dict[str, ResourceRow] = {}
    unresolved = 0
    for entry in parsed.entries:
        row = map_entry(user_id, entry, index)
        rows[row.uid] = row  # a repeated resource in one bundle: the last entry wins
        unresolved += row.unresolved
    _medication_codes_on_requests(rows)
    for row in rows.values():
        row.props = statement_properties(row.props)
    return BundlePlan(
        user_id=user_id,
        source=source,
        bundle_type=parsed.bundle_type,
        rows=list(rows.values()),
        patient=patient_facts(patients[-1]) if patients else None,
        skipped=parsed.skipped,
        unresolved_references=unresolved,
    )


TIME_PROPERTIES = ("last_updated", "event_start", "event_end", "recorded_at")


def statement_properties(props: dict[str, Any]) -> dict[str, Any]:
    """The properties as the upsert statement takes them: only those with a value (``SET r = row``
    stores nothing for a null either, and each costs packing and a map entry on the server), times
    as ISO-8601 text (``datetime()`` on the server; cheaper than the driver's datetime packing).
    Done here, in the preparing process, so the writing process receives plain strings."""
    out = {key: value for key, value in props.items() if value is not None}
    for key in TIME_PROPERTIES:
        value = out.get(key)
        if isinstance(value, datetime):
            out[key] = value.isoformat()
    return out


def _medication_codes_on_requests(rows: dict[str, ResourceRow]) -> None:
    """A request or statement naming its drug by ``medicationReference`` takes the Medication's
    primary code and display, and links to its codes (role ``medication``), so one traversal
    finds every use of a drug whichever form the record used."""
    for row in rows.values():
        for edge in row.edges:
            medication = rows.get(edge.to_uid)
            if edge.rel != "USES_MEDICATION" or medication is None:
                continue
            for key in ("display", "code_system", "code"):
                if row.props.get(key) is None:
                    row.props[key] = medication.props.get(key)
            row.props["search_text"] = search_text(row.resource_type, row.props)
            for code in medication.codes:
                row.codes.append(code)
                row.code_links.append(CodeLink(row.uid, code.uid, "medication"))
