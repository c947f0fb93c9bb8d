"""``selfgraph ingest fhir`` is registered and refuses a bad user id before touching the graph."""

from __future__ import annotations

from typer.testing import CliRunner

from app.cli import app
from tests.ingest_fhir.conftest import DIABETIC_SEED


def test_ingest_fhir_command_is_registered() -> None:
    result = CliRunner().invoke(app, ["ingest", "fhir", "--help"])
    assert result.exit_code == 0
    assert "--user" in result.output and "--workers" in result.output


def test_bad_user_id_is_refused() -> None:
    result = CliRunner().invoke(app, ["ingest", "fhir", str(DIABETIC_SEED), "--user", "no spaces allowed"])
    assert result.exit_code == 1
