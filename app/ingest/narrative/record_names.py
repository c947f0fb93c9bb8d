"""The person's names as their clinical record gives them, in the forms a message may use: the first names and the
surnames without Synthea's digits ("Adalberto916 Hartmann983"), each also without its accents ("María", "Maria").

Pure: the record's display names are the argument.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable


def first_names(record_names: Iterable[str]) -> tuple[str, ...]:
    """The first names a clinical record gives the person ("Adalberto916 Hartmann983" -> "Adalberto"; Synthea
    numbers its names), at least three letters long, each also without its accents ("María", "Maria")."""
    found: list[str] = []
    for name in record_names:
        first = re.sub(r"\d+", "", str(name).split()[0]) if str(name).split() else ""
        # the name typed without its accents too: "maria's daughter here" for María
        for form in (first, unaccented(first)):
            if len(form) >= 3 and form.isalpha() and form not in found:
                found.append(form)
    return tuple(found)


def unaccented(word: str) -> str:
    """``word`` without its accents ("María" -> "Maria", "Adán" -> "Adan")."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch))


def surnames(record_names: Iterable[str]) -> tuple[str, ...]:
    """The surnames a clinical record gives the person ("Adalberto916 Hartmann983" -> "Hartmann"), at least three
    letters long, each also without its accents ("Alcántar", "Alcantar")."""
    found: list[str] = []
    for name in record_names:
        words = str(name).split()
        last = re.sub(r"\d+", "", words[-1]) if len(words) > 1 else ""
        for form in (last, unaccented(last)):
            if len(form) >= 3 and form.replace("-", "").replace("'", "").isalpha() and form not in found:
                found.append(form)
    return tuple(found)
