"""FHIR resources as node rows: pure functions from a validated resource to declared properties.

Per type, :data:`EXTRACTORS` says where the concept, the times, the value and the statuses are.
``event_start`` / ``event_end`` come from effective[x], onset[x]/abatement[x], authoredOn,
performed[x], occurrence[x], period, start[x]; ``recorded_at`` from issued, recordedDate, recorded,
dateAsserted, created (times as in :mod:`app.ingest.fhir.datatypes`). Every coding of a concept
element (the code, component codes, coded values, reasons, reactions, activities) becomes a shared
``Code`` link; status and category codings stay properties. ``search_text`` is a short line for
keyword retrieval — it is not embedded here (embedding is a background pass owned by retrieval).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

from app.ingest.fhir.datatypes import (
    choice_times,
    codings,
    concept_text,
    duration_days,
    first_code,
    format_number,
    iter_references,
    parse_datetime,
    period_bounds,
    reference_range_text,
    system_tag,
    value_choice,
)
from app.ingest.fhir.models import CodeLink, CodeRow, Edge, PatientFacts, ResourceRow
from app.ingest.fhir.parse import ParsedEntry
from app.ingest.fhir.references import ReferenceIndex

Resource = Mapping[str, Any]
Props = dict[str, Any]

SEX_FROM_GENDER: Mapping[str, str] = {"female": "female", "male": "male", "other": "other"}
EDGE_BY_ELEMENT: Mapping[tuple[str | None, str], str] = {
    (None, "encounter"): "DURING",
    (None, "context"): "DURING",
    ("DiagnosticReport", "result"): "HAS_RESULT",
    (None, "medicationReference"): "USES_MEDICATION",
}
"""Which reference element becomes which edge; other resolved references become ``REFERS_TO``."""
NOT_LINKED: frozenset[str] = frozenset({"subject", "patient"})
"""Elements pointing at the patient: the ``Self`` already holds the resource (``HAS_FHIR``)."""


def resource_uid(user_id: str, resource_type: str, fhir_id: str) -> str:
    return f"{user_id}|{resource_type}|{fhir_id}"


def content_hash(resource_json: str) -> str:
    """The hash of the resource JSON as received (same source, same hash: the idempotency key)."""
    return hashlib.sha256(resource_json.encode()).hexdigest()


def _human_name(resource: Resource) -> str | None:
    for name in resource.get("name", ()) or ():
        if isinstance(name, dict):
            if name.get("text"):
                return str(name["text"])
            parts = [*name.get("given", ()), name.get("family", "")]
            text = " ".join(p for p in parts if p)
            if text:
                return text
    return None


def _dosage(dosages: Iterable[Mapping[str, Any]]) -> Props:
    """``dosage_text`` (the stated text, else the dose) and ``dosage_timing`` (frequency, code)."""
    for dosage in dosages:
        timing = dosage.get("timing") or {}
        repeat = timing.get("repeat") or {}
        timing_parts: list[str] = []
        if repeat.get("frequency") is not None and repeat.get("period") is not None:
            timing_parts.append(
                f"{repeat['frequency']} per {format_number(float(repeat['period']))} "
                f"{repeat.get('periodUnit', '')}".strip()
            )
        if repeat.get("when"):
            timing_parts.append("when " + ",".join(repeat["when"]))
        if repeat.get("timeOfDay"):
            timing_parts.append("at " + ",".join(repeat["timeOfDay"]))
        if timing.get("code"):
            timing_parts.append(concept_text(timing["code"]) or "")
        if dosage.get("asNeededBoolean") or dosage.get("asNeededCodeableConcept"):
            timing_parts.append("as needed")
        text = dosage.get("text")
        if not text:
            for dose_rate in dosage.get("doseAndRate", ()) or ():
                quantity = dose_rate.get("doseQuantity")
                if quantity and quantity.get("value") is not None:
                    unit = quantity.get("unit") or quantity.get("code") or ""
                    text = f"{format_number(float(quantity['value']))} {unit}".strip()
                    break
        return {"dosage_text": text or None, "dosage_timing": "; ".join(p for p in timing_parts if p) or None}
    return {}


def _component_text(component: Mapping[str, Any]) -> str:
    """``Systolic blood pressure 120 mm[Hg]``."""
    value = component["value"]
    shown = format_number(value) if value is not None else (component["value_text"] or "")
    return " ".join(str(p) for p in (component["display"], shown, component["unit"]) if p)


def _observation(resource: Resource) -> Props:
    start, end = choice_times(resource, "effective")
    value, value_text, unit = value_choice(resource)
    components = []
    for comp in resource.get("component", ()) or ():
        c_value, c_text, c_unit = value_choice(comp)
        primary = (codings(comp.get("code")) or [{}])[0]
        components.append(
            {
                "code_system": primary.get("system"),
                "code": primary.get("code"),
                "display": concept_text(comp.get("code")),
                "value": c_value,
                "value_text": c_text,
                "unit": c_unit,
            }
        )
    if components and value is None and value_text is None:
        value_text = "; ".join(_component_text(c) for c in components)
    interpretation = [first_code(i) for i in resource.get("interpretation", ()) or ()]
    categories = [first_code(c) for c in resource.get("category", ()) or ()]
    return {
        "event_start": start,
        "event_end": end,
        "recorded_at": parse_datetime(resource.get("issued")),
        "value": value,
        "value_text": value_text,
        "unit": unit,
        "components": json.dumps(components) if components else None,
        "interpretation": ",".join(i for i in interpretation if i) or None,
        "reference_range": reference_range_text(resource.get("referenceRange", ()) or ()),
        "category": ",".join(c for c in categories if c) or None,
    }


def _condition(resource: Resource) -> Props:
    start, _ = choice_times(resource, "onset")
    abated, _ = choice_times(resource, "abatement")
    categories = [first_code(c) for c in resource.get("category", ()) or ()]
    return {
        "event_start": start,
        "event_end": abated,
        "recorded_at": parse_datetime(resource.get("recordedDate")),
        "category": ",".join(c for c in categories if c) or None,
    }


def _medication_request(resource: Resource) -> Props:
    supply = (resource.get("dispenseRequest") or {}).get("expectedSupplyDuration")
    return {
        "event_start": parse_datetime(resource.get("authoredOn")),
        "supply_days": duration_days(supply),
        **_dosage(resource.get("dosageInstruction", ()) or ()),
    }


def _medication_statement(resource: Resource) -> Props:
    start, end = choice_times(resource, "effective")
    return {
        "event_start": start,
        "event_end": end,
        "recorded_at": parse_datetime(resource.get("dateAsserted")),
        **_dosage(resource.get("dosage", ()) or ()),
    }


def _allergy(resource: Resource) -> Props:
    start, _ = choice_times(resource, "onset")
    return {
        "event_start": start,
        "recorded_at": parse_datetime(resource.get("recordedDate")),
        "category": ",".join(resource.get("category", ()) or ()) or None,
    }


def _performed(resource: Resource) -> Props:
    start, end = choice_times(resource, "performed")
    return {"event_start": start, "event_end": end}


def _immunization(resource: Resource) -> Props:
    start, _ = choice_times(resource, "occurrence")
    return {"event_start": start, "recorded_at": parse_datetime(resource.get("recorded"))}


def _period(resource: Resource) -> Props:
    start, end = period_bounds(resource.get("period"))
    return {"event_start": start, "event_end": end, "recorded_at": parse_datetime(resource.get("created"))}


def _goal(resource: Resource) -> Props:
    start, _ = choice_times(resource, "start")
    due = next(
        (parse_datetime(t.get("dueDate")) for t in resource.get("target", ()) or () if t.get("dueDate")), None
    )
    return {"event_start": start, "event_end": due, "recorded_at": parse_datetime(resource.get("statusDate"))}


def _diagnostic_report(resource: Resource) -> Props:
    start, end = choice_times(resource, "effective")
    return {"event_start": start, "event_end": end, "recorded_at": parse_datetime(resource.get("issued"))}


def _patient(resource: Resource) -> Props:
    idents = [
        f"{i.get('system', '')}|{i['value']}" for i in resource.get("identifier", ()) or () if i.get("value")
    ]
    return {"identifiers": idents or None}


def _none(resource: Resource) -> Props:
    return {}


Extractor = Callable[[Resource], Props]
EXTRACTORS: Mapping[str, tuple[tuple[str, ...], Extractor]] = {
    # type: (concept elements, first is the primary code; extra properties)
    "Patient": ((), _patient),
    "Condition": (("code", "bodySite"), _condition),
    "MedicationRequest": (("medicationCodeableConcept", "reasonCode"), _medication_request),
    "MedicationStatement": (("medicationCodeableConcept", "reasonCode"), _medication_statement),
    "Medication": (("code",), _none),
    "AllergyIntolerance": (("code", "reaction.substance", "reaction.manifestation"), _allergy),
    "Observation": (("code", "component.code", "valueCodeableConcept"), _observation),
    "Procedure": (("code", "reasonCode"), _performed),
    "Immunization": (("vaccineCode",), _immunization),
    "CarePlan": (("category", "activity.detail.code"), _period),
    "Goal": (("description",), _goal),
    "Encounter": (("type", "reasonCode"), _period),
    "DiagnosticReport": (("code",), _diagnostic_report),
    "Organization": (("type",), _none),
    "Practitioner": ((), _none),
}


def _concepts(resource: Resource, path: str) -> list[Mapping[str, Any]]:
    """The CodeableConcepts at a dotted path (lists flattened at every step)."""
    nodes: list[Any] = [resource]
    for step in path.split("."):
        next_nodes: list[Any] = []
        for node in nodes:
            child = node.get(step) if isinstance(node, dict) else None
            if isinstance(child, list):
                next_nodes.extend(child)
            elif child is not None:
                next_nodes.append(child)
        nodes = next_nodes
    return [n for n in nodes if isinstance(n, dict)]


def _contained_medication(resource: Resource) -> Mapping[str, Any] | None:
    """The code of a contained Medication named by ``medicationReference: #id``."""
    reference = (resource.get("medicationReference") or {}).get("reference", "")
    if not reference.startswith("#"):
        return None
    for contained in resource.get("contained", ()) or ():
        if contained.get("resourceType") == "Medication" and contained.get("id") == reference[1:]:
            code = contained.get("code")
            return code if isinstance(code, dict) else None
    return None


