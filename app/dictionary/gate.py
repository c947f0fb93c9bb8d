"""The alias gate: a stated test, drug, condition or symptom name is admitted only by exact match.

``AliasGate.check`` normalises the name (:func:`normalize_alias`) and looks it up; there is no
fuzzy admission. A miss is a refusal carrying ranked suggestions (BM25 over character n-grams,
for a reviewer, never for admission) and is queued as a ``Candidate`` node
(``uid = "<kind>:<norm>"``, count, first/last seen, up to ``MAX_EXAMPLES`` masked quotes) by
:func:`queue_refusals`, inside the caller's write transaction.

Accepting a candidate (offline): add a row ``kind,key,alias`` to
``seed/dictionary/accepted_aliases.csv``, run ``selfgraph dictionary build`` and
``selfgraph dictionary load``; the same name is then admitted, and loading removes the
candidate (its uid is now an alias uid).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from app.db.client import GraphClient, Tx
from app.dictionary import queries as q
from app.dictionary.models import Entry, TermKind
from app.dictionary.normalize import normalize_alias
from app.dictionary.snapshot import DictionarySnapshot
from app.dictionary.suggest import suggester

MAX_EXAMPLES = 5
MAX_EXAMPLE_CHARS = 200
_DIGITS = re.compile(r"\d")
_EMAIL = re.compile(r"\S+@\S+")

Reason = Literal["exact_alias", "no_exact_alias", "empty_name"]


@dataclass(frozen=True, slots=True)
class GateDecision:
    """The gate's answer for one stated name. ``entry`` is set exactly when ``admitted``."""

    kind: TermKind
    norm: str
    admitted: bool
    reason: Reason
    entry: Entry | None = None
    suggestions: tuple[str, ...] = ()

    @property
    def candidate_uid(self) -> str:
        return f"{self.kind}:{self.norm}"


def mask_quote(quote: str) -> str:
    """A quote safe to keep as an example: digits become ``#``, e-mail addresses ``<email>``."""
    masked = _DIGITS.sub("#", _EMAIL.sub("<email>", quote.strip()))
    return masked[:MAX_EXAMPLE_CHARS]


class AliasGate:
    """Exact alias admission against one snapshot (medications pass the same gate)."""

    def __init__(self, snapshot: DictionarySnapshot) -> None:
        self.snapshot = snapshot

    def check(self, kind: TermKind, name: str) -> GateDecision:
        norm = normalize_alias(name)
        if not norm:
            return GateDecision(kind, norm, admitted=False, reason="empty_name")
        entry = self.snapshot.lookup(kind, name)
        if entry is not None:
            return GateDecision(kind, norm, admitted=True, reason="exact_alias", entry=entry)
        return GateDecision(
            kind,
            norm,
            admitted=False,
            reason="no_exact_alias",
            suggestions=suggester(self.snapshot, kind).suggest(norm),
        )

    def check_and_queue(
        self, client: GraphClient, kind: TermKind, name: str, *, quote: str | None, now: datetime
    ) -> GateDecision:
        """Check one name; a refusal is queued in its own transaction (for callers without one)."""
        decision = self.check(kind, name)
        if not decision.admitted and decision.norm:
            client.write_transaction(
                lambda tx: queue_refusals(tx, [(decision, quote)], now=now, version=self.snapshot.version),
                name="dictionary_queue_candidate",
            )
        return decision


def queue_refusals(
    tx: Tx, refusals: Iterable[tuple[GateDecision, str | None]], *, now: datetime, version: str
) -> int:
    """Queue refused names as Candidate nodes (one batched statement); returns how many rows."""
    rows = [
        {
            "uid": d.candidate_uid,
            "kind": d.kind,
            "norm": d.norm,
            "at": now.isoformat(),
            "example": mask_quote(quote) if quote else None,
            "suggestions": list(d.suggestions),
            "version": version,
        }
        for d, quote in refusals
        if not d.admitted and d.norm
    ]
    if rows:
        tx.run(q.UPSERT_CANDIDATES, {"rows": rows, "max_examples": MAX_EXAMPLES})
    return len(rows)


def list_candidates(
    client: GraphClient, *, kind: TermKind | None = None, limit: int = 50
) -> list[dict[str, Any]]:
    """Queued candidates, most frequent first."""
    return client.read(q.LIST_CANDIDATES, {"kind": kind, "limit": limit})
