"""The reusable ``dictionary`` session fixture: the current snapshot, loaded into the test graph.

Use it from any test package's ``conftest.py``::

    from tests.dictionary_fixture import dictionary  # noqa: F401

It loads ``seed/dictionary`` once per session, and only when the graph's active dictionary
version differs (loading is idempotent; another session may have loaded it already).
"""

from __future__ import annotations

import pytest

from app.db.client import GraphClient
from app.dictionary import DictionarySnapshot, load_snapshot
from app.dictionary.loader import active_version, ensure_loaded
from app.errors import SelfgraphError


@pytest.fixture(scope="session")
def dictionary(client: GraphClient) -> DictionarySnapshot:
    """The current dictionary snapshot, active in the test graph."""
    snapshot = load_snapshot()
    try:
        ensure_loaded(client, snapshot)
    except SelfgraphError:
        # a concurrent session may have been loading the same version: check, then retry once
        if active_version(client) != snapshot.version:
            ensure_loaded(client, snapshot)
    return snapshot
