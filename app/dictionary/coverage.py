"""How much of a set of FHIR bundles the dictionary covers (``selfgraph dictionary stats``).

Pure over parsed bundles: Observation LOINC codes (with their components) with a dictionary
entry, with a reference range, with a concept tag; MedicationRequest RxNorm codes that map to an
ingredient; Condition SNOMED CT codes with an entry. Each share is given over distinct codes and
over occurrences. The range target is over lab and vital codes (survey, social-history and exam
codes have no reference range); a panel whose values sit in components (blood pressure) counts
as ranged when all its components are.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.dictionary.models import LOINC_SYSTEM, RXNORM_SYSTEM, SNOMED_SYSTEM, TestEntry
from app.dictionary.snapshot import DictionarySnapshot
from app.settings import PROJECT_ROOT

DEFAULT_BUNDLES = PROJECT_ROOT.parent / "shared" / "data" / "synthea_r4"


@dataclass(frozen=True, slots=True)
class Share:
    covered: int
    total: int

    @property
    def ratio(self) -> float:
        return self.covered / self.total if self.total else 1.0

    def __str__(self) -> str:
        return f"{self.covered}/{self.total} ({self.ratio:.1%})"


@dataclass(slots=True)
class CodeTally:
    """Occurrences per code of one system in one resource type."""

    counts: Counter[str] = field(default_factory=Counter)
    numeric: Counter[str] = field(default_factory=Counter)
    panels: dict[str, set[str]] = field(default_factory=dict)  # panel code -> component codes

    def share(self, covered: Iterable[str], *, numeric_only: bool = False) -> tuple[Share, Share]:
        """``(distinct codes, occurrences)`` shares of the codes in ``covered``."""
        counts = self.numeric if numeric_only else self.counts
        good = set(covered) & set(counts)
        return (
            Share(len(good), len(counts)),
            Share(sum(counts[c] for c in good), sum(counts.values())),
        )


@dataclass(slots=True)
class BundleCodes:
    bundles: int = 0
    observations: CodeTally = field(default_factory=CodeTally)
    medications: CodeTally = field(default_factory=CodeTally)
    conditions: CodeTally = field(default_factory=CodeTally)


def _codings(concept: Mapping[str, Any] | None, system: str) -> Iterator[str]:
    for coding in (concept or {}).get("coding", ()):
        if coding.get("system") == system and coding.get("code"):
            yield str(coding["code"])


def tally_bundle(bundle: Mapping[str, Any], into: BundleCodes) -> None:
    """Add one bundle's Observation, MedicationRequest and Condition codes to ``into``."""
    into.bundles += 1
    for entry in bundle.get("entry", ()):
        resource = entry.get("resource") or {}
        kind = resource.get("resourceType")
        if kind == "Observation":
            components = resource.get("component", ())
            if components and not any(key.startswith("value") for key in resource):
                for code in _codings(resource.get("code"), LOINC_SYSTEM):
                    into.observations.panels.setdefault(code, set()).update(
                        c for part in components for c in _codings(part.get("code"), LOINC_SYSTEM)
                    )
            parts = [resource, *components]
            for part in parts:
                for code in _codings(part.get("code"), LOINC_SYSTEM):
                    into.observations.counts[code] += 1
                    if "valueQuantity" in part:
                        into.observations.numeric[code] += 1
        elif kind == "MedicationRequest":
            for code in _codings(resource.get("medicationCodeableConcept"), RXNORM_SYSTEM):
                into.medications.counts[code] += 1
        elif kind == "Condition":
            for code in _codings(resource.get("code"), SNOMED_SYSTEM):
                into.conditions.counts[code] += 1


def scan_bundles(directory: Path) -> BundleCodes:
    """Tally every patient bundle (``*.json`` but ``MANIFEST.json``) under ``directory``."""
    codes = BundleCodes()
    for path in sorted(directory.glob("*.json")):
        if path.name == "MANIFEST.json":
            continue
        bundle = json.loads(path.read_text(encoding="utf-8"))
        is_patient = any(
            (e.get("resource") or {}).get("resourceType") == "Patient" for e in bundle.get("entry", ())
        )
        if bundle.get("resourceType") == "Bundle" and is_patient:
            tally_bundle(bundle, codes)
    return codes


def coverage_report(snapshot: DictionarySnapshot, codes: BundleCodes) -> dict[str, tuple[Share, Share]]:
    """Named ``(distinct, occurrences)`` shares for the stats table."""
    obs = codes.observations
    tests = {c: t for c in obs.counts if (t := snapshot.test_by_loinc(c)) is not None}
    ranged = {c for c, t in tests.items() if snapshot.all_ranges(t.key)}
    # a panel (e.g. blood pressure) carries its values in components: ranged when they all are
    ranged |= {c for c, parts in obs.panels.items() if c in tests and parts and parts <= ranged}
    tagged = {c for c, t in tests.items() if t.concepts}
    lab_vital = CodeTally(Counter({c: n for c, n in obs.counts.items() if _is_lab_or_vital(tests.get(c))}))
    meds = {c for c in codes.medications.counts if snapshot.drug_by_rxcui(c)}
    conditions = {c for c in codes.conditions.counts if snapshot.condition_by_snomed(c)}
    return {
        "Observation LOINC codes with an entry": obs.share(tests),
        "Observation LOINC codes with a concept tag": obs.share(tagged),
        "Observation LOINC codes with a range (any category)": obs.share(ranged),
        "lab/vital Observation LOINC codes with a range": lab_vital.share(ranged),
        "MedicationRequest RxNorm codes mapped to an ingredient": codes.medications.share(meds),
        "Condition SNOMED CT codes with an entry": codes.conditions.share(conditions),
    }


def _is_lab_or_vital(test: TestEntry | None) -> bool:
    return test is not None and test.category in {"lab", "vital"}


def dictionary_coverage(snapshot: DictionarySnapshot) -> dict[str, str]:
    """The dictionary's own coverage figures (tests, aliases, ranges, tags, drugs)."""
    counts = snapshot.counts()
    tests = snapshot.entries("test")
    drugs = snapshot.entries("drug")
    tagged = sum(1 for t in tests if t.concepts)
    per_test = counts["test_aliases"] / max(1, len(tests))
    per_drug = counts["drug_aliases"] / max(1, len(drugs))
    return {
        "version": snapshot.version,
        "tests": str(counts["tests"]),
        "test aliases (avg per test)": f"{counts['test_aliases']} ({per_test:.1f})",
        "tests with a reference range": str(Share(counts["tests_with_range"], counts["tests"])),
        "reference bands": str(counts["reference_bands"]),
        "tests with a concept tag": str(Share(tagged, len(tests))),
        "drugs (ingredients)": str(counts["drugs"]),
        "drug aliases (avg per drug)": f"{counts['drug_aliases']} ({per_drug:.1f})",
        "drug products mapped": str(counts["drug_products"]),
        "conditions / aliases": f"{counts['conditions']} / {counts['condition_aliases']}",
        "symptoms / aliases": f"{counts['symptoms']} / {counts['symptom_aliases']}",
        "concepts": str(counts["concepts"]),
    }
