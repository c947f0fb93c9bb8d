"""The medical dictionary: data files -> snapshot -> alias gate, grounding and graph loader."""

from app.dictionary.exceptions import DictionaryInvalid, DictionaryVersionMismatch
from app.dictionary.normalize import normalize_alias
from app.dictionary.snapshot import DEFAULT_DIR, DictionarySnapshot, load_snapshot

__all__ = [
    "DEFAULT_DIR",
    "DictionaryInvalid",
    "DictionarySnapshot",
    "DictionaryVersionMismatch",
    "load_snapshot",
    "normalize_alias",
]
