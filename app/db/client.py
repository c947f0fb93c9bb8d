"""The adapter between Selfgraph and the Neo4j driver.

One :class:`GraphClient` per process wraps one ``neo4j.Driver``. It runs named :class:`Query`
statements, logs their names, row counts and timings (never parameters), and translates driver
errors into the Selfgraph error tree. Multi-statement units of work (one bundle, one turn) run in a
single write transaction through :meth:`GraphClient.write_transaction`, so a failure leaves
nothing behind.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

import neo4j
from app.db.cypher import Query
from app.errors import DatabaseError, DatabaseUnavailable, InvalidInput
from app.settings import Settings
from neo4j import exceptions as neo4j_errors

log = logging.getLogger(__name__)

T = TypeVar("T")
Row = dict[str, Any]


class Tx:
    """A running transaction: statements run inside it commit or roll back together."""

    def __init__(self, tx: neo4j.ManagedTransaction) -> None:
        self._tx = tx

    def run(self, query: Query, params: Mapping[str, Any] | None = None, *, plain: bool = False) -> list[Row]:
        """The statement's rows as dicts. ``plain=True`` skips the driver's recursive ``data()``
        conversion (graph objects to dicts), which dominates the cost of rows holding long lists such
        as vectors; use it for statements that return only plain values."""
        started = time.perf_counter()
        result = self._tx.run(query.text, dict(params or {}))
        if plain:
            keys = result.keys()
            rows = [dict(zip(keys, record.values(), strict=True)) for record in result]
        else:
            rows = [record.data() for record in result]
        log.debug("query %s rows=%d ms=%.1f", query.name, len(rows), (time.perf_counter() - started) * 1e3)
        return rows


@contextmanager
def translate_driver_errors(what: str) -> Iterator[None]:
    """Translate driver exceptions raised inside the block into Selfgraph errors."""
    try:
        yield
    except (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired, OSError) as exc:
        raise DatabaseUnavailable("Neo4j is not reachable.", operation=what) from exc
    except neo4j_errors.AuthError as exc:
        raise DatabaseUnavailable("Neo4j refused the credentials.", operation=what) from exc
    except neo4j_errors.ConstraintError as exc:
        raise InvalidInput("The write violates a graph constraint.", operation=what) from exc
    except neo4j_errors.Neo4jError as exc:
        raise DatabaseError("Neo4j reported an error.", operation=what, code=exc.code) from exc
    except neo4j_errors.DriverError as exc:
        raise DatabaseError("The Neo4j driver failed.", operation=what) from exc


class GraphClient:
    """Runs named statements against one Neo4j database."""

    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self._driver = driver
        self.database = database

    @classmethod
    def from_settings(cls, settings: Settings) -> GraphClient:
        cfg = settings.neo4j
        driver = neo4j.GraphDatabase.driver(
            settings.bolt_uri,
            auth=(cfg.user, cfg.password.get_secret_value()),
            connection_timeout=cfg.connection_timeout_s,
            max_connection_pool_size=cfg.max_pool_size,
            # Server notifications (e.g. "property key does not exist" on an empty graph) would be
            # logged with the query text; Selfgraph logs query names only.
            notifications_min_severity="OFF",
        )
        return cls(driver, cfg.database)

    @property
    def driver(self) -> neo4j.Driver:
        return self._driver

    def close(self) -> None:
        self._driver.close()

    def __enter__(self) -> GraphClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def ping(self) -> dict[str, str]:
        """Return the server's name, version and edition (``CALL dbms.components()``)."""
        with translate_driver_errors(COMPONENTS.name), self._driver.session(database="system") as session:
            row = session.run(COMPONENTS.text).single(strict=True).data()
        return {"name": row["name"], "version": row["versions"][0], "edition": row["edition"]}

    def read(self, query: Query, params: Mapping[str, Any] | None = None, *, plain: bool = False) -> list[Row]:
        return self._execute(query, params, neo4j.READ_ACCESS, plain=plain)

    def write(self, query: Query, params: Mapping[str, Any] | None = None) -> list[Row]:
        return self._execute(query, params, neo4j.WRITE_ACCESS)

    def write_transaction(self, work: Callable[[Tx], T], *, name: str) -> T:
        """Run ``work`` in one write transaction (retried by the driver on transient errors)."""
        started = time.perf_counter()
        with translate_driver_errors(name), self._driver.session(database=self.database) as session:
            result = session.execute_write(lambda tx: work(Tx(tx)))
        log.info("transaction %s ms=%.1f", name, (time.perf_counter() - started) * 1e3)
        return result

    def read_transaction(self, work: Callable[[Tx], T], *, name: str) -> T:
        with translate_driver_errors(name), self._driver.session(database=self.database) as session:
            return session.execute_read(lambda tx: work(Tx(tx)))

    def _execute(
        self, query: Query, params: Mapping[str, Any] | None, access: str, *, plain: bool = False
    ) -> list[Row]:
        started = time.perf_counter()
        with (
            translate_driver_errors(query.name),
            self._driver.session(database=self.database, default_access_mode=access) as session,
        ):
            if access == neo4j.READ_ACCESS:
                rows = session.execute_read(lambda tx: Tx(tx).run(query, params, plain=plain))
            else:
                rows = session.execute_write(lambda tx: Tx(tx).run(query, params))
        log.debug("query %s rows=%d ms=%.1f", query.name, len(rows), (time.perf_counter() - started) * 1e3)
        return rows


COMPONENTS = Query(
    "dbms_components", "CALL dbms.components() YIELD name, versions, edition RETURN name, versions, edition"
)
