"""The evaluator's adapter over the in-process services and a :class:`GraphClient`.

Each method calls one pipeline piece (FHIR loader, write path, reconciliation, retrieval) and
turns its answer into the evaluator's plain data (:mod:`app.evaluation.observed`). The pieces are
imported when first used; a piece that does not exist yet raises :class:`PieceUnavailable` with
the reason, and the runner leaves that part unmeasured.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from app.db.client import GraphClient
from app.evaluation import queries
from app.evaluation.observed import ObservedFinding, ObservedRecord, QueryOutcome, RetrievedItem, TurnOutcome
from app.evaluation.runner import PieceUnavailable
from app.evaluation.scenario_format import EventWindow, ExpectedRecord
from app.ingest.narrative.record_types import RECORD_TYPES, storage_name
from app.users.service import delete_user, ensure_self


def _piece(part: str, module: str, name: str) -> Callable[..., Any]:
    """``module.name`` or :class:`PieceUnavailable` when it has not landed."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        raise PieceUnavailable(part, f"{module} is not available ({exc.name} missing)") from exc
    fn = getattr(mod, name, None)
    if fn is None:
        raise PieceUnavailable(part, f"{module}.{name} does not exist")
    return fn  # type: ignore[no-any-return]


def _native(value: Any) -> Any:
    to_native = getattr(value, "to_native", None)
    return to_native() if callable(to_native) else value


def _as_datetime(value: Any) -> datetime | None:
    value = _native(value)
    if isinstance(value, datetime):
        return value
    if isinstance(value, str) and value:
        return datetime.fromisoformat(value)
    return None


def record_from_properties(uid: str, record_type: str, props: Mapping[str, Any]) -> ObservedRecord:
    """A stored ``Record``'s properties as contract fields (storage names mapped back)."""
    entry = RECORD_TYPES.get(record_type)
    names = list(entry.model.model_fields) if entry else []
    fields = {}
    for name in names:
        value = _native(props.get(storage_name(record_type, name)))
        if value is not None:
            fields[name] = value
    return ObservedRecord(
        id=uid,
        type=record_type,
        fields=fields,
        event_start=_as_datetime(props.get("event_start")),
        event_end=_as_datetime(props.get("event_end")),
        abnormal=props.get("abnormal"),
        concepts=tuple(props.get("concepts") or ()),
    )


def _attr(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def finding_from(obj: Any, index: int = 0) -> ObservedFinding:
    """A finding (a row, a pydantic ``Finding`` or a mapping) as evaluator data."""
    cites = []
    for cite in _attr(obj, "cites", ()) or ():
        if isinstance(cite, str):
            cites.append(cite)
        else:
            key = _attr(cite, "key")
            cites.append(
                key
                if isinstance(key, str)
                else "|".join(str(_attr(cite, k, "")) for k in ("resource_type", "system", "code"))
            )
    return ObservedFinding(
        id=str(_attr(obj, "uid") or f"finding-{index}"),
        kind=str(_attr(obj, "kind")),
        severity=_attr(obj, "severity"),
        safety_critical=bool(_attr(obj, "safety_critical", False)),
        cites=tuple(cites),
    )


def fhir_reference(uid: str) -> str | None:
    """``<user>|<type>|<id>`` (the FhirResource uid) as ``Type/id``."""
    parts = uid.split("|")
    return f"{parts[-2]}/{parts[-1]}" if len(parts) >= 3 else None


def gold_event_start(record: ExpectedRecord, at: datetime) -> datetime | None:
    """The start of a gold record's event time, a date read in the mention's UTC offset."""
    value = record.event_time
    if isinstance(value, EventWindow):
        value = value.from_
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=at.tzinfo)
    return None


def gold_event_end(record: ExpectedRecord, at: datetime) -> datetime | None:
    """The exclusive end of a gold record's event time: the day after a date (or a window's last date), a
    window's datetime end; ``None`` for an instant, as a stored record of an instant has no end."""
    value = record.event_time
    if isinstance(value, EventWindow):
        value = value.to
    elif isinstance(value, datetime):
        return None
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=at.tzinfo) + timedelta(days=1)
    return None


