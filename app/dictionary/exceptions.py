"""Errors of the dictionary package (subclasses of the narrow classes in :mod:`app.errors`)."""

from __future__ import annotations

from app.errors import Conflict, InvalidInput


class DictionaryInvalid(InvalidInput):
    """The data files under ``seed/dictionary/`` fail validation; ``details['problems']`` lists why."""

    title = "Invalid dictionary data"


class DictionaryVersionMismatch(Conflict):
    """The graph holds another dictionary version than the process; enrichment refuses to run.

    Reload with ``selfgraph dictionary load`` (it activates the snapshot of ``seed/dictionary``),
    or run the process with the data files of the version the graph holds.
    """

    title = "Dictionary version mismatch"
