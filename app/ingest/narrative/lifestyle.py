"""Everyday records: sleep, meals, mood and stress, lifestyle baselines (exercise: :mod:`.exercise`,
goals: :mod:`.goals`).

Each finder is a small set of patterns over first-person statements; every value it keeps is a
number or a phrase written in the text (durations in hours become minutes). Time expressions are
not read here: the temporal resolver owns them ("slept from 1 to 6" keeps ``start``/``end`` empty
and the resolver sets the window).
"""

from __future__ import annotations

import re

from app.ingest.narrative.meal_food import find_cooked_meals
from app.ingest.narrative.meal_food import food_phrase as _food
from app.ingest.narrative.models import Proposal
from app.ingest.narrative.quantities import COUNT, NUMBER, parse_number
from app.ingest.temporal.lexicon import CLOCK_MILITARY, CLOCK_PAST_TO, HOUR_WORD

_I = r"\b(?:i|we)\b"
SPEAKER_SUBJECT = {"speaker_subject": True}
"""Marks a proposal whose pattern fixed the speaker as the subject ("I ran with my dad"): a person it
mentions is company, not the experiencer (:func:`app.ingest.narrative.admission.applicable`)."""
_CLOCK = (
    # a shift worker's "0800", a British "half past ten": the resolver's own clock forms (:mod:`app.ingest.temporal`)
    rf"(?:{CLOCK_MILITARY}|{CLOCK_PAST_TO}|(?:\d{{1,2}}|{HOUR_WORD})(?::\d\d)?\s?(?:am|pm|a\.m\.|p\.m\.)?)"
)
_SLEEP_WINDOW = re.compile(
    r"\bslept\s+(?:(?:like\s+a\s+\w+|really\s+\w+|pretty\s+\w+|well|badly|ok|okay|great|fine)\s+)?(?:from\s+)?"
    rf"(?:about\s+|around\s+)?{_CLOCK}\s+"
    rf"(?:to|until|till|til|-)\s+{_CLOCK}(?!\s*(?:hours?|hrs?|h)\b)"
    # "went to bed at 12 and woke up at 7:30" (the resolver's bed-and-wake window)
    r"|\b(?:went\s+to\s+(?:bed|sleep)|fell\s+asleep|got\s+to\s+sleep)\s+(?:(?:at|around|about)\s+)*\d{1,2}(?::\d\d)?"
    r"\s?(?:am|pm)?[^.;\n]{0,40}?\b(?:woke(?:\s+up)?|got\s+up)\s+(?:(?:at|around|about)\s+)*\d{1,2}(?::\d\d)?\s?(?:am|pm)?",
    re.IGNORECASE,
)
_SLEEP_HOURS = re.compile(
    rf"\b(?:slept|sleep|got|had|get)\s+(?:for\s+)?(?:only\s+|just\s+|about\s+|around\s+)?(?P<n>{COUNT})"
    rf"\s+(?P<u>hours?|hrs?|minutes|mins)(?:\s+of\s+sleep)?\b"
    rf"|\b(?P<n2>{COUNT})\s+(?P<u2>hours?|hrs?)\s+of\s+sleep\b",
    re.IGNORECASE,
)
_SLEEP_QUALITY = re.compile(
    r"\b(?P<q>(?:didn't|did not|couldn't|could not|can't)\s+sleep(?:\s+(?:well|much|at all))?"
    r"|slept\s+(?:really\s+|very\s+|so\s+)?(?:well|badly|poorly|terribly|great|fine|good|bad|horribly|"
    r"like a baby)"
    r"|(?:bad|poor|good|great|terrible|restless|rough|awful)\s+night(?:'s)?\s+sleep"
    r"|(?:had|got|have had)\s+(?:a\s+)?(?:bad|poor|terrible|restless|rough|awful)\s+night)\b",
    re.IGNORECASE,
)
_MEAL_FOR = re.compile(
    rf"(?:{_I}\s+(?:just\s+)?(?P<verb>ate|had|eat|drank|drink|made|cooked|fixed|grabbed|ordered|got)"
    r"|(?:^|(?<=[.!?]\s))(?:just\s+)?(?P<verb0>ate|had|made|cooked|fixed|grabbed|ordered|celebrated with"
    r"|treated myself to|enjoyed|tucked into))"
    r"\s+(?P<food>[^.,;!?\n]{2,60}?)\s+for\s+"
    r"(?P<k>breakfast|lunch|dinner|supper|brunch|a snack|snack|dessert)\b",
    re.IGNORECASE,
)
_MEAL_MADE_FOR_ME = re.compile(
    r"\b(?:(?:my\s+)?(?:mom|mum|mother|dad|father|wife|husband|partner|grandma|gran|nana|daughter|son|sister"
    r"|brother|roommate|girlfriend|boyfriend))\s+(?:just\s+)?(?:made|cooked|fixed|baked|whipped up|brought)"
    r"(?:\s+(?:me|us))?\s+(?P<food>[^.,;!?\n]{2,60}?)\s+for\s+(?:(?:me|us)\s+for\s+)?"
    r"(?P<k>breakfast|lunch|dinner|supper|brunch)\b"
    # the speaker ate it: said of the taste right after ("..., it was sooo good", "and it was delicious")
    r"(?=[^.;!?]{0,30}?\b(?:it|that|they)\s+(?:was|were|tasted)\s+(?:(?:so+|really|super|just|pretty)\s+)?"
    r"(?:good|delicious|tasty|yummy|amazing|great|lovely|nice|perfect)\b)",
    re.IGNORECASE,
)
"""A meal a relative made for the speaker, eaten by the speaker (its taste said after it): "mom made grilled cheese
for lunch today, it was sooo good"; a dish cooked for others with no word of eating it is no meal of the speaker's."""
_MEAL_PORTION = re.compile(
    rf"(?:{_I}\s+(?:just\s+)?|(?:^|(?<=[.!?]\s)))(?:had|ate|drank|finished|wolfed down|polished off|made|cooked"
    r"|baked|fixed)\s+"
    r"(?:a|an|two|three|some|my)\s+(?:(?:huge|big|small|little|quick|light|large|giant|massive|whole|nice|hot)\s+)?"
    r"(?P<vessel>bowl|plate|slice|piece|cup|mug|glass|serving|portion|helping|pot|sandwich|plateful|bowlful)s?\s+of\s+"
    r"(?P<food>[a-z][a-z' -]{1,40}?)(?=\s*(?:[.,;!?\n]|$|\s(?:and|this|today|yesterday|last|for|at|with|before|after"
    r"|because|but|while)\b))",
    re.IGNORECASE,
)
"""A portion names food without "for breakfast": "Had a huge bowl of oatmeal this morning", "Made a big pot of
chili"."""
_MEAL_OUTING = re.compile(
    r"\b(?:we|i|my (?:family|wife|husband|partner) and i)\s+(?:just\s+)?"
    r"(?:had|went (?:for|on|to)|did|threw|hosted)\s+"
    r"(?:a|an|our|the)\s+(?:(?:big|little|nice|lovely|family|quick|huge)\s+)?"
    r"(?P<food>picnic|barbecue|bbq|cookout|potluck|fish fry|clambake|brunch|dinner party|fondue night)\b",
    re.IGNORECASE,
)
"""A meal said by its occasion, the speaker among those eating: "we had a picnic by the lake"."""
_FOOD_THEN_PORTION = re.compile(
    r"\b(?P<food>pizza|cake|pie|lasagna|lasagne|bread|garlic bread|cheesecake|brownies|cookies|donuts|doughnuts|wings)"
    r"\b[^.;!?]{0,60}?\bi\s+(?:had|ate|scarfed|inhaled|demolished)\s+(?:like\s+|about\s+|maybe\s+|only\s+)?"
    r"(?:a|one|two|three|four|five|six|\d+)\s+(?:slices?|pieces?|bowls?|plates?|helpings?)\b",
    re.IGNORECASE,
)
"""A food named and then the speaker's portion of it: "team got pizza after the game tonight, I had like four
slices"."""
_DRINK_VESSELS = frozenset({"cup", "mug", "glass"})
_MEAL_WAS = re.compile(
    r"(?:^|(?<=[.!?]\s)|\bmy\s+)(?P<k>breakfast|lunch|dinner|supper|brunch)\s+(?:today\s+|this morning\s+|tonight\s+)?"
    r"(?:was|were|is)\s+(?:just\s+)?(?P<food>[a-z][^.;!?\n]{1,60}?)(?=\s*(?:[.;!?\n]|$|,\s|\s(?:because|but|so)\b))",
    re.IGNORECASE,
)
"""The meal as the subject: "Breakfast was porridge with a sliced banana and a black coffee"."""
_MEAL_AND = re.compile(
    r"\s*(?:,\s*)?(?:and|then|plus)\s+(?P<food>[^.,;!?\n]{2,60}?)\s+for\s+"
    r"(?P<k>breakfast|lunch|dinner|supper|brunch|a snack|snack|dessert)\b",
    re.IGNORECASE,
)
"""A further meal of the same statement, its verb left out: "I had oatmeal for breakfast and a salad
for lunch"."""
_MEAL_ATE = re.compile(
    rf"{_I}\s+(?:just\s+)?(?P<verb>ate|drank)\s+(?:a\s+|an\s+|some\s+)?(?P<food>[a-z][a-z' -]{{1,40}}?)"
    r"(?=\s*(?:[.,;!?\n]|$|\s(?:and|this|today|yesterday|last|for|at|with|because|but)\b))",
    re.IGNORECASE,
)
_DISHES = (
    r"pizza|burgers?|cheeseburgers?|hot dogs?|tacos?|burritos?|sushi|pasta|spaghetti|lasagna|noodles|ramen|pho|curry"
    r"|kebabs?|fries|chips|wings|chicken wings|fried chicken|nuggets|fish and chips|steak|ribs|barbecue|bbq|takeout"
    r"|takeaway|chinese|thai|indian|mexican|donuts?|doughnuts?|ice cream|cake|cupcakes?|pancakes|waffles|bagels?"
    r"|sandwich(?:es)?|subs?|salad|soup|dumplings|milkshakes?|smoothies?"
)
_MEAL_GOT = re.compile(
    rf"(?:{_I}\s+(?:just\s+|all\s+)?|(?:^|(?<=[.!?]\s))(?:just\s+|then\s+|also\s+)?)"
    r"(?:got|grabbed|had|ordered|picked up|shared|split|went (?:out )?for|stopped for)\s+"
    r"(?:a\s+|an\s+|some\s+|the\s+|two\s+|a couple of\s+|a few\s+)?(?:(?:big|huge|large|little|quick|cheap|late"
    r"|giant|whole|massive|greasy)\s+)?"
    rf"(?:[a-z]+\s+)?(?P<food>{_DISHES})\b(?!\s+(?:poisoning|allergy|intolerance)\b)",
    re.IGNORECASE,
)
"""A dish the speaker got or had, said without "for dinner" ("Got pizza with the guys after practice", "we grabbed
tacos on the way home", "I had a big bowl of ramen"): a meal, the dish as said."""
_MOOD_WORDS = {
    "stress": "stressed|stressed out|overwhelmed|tense|under (?:a lot of )?pressure|anxious|nervous|worried",
    "energy": "tired|exhausted|drained|energetic|energized|sluggish|wiped out|burned out|burnt out|fatigued",
    "mood": "happy|sad|depressed|down|low|upset|frustrated|lonely|irritable|angry|cheerful|content|"
    "in a good mood|in a bad mood|grumpy|miserable|excited|hopeful|motivated",
}
MOOD_KIND_OF: list[tuple[str, re.Pattern[str]]] = [
    (kind, re.compile(rf"\b(?:{words})\b", re.IGNORECASE)) for kind, words in _MOOD_WORDS.items()
]
_MOOD_ADVERB = r"(?:(?:just|usually|always|still|often|also|now|mostly|generally|constantly)\s+)?"  # "really": level
_MOOD = re.compile(
    r"\b(?:i'm|im|i am|i feel|i felt|i was|(?:i've|ive|i have|i)\s+" + _MOOD_ADVERB + r"been)\s+"
    + _MOOD_ADVERB
    + r"(?:feeling\s+)?"
    r"(?P<level>(?:(?:very|really|so|super|a bit|a little|kind of|kinda|pretty|extremely|quite|too|more|"
    r"less)\s+)?"
    r"(?:" + "|".join(_MOOD_WORDS.values()) + r"))\b"
    r"(?!\s+(?:of|for|to|that|with|when|if|you|u|on|in|at|and thankful for)\b)",  # "happy for you", "down to join"
    re.IGNORECASE,
)
_FEEL = re.compile(  # how one feels, said with a general word: only after "feel", never "I'm good" (small talk)
    r"\b(?:i|i've been|i have been|i've|i'm|i am|i was)\s+" + _MOOD_ADVERB + r"(?:feel|felt|feeling)\s+"
    r"(?P<level>(?:(?:very|really|so|super|pretty|quite|much|a (?:lot|little|bit))\s+)?"
    r"(?:good|great|fine|better|worse|awful|terrible|bad|horrible|lousy|amazing|wonderful))\b"
    r"(?!\s+(?:about|for|that|to|with|when|if|you|u|of|at|on|in|because)\b)",
    re.IGNORECASE,
)
_INTENSIFIER = r"(?:(?:really|very|so|super|pretty|quite|extremely|a bit|a little|kind of|kinda|too)\s+)?"
_MY_STATE = re.compile(  # the state as the subject: "my energy has been really low", "I've been in a great mood"
    r"\bmy\s+(?P<kind>energy|mood|stress)(?:\s+levels?)?\s+(?:has been|have been|is|was|'s been|feels|felt)\s+"
    + _INTENSIFIER
    + r"(?P<level>low|high|good|great|bad|terrible|poor|ok|okay|better|worse|up|down|through the roof)\b"
    r"|\b(?:i'm|i am|i've been|i have been|i was|i've|i)\s+(?:been\s+)?in\s+(?:a|such a)\s+"
    r"(?P<mood>(?:really |very |pretty )?(?:good|great|bad|terrible|better|foul|happy|positive|low|grumpy|"
    r"awful|fantastic))\s+mood\b",
    re.IGNORECASE,
)
_STRESSFUL = re.compile(  # a stressful circumstance of the speaker's: "work has been super stressful this week"
    r"\b(?:work|life|things|school|my job|the job|home|everything|my week|this week|my day)\s+"
    r"(?:has been|have been|is|was|are|were|'s been|feels)\s+"
    + _INTENSIFIER
    + r"(?P<level>stressful|hectic|overwhelming)\b",
    re.IGNORECASE,
)
_STRESS_LEVEL = re.compile(
    rf"\b(?P<kind>stress|mood|energy)(?:\s+level)?\s+(?:is|was|of|at|about)\s+(?P<level>{NUMBER}(?:\s?/\s?10|"
    rf"\s+out of\s+10)?)",
    re.IGNORECASE,
)
_SMOKING = re.compile(
    r"\b(?P<former>i quit smoking|i stopped smoking|i gave up smoking|i used to smoke|i'm an ex-smoker|"
    r"i am an ex-smoker"
    # "I havent touched a cigarette since I gave up years ago", "havent smoked since high school"
    r"|i\s+(?:haven't|havent|have not|'ve not)\s+(?:touched|had|smoked)\s+(?:a|one|a single)\s+"
    r"(?:cigarette|cig|ciggie|smoke)\s+since"
    r"|(?:i\s+)?(?:haven't|havent|have not)\s+smoked\s+since"
    # "i dont smoke anymore, quit junior year": no longer is former, not never
    r"|i\s+(?:don't|do not|no longer)\s+smoke(?:\s+(?:anymore|any\s+more|any\s+longer)|(?<=no longer smoke))"
    r"|former smoker)\b"
    r"|\b(?P<never>i don't smoke|i do not smoke|i never smoked|i've never smoked|i have never smoked|"
    r"i'm a non-?smoker"
    r"|i am a non-?smoker)\b"
    r"|\b(?P<current>i smoke|i'm a smoker|i am a smoker|i still smoke)\b",
    re.IGNORECASE,
)
_ALCOHOL = re.compile(
    r"\b(?P<former>i quit drinking|i stopped drinking|i gave up (?:drinking|alcohol)|i'm sober|i am sober"
    r"|i\s+(?:don't|do not)\s+drink(?:\s+alcohol)?\s+(?:anymore|any\s+more|any\s+longer)|i\s+no\s+longer\s+drink)\b"
    r"|\b(?P<never>i don't drink(?: alcohol)?|i do not drink(?: alcohol)?|i never drink)\b(?!\s+(?:water|"
    r"enough|milk|coffee|soda))"
    r"|\b(?P<current>i (?:usually |still |often |also )?(?:drink|have) (?:about |around |maybe |at least )?"
    r"(?:(?:a|one|two|three|four|five|six|a few|several|a couple of|\d+)\s+)?"
    r"(?:(?:glass(?:es)?|bottles?|cans?|pints?|shots?|drinks?|units?)\s+of\s+)?"
    r"(?:alcohol|beers?|wine|liquor|whiske?y|vodka|gin|rum|tequila|spirits|cocktails)"
    r"|i drink (?:socially|every (?:day|night)|on (?:the )?weekends|a lot))\b",
    re.IGNORECASE,
)
_DIET = re.compile(
    r"\b(?:i'm|i am)\s+(?:a\s+)?(?P<diet>vegetarian|vegan|pescatarian)\b"
    r"|\b(?:i'm|i am)\s+on\s+(?:a\s+)?(?P<diet2>(?:keto|low[- ]carb|low[- ]salt|low[- ]sodium|low[- ]fat|"
    r"gluten[- ]free|diabetic|mediterranean|paleo|dash)\s+diet)\b",
    re.IGNORECASE,
)

