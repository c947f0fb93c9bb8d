"""An accidental double dose said in the statement: the fixed cues and the wordings beyond them.

"took it twice", "double-dosed", "swallowed two warfarin", "I'd forgotten I already had the first one":
read from the quote (a frequency, "twice a day", is not one).
"""

from __future__ import annotations

import re

from app.reconcile.matching import any_phrase

DOUBLE_DOSE_CUES: tuple[str, ...] = (
    "double dose",
    "doubled",
    "double up",
    "doubling",
    "twice the dose",
    "two doses",
    "took another",
    "extra dose",
    "extra pill",
    "two pills instead",
    "2 pills instead",
    "took an extra",
    "an extra one",
    "extra tablet",
    "extra capsule",
    "extra shot",
    "extra injection",
    "extra units",
    "already taken",
    "already took",
    "already had my",
    "a second time",
    "took it again",
    "took them again",
    "one too many",
    "double the usual",
    "and then again",
    "then again at",
    "instead of one",
    "take one more",
    "took one more",
    "took another one",
    "two pills in one",
    "two in one night",
    "two of the",
    "twice the usual",
    "double my usual",
    # a count of a drug swallowed at once ("swallowed two warfarin", "popped two of my pills")
    "swallowed two",
    "popped two",
    # a dose taken again, the first one forgotten ("I'd forgotten I already had the first one")
    "already had the first",
    "already had one",
    "already taken one",
    "already taken the first",
    # a missed dose made up by a double one: "so he took 2 on tuesday to catch up"
    "to catch up",
    "to make up for",
    "to make up for it",
)

