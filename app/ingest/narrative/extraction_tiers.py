"""Extraction in tiers: rules (exact), then nearest exemplars (fuzzy), then the LLM for what is left.

Each tier sees only what the tiers before it left: the exemplar tier reads the sentences that gave the
rules nothing (:func:`.exemplar_extractor.unread_sentences`), the LLM reads the residue after both. Every
tier's candidates pass the same gates (dictionary names, ConText admission, grounding), and each keeps
its name in ``CandidateRecord.extractor`` so provenance says which one read a fact.

:func:`build_extractor` assembles the tiers the settings ask for: the exemplar tier unless
``SELFGRAPH_EXTRACTION__EXEMPLARS=false``; the LLM tier when ``SELFGRAPH_LLM__BACKEND`` is not ``none``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from pathlib import Path

from app.ingest.narrative.exemplar_extractor import ExemplarExtractor, unread_sentences
from app.ingest.narrative.exemplars import DEFAULT_DIRECTORY, ExemplarPolicy, load_index
from app.ingest.narrative.llm_extractor import LlmExtractor
from app.ingest.narrative.models import ExtractionResult
from app.ingest.narrative.rules_extractor import extract as rules_extract
from app.ingest.narrative.terms import Vocabulary
from app.settings import Settings, get_settings

logger = logging.getLogger(__name__)


class TieredExtractor:
    """:class:`app.ingest.narrative.models.RecordExtractor`: rules, then exemplars, then the LLM (each optional
    but the rules)."""

    def __init__(self, exemplars: ExemplarExtractor | None = None, llm: LlmExtractor | None = None) -> None:
        self._exemplars = exemplars
        self._llm = llm

    def __call__(self, text: str, snapshot: Vocabulary, *, mention: datetime) -> ExtractionResult:
        return self.extract(text, snapshot, mention=mention)

    def extract(self, text: str, snapshot: Vocabulary, *, mention: datetime) -> ExtractionResult:
        result = rules_extract(text, snapshot, mention=mention)
        if self._exemplars is not None and result.conversation_residue:
            second = self._exemplars.extract(text, result, snapshot, mention=mention)
            if second.records or second.suppressed:
                merged = _merged(result, second, None)
                result = merged.model_copy(update={"conversation_residue": _residue(text, merged)})
        if self._llm is None or not result.conversation_residue:
            return result
        third = self._llm.extract(result.conversation_residue, snapshot, mention=mention)
        # the LLM saw the residue only; its quotes are substrings of the residue and of the text
        return _merged(result, third, result.conversation_residue if not third.records else None)


def _merged(first: ExtractionResult, second: ExtractionResult, residue: str | None) -> ExtractionResult:
    return ExtractionResult(
        records=[*first.records, *second.records],
        blocked=[*first.blocked, *second.blocked],
        suppressed=[*first.suppressed, *second.suppressed],
        conversation_residue=residue,
        rejected=first.rejected + second.rejected,
    )


def _residue(text: str, result: ExtractionResult) -> str | None:
    """The sentences no tier quoted."""
    left = " ".join(text[s:e] for s, e in unread_sentences(text, result))
    return left or None


@lru_cache(maxsize=1)
def default_extractor() -> TieredExtractor:
    """The process-wide extractor of :func:`app.settings.get_settings` (built once: the exemplar index loads
    its vectors, and the embedding model, on first use)."""
    return build_extractor(get_settings())


def build_extractor(settings: Settings, exemplar_directory: Path | None = None) -> TieredExtractor:
    """The tiers ``settings`` ask for (see the module docstring)."""
    from app.llm.chat import build_chat_model

    exemplars = None
    if settings.extraction.exemplars:
        from app.retrieval.embedding import embed_texts

        def embed(texts: Sequence[str]) -> list[list[float]]:
            return embed_texts(texts, settings)

        index = load_index(exemplar_directory or DEFAULT_DIRECTORY, embed, model=settings.embedding.model)
        policy = ExemplarPolicy(
            k=settings.extraction.exemplar_k,
            min_similarity=settings.extraction.exemplar_min_similarity,
            min_share=settings.extraction.exemplar_min_share,
        )
        exemplars = ExemplarExtractor(index, embed, policy)
        logger.info("exemplar tier: %d exemplars", len(index))
    model = build_chat_model(settings.llm)
    return TieredExtractor(exemplars, None if model is None else LlmExtractor(model, retries=settings.llm.retries))
