"""Named Cypher statements.

Every statement Selfgraph runs is a :class:`Query`: a name for the logs and a text with ``$params``
only. Statements live as constants in each package's ``queries.py`` or in ``cypher/*.cypher``
files loaded once by :func:`load_cypher_file`. Nothing is assembled from user input; where a label
or property name must vary, it is chosen from an allow-list (see :func:`allowed`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from app.errors import InvalidInput

CYPHER_DIR = Path(__file__).resolve().parents[2] / "cypher"

_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_STRING_LITERAL = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_LINE_COMMENT = re.compile(r"//[^\n]*")


@dataclass(frozen=True, slots=True)
class Query:
    """One Cypher statement with a stable name (used in logs and timings)."""

    name: str
    text: str

    @property
    def parameters(self) -> frozenset[str]:
        """The ``$parameters`` the statement expects (string literals and comments ignored)."""
        code = _LINE_COMMENT.sub("", _STRING_LITERAL.sub("''", self.text))
        return frozenset(_PARAM.findall(code))


def split_statements(text: str) -> list[str]:
    """Split a ``.cypher`` file into statements on ``;`` at line ends, dropping comments."""
    body = "\n".join(line for line in text.splitlines() if not line.strip().startswith("//"))
    return [part.strip() for part in re.split(r";\s*(?:\n|$)", body) if part.strip()]


@cache
def load_cypher_file(name: str) -> tuple[Query, ...]:
    """Load ``cypher/<name>.cypher`` once; statements are named ``<name>#<index>``."""
    path = CYPHER_DIR / f"{name}.cypher"
    statements = split_statements(path.read_text(encoding="utf-8"))
    return tuple(Query(f"{name}#{i}", text) for i, text in enumerate(statements))


def allowed(value: str, allow_list: frozenset[str] | set[str], what: str) -> str:
    """Return ``value`` if it is in ``allow_list``; otherwise refuse it as invalid input."""
    if value not in allow_list:
        raise InvalidInput(f"Unknown {what}.", field=what, allowed=sorted(allow_list))
    return value