DOUBLE_DOSE_PATTERN = re.compile(
    r"\bdouble[- ]?dos(?:e|ed|es|ing)\b"
    r"|\b(?:took|gave myself|injected|used) (?:it|them|(?:my|the)(?: [\w-]+){1,3}?"
    r"(?: (?:pill|pills|tablet|tablets|dose|shot))?) twice\b(?! (?:a|per|each|daily)\b)"
    r"|\btook (?:one|a pill|a tablet|a dose|my dose)\b[^.;!?]{0,40}?\b(?:then|and) (?:took )?(?:another|a second)\b"
    r"|\b(?:a|my) second (?:dose|pill|tablet) by mistake\b"
    # "I had my levothyroxine at 6 and again at 8": a second time the same day
    r"|\b(?:took|had|swallowed|used|injected|did|popped)\b[^.;!?]{0,40}?\band\s+again\s+(?:at|around|about|an hour"
    r"|half an hour|later|after (?:lunch|dinner|supper|breakfast|tea))\b"
    # a count taken at once, not a frequency ("took two a day")
    r"|\btook two\b(?!\s+(?:\w+\s+)?(?:a|per|each|every)\s+(?:day|night|morning|evening|week)\b|\s+(?:\w+\s+)?daily\b)"
    # ... not two tablets taken as the remedy that worked: "Took two of my diphenhydramine and it settled"
    r"(?![^.;!?]*\band\s+(?:it|that|they)\s+(?:\w+\s+)?(?:settled|helped|worked|eased|calmed|did the trick|sorted it"
    r"|took the edge off)\b)"
    # "then once more at 10", "and once more after lunch": a dose again the same day
    # a dose given on top of one another carer had already given: "not knowing her dad had already given her one
    # earlier on, so she got two close together"
    r"|\b(?:had|has|'d)\s+already\s+(?:given|gave)\s+(?:me|her|him)\s+one\b(?=[^.;!?]*\b(?:so|and)\b)"
    r"|\b(?:got|had|took|taken|given|received)\s+(?:two|2)\s+(?:doses\s+|pills\s+|tablets\s+)?close\s+together\b"
    # a dose had double: "we did not know the other one give already, so she got double"
    r"|\b(?:got|had|took|taken|given|received)\s+(?:a\s+)?double(?=\s*(?:[.,;!?]|$|\s+(?:today|this|that|last|dose)\b))"
    # one more given by someone who did not know: "then at lunch his son give him one more because he dont know"
    r"|\b(?:give|gives|gave|given)\s+(?:me|him|her)\s+(?:one\s+more|another(?:\s+one)?)\b(?=[^.;!?]{0,40}\b(?:because"
    r"|not\s+knowing|(?:didn'?t|dont|don'?t|did\s+not|do\s+not)\s+know|by\s+mistake)\b)"
    # a care home's second tablet: "then a 2nd tab given at 10:30 this morning by agency staff"
    r"|\b(?:a\s+|the\s+)?(?:2nd|second)\s+(?:tab|tablet|dose|pill|capsule)\s+(?:was\s+)?(?:given|administered|signed)\b"
    r"|\b(?:then|and)\s+(?:then\s+)?(?:once more|one more time)\s+(?:at|around|about|after|before|later|an hour"
    r"|half an hour|that)\b"
    # "took tonight's metformin by mistake after already taking it at dinner", "having already had one"
    r"|\b(?:after|having|when i'd|when i had)\s+already\s+(?:taking|taken|had|having had|swallowed)"
    r"\s+(?:it|them|one|mine|(?:a|my|the) (?:\w+ )?(?:dose|pill|tablet|shot))\b"
    # "I'd forgotten I already had the first one", "forgot I had already taken it"
    r"|\bforg(?:ot|otten|etting) (?:that )?i(?:'d|'ve| had| have)? already (?:had|took|taken|swallowed)"
    r" (?:it|them|one|the first|(?:a|my|the) (?:\w+ )?(?:dose|pill|tablet|shot))\b"
    # the dose forgotten as already had, in any tense: "because I forget that I take it already", "he dont remember he
    # take it already", "I forget I already take it after breakfast and take again in the night"
    r"|(?<!always )(?<!often )(?<!sometimes )(?<!usually )(?<!keep )(?<!keeps )"
    r"\b(?:forg(?:ot|et|ets|otten|etting)|(?:do|does|did)(?:n'?t|\s+not)\s+remember)\s+(?:that\s+)?(?:i|he|she)\s+"
    r"(?:(?:had|have|has)\s+)?(?=[^.;!?]{0,25}\balready\b)(?:already\s+)?(?:take|takes|took|taken|had|has|have)\s+"
    r"(?:it|them|one|that|already|the\s+first|(?:my|the|his|her|a)\s+(?:[\w-]+\s+)?(?:dose|pills?|tablets?|shot"
    r"|medicine|meds|one))\b"
    # a dose taken while unsure whether it had been taken: "couldn't remember if I'd had my warfarin, so I took one
    # to be safe", "wasn't sure whether I'd taken it and I had another"
    r"|\b(?:couldn'?t|could not|can'?t|cannot|didn'?t|did not|don'?t|do not|wasn'?t|was not|not)\s+"
    r"(?:(?:quite|really|totally|even)\s+)?(?:remember|recall|sure|certain|know)\s+(?:if|whether)\s+"
    r"i(?:'d|'ve|\s+had|\s+have)?\s+(?:already\s+)?(?:had|taken|took|done|did|swallowed|used)\b[^.;!?]{0,160}?"
    r"\b(?:so|and|but)\s+(?:then\s+|just\s+|anyway\s+)?(?:i\s+)?(?:just\s+|went ahead and\s+)?"
    r"(?:took|had|swallowed|popped|did)\s+(?:one|another|it|a second|one more|an extra|a dose)\b",
    re.IGNORECASE,
)
"""Wordings of an accidental double dose beyond the fixed cues: "double-dosed", "took it twice" (a
frequency, "took it twice a day", is not one),
"took one at 7 and then another around 9"."""


