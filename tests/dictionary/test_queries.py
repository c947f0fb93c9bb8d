"""Every dictionary statement compiles on the real Neo4j and takes only ``$params``."""

from __future__ import annotations

import pytest

from app.db.client import GraphClient
from app.db.cypher import Query
from app.dictionary.queries import ALL_QUERIES

KNOWN_PARAMS = {
    "rows",
    "version",
    "keys",
    "loaded_at",
    "counts",
    "norm",
    "kind",
    "limit",
    "uids",
    "max_examples",
}


@pytest.mark.parametrize("query", ALL_QUERIES, ids=lambda query: query.name)
def test_statement_compiles_with_known_parameters(client: GraphClient, query: Query) -> None:
    assert query.parameters <= KNOWN_PARAMS
    with client.driver.session(database=client.database) as session:
        session.run("EXPLAIN " + query.text, dict.fromkeys(query.parameters)).consume()


def test_names_are_unique() -> None:
    names = [query.name for query in ALL_QUERIES]
    assert len(names) == len(set(names))
