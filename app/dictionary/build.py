"""Read and validate the data files under ``seed/dictionary/`` into a :class:`DictionarySnapshot`.

The files are the source of truth (reviewable CSV, see ``seed/dictionary/README.md``). Building
checks them (required columns, numbers, known concepts and keys, unambiguous aliases, valid
conversions) and fails with every problem at once. The version is a content hash of the files.
"""

from __future__ import annotations

import csv
import hashlib
import logging
import time
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from app.dictionary.exceptions import DictionaryInvalid
from app.dictionary.models import (
    Concept,
    ConditionEntry,
    Conversion,
    DrugEntry,
    Entry,
    ReferenceBand,
    SymptomEntry,
    TermKind,
    TestEntry,
)
from app.dictionary.normalize import normalize_alias, normalize_unit
from app.dictionary.snapshot import DictionarySnapshot

log = logging.getLogger(__name__)

DATA_FILES = (
    "concepts.csv",
    "tests.csv",
    "conversions.csv",
    "ranges.csv",
    "drugs.csv",
    "drug_products.csv",
    "conditions.csv",
    "symptoms.csv",
    "accepted_aliases.csv",
)
DRUG_KINDS = frozenset({"prescription", "otc", "supplement", "vaccine"})
FLAGS = frozenset({"low", "normal", "high", "abnormal"})
SEXES = frozenset({"female", "male"})
LIST_SEP = "|"


