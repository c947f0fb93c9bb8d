"""Grounding a gold record the way the write path grounds an extracted one (isolated evaluation).

A gold record names its drug, test or condition as said ("Zocor", "A1c"); some name nothing but
their quote ("I'm allergic to bee stings."). This module maps names to dictionary keys and, where
a key field is missing, takes the name from the quote by exact alias match (after the dictionary's
normalisation, longest alias first, on word boundaries; a procedure as the surgery finder names it).
Stated values are never changed. A condition or an allergy stated without a status (issue #6's contract has
no denial status) takes the status its quote states, read by the same rules the write path uses ("I honestly
don't have high blood pressure" → denied; "the sinus infection is gone" → resolved).
"""

from __future__ import annotations

from datetime import datetime

from app.dictionary.models import TermKind, TestEntry
from app.dictionary.normalize import normalize_alias
from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.procedures import find_surgeries
from app.reconcile.models import Statement

DRUG_TYPES = frozenset({"regimen_change", "medication_intake", "prescription", "current_medication"})
STATUS_TYPES = frozenset({"condition", "allergy"})
"""Record types whose status (denied, resolved) the quote may state when the record does not."""


def scan_alias(snapshot: DictionarySnapshot, kind: TermKind, text: str | None) -> tuple[str, str] | None:
    """The longest ``(alias, key)`` of ``kind`` whose alias occurs in ``text`` as whole words."""
    if not text:
        return None
    padded = f" {normalize_alias(text)} "
    for alias, key in snapshot.alias_names(kind):
        if alias and f" {alias} " in padded:
            return alias, key
    return None


def ground_statement(st: Statement, snapshot: DictionarySnapshot | None) -> Statement:
    """Dictionary keys for the names a gold record states; missing names taken from its quote."""
    if snapshot is None:
        return st
    fields = dict(st.fields)
    quote = st.quote
    if st.type in DRUG_TYPES and not fields.get("drug"):
        found = scan_alias(snapshot, "drug", quote)
        if found:
            fields["drug"] = found[1]
    if st.type == "allergy" and not fields.get("substance"):
        found = scan_alias(snapshot, "drug", quote)
        fields["substance"] = found[1] if found else (quote or "")
    if st.type == "condition" and not fields.get("name"):
        found = scan_alias(snapshot, "condition", quote)
        if found:
            fields["name"], fields["standard_key"] = found
    if st.type == "symptom" and not fields.get("name"):
        found = scan_alias(snapshot, "symptom", quote) or scan_alias(snapshot, "condition", quote)
        fields["name"] = found[0] if found else (quote or "")
    if st.type == "surgery_history" and not (fields.get("procedure") or fields.get("name")):
        said = find_surgeries(quote or "")  # the procedure as the write path names it ("cataract surgery")
        if said:
            fields["procedure"] = said[0].fields["procedure"]
    if st.type == "test_result" and not fields.get("loinc"):
        named = snapshot.lookup("test", str(fields["name"])) if fields.get("name") else None
        if named is None:
            found = scan_alias(snapshot, "test", quote)
            named = snapshot.get("test", found[1]) if found else None
        if isinstance(named, TestEntry):
            fields["loinc"] = named.loinc
            fields.setdefault("standard_key", named.key)
            fields.setdefault("name", named.display)
    if st.type in STATUS_TYPES and not fields.get("status") and quote:
        stated = _status_in_quote(st.type, fields, quote, snapshot, st.mention_time or st.event_start)
        if stated is not None:
            fields["status"] = stated
    for name in ("drug", "substance"):
        if fields.get(name):
            text = str(fields[name])
            entry = snapshot.get("drug", text.lower()) or snapshot.lookup("drug", text)
            if entry is not None:
                fields[name] = entry.key
    return st.model_copy(update={"fields": fields})


def _status_in_quote(
    record_type: str, fields: dict[str, object], quote: str, snapshot: DictionarySnapshot, mention: datetime | None
) -> str | None:
    """The status the quote states for this condition or allergy, by the write path's rules; ``None`` when the
    quote states none or names another one."""
    if mention is None:
        return None
    from app.ingest.narrative.rules_extractor import extract  # the extractor is heavy; only gold records need it

    named = str(fields.get("name") or fields.get("substance") or "")
    for record in extract(quote, snapshot, mention=mention).records:
        if record.type != record_type or not record.fields.get("status"):
            continue
        said = str(record.fields.get("name") or record.fields.get("substance") or "")
        if _same(record_type, said, named, snapshot):
            return str(record.fields["status"])
    return None


def _same(record_type: str, said: str, named: str, snapshot: DictionarySnapshot) -> bool:
    """Whether two names of a condition (by dictionary key) or of an allergen (singular or plural) are one."""
    a, b = normalize_alias(said), normalize_alias(named)
    if not a or not b:
        return False
    if record_type == "condition":
        one, other = snapshot.lookup("condition", a), snapshot.lookup("condition", b)
        if one is not None and other is not None:
            return one.key == other.key
    return a.rstrip("s") == b.rstrip("s") or a in b or b in a
