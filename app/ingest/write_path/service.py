"""``process_turn``: one user turn through the whole write path.

PII masking (the original text goes no further than this function) -> extraction (on the masked
text) -> memory gate (on the turn and what was extracted: a clinical record is admitted only when
the gate allows it; a turn it does not keep writes no record) -> temporal resolution of each
candidate's verbatim time expression against the mention time -> alias gate -> grounding -> one
write transaction (records with provenance, vocabulary links, ``Self`` facets, conversation
events, candidate queue, derived layer, operation log). The same turn twice writes nothing the
second time; a failure writes nothing at all.

Logs carry ids, counts and timings only.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Protocol, cast

from app.db.client import GraphClient
from app.dictionary import DictionarySnapshot
from app.graph_schema.registry import RECORD_BOOKKEEPING
from app.ingest.narrative.caregiver_view import (
    CONVERSATION_GAP,
    SpokenOf,
    child_sex,
    continued,
    first_person_view,
    opening_about_the_person,
    person_age,
    spoken_of,
)
from app.ingest.narrative.carried_drugs import only_drug, with_carried_drug
from app.ingest.narrative.code_switching import in_english_words
from app.ingest.narrative.dropped_subjects import with_own_body_parts
from app.ingest.narrative.memory_hedges import without_memory_hedges
from app.ingest.narrative.misspelt_names import with_known_spellings
from app.ingest.narrative.models import ExtractionResult
from app.ingest.narrative.pii import MaskedText
from app.ingest.narrative.record_names import first_names, surnames
from app.ingest.narrative.record_types import CandidateRecord
from app.ingest.narrative.spoken_disfluency import without_disfluencies
from app.ingest.narrative.terms import term_index
from app.ingest.narrative.typed_contractions import with_apostrophes
from app.ingest.write_path import queries
from app.ingest.write_path.assemble import Person, Resolver, plan_turn
from app.ingest.write_path.models import (
    BlockedCandidate,
    GateDecision,
    TurnResult,
    WrittenRecord,
    utterance_uid,
    validate_turn,
)
from app.ingest.write_path.writer import TurnWrite, WriteOutcome, write_turn

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]


class Extractor(Protocol):
    """``extract(text, snapshot, *, mention)`` of :mod:`app.ingest.narrative` (or a replacement)."""

    def __call__(self, text: str, snapshot: DictionarySnapshot, *, mention: datetime) -> Any: ...


@dataclass(frozen=True, slots=True)
class Stages:
    """The write path's replaceable stages (the defaults are the project's deterministic ones)."""

    gate: Callable[[str, Any], Any]  # (text, extraction) -> decision with retain, reason, clinical_allowed
    mask: Callable[[str], MaskedText]  # text -> the masked text and its spans
    resolve: Resolver


def default_stages() -> Stages:
    from app.ingest.narrative.gate import decide_retain
    from app.ingest.narrative.pii import mask_pii
    from app.ingest.temporal import resolve_event_time

    return Stages(gate=decide_retain, mask=mask_pii, resolve=resolve_event_time)


def default_extractor() -> Extractor:
    """The configured tiers (:func:`app.ingest.narrative.extraction_tiers.default_extractor`)."""
    from app.ingest.narrative.extraction_tiers import default_extractor as tiers

    return cast(Extractor, tiers())


def process_turn(
    client: GraphClient,
    user_id: str,
    text: str,
    mention_time: datetime,
    session_id: str | None = None,
    *,
    snapshot: DictionarySnapshot,
    extractor: Extractor | None = None,
    clock: Clock,
    stages: Stages | None = None,
) -> TurnResult:
    """Run one turn through the write path and return what was stored (or already was).

    Raises:
        InvalidInput: empty text, a mention time without a UTC offset, a malformed user id.
        DictionaryVersionMismatch: the graph holds another dictionary version.
    """
    validate_turn(user_id, text, mention_time)
    started = time.perf_counter()
    stages = stages or default_stages()
    extract = extractor or default_extractor()
    utterance_id = utterance_uid(user_id, mention_time, text)
    context = client.read(
        queries.TURN_CONTEXT,
        {
            "user_id": user_id,
            "uid": utterance_id,
            "mention_time": mention_time,
            "since": mention_time - CONVERSATION_GAP,
            "session_id": session_id,
        },
    )[0]
    if context["seen"]:
        found = client.read(queries.FIND_UTTERANCE, {"uid": utterance_id})
        if found:
            return _replayed(user_id, utterance_id, found[0])

    person = _person(context)
    masked_text = stages.mask(text)
    # the person's own name stays: "Evening shift here for Mr Portillo" (:meth:`.MaskedText.sparing`)
    masked = masked_text.sparing(text, person.first_names + person.surnames)
    extraction, spoken = _extract_for_the_person(extract, masked, snapshot, mention_time, person, context)
    gate = gate_decision(stages.gate(text, extraction))
    del text  # nothing below sees the original text
    candidates: Sequence[CandidateRecord] = ()
    blocked: list[BlockedCandidate] = []
    names: list[tuple[str, str, str]] = []
    residue: list[str] = []
    if gate.retain:
        candidates = list(extraction.records)
        blocked = [_blocked(b) for b in getattr(extraction, "suppressed", ())]
        names = [(b.kind, b.name, b.quote) for b in getattr(extraction, "blocked", ())]
        residue = _residue(getattr(extraction, "conversation_residue", None))
    plan = plan_turn(
        user_id=user_id,
        utterance_id=utterance_id,
        masked_text=masked,
        mention_time=mention_time,
        session_id=session_id,
        gate=gate,
        candidates=candidates,
        extractor_blocked=blocked,
        blocked_names=names,
        residue=residue,
        snapshot=snapshot,
        person=person,
        resolve=stages.resolve,
    )
    writer = spoken if spoken is not None and spoken.writer_role else None  # someone wrote it for the person
    turn = TurnWrite(
        user_id,
        utterance_id,
        masked,
        mention_time,
        session_id,
        gate,
        plan,
        writer_role=writer.writer_role if writer else None,
        written_for=writer.sex if writer else None,
    )
    outcome: WriteOutcome = client.write_transaction(
        lambda tx: write_turn(tx, turn, snapshot=snapshot, now=clock()), name="turn_write"
    )
    if outcome.replayed and outcome.existing is not None:
        return _replayed(user_id, utterance_id, outcome.existing)
    log.debug(
        "turn user=%s utterance=%s retained=%s records=%d events=%d blocked=%d ms=%.1f",
        user_id,
        utterance_id,
        gate.retain,
        len(plan.records),
        len(plan.events),
        len(plan.blocked),
        (time.perf_counter() - started) * 1e3,
    )
    return TurnResult(
        user_id=user_id,
        utterance_id=utterance_id,
        gate=gate,
        records=[written_record(r) for r in plan.records],
        blocked=plan.blocked,
        event_ids=[e["uid"] for e in plan.events],
        derived=outcome.derived,
        operation_id=outcome.operation_id,
    )


# --- adapters of the other stages' outputs -------------------------------------------------------


def gate_decision(raw: Any) -> GateDecision:
    """The memory gate's verdict as returned to callers (no clinical record unless it allows one)."""
    if isinstance(raw, GateDecision):
        return raw
    retain = bool(raw.retain)
    return GateDecision(retain=retain, reason=str(raw.reason), clinical_allowed=retain and bool(raw.clinical_allowed))


