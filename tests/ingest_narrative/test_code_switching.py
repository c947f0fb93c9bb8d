"""A message that switches languages is read with the other language's everyday health words in English, quoted as
written; English words, and words that only contain a glossary word, stay."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.dictionary.snapshot import DictionarySnapshot
from app.ingest.narrative.code_switching import in_english_words
from tests.ingest_narrative.extracted import grounded_records, of_type

AT = datetime(2021, 3, 9, 8, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("se me olvido la pastilla last night", "I forgot the pill last night"),
        ("Papa a pris son alendronate deux fois this morning", "Papa took son alendronate twice this morning"),
        ("ho preso la pastiglia due volte ieri", "I took la pill twice yesterday"),
        ("nakalimutan ko yung gamot kahapon", "I forgot yung medicine yesterday"),
        ("kal raat chakkar aaya", "last night dizziness aaya"),
        ("the hierarchy and ayers rock", "the hierarchy and ayers rock"),
    ],
)
def test_everyday_health_words_in_english(said: str, read: str) -> None:
    view = in_english_words(said)
    assert view.text == read
    assert view.span(0, len(view.text)) == said


def test_a_spanglish_skip(snapshot: DictionarySnapshot) -> None:
    text = in_english_words("se me olvido mi metformina anoche, solo esa vez").text
    changes = of_type(grounded_records(text, snapshot, AT), "regimen_change")
    assert [(c["drug"], c["action"]) for c in changes] == [("metformin", "skip")]


def test_an_article_of_one_language_is_no_pronoun_of_another() -> None:
    said = "prendo il Caltrate, calcium carbonate 600, una al giorno"
    assert in_english_words(said).text == said
