"""The in-process dictionary: one frozen :class:`DictionarySnapshot` per version of the data files.

Everything that grounds or gates names codes against this API::

    snapshot = load_snapshot()                      # cached per (path, content hash)
    snapshot.lookup("test", "HbA1c")                # exact after normalize_alias, else None
    snapshot.test_by_loinc("4548-4")
    snapshot.drug_by_rxcui("316672")                # product or ingredient RxCUI -> ingredient
    snapshot.reference_ranges("hemoglobin", "female", 40)
    for norm, key in snapshot.alias_names("drug"):  # for scanning text (longest match first)
        ...
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from app.dictionary.models import (
    Concept,
    ConditionEntry,
    DrugEntry,
    Entry,
    ReferenceBand,
    Sex,
    SymptomEntry,
    TermKind,
    TestEntry,
)
from app.dictionary.normalize import normalize_alias
from app.settings import PROJECT_ROOT

DEFAULT_DIR = PROJECT_ROOT / "seed" / "dictionary"


def _frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True, eq=False)
class DictionarySnapshot:
    """A validated, immutable dictionary (build it with :func:`load_snapshot`).

    Compared and hashed by identity; two snapshots of the same data have the same ``version``.
    """

    version: str
    concepts: Mapping[str, Concept]
    _entries: Mapping[TermKind, Mapping[str, Entry]]
    _aliases: Mapping[TermKind, Mapping[str, str]]
    _ranges: Mapping[str, tuple[ReferenceBand, ...]]
    _by_loinc: Mapping[str, str]
    _by_rxcui: Mapping[str, str]
    _by_snomed: Mapping[str, str]
    _product_ingredients: Mapping[str, tuple[str, ...]]
    _product_displays: Mapping[str, str]
    _tests_by_concept: Mapping[str, tuple[str, ...]]

    @classmethod
    def create(
        cls,
        *,
        version: str,
        concepts: Mapping[str, Concept],
        entries: Mapping[TermKind, Mapping[str, Entry]],
        alias_index: Mapping[TermKind, Mapping[str, str]],
        ranges: Mapping[str, tuple[ReferenceBand, ...]],
        product_ingredients: Mapping[str, tuple[str, ...]],
        product_displays: Mapping[str, str] | None = None,
    ) -> DictionarySnapshot:
        tests = [e for e in entries["test"].values() if isinstance(e, TestEntry)]
        drugs = [e for e in entries["drug"].values() if isinstance(e, DrugEntry)]
        conditions = [e for e in entries["condition"].values() if isinstance(e, ConditionEntry)]
        by_rxcui = {d.rxcui: d.key for d in drugs if d.rxcui}
        by_rxcui.update({code: keys[0] for code, keys in product_ingredients.items()})
        by_concept: dict[str, list[str]] = {}
        for test in tests:
            for concept in test.concepts:
                by_concept.setdefault(concept, []).append(test.key)
        return cls(
            version=version,
            concepts=_frozen(concepts),
            _entries=_frozen({kind: _frozen(by_key) for kind, by_key in entries.items()}),
            _aliases=_frozen({kind: _frozen(index) for kind, index in alias_index.items()}),
            _ranges=_frozen({k: tuple(sorted(v, key=_band_order)) for k, v in ranges.items()}),
            _by_loinc=_frozen({code: t.key for t in tests for code in t.codes}),
            _by_rxcui=_frozen(by_rxcui),
            _by_snomed=_frozen({code: c.key for c in conditions for code in c.codes}),
            _product_ingredients=_frozen(product_ingredients),
            _product_displays=_frozen(product_displays or {}),
            _tests_by_concept=_frozen({k: tuple(v) for k, v in by_concept.items()}),
        )

    # --- exact lookups -------------------------------------------------------------------------
    def lookup(self, kind: TermKind, text: str) -> Entry | None:
        """The entry whose alias equals ``normalize_alias(text)`` exactly, else ``None``."""
        key = self._aliases[kind].get(normalize_alias(text))
        return None if key is None else self._entries[kind][key]

    def get(self, kind: TermKind, key: str) -> Entry | None:
        """The entry with standard key ``key``."""
        return self._entries[kind].get(key)

    def entries(self, kind: TermKind) -> tuple[Entry, ...]:
        return tuple(self._entries[kind].values())

    def alias_names(self, kind: TermKind) -> Iterator[tuple[str, str]]:
        """Every ``(normalised alias, key)`` of ``kind``, longest alias first (for text scanning)."""
        return iter(sorted(self._aliases[kind].items(), key=lambda item: (-len(item[0]), item[0])))

    def alias_count(self, kind: TermKind) -> int:
        return len(self._aliases[kind])

    def test_by_loinc(self, code: str) -> TestEntry | None:
        key = self._by_loinc.get(code)
        entry = None if key is None else self._entries["test"][key]
        return entry if isinstance(entry, TestEntry) else None

    def drug_by_rxcui(self, code: str) -> DrugEntry | None:
        """The ingredient entry for an ingredient RxCUI or a product RxCUI (primary ingredient)."""
        key = self._by_rxcui.get(code)
        entry = None if key is None else self._entries["drug"][key]
        return entry if isinstance(entry, DrugEntry) else None

    def ingredients_for_rxcui(self, code: str) -> tuple[DrugEntry, ...]:
        """All ingredient entries of a product RxCUI (combination products have several)."""
        keys = self._product_ingredients.get(code)
        if keys is None:
            single = self.drug_by_rxcui(code)
            return (single,) if single else ()
        return tuple(e for k in keys if isinstance(e := self._entries["drug"][k], DrugEntry))

    def product_codes(self) -> Mapping[str, tuple[str, ...]]:
        """RxNorm product code -> ingredient keys (primary first)."""
        return self._product_ingredients

    def product_display(self, code: str) -> str | None:
        """The display of an RxNorm product code as the data files give it."""
        return self._product_displays.get(code)

    def condition_by_snomed(self, code: str) -> ConditionEntry | None:
        key = self._by_snomed.get(code)
        entry = None if key is None else self._entries["condition"][key]
        return entry if isinstance(entry, ConditionEntry) else None

    def symptom(self, key: str) -> SymptomEntry | None:
        entry = self._entries["symptom"].get(key)
        return entry if isinstance(entry, SymptomEntry) else None

    def tests_for_concept(self, key: str) -> tuple[TestEntry, ...]:
        """The tests tagged with concept ``key`` (e.g. ``diabetes``, ``lipid``)."""
        return tuple(
            e
            for k in self._tests_by_concept.get(key, ())
            if isinstance(e := self._entries["test"][k], TestEntry)
        )

    # --- reference ranges ----------------------------------------------------------------------
    def all_ranges(self, test_key: str) -> tuple[ReferenceBand, ...]:
        return self._ranges.get(test_key, ())

    def reference_ranges(
        self, test_key: str, sex: Sex | None, age_years: float | None
    ) -> tuple[ReferenceBand, ...]:
        """The bands that apply to a person, ordered by ``low``.

        Sex-specific bands are used when the person's sex is known and the test has them; bands
        for anyone otherwise. With the sex unknown, a test whose range is only sex-specific has
        no range (we do not guess). With the age unknown, only bands without age limits apply.
        """
        bands = self._ranges.get(test_key, ())
        if age_years is None:
            bands = tuple(b for b in bands if b.age_min is None and b.age_max is None)
        else:
            bands = tuple(b for b in bands if b.applies_to_age(age_years))
        specific = tuple(b for b in bands if sex is not None and b.sex == sex)
        return specific or tuple(b for b in bands if b.sex is None)

    def counts(self) -> dict[str, int]:
        return {
            "tests": len(self._entries["test"]),
            "drugs": len(self._entries["drug"]),
            "conditions": len(self._entries["condition"]),
            "symptoms": len(self._entries["symptom"]),
            "concepts": len(self.concepts),
            "test_aliases": self.alias_count("test"),
            "drug_aliases": self.alias_count("drug"),
            "condition_aliases": self.alias_count("condition"),
            "symptom_aliases": self.alias_count("symptom"),
            "reference_bands": sum(len(v) for v in self._ranges.values()),
            "tests_with_range": len(self._ranges),
            "drug_products": len(self._product_ingredients),
        }


def _band_order(band: ReferenceBand) -> tuple[float, str]:
    return (float("-inf") if band.low is None else band.low, band.uid)


def load_snapshot(path: Path = DEFAULT_DIR) -> DictionarySnapshot:
    """The snapshot of the data files in ``path``, built once per content version."""
    from app.dictionary.build import content_version

    resolved = path.resolve()
    return _cached_build(resolved, content_version(resolved))


@lru_cache(maxsize=8)
def _cached_build(path: Path, version: str) -> DictionarySnapshot:
    from app.dictionary.build import build_snapshot

    return build_snapshot(path)
