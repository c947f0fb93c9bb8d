"""Fixtures of the FHIR loader tests: the data sets by path and a loader bound to the test DB."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.db.client import GraphClient
from app.ingest.fhir import IngestResult, ingest_document
from app.settings import PROJECT_ROOT

SEED = PROJECT_ROOT / "seed" / "fhir_bundles"
DIABETIC_SEED = SEED / "diabetic_metformin_lisinopril.json"
STATIN_SEED = SEED / "statin_by_reference_collection.json"
LDL_V2_SEED = SEED / "ldl_corrected_v2_batch.json"


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def synthea_dir(shared_data: Path) -> Path:
    return shared_data / "synthea_r4"


@pytest.fixture(scope="session")
def manifest(synthea_dir: Path) -> dict[str, dict[str, Any]]:
    """MANIFEST.json by file name."""
    rows = read_json(synthea_dir / "MANIFEST.json")
    return {row["path"].rsplit("/", 1)[-1]: row for row in rows}


@pytest.fixture(scope="session")
def examples_dir(shared_data: Path) -> Path:
    return shared_data / "fhir_examples_r4"


@pytest.fixture
def load(client: GraphClient) -> Callable[[str, Path | dict[str, Any]], IngestResult]:
    def _load(user: str, source: Path | dict[str, Any]) -> IngestResult:
        document = read_json(source) if isinstance(source, Path) else source
        return ingest_document(client, user, document, source=str(source)[:80])

    return _load