_ACTIVE = re.compile(  # physical activity as a habit: "I'm not very active"
    r"\bi(?:'m| am)\s+(?P<level>(?:not\s+)?(?:(?:very|really|pretty|quite|fairly|physically|that)\s+)*active)\b"
    r"(?!\s+(?:on|in|at|with|member|duty|online|again)\b)",
    re.IGNORECASE,
)


def find_sleep(text: str) -> list[Proposal]:
    out = []
    for m in _SLEEP_WINDOW.finditer(text):
        out.append(Proposal("sleep", {}, (m.start(), m.end()), policy="plain"))
    covered = [(m.start(), m.end()) for m in _SLEEP_WINDOW.finditer(text)]
    for m in _SLEEP_HOURS.finditer(text):
        if any(s <= m.start() < e for s, e in covered):
            continue
        n, unit = (m.group("n"), m.group("u")) if m.group("n") else (m.group("n2"), m.group("u2"))
        minutes = parse_number(n) * (60 if unit.lower().startswith("h") else 1)
        out.append(Proposal("sleep", {"duration_min": minutes}, (m.start(), m.end()), policy="plain"))
    for m in _SLEEP_QUALITY.finditer(text):
        quality = m.group("q")
        near = next((p for p in out if abs(p.anchor[0] - m.start()) < 60), None)
        if near is not None:
            near.fields["quality"] = quality
            continue
        out.append(
            Proposal("sleep", {"quality": quality}, (m.start(), m.end()), policy="negation_is_content")
        )
    return out


