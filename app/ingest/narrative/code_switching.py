"""A message that switches between English and another language, read with the other language's everyday health words
in English: "se me olvido la pastilla anoche" is read "I forgot the pill last night", "Papa a pris son alendronate deux
fois" "Papa took son alendronate twice", "kal raat chakkar aaya" "last night dizziness aaya".

Bilingual families write as they speak. The finders key on a small set of English words for the deeds, signs and times
that matter (forgot, took, stopped, twice, yesterday, dizzy, fainted, headache, allergic, pill), so the write path
hands the extractor a view with those words of Spanish, French, Portuguese, Italian, Tagalog and romanised Hindi put
in English (:data:`GLOSSARY`, whole words and phrases, longest first), and maps every quote back to the words as
written (:class:`.rewritten_text.RewrittenText`). Drug and condition names in those languages are the dictionary's
and :mod:`.romance_cognates`' concern; words that are also English ("tome", "main", "dose") are left out, and so are
pronouns and articles (French "il" is Italian's "the").

Pure: a text in, its view out.
"""

from __future__ import annotations

import re

from app.ingest.narrative.rewritten_text import RewrittenText

_SPANISH = {
    "se me olvidó": "I forgot", "se me olvido": "I forgot", "me olvidé": "I forgot", "me olvide": "I forgot",
    "olvidé": "I forgot", "olvide": "I forgot", "se le olvidó": "forgot", "se le olvido": "forgot",
    "dejé de tomar": "I stopped taking", "deje de tomar": "I stopped taking", "dejó de tomar": "stopped taking",
    "dejo de tomar": "stopped taking", "la pastilla de la presión": "the pill for the pressure",
    "la pastilla de la presion": "the pill for the pressure", "las pastillas": "the pills", "la pastilla": "the pill",
    "mi pastilla": "my pill", "mis pastillas": "my pills", "pastillas": "pills", "pastilla": "pill",
    "ayer": "yesterday", "anoche": "last night", "esta mañana": "this morning", "esta manana": "this morning",
    "dos veces": "twice", "mareo": "dizziness", "mareado": "dizzy", "mareada": "dizzy", "me desmayé": "I fainted",
    "me desmaye": "I fainted", "se desmayó": "fainted", "se desmayo": "fainted", "dolor de cabeza": "headache",
    "dolor de pecho": "chest pain", "alérgica": "allergic", "alergica": "allergic", "alérgico": "allergic",
    "alergico": "allergic", "ronchas": "hives", "camarones": "shrimp", "cacahuate": "peanut", "vacuna": "vaccine",
    "le dio": "gave her", "le di": "I gave her", "el lunes": "on Monday", "el martes": "on Tuesday",
    "el miércoles": "on Wednesday", "el miercoles": "on Wednesday", "el jueves": "on Thursday",
    "el viernes": "on Friday", "el sábado": "on Saturday", "el sabado": "on Saturday", "el domingo": "on Sunday",
}
_FRENCH = {
    "j'ai oublié": "I forgot", "j'ai oublie": "I forgot", "j ai oublié": "I forgot", "j ai oublie": "I forgot",
    "a oublié": "forgot", "j'ai pris": "I took",
    "a pris": "took", "j'ai arrêté": "I stopped", "j'ai arrete": "I stopped", "a arrêté": "stopped",
    "a arrete": "stopped", "hier soir": "last night", "hier": "yesterday", "ce matin": "this morning",
    "deux fois": "twice", "comprimés": "pills", "comprimes": "pills", "comprimé": "pill", "mal de tête": "headache",
    "mal de tete": "headache", "vertiges": "dizziness", "vertige": "dizziness", "s'est évanoui": "fainted",
    "s'est évanouie": "fainted", "évanoui": "fainted", "allergique": "allergic", "vaccin": "vaccine",
    "millepertuis": "st john's wort",
}
_PORTUGUESE_ITALIAN = {
    "esqueci": "I forgot", "ontem": "yesterday", "tomei": "I took", "duas vezes": "twice", "tontura": "dizziness",
    "desmaiei": "I fainted", "desmaiou": "fainted", "dor de cabeça": "headache", "dor de cabeca": "headache",
    "remédio da pressão": "the pill for the pressure", "remedio da pressao": "the pill for the pressure",
    "ho dimenticato": "I forgot", "ho preso": "I took", "ieri sera": "last night", "ieri": "yesterday",
    "due volte": "twice", "pastiglia": "pill", "pastiglie": "pills", "mal di testa": "headache",
    "svenuto": "fainted", "svenuta": "fainted", "capogiro": "dizziness",
}
_TAGALOG_HINDI = {
    "nakalimutan ko": "I forgot", "nakalimutan": "forgot", "kahapon": "yesterday", "kagabi": "last night",
    "kaninang umaga": "this morning", "dalawang beses": "twice", "nahilo": "dizzy", "nahimatay": "fainted",
    "sakit ng ulo": "headache", "sakit sa dibdib": "chest pain", "itinigil ko": "I stopped", "gamot": "medicine",
    "bhool gaya": "forgot", "bhool gayi": "forgot", "bhul gaya": "forgot", "bhul gayi": "forgot",
    "kal raat": "last night", "aaj subah": "this morning", "do baar": "twice", "dawai": "medicine",
    "chakkar": "dizziness", "behosh": "fainted", "sir dard": "headache", "sar dard": "headache",
    "seene mein dard": "chest pain", "band kar diya": "stopped", "band kar di": "stopped",
}
GLOSSARY: dict[str, str] = {**_SPANISH, **_FRENCH, **_PORTUGUESE_ITALIAN, **_TAGALOG_HINDI}
"""Everyday health words of the other language and their English (lower case; apostrophes as typed)."""
_PHRASE = re.compile(
    r"(?<![\w'’])(?:" + "|".join(re.escape(k) for k in sorted(GLOSSARY, key=len, reverse=True)) + r")(?![\w'’])",
    re.IGNORECASE,
)


def in_english_words(text: str) -> RewrittenText:
    """The text with each glossary word or phrase in English, traced back to the written words."""
    edits = [(m.start(), m.end(), GLOSSARY[m.group(0).lower().replace("’", "'")]) for m in _PHRASE.finditer(text)]
    return RewrittenText.with_edits(text, edits)
