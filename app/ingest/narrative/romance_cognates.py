"""A medical word in a Romance language's spelling, read in English spelling: "hipotiroidismo" (hypothyroidism),
"hipertensión" (hypertension), "levotiroxina" (levothyroxine), "naproxeno" (naproxen), "omeprazol" (omeprazole),
"amoxicilina" (amoxicillin).

Spanish, Portuguese and Italian writers name drugs and diagnoses by their own cognates, which differ from the English
name by regular spellings: "hipo-"/"hiper-"/"hidro-" for "hypo-"/"hyper-"/"hydro-", "tiro" for "thyro", "f" for
"ph", a final vowel the English name drops ("-ina", "-ino", "-eno", "-ato") or adds ("-ol" for "-ole"), "-ismo" for
"-ism", "-ción" for "-tion". :func:`english_forms` gives the English spellings such a word may stand for;
:mod:`.misspelt_names` takes one only when it is a known name (or a slip from exactly one) and no other form is.

Pure: a word in, its candidate spellings out.
"""

from __future__ import annotations

import re
import unicodedata

_PREFIXES = (("hipo", "hypo"), ("hiper", "hyper"), ("hidro", "hydro"), ("fen", "phen"), ("fluor", "fluor"))
_INNER = (("tiro", "thyro"), ("tir", "thyr"), ("cc", "ct"), ("ff", "ph"))
_ENDINGS = (
    ("ismo", ("ism",)),
    ("cion", ("tion",)),
    ("sion", ("sion",)),
    ("ina", ("ine", "in")),
    ("ino", ("ine", "in")),
    ("eno", ("en", "ene")),
    ("ona", ("one",)),
    ("ato", ("ate",)),
    ("ico", ("ic",)),
    ("ol", ("ole", "ol")),
    ("ia", ("ia", "y")),
    ("a", ("",)),
    ("o", ("",)),
    ("e", ("",)),
)
_LETTERS = re.compile(r"^[a-z]+$")


def folded(word: str) -> str:
    """``word`` in lower case without its accents ("hipertensión" -> "hipertension")."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def english_forms(word: str) -> tuple[str, ...]:
    """The English spellings a Romance cognate may stand for, the word itself excluded (none for a word of other
    letters)."""
    base = folded(word)
    if not _LETTERS.match(base):
        return ()
    stem = base
    for romance, english in _PREFIXES:
        if stem.startswith(romance):
            stem = english + stem[len(romance) :]
            break
    for romance, english in _INNER:
        stem = stem.replace(romance, english)
    forms: list[str] = [stem]
    for ending, replacements in _ENDINGS:
        if stem.endswith(ending) and len(stem) > len(ending) + 3:
            forms += [stem[: -len(ending)] + r for r in replacements]
            break
    if base != word.lower():
        forms.insert(0, base)  # "losartán": the accent dropped is the English name
    return tuple(dict.fromkeys(f for f in forms if f != word.lower()))