def find_meals(text: str) -> list[Proposal]:
    out = []
    taken: list[tuple[int, int]] = []
    for m in _MEAL_WAS.finditer(text):
        fields = {"food": _food(m.group("food")), "kind": "meal"}
        out.append(Proposal("meal", fields, (m.start(), m.end()), policy="plain"))
        taken.append((m.start(), m.end()))
    for m in _MEAL_PORTION.finditer(text):
        kind = "drink" if m.group("vessel").lower() in _DRINK_VESSELS else "meal"
        fields = {"food": _food(m.group("food")), "kind": kind}
        out.append(Proposal("meal", fields, (m.start(), m.end()), policy="plain", extra=SPEAKER_SUBJECT))
        taken.append((m.start(), m.end()))
    for m in _FOOD_THEN_PORTION.finditer(text):  # "team got pizza after the game, I had like four slices"
        if any(s <= m.start() < e for s, e in taken):
            continue
        fields = {"food": m.group("food").lower(), "kind": "meal"}
        out.append(Proposal("meal", fields, (m.start(), m.end()), policy="plain", extra=SPEAKER_SUBJECT))
        taken.append((m.start(), m.end()))
    for m in _MEAL_OUTING.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        fields = {"food": m.group("food").lower(), "kind": "meal"}
        out.append(Proposal("meal", fields, (m.start(), m.end()), policy="plain"))
        taken.append((m.start(), m.end()))
    for m in _MEAL_MADE_FOR_ME.finditer(text):
        fields = {"food": _food(m.group("food")), "kind": "meal"}
        out.append(Proposal("meal", fields, (m.start("food"), m.end()), policy="plain", extra=SPEAKER_SUBJECT))
        taken.append((m.start(), m.end()))
    for m in _MEAL_FOR.finditer(text):
        kind = "snack" if "snack" in m.group("k").lower() else "meal"
        if (m.group("verb") or m.group("verb0")).lower() in ("drank", "drink"):
            kind = "drink"
        out.append(
            Proposal(
                "meal",
                {"food": _food(m.group("food")), "kind": kind},
                (m.start(), m.end()),
                policy="plain",
                extra=SPEAKER_SUBJECT,
            )
        )
        taken.append((m.start(), m.end()))
        pos = m.end()
        while (more := _MEAL_AND.match(text, pos)) is not None:  # "... and a salad for lunch"
            snack = "snack" in more.group("k").lower()
            fields = {"food": _food(more.group("food")), "kind": "snack" if snack else kind}
            anchor = (more.start("food"), more.end())
            out.append(Proposal("meal", fields, anchor, policy="plain", extra=SPEAKER_SUBJECT))
            taken.append((more.start(), more.end()))
            pos = more.end()
    for m in _MEAL_GOT.finditer(text):
        if any(s <= m.start() < e or s <= m.start("food") < e for s, e in taken):
            continue
        kind = "drink" if m.group("food").lower().startswith(("milkshake", "smoothie")) else "meal"
        fields = {"food": m.group("food").lower(), "kind": kind}
        out.append(Proposal("meal", fields, (m.start(), m.end()), policy="plain", extra=SPEAKER_SUBJECT))
        taken.append((m.start(), m.end()))
    for m in _MEAL_ATE.finditer(text):
        if any(s <= m.start() < e for s, e in taken):
            continue
        kind = "drink" if m.group("verb").lower() == "drank" else "meal"
        out.append(
            Proposal(
                "meal",
                {"food": _food(m.group("food")), "kind": kind},
                (m.start(), m.end()),
                policy="plain",
                extra=SPEAKER_SUBJECT,
            )
        )
    out += find_cooked_meals(text, taken)
    return out


