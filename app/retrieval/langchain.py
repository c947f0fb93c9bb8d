"""LangChain adapters: a ``BaseRetriever`` and a tool over Selfgraph's search.

Documents carry the item rendered from its fields (never from ``search_text``) as
``page_content`` and the ids, stream, type, provenance and scores as ``metadata``. An agent that
names a drug or test the user's graph does not hold gets no documents (the hard boundary).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from langchain_core.tools import BaseTool, StructuredTool
from pydantic import ConfigDict

from app.db.client import GraphClient
from app.retrieval.models import RetrievedItem, SearchResult
from app.retrieval.presets import HYBRID, SearchPreset
from app.retrieval.service import search
from app.settings import Settings

_SHOWN = (
    "name",
    "display",
    "drug",
    "substance",
    "condition",
    "kind",
    "value",
    "value_text",
    "unit",
    "systolic",
    "diastolic",
    "dose",
    "frequency",
    "reaction",
    "severity",
    "stated_status",
    "text",
    "target",
    "activity",
    "food",
    "level",
    "status",
    "clinical_status",
)


def render_item(item: RetrievedItem) -> str:
    """One line from the item's fields: type, stated values, time, stream and source."""
    parts = [f"{k}={item.fields[k]}" for k in _SHOWN if item.fields.get(k) not in (None, "")]
    when = item.provenance.event_start or item.provenance.recorded_at or item.provenance.mention_time
    line = f"[{item.stream}] {item.type}: " + ", ".join(parts)
    if when:
        line += f" (at {when})"
    if item.provenance.quote and item.kind != "conversation_event":
        line += f' — said: "{item.provenance.quote}"'
    return line


def to_document(item: RetrievedItem) -> Document:
    metadata: dict[str, Any] = {
        "uid": item.uid,
        "kind": item.kind,
        "stream": item.stream,
        "type": item.type,
        "provenance": item.provenance.model_dump(exclude_none=True),
        "scores": item.scores.model_dump(exclude_none=True),
    }
    return Document(page_content=render_item(item), metadata=metadata)


class SelfgraphRetriever(BaseRetriever):
    """Retrieves one user's evidence from Selfgraph."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    client: GraphClient
    user_id: str
    k: int = 8
    preset: SearchPreset = HYBRID
    settings: Settings | None = None
    at: datetime | None = None

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun
    ) -> list[Document]:
        result = search(
            self.client, self.user_id, query, k=self.k, at=self.at, preset=self.preset, settings=self.settings
        )
        return [to_document(item) for item in result.items]


def summarize(result: SearchResult) -> str:
    """The tool's answer: the evidence lines, or the boundary's reason."""
    if result.boundary is not None:
        return json.dumps({"items": [], "boundary": result.boundary.reason})
    if not result.items:
        return json.dumps({"items": [], "route": result.route})
    return "\n".join(f"{i}. {render_item(item)} [uid={item.uid}]" for i, item in enumerate(result.items, 1))


def search_tool(
    client: GraphClient, user_id: str, *, k: int = 8, settings: Settings | None = None
) -> BaseTool:
    """A LangChain tool named ``selfgraph_search`` bound to one user."""

    def _run(query: str) -> str:
        return summarize(search(client, user_id, query, k=k, settings=settings))

    return StructuredTool.from_function(
        _run,
        name="selfgraph_search",
        description=(
            "Search the user's personal health memory (their statements and clinical record). "
            "Input: the question in plain words. Returns evidence lines with values, units, times and "
            "sources, or an empty result with the reason when the memory does not hold what was named."
        ),
    )
