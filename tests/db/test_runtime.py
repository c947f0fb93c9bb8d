"""The database under test is a real Neo4j 5.26, and the embedded launcher behaves."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.db.client import GraphClient
from app.db.launcher import EmbeddedNeo4j
from app.errors import DatabaseUnavailable
from app.settings import Settings


def test_database_is_real_neo4j_5_26(client: GraphClient) -> None:
    server = client.ping()
    assert server["name"] == "Neo4j Kernel"
    assert server["version"].startswith("5.26."), server


def test_unreachable_database_is_translated(neo4j_settings: Settings) -> None:
    broken = neo4j_settings.model_copy(deep=True)
    broken.neo4j.uri = "bolt://127.0.0.1:1"
    broken.neo4j.connection_timeout_s = 1.0
    with GraphClient.from_settings(broken) as unreachable, pytest.raises(DatabaseUnavailable):
        unreachable.ping()


@pytest.mark.skipif(bool(os.environ.get("NEO4J_URI")), reason="the launcher is only used without NEO4J_URI")
def test_launcher_start_twice_is_harmless_and_restart_keeps_data(
    neo4j_settings: Settings, user_id: str
) -> None:
    launcher = EmbeddedNeo4j(neo4j_settings)
    first = launcher.start()
    again = launcher.start()
    assert first.running and again.pid == first.pid

    with GraphClient.from_settings(neo4j_settings) as graph:
        graph.driver.execute_query("CREATE (:Self {user_id: $u})", u=user_id)
    assert launcher.stop() is True
    assert launcher.status().running is False
    assert first.pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(first.pid, 0)
    restarted = launcher.start()
    assert restarted.running and restarted.pid != first.pid
    with GraphClient.from_settings(neo4j_settings) as graph:
        records, _, _ = graph.driver.execute_query(
            "MATCH (s:Self {user_id: $u}) RETURN count(s) AS n", u=user_id
        )
    assert records[0]["n"] == 1


def test_the_embedded_server_prunes_its_transaction_log_by_the_setting(
    neo4j_settings: Settings, client: GraphClient
) -> None:
    if neo4j_settings.external_neo4j:
        pytest.skip("an external server keeps its own transaction-log policy")
    records, _, _ = client.driver.execute_query(
        "SHOW SETTINGS YIELD name, value WHERE name = 'db.tx_log.rotation.retention_policy' RETURN value"
    )
    assert records[0]["value"] == neo4j_settings.embedded.tx_log_retention == "512M size"


def test_a_launcher_source_newer_than_the_jar_means_a_rebuild(tmp_path: Path) -> None:
    settings = Settings(_env_file=None, embedded={"launcher_dir": tmp_path, "state_dir": tmp_path / "state"})
    source = tmp_path / "src" / "main" / "java" / "Launcher.java"
    jar = tmp_path / "target" / "selfgraph-neo4j-launcher.jar"
    bolt = tmp_path / "target" / "lib" / "neo4j-bolt-5.26.0.jar"
    for path in (tmp_path / "pom.xml", source, jar, bolt):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    os.utime(source, (1_000, 1_000))
    os.utime(tmp_path / "pom.xml", (1_000, 1_000))
    os.utime(jar, (2_000, 2_000))
    launcher = EmbeddedNeo4j(settings)
    assert launcher.is_built()
    os.utime(source, (3_000, 3_000))
    assert not launcher.is_built()
    jar.unlink()
    assert not launcher.is_built()
