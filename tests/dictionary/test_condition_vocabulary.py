"""The broadened condition vocabulary: common primary-care conditions resolve by their lay names."""

from __future__ import annotations

import pytest

from app.dictionary import DictionarySnapshot, load_snapshot
from app.dictionary.models import ConditionEntry


@pytest.fixture(scope="module")
def snapshot() -> DictionarySnapshot:
    return load_snapshot()


@pytest.mark.parametrize(
    ("said", "key", "snomed"),
    [
        ("glaucoma", "glaucoma", "23986001"),
        ("cataracts", "cataract", "193570009"),
        ("kidney stones", "kidney_stone", "95570007"),
        ("IBS", "irritable_bowel_syndrome", "10743008"),
        ("coeliac disease", "coeliac_disease", "396331005"),
        ("piles", "hemorrhoids", "70153002"),
        ("tennis elbow", "lateral_epicondylitis", "202855006"),
        ("restless legs", "restless_legs_syndrome", "32914008"),
        ("BPPV", "benign_paroxysmal_positional_vertigo", "111541001"),
        ("PCOS", "polycystic_ovary_syndrome", "237055002"),
        ("Lyme disease", "lyme_disease", "23502006"),
        ("slipped disc", "herniated_disc", "73589001"),
    ],
)
def test_common_condition_resolves_by_lay_alias(snapshot: DictionarySnapshot, said: str, key: str, snomed: str) -> None:
    entry = snapshot.lookup("condition", said)
    assert isinstance(entry, ConditionEntry), said
    assert (entry.key, entry.snomed) == (key, snomed)


def test_symptom_words_stay_symptoms(snapshot: DictionarySnapshot) -> None:
    """A complaint ("vertigo", "tension headache") is not turned into a diagnosis."""
    for said in ("vertigo", "dizziness", "tension headache", "hives", "headache"):
        assert snapshot.lookup("condition", said) is None, said
