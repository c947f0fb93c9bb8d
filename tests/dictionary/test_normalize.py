from __future__ import annotations

import pytest

from app.dictionary.normalize import normalize_alias, normalize_unit


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("HbA1c", "hba1c"),
        ("  Hb-A1c  ", "hb a1c"),
        ("ＨｂＡ１ｃ", "hba1c"),  # full-width forms (NFKC)
        ("LDL-C (calc.)", "ldl c calc"),
        ("Vitamin\u00a0D\t25-OH", "vitamin d 25 oh"),
        ("Glucose [Mass/\u200bvolume]", "glucose mass volume"),  # zero-width space is a separator
        ("STRASSE", "strasse"),
        ("Straße", "strasse"),  # casefold
        ("", ""),
        ("—!?", ""),
    ],
)
def test_normalize_alias_is_small_and_predictable(text: str, expected: str) -> None:
    assert normalize_alias(text) == expected


def test_normalize_alias_is_idempotent() -> None:
    for text in ("Hb-A1c", "Total Chol.", "eGFR (CKD-EPI)"):
        once = normalize_alias(text)
        assert normalize_alias(once) == once


def test_normalize_unit_keeps_punctuation_and_folds_micro() -> None:
    assert normalize_unit("mg / dL") == normalize_unit("MG/DL") == "mg/dl"
    assert normalize_unit("µmol/L") == normalize_unit("μmol/L") == normalize_unit("umol/l")
    assert normalize_unit("mg/dL") != normalize_unit("mg dL".replace(" ", ""))[:-1]