def _blocked(raw: Any) -> BlockedCandidate:
    if isinstance(raw, BlockedCandidate):
        return raw
    if isinstance(raw, CandidateRecord):
        reason = next((f for f in ("negated", "hypothetical", "uncertain", "family") if getattr(raw, f)), "blocked")
        name = raw.fields.get("name") or raw.fields.get("drug") or raw.fields.get("substance")
        return BlockedCandidate(type=raw.type, reason=reason, name=name, quote=raw.quote)
    return BlockedCandidate(
        type=str(getattr(raw, "type", "unknown")),
        reason=str(getattr(raw, "reason", "blocked")),
        name=getattr(raw, "name", None),
        quote=getattr(raw, "quote", None),
    )


def _residue(raw: Any) -> list[str]:
    if raw is None:
        return []
    if isinstance(raw, str):
        return [raw] if raw.strip() else []
    return [str(r) for r in raw if str(r).strip()]


def _extract_for_the_person(
    extract: Extractor,
    masked: str,
    snapshot: DictionarySnapshot,
    mention_time: datetime,
    person: Person,
    context: dict[str, Any],
) -> tuple[Any, SpokenOf | None]:
    """The extractor's result on the message read with its typed contractions' apostrophes
    (:mod:`app.ingest.narrative.typed_contractions`) and without a dictating voice's fillers and words said twice
    (:mod:`app.ingest.narrative.spoken_disfluency`), with another language's everyday health words in English
    (:mod:`app.ingest.narrative.code_switching`), with "my" before a texter's bare body part
    (:mod:`app.ingest.narrative.dropped_subjects`), its misspelt drug names in the dictionary's spelling
    (:mod:`app.ingest.narrative.misspelt_names`) and, when a caregiver writes about the person (in this message,
    or in the conversation's message just before), in the person's first person
    (:mod:`app.ingest.narrative.caregiver_view`), with a hedge on a deed lifted
    (:mod:`app.ingest.narrative.memory_hedges`) and a lapsed "it" read as the one medicine of the message before
    (:mod:`app.ingest.narrative.carried_drugs`): quotes come back in the words as written. Also whom the message was
    read as speaking of."""
    typed = with_apostrophes(masked)
    fluent = without_disfluencies(typed.text)  # "since um since around new years" (:mod:`.spoken_disfluency`)
    english = in_english_words(fluent.text)  # "se me olvido la pastilla anoche" (:mod:`.code_switching`)
    owned = with_own_body_parts(english.text)  # "lips went a bit blue": "my lips ..." (:mod:`.dropped_subjects`)
    spelled = with_known_spellings(owned.text, snapshot)  # "methotrexete": methotrexate (:mod:`.misspelt_names`)
    child = child_sex(person.sex, person.birth_date, mention_time)
    age = person_age(person.birth_date, mention_time)
    spoken = spoken_of(
        spelled.text, child=child, sex=person.sex, names=person.first_names, age=age, surnames=person.surnames
    )
    if spoken is None and context.get("prior_writer_role"):  # "Oh and Mum still has her water tablet"
        spoken = continued(
            context["prior_writer_role"], context.get("prior_written_for"), child=child, names=person.first_names
        )
    if spoken is None and child is None and not context.get("prior_seen"):  # "his legs ached so bad he could hardly"
        spoken = opening_about_the_person(spelled.text, person.sex, names=person.first_names)
    views = [typed, fluent, english, owned, spelled]
    if spoken is not None:
        views.append(first_person_view(spoken, spelled.text))
    views.append(without_memory_hedges(views[-1].text))  # "I may have stopped it": "I stopped it" (.memory_hedges)
    # "to be honest I probably miss it once a week", after a message about the levothyroxine (.carried_drugs)
    views.append(with_carried_drug(views[-1].text, only_drug(context.get("prior_drugs")), term_index(snapshot)))
    extraction = extract(views[-1].text, snapshot, mention=mention_time)
    if not isinstance(extraction, ExtractionResult):
        return extraction, spoken
    for view in reversed(views):  # the innermost reading first, back to the words as written
        extraction = view.restore(extraction)
    return extraction, spoken


