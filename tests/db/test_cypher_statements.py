"""Every named Cypher statement in the code base compiles against the real database.

Statements are discovered from every ``queries.py`` module under ``app/`` and every
``cypher/**/*.cypher`` file; each is compiled with ``EXPLAIN`` (nothing runs), and its ``$parameters``
are checked to be plain identifiers.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import app
from app.db.client import GraphClient
from app.db.cypher import CYPHER_DIR, Query, load_cypher_file


def _all_queries() -> list[Query]:
    found: dict[str, Query] = {}
    for module_info in pkgutil.walk_packages(app.__path__, prefix="app."):
        if not module_info.name.endswith("queries"):
            continue
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            candidates = value if isinstance(value, tuple) else (value,)
            for candidate in candidates:
                if isinstance(candidate, Query):
                    found[f"{module_info.name}:{candidate.name}"] = candidate
    for path in CYPHER_DIR.rglob("*.cypher"):  # subdirectories too (cypher/analyst/)
        name = path.relative_to(CYPHER_DIR).with_suffix("").as_posix()
        for query in load_cypher_file(name):
            found[f"cypher/{name}.cypher:{query.name}"] = query
    return [found[key] for key in sorted(found)]


QUERIES = _all_queries()


def test_statements_are_discovered() -> None:
    names = {q.name for q in QUERIES}
    assert "ensure_self" in names and "append_operation" in names and "schema#0" in names


@pytest.mark.parametrize("query", QUERIES, ids=lambda q: q.name)
def test_statement_compiles(client: GraphClient, query: Query) -> None:
    for param in query.parameters:
        assert re.fullmatch(r"[a-z_][a-z0-9_]*", param), f"{query.name}: parameter ${param} is not snake_case"
    if (
        query.text.lstrip()
        .upper()
        .startswith(("CREATE CONSTRAINT", "CREATE INDEX", "CREATE FULLTEXT", "CREATE VECTOR"))
    ):
        return  # schema statements are applied (idempotently) by the session fixture already
    with client.driver.session(database=client.database) as session:
        session.run("EXPLAIN " + query.text).consume()
