"""A text rewritten for the extractor, with every character traced to the words actually written.

The write path hands the extractor a rewritten reading of a message where that reads it better: a caregiver's
third person turned into the person's first person (:mod:`.caregiver_view`), contractions typed without their
apostrophe restored (:mod:`.typed_contractions`). The extractor quotes the rewritten text; :meth:`RewrittenText.restore`
puts every quote, time expression and residue back into the words as written, so records stay verbatim and grounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.ingest.narrative.models import ExtractionResult
from app.ingest.narrative.record_types import CandidateRecord


@dataclass(frozen=True, slots=True)
class RewrittenText:
    """A rewritten text and, per character, where it came from in the text as written."""

    text: str
    original: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    @classmethod
    def with_edits(cls, text: str, edits: Sequence[tuple[int, int, str]]) -> RewrittenText:
        """``text`` with each ``(start, end, replacement)`` edit made (in order, not overlapping); every character of a
        replacement stands for the whole span it replaced."""
        out: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        pos = 0
        for start, end, replacement in edits:
            out.append(text[pos:start])
            starts.extend(range(pos, start))
            ends.extend(range(pos + 1, start + 1))
            out.append(replacement)
            starts.extend([start] * len(replacement))
            ends.extend([end] * len(replacement))
            pos = end
        out.append(text[pos:])
        starts.extend(range(pos, len(text)))
        ends.extend(range(pos + 1, len(text) + 1))
        return cls("".join(out), text, tuple(starts), tuple(ends))

    def then(self, inner: RewrittenText) -> RewrittenText:
        """``inner``, a rewriting of this view's text, traced through this view back to the words as written."""
        return RewrittenText(
            inner.text,
            self.original,
            tuple(self.starts[s] for s in inner.starts),
            tuple(self.ends[e - 1] for e in inner.ends),
        )

    def span(self, start: int, end: int) -> str:
        """The written words behind ``text[start:end]``."""
        if end <= start:
            return ""
        return self.original[self.starts[start] : self.ends[end - 1]]

    def written(self, fragment: str | None) -> str | None:
        """The written words behind a fragment of the view (its first occurrence); unchanged when not found."""
        if not fragment:
            return fragment
        at = self.text.find(fragment)
        return self.span(at, at + len(fragment)) if at >= 0 else fragment

    def restore(self, result: ExtractionResult) -> ExtractionResult:
        """The extractor's result with every quote, time expression and residue in the words as written; a
        record keeps the quote as read in ``reading`` where the two differ (the innermost view's, when views
        nest)."""
        return result.model_copy(
            update={
                "records": [self._restored(r) for r in result.records],
                "suppressed": [self._restored(r) for r in result.suppressed],
                "blocked": [b.model_copy(update={"quote": self.written(b.quote)}) for b in result.blocked],
                "conversation_residue": self.written(result.conversation_residue),
            }
        )

    def _restored(self, record: CandidateRecord) -> CandidateRecord:
        written = self.written(record.quote) or record.quote
        reading = record.reading or (record.quote if written != record.quote else None)
        return record.model_copy(
            update={"quote": written, "time_text": self.written(record.time_text), "reading": reading}
        )
