"""The one normalisation every dictionary match goes through.

``normalize_alias`` is deliberately small, so that "exact match after normalisation" means
something a reviewer can predict:

1. Unicode NFKC (full-width letters, ligatures, superscripts and the micro sign fold to their
   plain forms);
2. ``str.casefold`` (case, and the German sharp s);
3. every character that is not a letter or a digit (punctuation, symbols, zero-width and other
   format characters) becomes a space;
4. runs of whitespace collapse to one space; leading and trailing space is dropped.

Nothing else: no stemming, no spelling correction, no stop words. "HbA1c", "Hb-A1c" and
"HBA1C " normalise alike ("hba1c" vs "hb a1c": a hyphen splits, so both spellings are aliases).
"""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")


def _is_word_char(ch: str) -> bool:
    return ch.isalnum()


def normalize_alias(text: str) -> str:
    """Return the normalised form of a surface name (see the module docstring for the rules)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    spaced = "".join(ch if _is_word_char(ch) else " " for ch in folded)
    return _SPACES.sub(" ", spaced).strip()


def normalize_unit(unit: str) -> str:
    """Key for comparing unit spellings: NFKC, casefold, no whitespace (``"mg/dL" == "MG / DL"``).

    Unlike aliases, punctuation is kept: it carries meaning in units (``mg/dL`` vs ``mg dL``).
    The micro sign and Greek mu both become ``u`` (``µmol/L == umol/L``).
    """
    folded = unicodedata.normalize("NFKC", unit).casefold().replace("\u03bc", "u")
    return "".join(folded.split())
