"""Grounding annotates (key, canonical value, flag, band, concepts); it never rewrites the fact."""

from __future__ import annotations

import pytest

from app.dictionary import DictionarySnapshot, load_snapshot
from app.dictionary.grounding import ground_drug, ground_test_result


@pytest.fixture(scope="module")
def snapshot() -> DictionarySnapshot:
    return load_snapshot()


def test_glucose_mmol_per_litre_converts_to_mg_per_decilitre(snapshot: DictionarySnapshot) -> None:
    g = ground_test_result(snapshot, "blood sugar", 7.0, "mmol/L", sex="female", age_years=50)
    assert g is not None and g.standard_key == "glucose" and g.canonical_unit == "mg/dL"
    assert g.value_canonical == pytest.approx(126.1, abs=0.1)
    assert (g.flag, g.band) == ("high", "diabetic")
    normal = ground_test_result(snapshot, "glucose", "5.5", "mmol/l", sex="female", age_years=50)
    assert normal is not None and normal.value_canonical == pytest.approx(99.1, abs=0.1)
    assert (normal.flag, normal.band) == ("normal", "normal")
    assert "diabetes" in g.concepts


def test_cholesterol_mmol_per_litre_converts(snapshot: DictionarySnapshot) -> None:
    total = ground_test_result(snapshot, "total cholesterol", 5.2, "mmol/L", sex="male", age_years=60)
    assert total is not None and total.value_canonical == pytest.approx(201.1, abs=0.1)
    assert (total.flag, total.band) == ("high", "borderline_high")
    ldl = ground_test_result(snapshot, "LDL-C", 2.5, "mmol/L", sex="male", age_years=60)
    assert ldl is not None and ldl.value_canonical == pytest.approx(96.7, abs=0.1) and ldl.flag == "normal"
    tg = ground_test_result(snapshot, "triglycerides", 2.0, "mmol/L", sex="male", age_years=60)
    assert tg is not None and tg.value_canonical == pytest.approx(177.1, abs=0.1)


def test_same_value_flags_differently_for_male_and_female(snapshot: DictionarySnapshot) -> None:
    male = ground_test_result(snapshot, "good cholesterol", 45, "mg/dL", sex="male", age_years=45)
    female = ground_test_result(snapshot, "good cholesterol", 45, "mg/dL", sex="female", age_years=45)
    assert male is not None and female is not None
    assert (male.flag, female.flag) == ("normal", "low")
    assert (male.range_sex, female.range_sex) == ("male", "female")
    hb_m = ground_test_result(snapshot, "haemoglobin", 12.5, "g/dL", sex="male", age_years=30)
    hb_f = ground_test_result(snapshot, "haemoglobin", 12.5, "g/dL", sex="female", age_years=30)
    assert hb_m is not None and hb_f is not None
    assert (hb_m.band, hb_f.band) == ("anemia", "normal")


def test_sex_only_range_needs_the_sex(snapshot: DictionarySnapshot) -> None:
    g = ground_test_result(snapshot, "hematocrit", 40, "%", sex=None, age_years=30)
    assert g is not None and g.flag is None and g.band is None


def test_units_are_never_guessed_wrongly(snapshot: DictionarySnapshot) -> None:
    unknown = ground_test_result(snapshot, "glucose", 99, "furlongs", sex="male", age_years=40)
    assert unknown is not None and not unknown.unit_recognised and unknown.value_canonical is None
    assert unknown.flag is None
    # no unit stated: an A1c of 7.2 can only be %, a glucose of 5.5 is not read as mg/dL
    a1c = ground_test_result(snapshot, "A1c", 7.2, None, sex="male", age_years=40)
    assert a1c is not None and a1c.unit_assumed and a1c.value_canonical == 7.2 and a1c.band == "diabetic"
    glucose = ground_test_result(snapshot, "sugar", 5.5, None, sex="male", age_years=40)
    assert glucose is not None and glucose.value_canonical is None and glucose.flag is None
    ifcc = ground_test_result(snapshot, "HbA1c", 48, "mmol/mol", sex="male", age_years=40)
    assert ifcc is not None and ifcc.value_canonical == pytest.approx(6.54, abs=0.01)


def test_temperature_affine_conversion_and_qualitative_bands(snapshot: DictionarySnapshot) -> None:
    fever = ground_test_result(snapshot, "temp", 101.3, "°F", sex="female", age_years=30)
    assert fever is not None and fever.value_canonical == pytest.approx(38.5, abs=0.01)
    assert (fever.flag, fever.band) == ("high", "fever")
    nitrite = ground_test_result(snapshot, "urine nitrite", "Positive", None, sex="female", age_years=30)
    assert nitrite is not None and nitrite.flag == "abnormal" and nitrite.value_canonical is None


def test_grounding_is_annotation_only(snapshot: DictionarySnapshot) -> None:
    stated: dict[str, str | None] = {"name": "A1c", "value": "7.2", "unit": None}
    before = dict(stated)
    g = ground_test_result(snapshot, "A1c", stated["value"], stated["unit"], sex="male", age_years=50)
    assert stated == before
    assert g is not None
    fields = set(g.__dataclass_fields__)
    assert not fields & {"value", "unit", "text", "interpretation", "note"}
    assert ground_test_result(snapshot, "a1 see", 7.2, "%", sex="male", age_years=50) is None


def test_drug_grounding_gives_class_and_indications(snapshot: DictionarySnapshot) -> None:
    g = ground_drug(snapshot, "Glucophage")
    assert g is not None and g.standard_key == "metformin" and g.rxcui == "6809"
    assert "antidiabetic" in g.drug_class and g.chronic and g.high_risk
    assert "type_2_diabetes" in g.indication_keys and "44054006" in g.indications
    assert ground_drug(snapshot, "Glucophag") is None