def content_version(path: Path) -> str:
    """The snapshot version: sha256 over the data files' names and bytes (first 16 hex digits)."""
    digest = hashlib.sha256()
    for name in DATA_FILES:
        digest.update(name.encode())
        digest.update(b"\0")
        digest.update((path / name).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


class _Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.items.append(f"{where}: {message}")


def _rows(path: Path, name: str, required: Iterable[str], problems: _Problems) -> list[dict[str, str]]:
    with (path / name).open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = set(required) - set(reader.fieldnames or ())
        if missing:
            problems.add(name, f"missing columns {sorted(missing)}")
            return []
        return [{k: (v or "").strip() for k, v in row.items() if k} for row in reader]


def _split(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split(LIST_SEP) if part.strip())


def _number(value: str, where: str, problems: _Problems) -> float | None:
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        problems.add(where, f"not a number: {value!r}")
        return None


def _flag(value: str) -> bool:
    return value.strip().lower() in {"1", "true", "yes", "y"}


def _aliases(key: str, display: str, raw: Iterable[str]) -> tuple[str, ...]:
    forms = [normalize_alias(key.replace("_", " ")), normalize_alias(display)]
    forms += [normalize_alias(text) for text in raw]
    return tuple(dict.fromkeys(form for form in forms if form))


def build_snapshot(path: Path) -> DictionarySnapshot:
    """Validate the data files in ``path`` and return the snapshot (raises DictionaryInvalid)."""
    started = time.perf_counter()
    problems = _Problems()
    for name in DATA_FILES:
        if not (path / name).is_file():
            problems.add(name, "file missing")
    if problems.items:
        raise DictionaryInvalid(
            "The dictionary data files are incomplete.", path=str(path), problems=problems.items
        )

    concepts = {
        row["key"]: Concept(row["key"], row["name"], row["kind"])
        for row in _rows(path, "concepts.csv", ("key", "name", "kind"), problems)
    }

    def check_concepts(where: str, keys: tuple[str, ...]) -> tuple[str, ...]:
        for key in keys:
            if key not in concepts:
                problems.add(where, f"unknown concept {key!r}")
        return keys

    extra: dict[tuple[str, str], list[str]] = defaultdict(list)
    for row in _rows(path, "accepted_aliases.csv", ("kind", "key", "alias"), problems):
        extra[(row["kind"], row["key"])].append(row["alias"])

    conversions: dict[str, list[Conversion]] = defaultdict(list)
    for i, row in enumerate(
        _rows(path, "conversions.csv", ("test_key", "unit", "factor", "offset"), problems), 2
    ):
        where = f"conversions.csv:{i}"
        factor = _number(row["factor"], where, problems)
        offset = _number(row["offset"], where, problems) or 0.0
        if factor is None or factor == 0:
            problems.add(where, "factor must be a non-zero number")
            continue
        conversions[row["test_key"]].append(Conversion(row["unit"], factor, offset))

    tests: dict[str, TestEntry] = {}
    test_cols = (
        "key",
        "loinc",
        "other_loincs",
        "display",
        "category",
        "unit",
        "plausible_low",
        "plausible_high",
        "tolerance",
        "concepts",
        "aliases",
    )
    for i, row in enumerate(_rows(path, "tests.csv", test_cols, problems), start=2):
        where = f"tests.csv:{i}"
        key = row["key"]
        if not key or not row["loinc"] or not row["display"]:
            problems.add(where, "key, loinc and display are required")
            continue
        if key in tests:
            problems.add(where, f"duplicate key {key!r}")
        unit = row["unit"] or None
        convs = tuple(conversions.pop(key, ()))
        if unit is None and convs:
            problems.add(where, "conversions need a canonical unit")
        tests[key] = TestEntry(
            key=key,
            display=row["display"],
            loinc=row["loinc"],
            other_loincs=_split(row["other_loincs"]),
            category=row["category"] or "lab",
            unit=unit,
            conversions=((Conversion(unit, 1.0),) if unit else ()) + convs,
            concepts=check_concepts(where, _split(row["concepts"])),
            aliases=_aliases(key, row["display"], (*_split(row["aliases"]), *extra.pop(("test", key), ()))),
            tolerance=_number(row["tolerance"], where, problems),
            plausible_low=_number(row["plausible_low"], where, problems),
            plausible_high=_number(row["plausible_high"], where, problems),
        )
    for key in conversions:
        problems.add("conversions.csv", f"unknown test {key!r}")
    for test in tests.values():
        seen_units = [normalize_unit(c.unit) for c in test.conversions]
        if len(seen_units) != len(set(seen_units)):
            problems.add("conversions.csv", f"{test.key}: a unit is listed twice")

    ranges: dict[str, list[ReferenceBand]] = defaultdict(list)
    range_cols = ("test_key", "sex", "age_min", "age_max", "low", "high", "value", "band", "flag", "source")
    for i, row in enumerate(_rows(path, "ranges.csv", range_cols, problems), start=2):
        where = f"ranges.csv:{i}"
        key = row["test_key"]
        if key not in tests:
            problems.add(where, f"unknown test {key!r}")
            continue
        sex = row["sex"] or None
        if sex is not None and sex not in SEXES:
            problems.add(where, f"sex must be female, male or empty, not {sex!r}")
            continue
        if row["flag"] not in FLAGS:
            problems.add(where, f"flag must be one of {sorted(FLAGS)}")
            continue
        low, high = _number(row["low"], where, problems), _number(row["high"], where, problems)
        value = normalize_alias(row["value"]) or None
        if (low is None and high is None) == (value is None):
            problems.add(where, "a band needs low and/or high, or a coded value (not both)")
        if low is not None and high is not None and low > high:
            problems.add(where, "low > high")
        band = ReferenceBand(
            uid=":".join(
                (key, sex or "any", row["age_min"] or "-", row["age_max"] or "-", value or row["band"])
            ),
            test_key=key,
            band=row["band"],
            flag=row["flag"],  # type: ignore[arg-type]
            low=low,
            high=high,
            sex=sex,  # type: ignore[arg-type]
            age_min=_number(row["age_min"], where, problems),
            age_max=_number(row["age_max"], where, problems),
            value=value,
            source=row["source"],
        )
        if any(b.uid == band.uid for b in ranges[key]):
            problems.add(where, f"duplicate band {band.uid!r}")
        ranges[key].append(band)

    conditions: dict[str, ConditionEntry] = {}
    for i, row in enumerate(
        _rows(
            path,
            "conditions.csv",
            ("key", "snomed", "other_snomeds", "display", "concepts", "aliases"),
            problems,
        ),
        2,
    ):
        where = f"conditions.csv:{i}"
        key = row["key"]
        if key in conditions:
            problems.add(where, f"duplicate key {key!r}")
        conditions[key] = ConditionEntry(
            key=key,
            display=row["display"],
            snomed=row["snomed"] or None,
            other_snomeds=_split(row["other_snomeds"]),
            concepts=check_concepts(where, _split(row["concepts"])),
            aliases=_aliases(
                key, row["display"], (*_split(row["aliases"]), *extra.pop(("condition", key), ()))
            ),
        )
    condition_codes = {code for c in conditions.values() for code in c.codes}

    products: dict[str, list[str]] = defaultdict(list)
    product_rows = _rows(path, "drug_products.csv", ("rxcui", "display", "ingredients"), problems)
    drug_cols = (
        "key",
        "display",
        "rxcui",
        "cvx",
        "drug_class",
        "kind",
        "chronic",
        "high_risk",
        "indications",
        "concepts",
        "aliases",
    )
    drug_rows = _rows(path, "drugs.csv", drug_cols, problems)
    drug_keys = {row["key"] for row in drug_rows}
    product_ingredients: dict[str, tuple[str, ...]] = {}
    product_displays: dict[str, str] = {}
    for i, row in enumerate(product_rows, start=2):
        where = f"drug_products.csv:{i}"
        ingredients = _split(row["ingredients"])
        if not ingredients:
            problems.add(where, "no ingredient")
        for key in ingredients:
            if key not in drug_keys:
                problems.add(where, f"unknown drug {key!r}")
            products[key].append(row["rxcui"])
        if row["rxcui"] in product_ingredients:
            problems.add(where, f"duplicate product {row['rxcui']!r}")
        product_ingredients[row["rxcui"]] = ingredients
        product_displays[row["rxcui"]] = row["display"]

    drugs: dict[str, DrugEntry] = {}
    for i, row in enumerate(drug_rows, start=2):
        where = f"drugs.csv:{i}"
        key = row["key"]
        if key in drugs:
            problems.add(where, f"duplicate key {key!r}")
        if key != key.lower():
            problems.add(where, "drug keys are lower-case generic names")
        if row["kind"] not in DRUG_KINDS:
            problems.add(where, f"kind must be one of {sorted(DRUG_KINDS)}")
        indications = _split(row["indications"])
        for code in indications:
            if code not in condition_codes:
                problems.add(where, f"indication {code!r} is not a known condition code")
        drugs[key] = DrugEntry(
            key=key,
            display=row["display"],
            rxcui=row["rxcui"] or None,
            drug_class=row["drug_class"],
            kind=row["kind"],
            chronic=_flag(row["chronic"]),
            high_risk=_flag(row["high_risk"]),
            indications=indications,
            concepts=check_concepts(where, _split(row["concepts"])),
            aliases=_aliases(key, row["display"], (*_split(row["aliases"]), *extra.pop(("drug", key), ()))),
            products=tuple(products.get(key, ())),
            cvx=_split(row["cvx"]),
        )
        if row["rxcui"] and product_ingredients.get(row["rxcui"], (key,))[0] != key:
            problems.add(where, f"ingredient RxCUI {row['rxcui']!r} is also a product of another drug")

    symptoms: dict[str, SymptomEntry] = {}
    for i, row in enumerate(
        _rows(path, "symptoms.csv", ("key", "snomed", "display", "aliases"), problems), start=2
    ):
        key = row["key"]
        if key in symptoms:
            problems.add(f"symptoms.csv:{i}", f"duplicate key {key!r}")
        symptoms[key] = SymptomEntry(
            key=key,
            display=row["display"],
            snomed=row["snomed"] or None,
            aliases=_aliases(
                key, row["display"], (*_split(row["aliases"]), *extra.pop(("symptom", key), ()))
            ),
        )
    for kind, key in extra:
        problems.add("accepted_aliases.csv", f"unknown {kind} {key!r}")

    entries: dict[TermKind, dict[str, Entry]] = {
        "test": dict(tests),
        "drug": dict(drugs),
        "condition": dict(conditions),
        "symptom": dict(symptoms),
    }
    alias_index: dict[TermKind, dict[str, str]] = {}
    for kind, by_key in entries.items():
        index: dict[str, str] = {}
        for entry in by_key.values():
            for form in entry.aliases:
                owner = index.setdefault(form, entry.key)
                if owner != entry.key:
                    problems.add(f"{kind} aliases", f"{form!r} names both {owner!r} and {entry.key!r}")
        alias_index[kind] = index

    if problems.items:
        raise DictionaryInvalid(
            f"The dictionary data files have {len(problems.items)} problem(s).",
            path=str(path),
            problems=problems.items,
        )
    snapshot = DictionarySnapshot.create(
        version=content_version(path),
        concepts=concepts,
        entries=entries,
        alias_index=alias_index,
        ranges={key: tuple(bands) for key, bands in ranges.items()},
        product_ingredients=product_ingredients,
        product_displays=product_displays,
    )
    log.info("dictionary built version=%s ms=%.1f", snapshot.version, (time.perf_counter() - started) * 1e3)
    return snapshot
