"""The data files: validation, version, and the coverage targets of the issue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.dictionary import DictionaryInvalid, DictionarySnapshot, load_snapshot
from app.dictionary.build import build_snapshot
from app.dictionary.coverage import coverage_report, scan_bundles
from app.dictionary.models import DrugEntry, TestEntry


@pytest.fixture(scope="module")
def snapshot() -> DictionarySnapshot:
    return load_snapshot()


def test_coverage_targets_of_the_dictionary(snapshot: DictionarySnapshot) -> None:
    counts = snapshot.counts()
    tests = [t for t in snapshot.entries("test") if isinstance(t, TestEntry)]
    assert counts["tests"] >= 150
    assert sum(len(t.aliases) for t in tests) / len(tests) >= 8
    assert counts["tests_with_range"] / counts["tests"] >= 0.90
    assert all(t.concepts for t in tests)
    assert counts["drugs"] >= 150
    for concept in (
        "diabetes",
        "lipid",
        "liver",
        "kidney",
        "thyroid",
        "metabolic_syndrome",
        "cbc",
        "cardiovascular",
    ):
        assert snapshot.tests_for_concept(concept), concept
    drugs = [d for d in snapshot.entries("drug") if isinstance(d, DrugEntry)]
    assert {"prescription", "otc", "supplement", "vaccine"} <= {d.kind for d in drugs}
    assert all(d.key == d.key.lower() for d in drugs)


def test_risk_rubric(snapshot: DictionarySnapshot) -> None:
    def drug(name: str) -> DrugEntry:
        entry = snapshot.lookup("drug", name)
        assert isinstance(entry, DrugEntry), name
        return entry

    for high in ("metformin", "Lantus", "lisinopril", "warfarin", "Plavix", "Keppra"):
        assert drug(high).chronic and drug(high).high_risk, high
    statin = drug("Zocor")
    assert (statin.key, statin.chronic, statin.high_risk) == ("simvastatin", True, False)
    assert drug("Tylenol").kind == "otc" and drug("fish oil").kind == "supplement"


def test_every_synthea_code_is_covered(snapshot: DictionarySnapshot, shared_data: Path) -> None:
    """Every code of the Synthea code lists (617 bundles, a superset of synthea_r4) has an entry."""
    sources = shared_data / "dictionary_sources"
    loinc = json.loads((sources / "loinc_observed.json").read_text())
    rxnorm = json.loads((sources / "rxnorm_observed.json").read_text())
    snomed = json.loads((sources / "snomed_conditions_observed.json").read_text())
    assert [row["loinc"] for row in loinc if snapshot.test_by_loinc(row["loinc"]) is None] == []
    assert [row["rxnorm"] for row in rxnorm if snapshot.drug_by_rxcui(row["rxnorm"]) is None] == []
    assert [row["snomed"] for row in snomed if snapshot.condition_by_snomed(row["snomed"]) is None] == []
    numeric = [row["loinc"] for row in loinc if "valueQuantity" in row["valueTypes"]]
    ranged = [code for code in numeric if (t := snapshot.test_by_loinc(code)) and snapshot.all_ranges(t.key)]
    assert len(ranged) / len(numeric) >= 0.90


def test_bundle_coverage_report(snapshot: DictionarySnapshot, shared_data: Path) -> None:
    bundles = shared_data / "synthea_r4"
    manifest = json.loads((bundles / "MANIFEST.json").read_text())
    codes = scan_bundles(bundles)  # the tally agrees with the manifest
    assert codes.bundles == len(manifest) == 100
    expected_requests = sum(entry["types"].get("MedicationRequest", 0) for entry in manifest)
    assert sum(codes.medications.counts.values()) == expected_requests
    assert "55284-4" in codes.observations.panels  # blood pressure carries its values in components
    report = coverage_report(snapshot, codes)
    assert report["Observation LOINC codes with an entry"][0].ratio == 1.0
    assert report["Observation LOINC codes with a concept tag"][0].ratio == 1.0
    assert report["MedicationRequest RxNorm codes mapped to an ingredient"][1].ratio == 1.0
    assert report["Condition SNOMED CT codes with an entry"][0].ratio == 1.0
    assert report["lab/vital Observation LOINC codes with a range"][0].ratio >= 0.90


def test_product_codes_map_to_their_ingredient(snapshot: DictionarySnapshot) -> None:
    simvastatin = snapshot.drug_by_rxcui("316672")  # "Simvistatin 10 MG" in the bundles
    assert simvastatin is not None and simvastatin.key == "simvastatin"
    assert snapshot.drug_by_rxcui("36567") is simvastatin  # the ingredient code
    percocet = [d.key for d in snapshot.ingredients_for_rxcui("1049221")]
    assert percocet == ["oxycodone", "acetaminophen"]
    assert snapshot.drug_by_rxcui("0000000") is None


def _append(path: Path, line: str) -> None:
    with path.open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")


def test_build_refuses_an_ambiguous_alias(data_copy: Path) -> None:
    _append(data_copy / "accepted_aliases.csv", "test,ldl_cholesterol,HDL,wrong on purpose")
    with pytest.raises(DictionaryInvalid) as caught:
        build_snapshot(data_copy)
    assert any("'hdl' names both" in p for p in caught.value.details["problems"])


def test_build_refuses_unknown_keys_and_bad_numbers(data_copy: Path) -> None:
    _append(data_copy / "ranges.csv", "no_such_test,,,,1,2,,normal,normal,x")
    _append(data_copy / "ranges.csv", "glucose,,,,abc,2,,weird,normal,x")
    with pytest.raises(DictionaryInvalid) as caught:
        build_snapshot(data_copy)
    problems = " ".join(caught.value.details["problems"])
    assert "unknown test 'no_such_test'" in problems and "not a number" in problems


def test_version_is_a_content_hash(data_copy: Path, snapshot: DictionarySnapshot) -> None:
    assert build_snapshot(data_copy).version == snapshot.version
    _append(data_copy / "accepted_aliases.csv", "test,hba1c,sugar a1c number,accepted")
    changed = load_snapshot(data_copy)
    assert changed.version != snapshot.version
    assert changed.lookup("test", "Sugar A1C number") is not None
