"""Test fixtures: a real Neo4j 5.26 for every test that needs the graph.

Which database (decided here, once per session):

1. ``NEO4J_URI`` (with ``NEO4J_USER`` / ``NEO4J_PASSWORD``) when set — any Neo4j 5.x;
2. else testcontainers' ``neo4j:5.26-community`` when a Docker engine answers;
3. else the embedded launcher (the real engine from Maven Central) on a dedicated test port with
   its own data directory, stopped again at the end of the session if this session started it.

With ``CI=true`` a missing database fails the run; it is never skipped. Tests share the database
and isolate themselves by unique user ids (fixture ``user_id``), removed after each test.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import SecretStr

from app.db.client import GraphClient
from app.db.launcher import EmbeddedNeo4j
from app.db.schema import apply_schema
from app.settings import PROJECT_ROOT, EmbeddedSettings, Neo4jSettings, Settings
from app.users.service import delete_user

SHARED_DATA = (PROJECT_ROOT.parent / "shared" / "data").resolve()
TEST_BOLT_PORT = int(os.environ.get("SELFGRAPH_TEST_BOLT_PORT", "7688"))
TEST_PASSWORD = "selfgraph-test"


def _docker_answers() -> bool:
    try:
        import docker

        docker.from_env(timeout=2).ping()
        return True
    except Exception:
        return False


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` (external data sets used by tests by path)."""
    if not SHARED_DATA.is_dir():
        pytest.fail(f"shared data not found at {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(scope="session")
def neo4j_settings() -> Iterator[Settings]:
    """Settings pointing at the session's real Neo4j (started here when needed)."""
    if os.environ.get("NEO4J_URI"):
        yield Settings()
        return
    if _docker_answers():
        from testcontainers.neo4j import Neo4jContainer

        with Neo4jContainer("neo4j:5.26-community", password=TEST_PASSWORD) as container:
            yield Settings(
                neo4j=Neo4jSettings(uri=container.get_connection_url(), password=SecretStr(TEST_PASSWORD))
            )
        return
    settings = Settings(
        neo4j=Neo4jSettings(password=SecretStr(TEST_PASSWORD)),
        embedded=EmbeddedSettings(
            state_dir=PROJECT_ROOT / "state" / "test", bolt_port=TEST_BOLT_PORT, heap="2g", pagecache_mb=512
        ),
    )
    launcher = EmbeddedNeo4j(settings)
    started_here = not launcher.status().running
    try:
        launcher.start()
    except Exception as exc:  # the database is a hard requirement, never a skip
        pytest.fail(f"no Neo4j for the tests: {exc}", pytrace=False)
    try:
        yield settings
    finally:
        if started_here and not os.environ.get("SELFGRAPH_TEST_KEEP_NEO4J"):
            launcher.stop()


@pytest.fixture(scope="session")
def client(neo4j_settings: Settings) -> Iterator[GraphClient]:
    """A client for the test database, with the schema applied once."""
    with GraphClient.from_settings(neo4j_settings) as graph:
        apply_schema(graph)
        yield graph


@pytest.fixture
def user_id(client: GraphClient) -> Iterator[str]:
    """A fresh user id for one test; everything scoped to it is removed afterwards."""
    uid = f"test-{uuid.uuid4().hex[:12]}"
    yield uid
    delete_user(client, uid)
