"""The one settings object: precedence and the external-Neo4j switch."""

from __future__ import annotations

import pytest
from pydantic import SecretStr, ValidationError

from app.settings import ApiKey, Neo4jSettings, Settings


def test_defaults_select_the_embedded_runtime(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "SELFGRAPH_LLM__BACKEND"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings(_env_file=None)
    assert settings.external_neo4j is False
    assert settings.bolt_uri == f"bolt://127.0.0.1:{settings.embedded.bolt_port}"
    assert settings.llm.backend == "none"


def test_plain_neo4j_variables_select_an_external_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "neo4j://db.example:7687")
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret-pass")
    settings = Settings(_env_file=None)
    assert settings.external_neo4j is True
    assert settings.bolt_uri == "neo4j://db.example:7687"
    assert settings.neo4j.password.get_secret_value() == "s3cret-pass"
    assert "s3cret-pass" not in repr(settings)


def test_arguments_win_over_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SELFGRAPH_LLM__BACKEND", "ollama")
    monkeypatch.setenv("SELFGRAPH_EMBEDDED__BOLT_PORT", "7999")
    settings = Settings(_env_file=None, llm={"backend": "none"})
    assert settings.llm.backend == "none"
    assert settings.embedded.bolt_port == 7999


def test_api_key_scope() -> None:
    operator = ApiKey(key=SecretStr("a"))
    scoped = ApiKey(key=SecretStr("b"), users=["alice"])
    assert operator.allows("anyone")
    assert scoped.allows("alice") and not scoped.allows("bob")


def test_nested_neo4j_section_by_argument() -> None:
    settings = Settings(_env_file=None, neo4j=Neo4jSettings(uri="bolt://10.0.0.1:7687"))
    assert settings.external_neo4j and settings.bolt_uri == "bolt://10.0.0.1:7687"


def test_extra_jvm_flags_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SELFGRAPH_EMBEDDED__JVM_OPTIONS", '["-XX:TieredStopAtLevel=1"]')
    assert Settings(_env_file=None).embedded.jvm_options == ["-XX:TieredStopAtLevel=1"]
    monkeypatch.delenv("SELFGRAPH_EMBEDDED__JVM_OPTIONS")
    assert Settings(_env_file=None).embedded.jvm_options == []


def test_transaction_log_retention_is_checked_before_the_server_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings(_env_file=None).embedded.tx_log_retention == "512M size"
    monkeypatch.setenv("SELFGRAPH_EMBEDDED__TX_LOG_RETENTION", "2 files")
    assert Settings(_env_file=None).embedded.tx_log_retention == "2 files"
    for bad in ("forever", "512M", "0 files", "2 weeks", "512M size; rm -rf"):
        monkeypatch.setenv("SELFGRAPH_EMBEDDED__TX_LOG_RETENTION", bad)
        with pytest.raises(ValidationError, match="tx_log_retention"):
            Settings(_env_file=None)
