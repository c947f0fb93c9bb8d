"""The breadth of the symptom and drug vocabulary: lay words and brand names reach the right entry,
and the risk rubric's flags hold for whole drug classes."""

from __future__ import annotations

import pytest

from app.dictionary import DictionarySnapshot, load_snapshot
from app.dictionary.models import DrugEntry, TermKind


@pytest.fixture(scope="module")
def snapshot() -> DictionarySnapshot:
    return load_snapshot()


@pytest.mark.parametrize(
    ("kind", "said", "key"),
    [
        ("symptom", "ringing in my ears", "ringing_in_ears"),
        ("symptom", "bloody nose", "epistaxis"),
        ("symptom", "seeing double", "diplopia"),
        ("symptom", "face drooping", "facial_droop"),
        ("symptom", "trouble swallowing", "dysphagia"),
        ("symptom", "getting up at night to pee", "nocturia"),
        ("symptom", "lost my sense of smell", "loss_of_smell"),
        ("symptom", "leg cramps at night", "muscle_cramps"),
        ("symptom", "short of breath climbing stairs", "shortness_of_breath"),
        ("symptom", "fast heartbeat", "palpitations"),
        ("symptom", "absence seizures", "seizure"),
        ("drug", "Xalatan", "latanoprost"),
        ("drug", "Timoptic", "timolol"),
        ("drug", "Valtrex", "valacyclovir"),
        ("drug", "Zovirax", "acyclovir"),
        ("drug", "Antivert", "meclizine"),
        ("drug", "Vistaril", "hydroxyzine"),
        ("drug", "Humira", "adalimumab"),
        ("drug", "Remeron", "mirtazapine"),
        ("drug", "Tradjenta", "linagliptin"),
        ("drug", "Tikosyn", "dofetilide"),
        ("drug", "Metamucil", "psyllium"),
        ("drug", "CBD oil", "cannabidiol"),
        ("drug", "kava kava", "kava"),
    ],
)
def test_lay_words_and_brands_reach_their_entry(
    snapshot: DictionarySnapshot, kind: TermKind, said: str, key: str
) -> None:
    entry = snapshot.lookup(kind, said)
    assert entry is not None, said
    assert entry.key == key


def _drug(snapshot: DictionarySnapshot, key: str) -> DrugEntry:
    entry = snapshot.get("drug", key)
    assert isinstance(entry, DrugEntry), key
    return entry


@pytest.mark.parametrize(
    "key", ["linagliptin", "repaglinide", "exenatide", "terazosin", "torsemide", "edoxaban", "zonisamide"]
)
def test_rubric_high_tier_classes_are_chronic_and_high_risk(snapshot: DictionarySnapshot, key: str) -> None:
    drug = _drug(snapshot, key)
    assert (drug.chronic, drug.high_risk) == (True, True)


@pytest.mark.parametrize("key", ["hydromorphone", "temazepam", "adalimumab", "flecainide"])
def test_opioids_benzodiazepines_immunosuppressants_and_antiarrhythmics_are_high_risk(
    snapshot: DictionarySnapshot, key: str
) -> None:
    assert _drug(snapshot, key).high_risk


@pytest.mark.parametrize("key", ["mirtazapine", "paroxetine", "fenofibrate", "latanoprost"])
def test_long_term_medicines_outside_the_high_tier_are_chronic_not_high_risk(
    snapshot: DictionarySnapshot, key: str
) -> None:
    drug = _drug(snapshot, key)
    assert (drug.chronic, drug.high_risk) == (True, False)


def test_interacting_supplements_use_the_herbal_supplement_class(snapshot: DictionarySnapshot) -> None:
    for key in ("kava", "black cohosh", "kratom", "cannabidiol", "ginkgo biloba"):
        drug = _drug(snapshot, key)
        assert (drug.kind, drug.drug_class) == ("supplement", "herbal supplement"), key