def find_mood(text: str) -> list[Proposal]:
    out = []
    for m in _MOOD.finditer(text):
        level = m.group("level")
        kind = next(k for k, rx in MOOD_KIND_OF if rx.search(level))
        out.append(
            Proposal(
                "mood_stress", {"kind": kind, "level": level}, (m.start("level"), m.end()), policy="plain"
            )
        )
    for m in _FEEL.finditer(text):
        out.append(
            Proposal("mood_stress", {"kind": "mood", "level": m.group("level")}, (m.start("level"), m.end()),
                     policy="plain")
        )
    for m in _MY_STATE.finditer(text):
        if any(p.anchor[0] < m.end() and m.start() < p.anchor[1] for p in out):
            continue  # "I'm in a good mood" is already read by _MOOD
        kind, level = (m.group("kind").lower(), m.group("level")) if m.group("kind") else ("mood", m.group("mood"))
        out.append(Proposal("mood_stress", {"kind": kind, "level": level}, (m.start(), m.end()), policy="plain"))
    for m in _STRESSFUL.finditer(text):
        out.append(
            Proposal("mood_stress", {"kind": "stress", "level": m.group("level")}, (m.start(), m.end()), policy="plain")
        )
    for m in _STRESS_LEVEL.finditer(text):
        out.append(
            Proposal(
                "mood_stress",
                {"kind": m.group("kind").lower(), "level": m.group("level")},
                (m.start(), m.end()),
                policy="plain",
            )
        )
    return out


def find_lifestyle_baselines(text: str) -> list[Proposal]:
    out = []
    for habit, rx in (("smoking", _SMOKING), ("alcohol", _ALCOHOL)):
        for m in rx.finditer(text):
            status = next(k for k in ("former", "never", "current") if m.group(k))
            out.append(
                Proposal(
                    "lifestyle_baseline",
                    {"habit": habit, "status": status},
                    (m.start(), m.end()),
                    policy="negation_is_content",
                )
            )
    for m in _ACTIVE.finditer(text):
        out.append(
            Proposal(
                "lifestyle_baseline",
                {"habit": "other", "status": m.group("level").lower()},
                (m.start(), m.end()),
                policy="negation_is_content",
            )
        )
    for m in _DIET.finditer(text):
        out.append(
            Proposal(
                "lifestyle_baseline",
                {"habit": "diet", "status": (m.group("diet") or m.group("diet2")).lower()},
                (m.start(), m.end()),
                policy="plain",
            )
        )
    return out
