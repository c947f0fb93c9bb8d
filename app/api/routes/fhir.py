"""``/v1/users/{user_id}/fhir`` (load a FHIR bundle or resource) and ``/clinical-summary``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body
from pydantic import BaseModel

from app.api.deps import AuthorizedUser, Client
from app.ingest.fhir.service import ingest_document
from app.ingest.fhir.summary import ClinicalSummary, clinical_summary
from app.reconcile.service import open_safety_finding_lines

router = APIRouter(prefix="/users/{user_id}", tags=["clinical"])


class FhirIngestOut(BaseModel):
    """Counts by resource type; ``operation_id`` is the op-log entry (``None`` when nothing changed)."""

    user_id: str
    created: dict[str, int]
    replaced: dict[str, int]
    unchanged: dict[str, int]
    stale: dict[str, int]
    skipped: dict[str, int]
    written_total: int
    codes_linked: int
    edges: int
    unresolved_references: int
    operation_id: str | None


@router.post("/fhir", response_model=FhirIngestOut, summary="Load a FHIR R4 bundle or resource")
def post_fhir(
    user_id: AuthorizedUser,
    client: Client,
    document: Annotated[dict[str, Any], Body(description="A FHIR R4 Bundle or a single resource.")],
) -> FhirIngestOut:
    result = ingest_document(client, user_id, document, source="api")
    counts = result.counts()
    counts.pop("rejected", None)
    return FhirIngestOut(user_id=user_id, operation_id=result.operation_id, **counts)


@router.get("/clinical-summary", response_model=ClinicalSummary, summary="The curated clinical view")
def get_clinical_summary(user_id: AuthorizedUser, client: Client) -> ClinicalSummary:
    # Reconciliation supplies open safety-critical findings through ``open_safety_findings``.
    return clinical_summary(client, user_id, open_safety_findings=open_safety_finding_lines(client, user_id))