def _display(rtype: str, resource: Resource, primary: Mapping[str, Any] | None) -> str | None:
    if rtype in ("Patient", "Practitioner"):
        return _human_name(resource)
    if rtype == "Organization":
        return resource.get("name")
    if rtype == "CarePlan" and resource.get("title"):
        return str(resource["title"])
    return concept_text(primary)


def search_text(rtype: str, props: Props) -> str:
    parts = [f"[{rtype}]"]
    if props.get("display"):
        parts.append(str(props["display"]))
    if props.get("code"):
        parts.append(f"[{system_tag(props.get('code_system'))}:{props['code']}]")
    if props.get("value") is not None:
        parts.append(format_number(props["value"]))
    elif props.get("value_text"):
        parts.append(str(props["value_text"]))
    if props.get("unit"):
        parts.append(str(props["unit"]))
    when: datetime | None = props.get("event_start") or props.get("recorded_at")
    if when:
        parts.append(when.date().isoformat())
    return " ".join(parts)


def map_entry(user_id: str, entry: ParsedEntry, index: ReferenceIndex) -> ResourceRow:
    """One validated resource as a node row with its code links and resolved edges."""
    resource, rtype = entry.resource, entry.resource_type
    uid = resource_uid(user_id, rtype, entry.fhir_id)
    paths, extract = EXTRACTORS[rtype]
    meta = resource.get("meta") or {}
    concepts = _concepts(resource, paths[0]) if paths else []
    primary_concept: Mapping[str, Any] | None = concepts[0] if concepts else None
    if primary_concept is None and rtype in ("MedicationRequest", "MedicationStatement"):
        primary_concept = _contained_medication(resource)
        paths = ("contained.code", *paths) if primary_concept else paths
    primary = (codings(primary_concept) or [{}])[0]
    props: Props = {
        "uid": uid,
        "user_id": user_id,
        "resource_type": rtype,
        "fhir_id": entry.fhir_id,
        "version_id": meta.get("versionId"),
        "last_updated": parse_datetime(meta.get("lastUpdated")),
        "status": resource.get("status") if isinstance(resource.get("status"), str) else None,
        "clinical_status": first_code(resource.get("clinicalStatus")),
        "verification_status": first_code(resource.get("verificationStatus")),
        "display": _display(rtype, resource, primary_concept),
        "code_system": primary.get("system"),
        "code": primary.get("code"),
        "value": None,
        "value_text": None,
        "unit": None,
        "event_start": None,
        "event_end": None,
        "recorded_at": None,
        "category": None,
        "interpretation": None,
        "reference_range": None,
        "components": None,
        "dosage_text": None,
        "dosage_timing": None,
        "supply_days": None,
        "identifiers": None,
        **extract(resource),
    }
    props["resource"] = entry.resource_json
    props["content_hash"] = content_hash(entry.resource_json)
    if rtype == "Goal" and resource.get("lifecycleStatus"):
        props["status"] = resource["lifecycleStatus"]
    props["search_text"] = search_text(rtype, props)
    row = ResourceRow(uid=uid, resource_type=rtype, fhir_id=entry.fhir_id, props=props)
    seen: set[tuple[str, str]] = set()
    for path in paths:
        role = "code" if path == paths[0] else path
        for concept in _concepts(resource, path):
            for coding in codings(concept):
                code_uid = f"{coding['system']}|{coding['code']}"
                if (code_uid, role) in seen:
                    continue
                seen.add((code_uid, role))
                row.codes.append(
                    CodeRow(code_uid, coding["system"], str(coding["code"]), coding.get("display"))
                )
                row.code_links.append(CodeLink(uid, code_uid, role))
    row.edges, row.unresolved = _edges(user_id, rtype, uid, resource, index)
    return row


def _edges(
    user_id: str, rtype: str, uid: str, resource: Resource, index: ReferenceIndex
) -> tuple[list[Edge], int]:
    edges: dict[tuple[str, str], Edge] = {}
    unresolved = 0
    for element, reference in iter_references(resource):
        if element in NOT_LINKED:
            continue
        target = index.resolve(reference)
        if target is None:
            unresolved += not reference.startswith("#")
            continue
        rel = EDGE_BY_ELEMENT.get((rtype, element)) or EDGE_BY_ELEMENT.get((None, element)) or "REFERS_TO"
        to_uid = resource_uid(user_id, *target)
        if to_uid != uid:
            edges.setdefault((rel, to_uid), Edge(rel, uid, to_uid, element))
    return list(edges.values()), unresolved


def patient_facts(entry: ParsedEntry) -> PatientFacts:
    resource = entry.resource
    gender = resource.get("gender")
    return PatientFacts(
        fhir_id=entry.fhir_id,
        sex=SEX_FROM_GENDER.get(gender) if isinstance(gender, str) else None,
        birth_date=resource.get("birthDate"),
    )