def _person(context: dict[str, Any]) -> Person:
    birth = context.get("birth_date")
    return Person(
        sex=context.get("sex"),
        birth_date=date.fromisoformat(birth) if birth else None,
        first_names=first_names(context.get("patient_names") or ()),
        surnames=surnames(context.get("patient_names") or ()),
    )


# --- results -------------------------------------------------------------------------------------


def _iso(value: Any) -> Any:
    if hasattr(value, "iso_format"):
        return value.iso_format()
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def written_record(props: dict[str, Any]) -> WrittenRecord:
    """A stored record as the API returns it: uid, type, fields (stated + grounding), event time."""
    return WrittenRecord(
        uid=props["uid"],
        type=props["type"],
        fields={k: _iso(v) for k, v in sorted(props.items()) if k not in RECORD_BOOKKEEPING and v is not None},
        quote=props.get("quote"),
        time_text=props.get("time_text"),
        event_start=_iso(props.get("event_start")),
        event_end=_iso(props.get("event_end")),
        status=props.get("status") or "current",
        search_text=props.get("search_text"),
    )


def _replayed(user_id: str, utterance_id: str, row: dict[str, Any]) -> TurnResult:
    retained = bool(row.get("retained"))
    return TurnResult(
        user_id=user_id,
        utterance_id=utterance_id,
        replayed=True,
        gate=GateDecision(retain=retained, reason=row.get("gate_reason") or "", clinical_allowed=retained),
        records=[written_record(r) for r in row.get("records") or []],
        event_ids=list(row.get("event_ids") or []),
    )