_DOSE_WORD = (
    r"(?:one|dose|pill|tablet|tab|capsule|cap|puff|shot|injection|spray|patch|gummy|spoonful|teaspoon)s?"
)
_SPEAKER_TOOK = re.compile(
    r"\b(?:i|i'd|i've|i'll)\s+(?:(?:just|then|also|accidentally|mistakenly|went and|actually|had|have|may|might|must"
    r"|could)\s+){0,2}"
    r"(?:took|taken|had|swallowed|popped|used|injected|grabbed|gave myself|given myself|did)\b"
    r"|\b(?:gave|given|handed|brought|slipped|fed)\s+me\b"
    # the subject dropped at the start: "Swallowed a second metoprolol", "Accidentally had another"
    r"|^\s*(?:(?:oops|whoops|so|and|then)\W+)?(?:\w+ly\s+)?(?:took|had|swallowed|popped|used|injected|grabbed)\b",
    re.IGNORECASE,
)
"""The speaker taking a dose, or someone giving the speaker one ("mom gave me"): a dose the speaker had."""
_ADDED_DOSE = re.compile(
    rf"\b(?:another|a second|one more|an extra|an additional|a further)"
    # a lay class name before the dose word: "a second water pill", "another blood pressure tablet"
    rf"(?:(?:\s+(?!(?:day|week|night|time|box|pack|bottle|prescription|refill|script)\b)[a-z-]+){{0,2}}?\s+{_DOSE_WORD}\b"
    r"|\s+of\s+(?:it|them|those)\b|(?=\s*(?:[.,;!?]|$))"
    r"|(?=\s+(?:at|around|about|an hour|half an hour|later|after|before|just|to|by|because|too|as well|without"
    r"|so|and|when|this|that|in|on|not|thinking|forgetting|unaware)\b)|\s+(?P<name>[A-Za-z][\w-]*))"
    r"(?!\s+(?:at|in the|with)\s+(?:night|bedtime|lunch|lunchtime|dinner|supper|tea|evening|afternoon)\b)",
    re.IGNORECASE,
)
"""A dose on top of one already had ("another one at 7:30", "a second one", "one more"): not another day
or refill, and not the usual evening dose of a split regimen ("one in the morning and another at night")."""
_SAME_DAY_COUNT = re.compile(
    r"(?:(?:\bi(?:'ve| have)?\s+(?:\w+ly\s+)?|^\s*(?:(?:oops|whoops)\W+)?(?:\w+ly\s+)?)"
    r"(?:had|taken|took|swallowed|popped|got(?=\s+(?:two|2|three|3)\s+times\b))"
    r"|\b(?:that's|thats|that’s|that is|that was|that makes|which makes|making it|so"
    r"|ended up (?:taking|having|with)))\s+"
    r"(?:(?:actually|really|basically)\s+)?(?:two|2|three|3|both)"
    r"(?:\s+(?:of (?:them|those|it|my \w+)|(?:[\w-]+\s+)?(?:doses|pills"
    r"|tablets|tabs|capsules|puffs|shots|injections|times)))?\s+"
    r"(?:today|tonight|this (?:morning|afternoon|evening)|that (?:day|morning|evening|night)|yesterday"
    r"|in (?:one|a single|the same) (?:day|morning|evening|night|go|sitting)|at once|together"
    # "so thats two doses back to back", "So two tablets same night"
    r"|back to back|one after the other|(?:the )?same (?:day|morning|evening|night)"
    r"|(?:within|in) (?:an|one|half an) hour)\b",
    re.IGNORECASE,
)
"""A count of doses on one day or at one time ("so I had two today", "that's two of them this morning",
"that was two that day"); a frequency ("two a day", "two every morning") names no day."""
_SOMEONE_ELSE = (
    r"\b(?:he|she|they|my (?:wife|husband|partner|son|daughter|mom|mum|dad|sister|brother|friend|kid|kids|child"
    r"|mother|father))\s+(?:\w+\s+){0,2}?"
)
"""Another person as the subject of a dose verb that follows."""
_NOT_ASSERTED = re.compile(
    r"\b(?:if|whether|what if|in case|should i|can i|could i|may i|shall i|supposed to|meant to|would it|is it ok"
    r"|is it safe|do i|would|might(?! have)|i'll|i will|will|going to|gonna|plan to|want to)\b"
    rf"|{_SOMEONE_ELSE}(?:took|had|swallowed|takes)\b",
    re.IGNORECASE,
)
"""A clause that asks, supposes or tells of someone else's dose ("should I take another one?", "my wife
took a second one"): no double dose of the speaker's; a past possibility ("I might have taken it twice") is a
possible double dose, acted on."""
_AGAIN = re.compile(
    r"\b(?:took|had|swallowed|taken|injected|used|popped|did|done)\s+(?:it|them|(?:my|the)\s+(?:[\w-]+\s+){0,2}?"
    r"[\w-]+)\s+again\b(?P<after>[^.;!?]{0,40})",
    re.IGNORECASE,
)
_SAME_DAY_AFTER = re.compile(
    r"\b(?:after (?:lunch|dinner|supper|breakfast|tea)|at \d|later|an hour|half an hour|that (?:morning|evening|night)"
    r"|this (?:morning|afternoon|evening)|tonight|before bed|at bedtime)\b",
    re.IGNORECASE,
)
_MISTAKE = re.compile(
    r"\b(?:forgot|forget|forgets|forgotten|forgetting|(?:don'?t|dont|doesn'?t|didn'?t|did not|do not) remember"
    r"|confused|by mistake|accidentally|mistakenly|without thinking|mixed up|lost track"
    r"|couldn't remember|could not remember|didn't realise|didn't realize|wasn't thinking|on autopilot"
    r"|didn't notice|did not notice|didn't know|did not know|not knowing|without knowing)\b",
    re.IGNORECASE,
)
"""A dose taken again the same day or by mistake ("took my Coumadin again after lunch", "got confused and took it
again"); "took my metformin again after a two-week break" is a restart."""
_ALREADY_DONE = re.compile(
    r"\bi(?:'d|'ve| had| have)?\s+already\s+(?:done|did|given myself|injected|swallowed|popped|used)\s+"
    r"(?:it|them|that|one|mine|(?:my|the)\s+(?:[\w-]+\s+)?(?:dose|doses|shot|injection|jab|pills?|tablets?|insulin|meds))\b",
    re.IGNORECASE,
)
"""A dose given or taken when the speaker had already had it ("... and I'd already done it myself")."""
_OTHER_TAKER = re.compile(
    rf"{_SOMEONE_ELSE}(?:took|had(?!\s+(?:already\s+|just\s+|also\s+)?(?:put|set|laid|left|got|given|poured|placed|lined|sorted|counted"
    r"|filled|prepared|handed|brought|packed)\b)"
    r"|swallowed|takes|doubled|double-dosed)\b"
    r"(?![^.;!?]*\b(?:me|my)\b)",
    re.IGNORECASE,
)
"""Another person taking a dose of their own (not one given to the speaker: "mom gave me another one"; "had" as
an auxiliary, "my wife had already put one out", is no dose of hers)."""
_TWICE = re.compile(
    r"\b(?:took|taken|taking|had|swallowed|popped|used|injected|gave myself|given myself|did|done|got|was given"
    r"|been given)\s+"
    # "took Sunday's twice": the day's dose named by its day
    r"(?:it|them|(?:my|the|his|her)(?:\s+[\w-]+){1,4}?|(?:mon|tues|wednes|thurs|fri|satur|sun)day's(?:\s+[\w-]+){0,2}?)"
    # the drug's name as an appositive: "swallowed the little blood pressure pill, the amlodipine, twice"
    r"(?:,\s+(?:the|my)\s+[\w-]+(?:\s+[\w-]+)?,)?\s+"
    r"(?:twice|two times|2 times)\b"
    r"(?!\s+(?:a|an|per|each|every|daily|weekly|in a row on)\b|\s+(?:day|week)\b)",
    re.IGNORECASE,
)
"""One drug taken twice on an occasion, whatever the intake verb ("swallowed my amlodipine twice this morning",
"had my metoprolol two times today", "he got his warfarin twice last night", "must have taken Sunday's twice"); a
frequency ("twice a day", "two times daily") is none."""
_TWICE_TOLD_PRESENT = re.compile(
    r"\b(?:take|takes)\s+(?:it|them|(?:my|the|his|her)(?:\s+[\w-]+){1,3}?)\s+(?:twice|two times|2 times)\b"
    r"(?!\s+(?:a|an|per|each|every|daily|weekly|in a row on)\b|\s+(?:day|week)\b)",
    re.IGNORECASE,
)
"""A dose told in the present tense, as many learners of English tell the past ("Yesterday he take the warfarin two
times"): a double dose only beside a mistake ("because he dont remember he take it already"), since "I take it two
times" may be a schedule."""
_COUNT_TAKEN = re.compile(
    r"\b(?:took|taken|had|swallowed|popped|gave me|given)\s+(?:2\s*x|x\s*2|two|2|both)\b"
    r"(?!\s+(?:a|an|per|each|every)\s+(?:day|week|morning|night)\b|\s+(?:daily|weekly)\b)",
    re.IGNORECASE,
)
"""A count of the drug taken at once ("J took 2x HCTZ 25 ... didn't notice", "took two of my HCTZ by mistake"): a
double dose beside a mistake, since "took two advil" may be the dose."""
_COUNT_IN_ONE = re.compile(
    r"^\W*(?:two|2|three|3)\s+(?:(?:doses|pills|tablets|tabs|of (?:them|those|it))\s+)?in\s+(?:one|a single|the same)"
    r"\s+(?:day|morning|afternoon|evening|night|go)\b",
    re.IGNORECASE,
)
"""A count of doses on one occasion told alone: "Two in one evening, she is only two"."""
_ADDED_BY_MISTAKE = re.compile(rf"\b(?:another|a second|one more|an extra)\s+{_DOSE_WORD}\b", re.IGNORECASE)
"""A dose on top of one, told beside a mistake (any time of day: the mistake rules out a split regimen)."""
_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:so|and|but|then|because)\b", re.IGNORECASE)


