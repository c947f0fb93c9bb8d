"""docker-compose.yml wires Neo4j, the API and Ollama correctly (Docker itself does not run here)."""

from __future__ import annotations

import re

import pytest
import yaml

from app.settings import PROJECT_ROOT, Settings


def _compose() -> dict:
    return yaml.safe_load((PROJECT_ROOT / "docker-compose.yml").read_text())


def test_services_and_images() -> None:
    services = _compose()["services"]
    assert set(services) == {"neo4j", "api", "ollama"}
    assert services["neo4j"]["image"] == "neo4j:5.26-community"
    assert services["api"]["build"]["dockerfile"] == "Dockerfile"
    assert (PROJECT_ROOT / "Dockerfile").is_file()


def test_ports_bind_to_loopback() -> None:
    services = _compose()["services"]
    assert "127.0.0.1:7687:7687" in services["neo4j"]["ports"]
    assert "127.0.0.1:8000:8000" in services["api"]["ports"]
    assert "127.0.0.1:11434:11434" in services["ollama"]["ports"]


def test_healthchecks_and_startup_order() -> None:
    services = _compose()["services"]
    for name in ("neo4j", "api", "ollama"):
        assert services[name]["healthcheck"]["test"], name
    assert services["api"]["depends_on"]["neo4j"]["condition"] == "service_healthy"
    assert "/health" in " ".join(services["api"]["healthcheck"]["test"])


def test_neo4j_auth_from_env_and_named_volume() -> None:
    compose = _compose()
    neo4j = compose["services"]["neo4j"]
    assert neo4j["environment"]["NEO4J_AUTH"].startswith("neo4j/${NEO4J_PASSWORD")
    assert "neo4j-data:/data" in neo4j["volumes"]
    assert "neo4j-data" in compose["volumes"]


def test_api_env_is_read_by_the_settings_object(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compose environment, with its ${...} filled in, configures the one settings object."""
    env = _compose()["services"]["api"]["environment"]
    fill = {"SELFGRAPH_API_KEY": "k", "NEO4J_PASSWORD": "pw", "OLLAMA_MODEL": "m"}
    for key, value in env.items():
        resolved = re.sub(r"\$\{(\w+)[^}]*\}", lambda m: fill[m.group(1)], str(value))
        monkeypatch.setenv(key, resolved)
    settings = Settings(_env_file=None)
    assert settings.bolt_uri == "bolt://neo4j:7687"
    assert settings.external_neo4j is True
    assert settings.neo4j.password.get_secret_value() == "pw"
    assert (settings.llm.backend, settings.llm.host, settings.llm.model) == (
        "ollama",
        "http://ollama:11434",
        "m",
    )
    assert (settings.api.host, settings.api.port) == ("0.0.0.0", 8000)
    assert [k.key.get_secret_value() for k in settings.api.keys] == ["k"]


def test_ollama_reserves_a_gpu() -> None:
    devices = _compose()["services"]["ollama"]["deploy"]["resources"]["reservations"]["devices"]
    assert devices[0]["capabilities"] == ["gpu"]
