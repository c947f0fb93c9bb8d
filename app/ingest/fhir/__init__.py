"""The clinical stream: FHIR R4 JSON into a read-only clinical subgraph around the user's ``Self``.

Only this loader writes ``FhirResource`` nodes; the narrative path reads them. Flow: validate with
the ``fhir.resources`` R4B models (:mod:`.parse`) → map to node rows, code links and resolved
reference edges (:mod:`.mapping`, :mod:`.references`, pure) → write one bundle per transaction with
batched ``UNWIND`` statements, idempotent by uid ``<user_id>|<type>|<id>`` (:mod:`.service`).
:mod:`.summary` renders the curated clinical view. Embedding is not on this path: nodes carry
``search_text``; vectors are computed by the retrieval package's background pass.
"""

from app.ingest.fhir.exceptions import FhirValidationError, UnsupportedFhirInput
from app.ingest.fhir.files import LoadOutcome, Rejection, iter_fhir_files, load_jobs
from app.ingest.fhir.models import BundlePlan, IngestResult
from app.ingest.fhir.plan import prepare_bundle
from app.ingest.fhir.service import ingest_document, write_plan
from app.ingest.fhir.summary import ClinicalSummary, SummaryItem, clinical_summary

__all__ = [
    "BundlePlan",
    "ClinicalSummary",
    "FhirValidationError",
    "IngestResult",
    "LoadOutcome",
    "Rejection",
    "SummaryItem",
    "UnsupportedFhirInput",
    "clinical_summary",
    "ingest_document",
    "iter_fhir_files",
    "load_jobs",
    "prepare_bundle",
    "write_plan",
]
