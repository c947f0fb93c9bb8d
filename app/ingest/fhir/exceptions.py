"""Errors of the FHIR loader. Each names where the input went wrong; none carries health text."""

from __future__ import annotations

from app.errors import InvalidInput


class FhirValidationError(InvalidInput):
    """A resource failed FHIR R4 validation; the whole bundle is rejected and nothing is written.

    ``details`` hold ``entry_index`` (``None`` for a single resource or the bundle envelope),
    ``resource_type``, ``resource_id`` and ``field`` (the dotted path of the first error).
    """

    title = "Invalid FHIR resource"


class UnsupportedFhirInput(InvalidInput):
    """The JSON is valid but not something the loader stores (a bundle type it does not read,
    a bundle with more than one patient, a document that is not a FHIR resource)."""

    title = "Unsupported FHIR input"
