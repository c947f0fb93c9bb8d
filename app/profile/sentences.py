"""What the composer produces: sentences that each carry the evidence ids they used, and the answer.

A :class:`Sentence` also lists the numbers it computed itself (:func:`numbers_in`: counts and averages
of the user's own reports, an age), which the fabrication guard allows; a :class:`ComposedField` is
one field's answer made of kept sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Sentence:
    """One sentence and the evidence ids it used; ``derived`` lists the numbers it computed itself
    (counts and averages of the user's own reports, an age), which the fabrication guard allows."""

    text: str
    ids: tuple[str, ...]
    derived: tuple[str, ...] = ()


@dataclass(frozen=True)
class ComposedField:
    text: str
    sentences: tuple[Sentence, ...]

    @property
    def derived_numbers(self) -> tuple[str, ...]:
        return tuple(n for s in self.sentences for n in s.derived)

    @property
    def evidence_ids(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for sentence in self.sentences:
            for item_id in sentence.ids:
                seen.setdefault(item_id)
        return tuple(seen)


def numbers_in(text: str) -> tuple[str, ...]:
    """Numbers in a sentence the composer computed (counts, averages, ages), for the guard."""
    return tuple(re.findall(r"\d+(?:\.\d+)?", text))
