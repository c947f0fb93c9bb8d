"""The patient-voice ConText rules: what medspaCy's defaults (written for clinical notes) miss in first-person
messages — hedges, plans and questions, family words, the speaker's own clauses, observers — as data.

Each rule is ``(literal, category, direction, pattern or None)``, as medspaCy's ``ConTextRule`` takes them;
:class:`app.ingest.narrative.assertions.AssertionTagger` adds them to the default English rules.
"""

from __future__ import annotations

from typing import Any

_LETTER_VERBS = ["confirm", "inform", "mention", "report", "add", "note", "state", "notify", "advise", "say", "tell",
                 "let", "update"]
"""What a letter would like to do ("I would like to confirm that ..."): tell, not wish."""
LENGTH_UNITS = [
    unit + plural
    for unit in ("second", "minute", "min", "hour", "day", "week", "month", "year", "mile", "block")
    for plural in ("", "s")
]
"""Units of a length a hedge may qualify ("for maybe a minute")."""
PATIENT_VOICE_RULES: tuple[tuple[str, str, str, list[dict[str, Any]] | None], ...] = (
    # British and family words medspaCy's family rules lack ("my mum is worn out" is the mother's)
    ("mum", "FAMILY", "FORWARD", None),
    ("nan", "FAMILY", "FORWARD", None),
    ("nana", "FAMILY", "FORWARD", None),
    ("gran", "FAMILY", "FORWARD", None),
    ("granny", "FAMILY", "FORWARD", None),
    ("never", "NEGATED_EXISTENCE", "FORWARD", None),
    ("no more", "NEGATED_EXISTENCE", "FORWARD", None),
    # Portuguese "no" is "in the": "dor no peito" (pain in the chest), "no braço" (in the arm) negate nothing
    ("no peito", "PSEUDO", "PSEUDO", None),
    ("no braço", "PSEUDO", "PSEUDO", None),
    ("no braco", "PSEUDO", "PSEUDO", None),
    ("free of", "NEGATED_EXISTENCE", "FORWARD", None),
    ("what if", "HYPOTHETICAL", "FORWARD", None),
    ("should i", "HYPOTHETICAL", "FORWARD", None),
    ("can i", "HYPOTHETICAL", "FORWARD", None),
    ("could i", "HYPOTHETICAL", "FORWARD", None),
    ("would", "HYPOTHETICAL", "FORWARD", None),
    ("in case", "HYPOTHETICAL", "FORWARD", None),
    ("whether", "HYPOTHETICAL", "FORWARD", None),
    ("wondering", "HYPOTHETICAL", "FORWARD", None),
    ("thinking about", "HYPOTHETICAL", "FORWARD", None),
    ("thinking of", "HYPOTHETICAL", "FORWARD", None),
    ("planning to", "HYPOTHETICAL", "FORWARD", None),
    ("plan to", "HYPOTHETICAL", "FORWARD", None),
    ("considering", "HYPOTHETICAL", "FORWARD", None),
    ("supposed to", "HYPOTHETICAL", "FORWARD", None),
    ("unless", "HYPOTHETICAL", "FORWARD", None),
    ("might", "POSSIBLE_EXISTENCE", "FORWARD", None),
    ("may have", "POSSIBLE_EXISTENCE", "FORWARD", None),
    ("maybe", "POSSIBLE_EXISTENCE", "BIDIRECTIONAL", None),
    ("probably", "POSSIBLE_EXISTENCE", "FORWARD", None),
    ("possibly", "POSSIBLE_EXISTENCE", "FORWARD", None),
    ("not sure", "POSSIBLE_EXISTENCE", "BIDIRECTIONAL", None),
    ("i think i", "POSSIBLE_EXISTENCE", "FORWARD", None),
    ("i think it", "POSSIBLE_EXISTENCE", "FORWARD", None),
    ("i think that", "POSSIBLE_EXISTENCE", "FORWARD", None),
    ("afraid", "POSSIBLE_EXISTENCE", "FORWARD", None),
    ("scared of", "POSSIBLE_EXISTENCE", "FORWARD", None),
    ("at risk", "POSSIBLE_EXISTENCE", "FORWARD", None),
    ("risk for", "POSSIBLE_EXISTENCE", "FORWARD", None),
    (
        "other experiencer",
        "OTHER_EXPERIENCER",
        "FORWARD",
        [
            {"LOWER": {"IN": ["my", "our", "a", "his", "her"]}},
            {
                "LOWER": {
                    "IN": [
                        "friend",
                        "friends",
                        "coworker",
                        "coworkers",
                        "colleague",
                        "neighbor",
                        "neighbour",
                        "boss",
                        "roommate",
                        "boyfriend",
                        "girlfriend",
                        "dog",
                        "cat",
                        "client",
                        "patient",
                    ]
                }
            },
        ],
    ),
    ("he", "OTHER_EXPERIENCER", "FORWARD", [{"LOWER": {"IN": ["he", "she", "they"]}}]),
    # people in general: "people on Plavix usually come off it first"
    (
        "people",
        "OTHER_EXPERIENCER",
        "FORWARD",
        [{"LOWER": {"IN": ["people", "someone", "somebody", "everyone", "everybody", "folks", "others", "patients"]}}],
    ),
    # "they" as the clinic or lab reporting on the speaker: "They checked my blood and my hemoglobin
    # was down to 10.2", "they said my A1c was 7.9" (the longer pseudo-modifier wins over "they").
    (
        "they reported",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": "they"},
            {
                "LOWER": {
                    "IN": ["checked", "drew", "took", "ran", "tested", "did", "measured", "said", "told", "found",
                           "pulled", "showed", "gave", "read", "sent", "called",
                           # the clinic keeping the speaker's record: "they put prediabetes on my chart"
                           "put", "wrote", "listed", "added", "noted", "recorded", "entered", "labelled", "labeled",
                           "diagnosed", "coded", "marked", "flagged"]
                }
            },
        ],
    ),
    # A remark about the record is no hypothetical: "in case it never made it into my file, they did
    # cataract surgery", "in case it's not in my chart" (the longer pseudo-modifier wins over "in case").
    (
        "in case the record",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": "in"},
            {"LOWER": "case"},
            {"LOWER": {"IN": ["it", "that", "this"]}},
            {"IS_PUNCT": False, "OP": "*"},
            {"LOWER": {"IN": ["file", "chart", "record", "records", "notes", "system", "history"]}},
        ],
    ),
    # A hedge on a number hedges the quantity, not the event ("lasted maybe twenty minutes",
    # "probably 3 times"): the longer pseudo-modifier wins over the bare hedge word.
    (
        "hedged quantity",
        "HEDGED_QUANTITY",
        "PSEUDO",
        [{"LOWER": {"IN": ["maybe", "probably", "possibly"]}}, {"LIKE_NUM": True}],
    ),
    # ... and so does one on a length said with an article ("kept jerking for maybe a minute", "probably
    # half an hour", "maybe a few seconds"): the event itself is stated
    (
        "hedged length",
        "HEDGED_QUANTITY",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["maybe", "probably", "possibly"]}},
            {"LOWER": {"IN": ["a", "an", "half", "another"]}},
            {"LOWER": {"IN": ["few", "couple", "an", "a", "good"]}, "OP": "?"},
            {"LOWER": {"IN": ["of"]}, "OP": "?"},
            {"LOWER": {"IN": LENGTH_UNITS}},
        ],
    ),
    # "still" after a verb continues the clause ("my son is still taking his Flovent"): not ConText's
    # "still" that ends a negation's scope ("no fever, still coughing"); the longer pseudo-modifier wins.
    (
        "verb still",
        "CONTINUED",
        "PSEUDO",
        [{"LOWER": {"IN": ["is", "are", "was", "were", "'s", "has", "have", "had", "been", "am", "'m", "'re"]}},
         {"LOWER": "still"}],
    ),
    # A first-person clause ends the scope of a relative or another person ("my mom has
    # diabetes and I have chest pain"), not of a negation or a hypothetical ("if I stop ...").
    # A new first-person clause after a comma or semicolon ends a negation's scope: "No shrimp or
    # lobster for me, I'm allergic to shellfish" (the "no" is about the dishes, not the allergy).
    (
        "clause first person",
        "CLAUSE_FIRST_PERSON",
        "PSEUDO",
        [{"TEXT": {"IN": [",", ";"]}}, {"LOWER": {"IN": ["i", "im", "ive"]}}],
    ),
    # "it didn't ease off so I used my nitro spray": a new first-person clause after "so" or "then"
    # ends the negation's scope too; so does a clinician's report ("haven't been stuffed up in months
    # and the doctor said the sinusitis has cleared up")
    (
        "so first person",
        "CLAUSE_FIRST_PERSON",
        "PSEUDO",
        [{"LOWER": {"IN": ["then", "and"]}}, {"LOWER": {"IN": ["i", "im", "ive"]}}],
    ),
    # "couldn't remember whether I'd had it, so I took one more"; "not sure it's the statin, so I stopped it":
    # what the speaker did as a result is said, whatever was wondered or supposed before "so I"
    (
        "so i as a result",
        "RESULT_FIRST_PERSON",
        "PSEUDO",
        [{"TEXT": {"IN": [",", ";"]}, "OP": "?"}, {"LOWER": "so"}, {"LOWER": {"IN": ["i", "im", "ive"]}, "OP": "?"}],
    ),
    # "... without much fuss, and I took one"; "I'm not made of glass, so yesterday I went rowing"
    (
        "comma conjunction",
        "CLAUSE_FIRST_PERSON",
        "PSEUDO",
        [{"TEXT": {"IN": [",", ";"]}}, {"LOWER": {"IN": ["but", "then", "and"]}}],
    ),
    # "it's not grass pollen season, that one wrecks me every May": a clause about "that one" after a comma
    # starts a new statement; the negation before it was about something else
    (
        "comma that one",
        "CLAUSE_FIRST_PERSON",
        "PSEUDO",
        [{"TEXT": {"IN": [",", ";"]}}, {"LOWER": {"IN": ["that", "this"]}}, {"LOWER": {"IN": ["one", "stuff"]}}],
    ),
    # "they had a screening at work and my LDL came out at 178": the speaker's own clause after "and my"
    (
        "and my",
        "CLAUSE_FIRST_PERSON",
        "PSEUDO",
        [{"LOWER": {"IN": ["and", "but", "so", ","]}}, {"LOWER": "my"}],
    ),
    # "they had a health fair at my work and did the finger-prick A1C": "they" as the organisers of a
    # screening the speaker went to, not people who had a condition (the longer pseudo-modifier wins)
    (
        "they held a screening",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": "they"},
            {"LOWER": {"IN": ["had", "held", "ran", "set", "put"]}},
            {"LOWER": {"IN": ["up", "on"]}, "OP": "?"},
            {"LOWER": {"IN": ["a", "an", "the", "their", "this", "one", "some"]}},
            {"IS_ALPHA": True, "OP": "?"},
            {"LOWER": {"IN": ["fair", "screening", "screenings", "clinic", "drive", "booth", "stand", "event", "day"]}},
        ],
    ),
    (
        "clinician reported",
        "CLAUSE_FIRST_PERSON",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["doctor", "doc", "nurse", "dr", "physician", "specialist", "cardiologist", "gp"]}},
            {"LOWER": {"IN": ["said", "says", "told", "confirmed"]}},
        ],
    ),
    # A pronoun reporting on the speaker ("she says the anemia has cleared up", "he told me it's gout", "she
    # said that my thyroid is fine"): what follows the report is the speaker's, not the reporter's (the longer
    # pseudo-modifier wins over "he"/"she"); "she says she has a cold" stays hers.
    (
        "pronoun reported",
        "CLAUSE_FIRST_PERSON",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["he", "she"]}},
            {"LOWER": {"IN": ["said", "says", "told", "tells", "confirmed", "thinks", "reckons", "explained"]}},
            {"LOWER": {"IN": ["me", "us"]}, "OP": "?"},
            {"LOWER": "that", "OP": "?"},
            {"LOWER": {"IN": ["the", "my", "i", "i'm", "i've", "it", "it's", "its", "this", "that's"]}},
        ],
    ),
    # A pronoun's instruction to the speaker ("rang dr Ng and she said double the simva to 20", "he told me to halve
    # the warfarin"): the change instructed is the speaker's, not the reporter's
    (
        "pronoun instructed",
        "CLAUSE_FIRST_PERSON",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["he", "she"]}},
            {"LOWER": {"IN": ["said", "says", "told", "tells", "wants", "wanted", "advised"]}},
            {"LOWER": {"IN": ["me", "us"]}, "OP": "?"},
            {"LOWER": "to", "OP": "?"},
            {"LOWER": {"IN": ["double", "halve", "stop", "start", "restart", "increase", "decrease", "reduce", "up",
                              "lower", "raise", "cut", "drop", "skip", "hold", "pause", "take", "go", "come", "switch",
                              "change", "try"]}},
        ],
    ),
    # A lapse of attention said negatively ("I wasn't paying attention and took two", "wasn't concentrating, so
    # I swallowed another"): the slip is what happened, the "not" denies only the attention; "wasn't thinking
    # about the pain" keeps its negation (the longer pseudo-modifier wins over "n't")
    (
        "not paying attention",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["was", "were", "am", "'m", "is", "'s"]}},
            {"LOWER": {"IN": ["n't", "not"]}},
            {"LOWER": {"IN": ["really", "properly", "fully"]}, "OP": "?"},
            {"LOWER": {"IN": ["paying", "concentrating", "focusing", "focused", "thinking", "watching"]}},
            {"LOWER": {"NOT_IN": ["about", "of", "that", "i", "it", "this", "my", "straight"]}},
        ],
    ),
    # A request to record is no hypothetical: "I would like it noted that I do not have high cholesterol"
    (
        "would like it noted",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["would", "'d", "want", "wanted"]}},
            {"LOWER": "like", "OP": "?"},
            {"LOWER": "it"},
            {"LOWER": {"IN": ["noted", "recorded", "known", "documented", "written"]}},
        ],
    ),
    # A letter's way of telling is no hypothetical: "I would also like to confirm that I underwent a bilateral tubal
    # ligation in 2012", "I would like to inform you that my sinusitis is resolved"
    (
        "would like to confirm",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["would", "'d"]}},
            {"LOWER": {"IN": ["also", "just"]}, "OP": "?"},
            {"LOWER": "like"},
            {"LOWER": "to"},
            {"LOWER": {"IN": _LETTER_VERBS}},
        ],
    ),
    # A forgetting denied is a dose remembered ("on holiday but didn't forget, the blood pressure pill went down
    # with my coffee"): the "not" denies the forgetting, not what follows it
    (
        "did not forget",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["did", "do", "have", "had"]}},
            {"LOWER": {"IN": ["n't", "not"]}},
            {"LOWER": {"IN": ["even", "once"]}, "OP": "?"},
            {"LOWER": {"IN": ["forget", "forgotten"]}},
        ],
    ),
    # Someone who observed the speaker: "my wife noticed my words were garbled", "my son said my face
    # drooped": what follows is the speaker's, so the relative's scope ends at the observation.
    (
        "observed me",
        "FIRST_PERSON",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["noticed", "saw", "said", "says", "heard", "thought", "thinks", "mentioned", "told"]}},
            {"LOWER": {"IN": ["me", "that"]}, "OP": "?"},
            # "she noticed we've had no warfarin in it": "we" is the household the speaker is in
            {"LOWER": {"IN": ["my", "i", "i'm", "im", "we"]}},
        ],
    ),
    # Something seen on the speaker's body: "my mom noticed hives all over my arms", "my wife spotted a rash on my
    # back": the sign is the speaker's, so the relative's scope ends at the observation
    (
        "observed on me",
        "FIRST_PERSON",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["noticed", "saw", "spotted", "found", "sees", "notices", "spots"]}},
            *[{"IS_ALPHA": True, "LOWER": {"NOT_IN": ["his", "her", "their", "him", "them"]}, "OP": "?"}] * 3,
            {"LOWER": {"IN": ["on", "over", "across", "around", "down", "under"]}},
            {"LOWER": "my"},
        ],
    ),
    # The observation with its time or place said first: "she says at dinner last night my words came out
    # slurred", "he noticed over breakfast my face looked lopsided": the speaker's part is what was observed.
    (
        "observed me then",
        "FIRST_PERSON",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["noticed", "saw", "said", "says", "heard", "thought", "thinks", "mentioned", "told"]}},
            {"LOWER": {"IN": ["me", "that"]}, "OP": "?"},
            {"LOWER": {"IN": ["at", "during", "over", "in", "on", "last", "yesterday", "this", "earlier", "when",
                              "while", "after", "before", "around", "about"]}},
            *[{"IS_ALPHA": True, "LOWER": {"NOT_IN": ["he", "she", "they", "his", "her", "their", "him", "them",
                                                      "my"]}, "OP": "?"}] * 4,
            {"LOWER": "my"},
            {"LOWER": {"IN": ["words", "speech", "voice", "face", "mouth", "lips", "arm", "hand", "leg", "eyes",
                              "eye", "breathing", "lips", "skin"]}},
        ],
    ),
    # puzzlement at the record is no hedge on what follows: "Not sure why my file says latex allergy, I wear latex
    # gloves every day with zero problems", "no idea why the chart has asthma" (the longer pseudo-modifier wins)
    (
        "not sure why",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["not", "no", "dunno", "unsure"]}},
            {"LOWER": {"IN": ["sure", "idea", "clue"]}, "OP": "?"},
            {"LOWER": {"IN": ["why", "how"]}},
        ],
    ),
    # someone's name for what the speaker had: "I had what my wife thinks was a seizure", "had what the nurse called
    # a funny turn": the event is the speaker's, the relative only named it (the longer pseudo-modifier wins over the
    # family word); "what my wife thinks might be a seizure" stays hedged by "might"
    (
        "what they called it",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": "what"},
            {"LOWER": {"IN": ["my", "our", "the", "his", "her"]}, "OP": "?"},
            {"IS_ALPHA": True, "OP": "?"},
            {"LOWER": {"IN": ["thinks", "thought", "says", "said", "called", "calls", "reckons", "reckoned", "figures",
                              "figured", "believes", "believed", "described", "describes"]}},
            {"LOWER": {"IN": ["was", "is", "as"]}, "OP": "?"},
        ],
    ),
    # a discourse marker with a negation in it is no negation: "Not gonna lie, quit the Zocor last Sunday",
    # "I won't lie, I skipped it", "no lie, my sugar was 250"
    (
        "not gonna lie",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["not", "no", "wo", "won't", "n't"]}},
            {"LOWER": {"IN": ["gon", "going", "gonna"]}, "OP": "?"},
            {"LOWER": {"IN": ["na", "to"]}, "OP": "?"},
            {"LOWER": {"IN": ["lie", "lying", "kidding", "joke", "joking"]}},
        ],
    ),
    # a relative's place is where it happened, not whose it was: "at my daughter's place - 164 over 88", "at my
    # son's wedding I had a glass of wine" (the longer pseudo-modifier wins over the family word)
    (
        "a relative's place",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["at", "to", "from", "in", "by", "near", "round", "over"]}},
            {"LOWER": {"IN": ["my", "our"]}},
            {"LOWER": {"IN": ["mom", "mum", "mother", "dad", "father", "parents", "son", "daughter", "sister",
                              "brother", "aunt", "uncle", "niece", "nephew", "cousin", "grandma", "grandpa",
                              "granddaughter", "grandson", "kids", "in-laws", "friend", "neighbor", "neighbour",
                              "wife", "husband", "partner", "sister-in-law", "brother-in-law"]}},
            {"LOWER": {"IN": ["'s", "’s"]}},
            {"LOWER": {"IN": ["place", "house", "home", "flat", "apartment", "farm", "cabin", "wedding", "party",
                              "birthday", "funeral", "graduation", "shower", "barbecue", "bbq", "christening"]}},
        ],
    ),
    # something given at no charge is no absence: "as part of some free screening", "a free blood pressure check at
    # the chemist" (the longer pseudo-modifier wins over a negation's "free")
    (
        "free of charge",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": "free"},
            {"LOWER": {"IN": ["screening", "screenings", "check", "checks", "check-up", "checkup", "test", "tests",
                              "testing", "clinic", "health", "bp", "blood", "flu", "sample", "samples", "event",
                              "service", "consultation", "appointment", "scan", "jab", "jabs", "shot", "shots",
                              "vaccine", "vaccines", "kit", "finger", "pressure", "cholesterol", "diabetes", "a1c"]}},
        ],
    ),
    # a food kept out is no denial of the allergy that keeps it out: "she is allergic to peanuts, we keep everything
    # peanut free", "a nut-free school", "gluten free bread" (the longer pseudo-modifier wins over "free")
    (
        "allergen free",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["peanut", "peanuts", "nut", "nuts", "gluten", "dairy", "egg", "eggs", "milk", "shellfish",
                              "latex", "wheat", "soy", "sesame", "fish", "lactose", "allergen", "allergy"]}},
            {"ORTH": "-", "OP": "?"},
            {"LOWER": "free"},
        ],
    ),
    # keeping away from an allergen is no denial of the allergy: "still cant go near prawns or crab, face puffs
    # right up every time" (the longer pseudo-modifier wins over the negation)
    (
        "cannot go near",
        "PSEUDO",
        "PSEUDO",
        [
            {"LOWER": {"IN": ["ca", "can", "cannot", "cant"]}},
            {"LOWER": {"IN": ["n't", "not", "nt"]}, "OP": "?"},
            {"LOWER": {"IN": ["go", "be", "get", "come"]}},
            {"LOWER": {"IN": ["near", "around", "anywhere"]}},
        ],
    ),
    (
        "first person",
        "FIRST_PERSON",
        "PSEUDO",
        [{"LOWER": {"IN": ["i", "i'm", "im", "i've", "ive", "me", "myself"]}}],
    ),
)
