"""One drug named twice in one noun phrase: by its class in lay words and by its own name.

"my blood pressure pill, the hydrochlorothiazide", "my water pill (HCTZ)", "my Trinessa birth control",
"the Zocor cholesterol pill": the class word and the drug's name are one referent, so one match is kept,
with the specific drug's key, before any extractor sees it. A class named on its own ("my blood
pressure pill") stays a class; a class and a drug in separate phrases ("my cholesterol pill and the
metformin") are two drugs.
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.terms import TermMatch, Vocabulary

LAY_CLASS_KEYS = frozenset({"antihypertensive", "anticoagulant", "statin", "antidiabetic", "antiepileptic"})
"""Dictionary entries for a drug class named in lay words ("my cholesterol pill")."""


def named_for_their_class(text: str, drugs: list[TermMatch], proposals: list[Proposal]) -> list[Proposal]:
    """A class named and then the drug itself ("I stopped my cholesterol pill, the simvastatin"): the
    specific drug carries the action; the class's own proposal is dropped."""
    by_start = {d.start: d for d in drugs}
    dropped: set[tuple[int, int]] = set()
    for p in proposals:
        drug = by_start.get(p.anchor[0])
        if drug is None or drug.key not in LAY_CLASS_KEYS:
            continue
        named = next((d for d in drugs if d.start > drug.end and _APPOSITION.fullmatch(text[drug.end : d.start])), None)
        if named is not None and named.key not in LAY_CLASS_KEYS and any(q.anchor[0] == named.start for q in proposals):
            dropped.add(p.anchor)
    return [p for p in proposals if p.anchor not in dropped]


_APPOSITION = re.compile(r"\s*,\s*(?:the|my|i mean|i\.e\.|which is|aka)?\s*|\s*\(\s*", re.IGNORECASE)

CLASS_KEYS = LAY_CLASS_KEYS | {"hormonal contraceptive"}
"""Dictionary entries that name a drug class, not one drug."""

_CLASS_THEN_NAME = re.compile(
    r"\s*(?:,|\(|-|–|—|:)\s*(?:(?:the|my|i mean|i\.e\.|which is|aka|that's|that is|called)\s*){0,2}"
    r"|\s+(?:i mean|called|named)\s+(?:the\s+)?",
    re.IGNORECASE,
)
"""Between a class and the drug's name that follows it in apposition."""
_NAME_THEN_CLASS = re.compile(
    r"\s*(?:-\s*)?"
    # the class as an appositive gloss after the name: "the plavix... the little blood thinner one", "Plavix (my blood
    # thinner)", "the Zocor, my cholesterol pill"
    r"|\s*(?:\.{2,}|\u2026|,|\(|:|\s-|\u2013|\u2014)\s*(?:(?:the|my|that|this|i mean|aka)\s+){0,2}"
    r"(?:(?:little|small|tiny|big|white|pink|yellow|blue|orange|round|new|old|daily|usual)\s+){0,2}",
    re.IGNORECASE,
)
"""Between a drug's name and the class word it qualifies ("Trinessa birth control") or glosses ("the plavix... the
little blood thinner one")."""


def drop_class_named_with_drug(text: str, drugs: list[TermMatch], vocabulary: Vocabulary) -> list[TermMatch]:
    """The drug matches with one match per drug named twice: a class before its drug's name takes the drug's
    key at the class's place (the verb before the class governs it: "I stopped my cholesterol pill, I mean the
    Zocor"), and the name's own match goes; a class after the drug's name ("my Trinessa birth control") goes.
    The two must share a concept tag: "my blood pressure pill, the metformin and ..." is a list of two drugs."""
    replaced: dict[int, TermMatch] = {}
    dropped: set[int] = set()
    for cls in (d for d in drugs if d.key in CLASS_KEYS):
        specific = [d for d in drugs if d.key not in CLASS_KEYS and _same_kind(cls.key, d.key, vocabulary)]
        after = next(
            (d for d in specific if d.start >= cls.end and _CLASS_THEN_NAME.fullmatch(text[cls.end : d.start])), None
        ) or _named_at_clause_end(text, cls, specific, drugs)
        before = any(d.end <= cls.start and _NAME_THEN_CLASS.fullmatch(text[d.end : cls.start]) for d in specific)
        if after is not None:
            replaced[cls.start] = replace(cls, key=after.key)
            dropped.add(after.start)
        elif before:
            dropped.add(cls.start)
    return [replaced.get(d.start, d) for d in drugs if d.start not in dropped]


def _named_at_clause_end(
    text: str, cls: TermMatch, specific: list[TermMatch], drugs: list[TermMatch]
) -> TermMatch | None:
    """The drug's name added as an afterthought closing the class's sentence ("blood pressure pill went down with my
    coffee this morning, the amlodipine"): no other drug between them and nothing after the name but its end."""
    for d in specific:
        between = text[cls.end : d.start]
        if (
            d.start >= cls.end
            and _AFTERTHOUGHT.search(between)
            and not _SENTENCE_END.search(between)
            and not any(cls.end <= o.start < d.start for o in drugs)
            and _CLAUSE_END.match(text, d.end)
        ):
            return d
    return None


_AFTERTHOUGHT = re.compile(r"(?:,|\s-|\u2013|\u2014)\s*(?:(?:the|my|i mean|that's|that is)\s+){1,2}$", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?;]")
_CLAUSE_END = re.compile(r"\s*(?:[.!?;)]|$)")


def _same_kind(class_key: str, drug_key: str, vocabulary: Vocabulary) -> bool:
    """Whether the class and the drug share a concept tag (cardiovascular, lipid, diabetes, contraception, ...)."""
    cls, drug = vocabulary.get("drug", class_key), vocabulary.get("drug", drug_key)
    tags = getattr(cls, "concepts", ()), getattr(drug, "concepts", ())
    return bool(set(tags[0]) & set(tags[1]))