def said_double_dose(quote: str | None, drug: str | None = None) -> bool:
    """Whether the quote says an accidental double dose (``drug``: the statement's ingredient, which may
    follow "a second" as a name: "a second metoprolol")."""
    if not quote:
        return False
    return any(_sentence_says_second_dose(s, drug) for s in _SENTENCE.split(quote) if s.strip())


_SENTENCE = re.compile(r"(?<=[.!])\s+")


def _sentence_says_second_dose(sentence: str, drug: str | None) -> bool:
    """A dose added to one the speaker had, or a count of doses on one day, in an asserted clause (a
    question, a supposition or another person's dose is none)."""
    if sentence.rstrip().endswith("?"):
        # a question asks in its last clause; what the clauses before it tell is said ("so thats two in one day and
        # then todays on top??"): "should I take another one?" asks only
        breaks = [b.start() for b in _CLAUSE_BREAK.finditer(sentence)]
        if not breaks or _NOT_ASSERTED.search(sentence[: breaks[-1]]):
            return False  # "if I took two by mistake, what happens?" supposes
        sentence = sentence[: breaks[-1]]
    if (other := _OTHER_TAKER.search(sentence)) is not None:
        speaker = _SPEAKER_TOOK.search(sentence, other.end())
        if speaker is None:
            return False  # someone else's dose ("My wife took another one of hers")
        sentence = sentence[speaker.start() :]  # "my wife had set one out and I took another": the speaker's part
    if any_phrase(sentence, DOUBLE_DOSE_CUES) is not None or DOUBLE_DOSE_PATTERN.search(sentence) is not None:
        return True
    for m in _TWICE.finditer(sentence):
        if not _NOT_ASSERTED.search(_clause_before(sentence, m.start())):
            return True
    if _MISTAKE.search(sentence):
        for m in _TWICE_TOLD_PRESENT.finditer(sentence):
            if not _NOT_ASSERTED.search(_clause_before(sentence, m.start())):
                return True
    if _ALREADY_DONE.search(sentence) and not _NOT_ASSERTED.search(_clause_before(sentence, len(sentence))):
        return True
    for m in _AGAIN.finditer(sentence):
        same_day_or_by_mistake = _SAME_DAY_AFTER.search(m.group("after")) or _MISTAKE.search(sentence)
        if same_day_or_by_mistake and not _NOT_ASSERTED.search(_clause_before(sentence, m.start())):
            return True
    for m in _SAME_DAY_COUNT.finditer(sentence):
        if not _NOT_ASSERTED.search(_clause_before(sentence, m.start())):
            return True
    if _COUNT_IN_ONE.match(sentence):
        return True
    # "my mummy didn't know and gave me another one at bedtime": by mistake, no evening dose of a split regimen
    added = _ADDED_BY_MISTAKE.search(sentence) if _MISTAKE.search(sentence) else None
    if added and _SPEAKER_TOOK.search(sentence, 0, added.end()) and not _NOT_ASSERTED.search(sentence[: added.start()]):
        return True
    if _MISTAKE.search(sentence):
        for m in _COUNT_TAKEN.finditer(sentence):
            if not _NOT_ASSERTED.search(_clause_before(sentence, m.start())):
                return True
    for m in _ADDED_DOSE.finditer(sentence):
        name = m.group("name")
        if name and not (name[0].isupper() or (drug and name.lower() in drug.lower().split())):
            continue  # "another day", "a second coffee": no drug; "a second Coumadin", "a second metoprolol" are
        took = [t for t in _SPEAKER_TOOK.finditer(sentence, 0, m.start())]
        if not took:
            continue
        clause = _clause_before(sentence, took[-1].start()) + sentence[took[-1].start() : m.start()]
        if not _NOT_ASSERTED.search(clause):
            return True
    return False


def _clause_before(sentence: str, pos: int) -> str:
    """The clause leading up to ``pos`` (from the last comma, 'so', 'and' ... before it)."""
    breaks = [b.end() for b in _CLAUSE_BREAK.finditer(sentence, 0, pos)]
    return sentence[breaks[-1] if breaks else 0 : pos]
