"""The regeneration policy: re-ask only what must be re-asked.

A field is re-asked when its evidence changed (hash), the contract changed (id), it was
invalidated, or it is ``action_items`` (always, so a recommendation whose grounds no longer hold is
never republished). Unchanged fields are republished as they were. Re-asked fields run in parallel;
all writes of one refresh land in one transaction with one operation in the log.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime

from app.db.client import GraphClient, Tx
from app.oplog.service import append_operation
from app.profile.contract import CONTRACT, FieldName, ProfileContract
from app.profile.evidence import Evidence, EvidenceItem, evidence_hash, gather_evidence
from app.profile.store import StoredField, read_fields, write_fields
from app.profile.synthesis import FieldAnswer, FieldSynthesizer
from app.users.service import get_self

log = logging.getLogger(__name__)

ALWAYS_REASKED: frozenset[FieldName] = frozenset({"action_items"})


@dataclass(frozen=True)
class RefreshReport:
    user_id: str
    reasked: tuple[str, ...]
    republished: tuple[str, ...]
    backends: dict[str, str] = field(default_factory=dict)
    elapsed_ms: float = 0.0


def fields_to_reask(
    contract: ProfileContract,
    stored: dict[str, StoredField],
    hashes: dict[FieldName, str],
    *,
    force: bool = False,
) -> list[FieldName]:
    """Pure: which fields must be re-asked given what is stored and the current evidence hashes."""
    out: list[FieldName] = []
    for name in contract.fields:
        previous = stored.get(name)
        if (
            force
            or name in ALWAYS_REASKED
            or previous is None
            or previous.status != "current"
            or previous.contract_id != contract.contract_id
            or previous.evidence_hash != hashes[name]
        ):
            out.append(name)
    return out


class ProfileRefresher:
    """Regenerates one user's profile with a synthesiser (composer offline, a chat model online)."""

    def __init__(
        self,
        client: GraphClient,
        synthesizer: FieldSynthesizer,
        *,
        contract: ProfileContract = CONTRACT,
        clock: Callable[[], datetime],
        max_workers: int = 4,
    ) -> None:
        self._client = client
        self._synthesizer = synthesizer
        self._contract = contract
        self._clock = clock
        self._max_workers = max_workers

    def refresh(
        self, user_id: str, *, force: bool = False, fields: tuple[FieldName, ...] | None = None
    ) -> RefreshReport:
        started = time.perf_counter()
        get_self(self._client, user_id)  # NotFound for an unknown user
        now = self._clock()
        evidence = gather_evidence(self._client, user_id, now)
        per_field = {q.field: evidence.for_question(q) for q in self._contract.questions}
        hashes = {name: evidence_hash(items) for name, items in per_field.items()}
        stored = read_fields(self._client, user_id)
        reask = fields_to_reask(self._contract, stored, hashes, force=force)
        if fields is not None:
            reask = [name for name in reask if name in fields or name in ALWAYS_REASKED]
        answers = self._ask_all(reask, evidence, per_field)
        rows = [
            {
                "field": name,
                "text": answer.text,
                "contract_id": self._contract.contract_id,
                "backend": answer.backend,
                "model": answer.model,
                "evidence_hash": hashes[name],
                "evidence_ids": list(answer.evidence_ids),
                "data_through": evidence.data_through(per_field[name]),
                "generated_at": now.isoformat(),
                "sentences": answer.sentences,
            }
            for name, answer in answers.items()
        ]

        def work(tx: Tx) -> None:
            write_fields(tx, user_id, rows)
            append_operation(
                tx,
                user_id=user_id,
                kind="profile_refresh",
                actor="profile",
                target_ids=[f"{user_id}|{name}" for name in answers],
                payload={"reasked": sorted(answers), "contract_id": self._contract.contract_id},
            )

        self._client.write_transaction(work, name="profile_refresh")
        republished = tuple(name for name in self._contract.fields if name not in answers)
        report = RefreshReport(
            user_id,
            tuple(answers),
            republished,
            {name: a.backend for name, a in answers.items()},
            (time.perf_counter() - started) * 1e3,
        )
        log.info(
            "profile refresh user=%s reasked=%d republished=%d ms=%.1f",
            user_id,
            len(report.reasked),
            len(report.republished),
            report.elapsed_ms,
        )
        return report

    def _ask_all(
        self, names: list[FieldName], evidence: Evidence, per_field: dict[FieldName, tuple[EvidenceItem, ...]]
    ) -> dict[FieldName, FieldAnswer]:
        if not names:
            return {}
        with ThreadPoolExecutor(max_workers=min(self._max_workers, len(names))) as pool:
            futures = {
                name: pool.submit(self._synthesizer.answer, self._contract.question(name), evidence, per_field[name])
                for name in names
            }
            return {name: future.result() for name, future in futures.items()}