class LiveAdapter:
    """The pipeline as the evaluator drives it: one client, the in-process services."""

    def __init__(self, client: GraphClient) -> None:
        self.client = client
        self._dictionary: Any = None

    def dictionary_warning(self) -> str | None:
        """Why the write path will refuse every turn, when the graph holds another dictionary."""
        try:
            active = _piece("write", "app.dictionary.loader", "active_version")(self.client)
            wanted = self._snapshot("write").version
        except PieceUnavailable:
            return None
        if active == wanted:
            return None
        return (
            f"the graph's active dictionary is {active!r}, the project's is {wanted!r}: the write path will "
            "refuse turns until `selfgraph dictionary load` is run"
        )

    # --- users -----------------------------------------------------------------------------

    def ensure_user(self, user_id: str, sex: str | None, birth_date: date | None) -> None:
        ensure_self(self.client, user_id, sex=sex, birth_date=birth_date)

    def delete_user(self, user_id: str) -> None:
        delete_user(self.client, user_id)

    # --- clinical stream -------------------------------------------------------------------

    def ingest_fhir(self, user_id: str, path: Path) -> None:
        ingest_document = _piece("fhir", "app.ingest.fhir.service", "ingest_document")
        load_json = _piece("fhir", "app.ingest.fhir.parse", "load_json")
        ingest_document(self.client, user_id, load_json(path.read_bytes()), source=path.name)

    # --- write path ------------------------------------------------------------------------

    def say(self, user_id: str, text: str, at: datetime) -> TurnOutcome:
        """One turn through the write path; records and events read back from the graph."""
        process_turn = _piece("write", "app.ingest.write_path.service", "process_turn")
        result = process_turn(
            self.client, user_id, text, at, snapshot=self._snapshot("write"), clock=lambda: at
        )
        utterance_id = str(result.utterance_id)
        params = {"user_id": user_id, "utterance_id": utterance_id}
        events = {r["uid"] for r in self.client.read(queries.EVENTS_OF_UTTERANCE, params)}
        events.update(str(e) for e in getattr(result, "event_ids", ()) or ())
        blocked = tuple(str(b.name) for b in result.blocked if getattr(b, "name", None))
        return TurnOutcome(
            utterance_id=utterance_id,
            retained=bool(result.gate.retain),
            records=self._stored_records(user_id, utterance_id),
            blocked=blocked,
            event_ids=tuple(sorted(events)),
        )

    def _stored_records(self, user_id: str, utterance_id: str) -> tuple[ObservedRecord, ...]:
        rows = self.client.read(
            queries.RECORDS_OF_UTTERANCE, {"user_id": user_id, "utterance_id": utterance_id}
        )
        return tuple(record_from_properties(r["uid"], r["type"], r["props"]) for r in rows)

    # --- reconciliation --------------------------------------------------------------------

    def _snapshot(self, part: str) -> Any:
        """The dictionary snapshot the write path and the reconciler ground against (loaded once)."""
        if self._dictionary is None:
            self._dictionary = _piece(part, "app.dictionary.snapshot", "load_snapshot")()
        return self._dictionary

    def findings_for_turn(self, user_id: str, turn: TurnOutcome, at: datetime) -> tuple[ObservedFinding, ...]:
        """The findings about the turn's records (about its conversation events when it produced no record);
        reconciles them first when the write path did not, as :func:`app.pipeline.handle_turn` does."""
        reconcile_records = _piece("reconcile", "app.reconcile.service", "reconcile_records")
        uids = [r.id for r in turn.records or ()]
        if not uids:
            return self._findings_about_events(user_id, turn, at)
        params = {"user_id": user_id, "record_uids": uids}
        rows = self.client.read(queries.FINDINGS_ABOUT_RECORDS, params)
        if not rows:
            reconcile_records(
                self.client, user_id, uids, snapshot=self._snapshot("reconcile"), clock=lambda: at
            )
            rows = self.client.read(queries.FINDINGS_ABOUT_RECORDS, params)
        return tuple(finding_from(row) for row in rows)

    def _findings_about_events(self, user_id: str, turn: TurnOutcome, at: datetime) -> tuple[ObservedFinding, ...]:
        if not turn.retained or not turn.event_ids:
            return ()
        params = {"user_id": user_id, "event_uids": list(turn.event_ids)}
        rows = self.client.read(queries.FINDINGS_ABOUT_EVENTS, params)
        if not rows:
            reconcile_events = _piece("reconcile", "app.reconcile.service", "reconcile_conversation_events")
            reconcile_events(
                self.client, user_id, list(turn.event_ids), snapshot=self._snapshot("reconcile"), clock=lambda: at
            )
            rows = self.client.read(queries.FINDINGS_ABOUT_EVENTS, params)
        return tuple(finding_from(row) for row in rows)

    def reconcile_gold(
        self, user_id: str, records: Sequence[ExpectedRecord], text: str, at: datetime
    ) -> tuple[ObservedFinding, ...]:
        """Seed 003 Dimension 2: the gold records go straight to the reconciler; nothing is written."""
        reconcile_candidates = _piece("reconcile", "app.reconcile.service", "reconcile_candidates")
        gold = [
            {
                "id": f"gold-{i}",
                "type": r.type,
                "fields": dict(r.fields),
                "quote": text,
                "event_time": gold_event_start(r, at),
                "event_end": gold_event_end(r, at),
                "mention_time": at,
            }
            for i, r in enumerate(records)
        ]
        if not gold:
            return ()
        findings = reconcile_candidates(
            self.client, user_id, gold, snapshot=self._snapshot("reconcile"), clock=lambda: at
        )
        return tuple(finding_from(f, i) for i, f in enumerate(findings))

    # --- retrieval -------------------------------------------------------------------------

    def search(self, user_id: str, text: str, at: datetime, k: int) -> QueryOutcome:
        search = _piece("retrieval", "app.retrieval.service", "search")
        result = search(self.client, user_id, text, k=max(k, 10), at=at)
        items = []
        for item in _attr(result, "items", ()) or ():
            uid = str(_attr(item, "uid"))
            sources = []
            provenance = _attr(item, "provenance")
            source_id = _attr(provenance, "source_id") if provenance is not None else None
            if source_id:
                sources.append(str(source_id))
            if _attr(item, "stream") == "clinical":
                ref = fhir_reference(uid)
                if ref:
                    sources.append(ref)
                if source_id and _attr(item, "type"):
                    sources.append(f"{_attr(item, 'type')}/{source_id}")
            items.append(RetrievedItem(id=uid, source_ids=tuple(sources), stream=_attr(item, "stream")))
        return QueryOutcome(route=_attr(result, "route"), items=tuple(items))
