"""Contractions typed without their apostrophe, read with it: "ive had the worst headache", "cant remember if I
took it", "havent bothered refilling it"; and the allergy words' commonest misspellings ("alergic").

People texting drop apostrophes; the finders are written for "I've", "can't", "haven't". Rather than teach every
pattern both spellings, the write path hands the extractor a view with the apostrophe put back
(:func:`with_apostrophes`) and maps every quote back to the words as written (:class:`.rewritten_text.RewrittenText`).

Only words that are not themselves English words are restored: "ive", "im", "dont", "cant", "didnt", ... and
"hes", "shes", "thats", "whats", "theres". "its", "id", "ill", "well", "were", "shell", "wed" and "hell" are words
of their own and stay as typed ("wont" is restored: the noun is rare beside the negation).

Pure: a text in, its view out.
"""

from __future__ import annotations

import re

from app.ingest.narrative.rewritten_text import RewrittenText

_RESTORED = {
    "ive": "i've",
    "im": "i'm",
    "dont": "don't",
    "cant": "can't",
    "didnt": "didn't",
    "doesnt": "doesn't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "hadnt": "hadn't",
    "isnt": "isn't",
    "arent": "aren't",
    "wasnt": "wasn't",
    "werent": "weren't",
    "couldnt": "couldn't",
    "wouldnt": "wouldn't",
    "shouldnt": "shouldn't",
    "wont": "won't",
    "hes": "he's",
    "shes": "she's",
    "thats": "that's",
    "whats": "what's",
    "theres": "there's",
    "youre": "you're",
    "theyre": "they're",
}
"""The apostrophe-less spelling and the contraction it stands for (lower case; the written case is kept)."""
_MISSPELT = {"alergic": "allergic", "allergick": "allergic", "alergy": "allergy", "alergies": "allergies"}
"""The commonest misspellings of the allergy words, read as spelt ("I think I've become alergic to my Aleve")."""
_RESTORED |= _MISSPELT
_TYPED = re.compile(rf"\b(?:{'|'.join(sorted(_RESTORED, key=len, reverse=True))})\b(?!['’])", re.IGNORECASE)


def with_apostrophes(text: str) -> RewrittenText:
    """The text with each contraction typed without its apostrophe restored, traced back to the written words (every
    character of the restored word stands for the whole typed word)."""
    edits = [
        (m.start(), m.end(), _in_written_case(_RESTORED[m.group(0).lower()], m.group(0)))
        for m in _TYPED.finditer(text)
        if m.group(0) != "IM"  # "an IM injection": intramuscular
    ]
    return RewrittenText.with_edits(text, edits)


def _in_written_case(restored: str, said: str) -> str:
    """"Ive" -> "I've", "IM" -> "I'M", "dont" -> "don't"; a lone "i" is written as "I"."""
    if said.isupper() and len(said) > 1:
        return restored.upper()
    if said[0].isupper() or restored.startswith("i'"):
        return restored[0].upper() + restored[1:]
    return restored
