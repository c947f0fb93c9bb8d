"""The shape of the clause around a drug, beyond the verb before it: what else says the medication action.

"the simvastatin and the amlodipine go down every night" (an intake by routine), "And the amlodipine I've been
cutting in half" (the drug put first, the speaker's action after it), "the doctor bumped my metformin up to
1000 mg" (a dose moved with a particle), "I knocked the verapamil on the head" (stopped), "Dad gave me my
Ritalin at 7" (a dose handed over by a relative: an intake, where a clinician's "gave me" is a prescription).
"""

from __future__ import annotations

import re

from app.ingest.narrative.medication_verbs import verb_kind
from app.ingest.narrative.shelved_drugs import shelved
from app.ingest.narrative.ward_doses import ward_kind

FREQUENCY = re.compile(
    r"\b(?:once|twice|three times|four times|\d+ times)\s+(?:a|per|each)\s+(?:day|week|night)\b"
    r"|\b(?:daily|nightly|weekly|every (?:morning|evening|night|day|other day|\d+ hours)|at (?:night|bedtime)"
    r"|in the (?:morning|evening)|as needed|bid|tid|qid|qd|prn)\b",
    re.IGNORECASE,
)
_LAY_GIVER = re.compile(
    r"\b(?:dad|daddy|mom|mommy|mum|mummy|mother|father|grandma|grandpa|gran|nan|(?:my|our|his|her|a|an) (?:wife|husband"
    r"|partner|son|daughter|sister|brother|friend|girlfriend|boyfriend|carer|caregiver|roommate|flatmate|kid|child"
    r"|neighbou?r|coworker|co-worker|colleague|workmate|mate|pal|buddy|cousin|aunt|uncle))"
    r"\s+(?:(?:already|also|then|just|accidentally)\s+)?(?:gave|handed|brought|slipped|fed|gives|hands)\s+me\s+"
    r"(?:(?:my|the|a|an|one|two|three|another|her|his|some|a few|a couple)\s+(?:of\s+(?:her|his|their|my|the)\s+)?)?"
    r"(?:(?:morning|evening|night|nighttime|bedtime|usual|daily|weekly)\s+)?$",
    re.IGNORECASE,
)
"""A relative or friend handing the speaker a dose ("Dad gave me my Ritalin at 7"): an intake, where a
clinician's "gave me" is a prescription."""
_FRONTED_ACTION = re.compile(
    r"^\s*,?\s*(?P<v>i(?:'ve|'d| have| had)?(?:\s+(?:been|just|also|finally|now|since|already))*\s+"
    r"(?:cutting|cut|splitting|split|halving|halved|breaking|snapping|stopped|quit|skipped|missed|dropped)"
    r"(?:\s+(?:it|them))?)(?=\s+(?:in half|in two|into halves|in halves|in quarters)\b|\s*(?:[.,;!?]|$)"
    r"|\s+(?:last|yesterday|this|on|for|since|a|about|weeks|months|days)\b)",
    re.IGNORECASE,
)
"""The drug put first and the speaker's action after it, with no object of its own: "And the amlodipine I've
been cutting in half", "The simvastatin I stopped last month"."""
_FRONTED_ROUTINE = re.compile(
    r"^\s*,?\s*i\s+(?:(?:still|always|now|just|also|only|normally|usually)\s+)?(?:take|have|use|swallow|pop)"
    r"(?:\s+(?:it|them|one|two))?\s+(?:(?:first thing|religiously|faithfully|without fail|ok|okay|fine|no problem)\s+)?"
    r"(?:with\s+\w+\s+)?"
    r"(?=(?:[^.;!?]{0,12}?)(?:once|twice|three times|daily|nightly|weekly|every|each|at (?:night|bedtime)"
    r"|in the (?:morning|evening)|morning and night|with (?:the\s+|my\s+)?(?:breakfast|lunch|dinner|supper|meals|food)"
    # a schedule kept only on a condition, which :func:`.dose_schedules.scheduled_kind` reads: "the pressure pills i
    # take only when i remember"
    r"|only\s+when\b))",
    re.IGNORECASE,
)
"""The drug put first as the object of the speaker's routine: "And the Allegra I take every morning", "my lisinopril
I still have each night"; "the Allegra I used to take" (no present routine) and "the Allegra he takes" are not."""
_MOVED_BEFORE = re.compile(
    r"\b(?:bump(?:ed|ing|s)?|knock(?:ed|ing|s)?|turn(?:ed|ing|s)?|mov(?:ed|ing|es?)|put(?:s|ting)?|dropp(?:ed|ing)"
    r"|push(?:ed|ing)?|br(?:ought|ing|inging))\s+(?:my|the|his|her|our)\s+$",
    re.IGNORECASE,
)
_UP_OR_DOWN = re.compile(
    r"\s+(?:dose\s+|dosage\s+)?(?:back\s+)?(?:up|down)\b(?:\s*(?:[.,;!?]|$)|\s+(?:a\s+(?:notch|bit|little|level|step)\b"
    r"|to\s+(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|forty|fifty|half|a\s+half)\b)"
    r"|(?:again|last|this|yesterday|on|by|from)\b))",
    re.IGNORECASE,
)
"""A dose moved up or down with a particle after the drug ("the doctor bumped my metformin up to 1000 mg", "she
knocked my lisinopril down a notch"); not a place ("took my metformin up to the cabin")."""
_KNOCKED = re.compile(r"\bknock(?:ed|ing)?\s+(?:the\s+|my\s+|that\s+)?$", re.IGNORECASE)
_PARTED = re.compile(
    r"\s+and\s+i\s+(?:have\s+|finally\s+|officially\s+)*(?:parted ways|parted company|broke up|split up|are done"
    r"|are through|are finished|went our separate ways)\b",
    re.IGNORECASE,
)
"""The drug and the speaker parting ("The lisinopril and I parted ways in March"): a stop."""
_GIVEN_ME_BEFORE = re.compile(
    r"\b(?:i|i've|i\s+have)\s+(?:(?:just|also|accidentally)\s+)?(?:got|had|was\s+given|been\s+given)\s+(?:my|the)\s+$",
    re.IGNORECASE,
)
_TWICE_AFTER = re.compile(
    r"^\s*(?:\d+(?:\.\d+)?\s*(?:mg|mcg|g|units?)\s+)?(?:dose\s+|tablet\s+|pill\s+)?(?:twice|two\s+times)\b"
    r"(?!\s+(?:a|an|per|each|every|daily|weekly)\b)",
    re.IGNORECASE,
)
"""A dose had twice on one occasion ("I got my warfarin twice last night", "he got his coumadin 5mg two times");
"twice a day" is a frequency."""
_COUNTED_BEFORE = re.compile(r"\b(?:i\s+)?count(?:ed|ing)\s+(?:up\s+)?(?:my|the)\s+(?:\w+\s+)?$", re.IGNORECASE)
_COUNT_SHORT_AFTER = re.compile(
    r"^[^.!?]{0,80}?\b(?:one|a|two|an\s+extra)\s+(?:tablet|pill|capsule|dose|tab)s?\s+"
    r"(?:(?:is|are|was|were)\s+)?(?:fewer|short|less|missing|too\s+few|gone)\b",
    re.IGNORECASE,
)
"""The speaker's count of the drug coming up short ("counted my levothyroxine and one tablet is missing"): a dose
taken beyond the usual, an intake (the double dose is the reconciler's); one "too many" is a missed dose, none."""
_GIVEN_BEFORE = re.compile(r"\b(?:gave|give|gives|giving|given)\s+(?:my|the|his|her)\s+$", re.IGNORECASE)
_A_MISS = re.compile(r"\s+a\s+miss\b", re.IGNORECASE)
"""British "gave my X a miss": skipped it."""
_ON_THE_HEAD = re.compile(r"\s+on the head\b", re.IGNORECASE)
"""British "knocked the X on the head": stopped X."""
_DRUG_HELD = re.compile(
    r"^\s*(?:is|was|has been|had been|'s|are|were|have been)\s+(?:now\s+|still\s+)?"
    r"(?P<how>on hold|paused|held|stopped|discontinued|off)\b"
    # idioms of a drug dropped: "the Lipitor fell by the wayside", "the statin went out the window"
    r"|^\s*(?:has\s+|have\s+|kind of\s+|sort of\s+)?(?:fell|fallen|went|gone)\s+(?P<idiom>by the wayside|out the window"
    r"|out of the window|off my radar|off the radar)\b",
    re.IGNORECASE,
)
"""The drug as the subject of a hold or a stop ("The Plavix is on hold until after my dental work")."""
_DOSE_OF = re.compile(
    r"(?:^|[:;,]|\b(?:and|then|so|but))\s*(?:the|my)\s+(?:dose|dosage)\s+of\s+(?:my\s+|the\s+)?$", re.IGNORECASE
)
_DOSE_MOVED = re.compile(
    r"^\s*(?P<dose>dose\s+|dosage\s+)?(?:got|was|has been|had been|is being|is|'s|were|have been)?\s*(?:just\s+)?"
    r"(?:upped|increased|raised|lowered|reduced|decreased|cut(?:\s+(?:back|down|in half))?|halved|doubled"
    r"|bumped (?:up|down)|changed|adjusted|(?P<went>went|gone|goes) (?:up|down))\b",
    re.IGNORECASE,
)
"""The drug or its dose as the subject of a change ("my metformin got upped to twice a day", "the lisinopril dose
was cut in half", "my dose of levothyroxine went up to 100 mcg")."""
_LET_BEFORE = re.compile(r"\blet(?:ting)?\s+(?:my|the)\s+$", re.IGNORECASE)
_SLIDE_AFTER = re.compile(r"^\s+(?:slide|slip|lapse|go by the wayside)\b", re.IGNORECASE)
_DRUG_SUBJECT = re.compile(
    r"(?:^|[:;,]|\b(?:and|then|so|but))\s*(?:(?:honestly|tbh|ok|okay|well|ugh|also|btw|anyway|fyi|update|sadly"
    r"|unfortunately)\W+)*(?:the|my)\s+$|^\s*$",
    re.IGNORECASE,
)
"""The drug opening its clause as its subject, with a determiner or bare, a discourse word before it ("Water pill
goes down with my juice", "Honestly the water pill has been getting skipped")."""
_DRUG_SKIPPED = re.compile(
    r"^\s*(?:has|have|'s|is|are|was|were|keeps|kept|keep)?\s*(?:been\s+)?(?:getting\s+|gotten\s+|got\s+|gets\s+)?"
    r"(?:skipped|missed|forgotten|left out)\b(?!\s+(?:the|my|a|an)\b)",
    re.IGNORECASE,
)
"""The drug as the subject of a passive skip ("the water pill has been getting skipped on work days", "my metformin
got missed twice"); not an active verb with its own object ("the Plavix missed the bus" has no sense here anyway)."""
_GOES_DOWN = re.compile(
    r"^\s*(?:(?:and|&)\s+(?:the|my)\s+[\w-]+\s+)?(?:(?:still|always|both|all)\s+)?(?:go|goes|went)\s+down\b"
    r"(?!\s+(?:the wrong way|badly|hard|poorly)\b)",
    re.IGNORECASE,
)
_ROUTINE_AFTER = re.compile(
    r"^\s*(?:(?:fine|easily|easy|no problem)\s*,?\s*)?(?:with|after|before)\s+(?:my\s+|the\s+)?"
    r"(?:breakfast|lunch|dinner|supper|tea|food|meals?|coffee|juice|water)\b",
    re.IGNORECASE,
)
"""The drug as the subject of "go down" with a routine ("the simvastatin and the amlodipine go down every
night", "my metformin goes down with breakfast"): the speaker's intake; "the price of metformin went down"
has no drug subject, "went down the wrong way" is no routine."""


_ROUTINE_SLOT = re.compile(
    r"(?:^|[.!?;,]\s*|\b(?:and|then)\s+)\s*(?:(?:on|every|each)\s+)?"
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+)?(?:mornings?|evenings?|nights?|bedtime|breakfast|dinner"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\s*,?\s*(?:it's|it\s+is|that's|that\s+is)\s+(?:the|my)\s+$",
    re.IGNORECASE,
)
"""A time slot of the week or day that "is" the drug: "Sunday mornings it's the Fosamax", "Evenings, it's my
amlodipine"."""
_VERBLESS_ROUTINE_AFTER = re.compile(
    r"^\s*,?\s*(?:every|each)\s+(?:single\s+)?(?:morning|evening|night|day|bedtime)\b\s*,?\s*"
    r"(?:with|after|before|alongside|washed down with)\s+(?:my|the|a|his|her)?\s*\w+(?![^.;!]*\?)",
    re.IGNORECASE,
)
"""The drug opening a verbless routine ("Digoxin every morning with my coffee", "Metformin each night after
dinner"): the speaker's intake."""
_FROM_TO = re.compile(
    r"^\s*(?:(?:dose|dosage)\s+)?(?:(?:\w+\s+){0,3}?(?:went|got|was|has\s+been|been|changed|moved|bumped|dropped|cut"
    r"|lowered|raised|upped|increased|decreased|reduced|adjusted|switched)(?:\s+(?:up|down|changed|moved|bumped|dropped"
    r"|cut|lowered|raised|upped|increased|decreased|reduced|adjusted))?\s+)?from\s+\d[\d.,]*\s*"
    r"(?:mg|mcg|micrograms?|milligrams?|units?|iu)?\s+(?:down\s+|up\s+)?to\s+\d",
    re.IGNORECASE,
)
"""A dose moved from one strength to another, said after the drug ("atorvastatin went from 40 to 80 this week", "Endo
dropped my levo from 100 to 88 micrograms"): a change of the dose, whatever the verb before (not a stop)."""
_COUNT_OPENING = re.compile(r"^\W*(?:one|two|1|2|half\s+an?|just\s+the\s+one)\s+$", re.IGNORECASE)
_DOSE_TIME_AFTER = re.compile(
    r"^\s*,?\s*(?:(?:every|each)\s+(?:single\s+)?(?:morning|evening|night|day|bedtime)|a\s+day|daily|nightly"
    r"|at\s+(?:night|bedtime|breakfast|dinner)|(?:this|last)\s+(?:morning|night|evening)|with\s+(?:breakfast|dinner"
    r"|lunch|my\s+\w+))\b(?![^.;!]*\?)",
    re.IGNORECASE,
)
"""A count of the drug opening a verbless note of its dose ("One Claritin every morning, same as always", "Two
Tylenol last night"): the speaker's intake."""
_SLOT_ROUTINE_AFTER = re.compile(
    r"^\s*(?:,\s*)?(?:with|then|and then|first thing|before|after)\b", re.IGNORECASE
)
"""The routine going on after the drug ("... with a big glass of water", "... then breakfast")."""
_SUBJECT_OPENING = re.compile(
    r"(?:^|[:;,]|\b(?:and|then|so|but|when|once|after|since|because|as|now that|till|until))\s*(?:the|my)\s+$"
    r"|^\s*$",
    re.IGNORECASE,
)
"""The drug opening its clause, as its subject ("when the Plavix ran out", "Plavix down at 7")."""
_NO_OPENING = re.compile(r"(?:^|[.!?;]\s*)\W*no\s+(?:(?:my|the)\s+)?$", re.IGNORECASE)
_DAYS_AFTER = re.compile(
    r"^\s*(?:(?:for|on|since|all|this|last)\s+)?(?:today|yesterday|tonight|weekend|week|days?|nights?"
    r"|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?)\b",
    re.IGNORECASE,
)
"""A texter's skip, "no" and the drug opening the sentence, a day after it: "no hctz fri thru sun", "No metformin
today"."""
_CHARTED_AFTER = re.compile(
    r"^\s*(?:\d+(?:\.\d+)?\s*(?:mg|mcg|g|units?|ml)\s+)?(?:(?:od|bd|tds|qds|nocte|mane|prn|daily|at night)\s+)?"
    r"(?:was\s+|has\s+been\s+|been\s+)?(?:(?P<given>signed\s+(?:as\s+)?given|given|administered)"
    r"|(?P<omitted>omitted|withheld|not\s+given))\b",
    re.IGNORECASE,
)
"""A care home's chart entry, the drug first with its strength and round ("Hydrochlorothiazide 25mg OD signed as given
0800", "Simvastatin 10mg nocte omitted x4 nights"): a dose given, or one left out."""
_RAN_OUT = re.compile(
    r"^\s*(?:(?:prescription|script|pills?|tablets?|supply|bottle|pack|box|refills?|pen|inhaler)\s+)?"
    r"(?:has\s+|had\s+|have\s+|'s\s+)?(?:just\s+|finally\s+|already\s+)?(?:ran|run|running|runs)\s+(?:out|dry|low)\b"
    r"(?!\s+of\b)"
    r"|^\s*(?:(?:prescription|script|pills?|tablets?|supply|bottle|pack|box|refills?|pen|inhaler)\s+)?"
    r"(?:is|was|are|were|'s|has been|have been)\s+(?:all\s+)?(?:gone|used up|finished|empty|out)\b"
    r"(?!\s+(?:of|to|for|in|on|with)\b)"
    r"|^\s*(?:got|were|was)\s+used\s+up\b"
    # a container said empty without a verb: "verapamil bottle empty since the weekend", "metformin box empty"
    r"|^\s*(?:bottle|pack|packet|box|blister\s+pack|strip|tub|pot|inhaler|pen)\s+(?:all\s+)?(?:empty|finished|gone)\b"
    r"(?!\s+(?:of|to|in|with)\b)",
    re.IGNORECASE,
)
"""The drug as the subject of running out ("when the Plavix ran out on Sunday", "my metformin is all gone"): the
doses go untaken, a skip (a stop when it goes on: "... and I never got it refilled")."""
_SWALLOWED_AFTER = re.compile(
    # another drug joined before the verb: "Amlodipine and the water pill both went down first thing"
    r"^(?:\s*(?:,|and|&|\+)\s+(?:(?:the|my)\s+)?[\w' -]{2,25}?\s+(?:both\s+|all\s+)?"
    r"(?=(?:were|are|went|got|taken|swallowed|down)\b))?"
    r"\s*(?:(?:is|'s|was|were|are|got|went)\s+)?(?:already\s+|just\s+)?(?:down(?:\s+the\s+hatch)?|swallowed|taken"
    r"|done for (?:today|the day|tonight|the morning|the night))\b"
    r"(?=\s*(?:[.,;!?]|$)|\s+(?:at|this|with|after|before|already|early|first|on time|around|about|as|like|today"
    r"|tonight)\b|\s+w/)",
    re.IGNORECASE,
)
"""The drug said swallowed in a verbless clause ("Plavix down at 7 this morning", "Metformin taken with
breakfast", "the warfarin's down"): the speaker's intake; "my dose is down to 5" or "taken off" is not."""


_REFILLED = re.compile(
    r"\b(?:but|and|so|then)\s+(?:i\s+|we\s+|my\s+\w+\s+)?(?:already\s+|just\s+|quickly\s+)?"
    r"(?:got|picked up|bought|refilled|collected|grabbed|renewed|fetched)\b",
    re.IGNORECASE,
)


_DONE_WITH = re.compile(r"\b(?:done|finished|through)\s+with\s+(?:\w+\s+)?$", re.IGNORECASE)
_FOR_TODAY = re.compile(
    r"\s+for\s+(?:today|tonight|the day|the night|this morning|this evening|the morning|the evening)\b", re.IGNORECASE
)


def done_for_today(before: str, after: str) -> bool:
    """ "I'm done with my metformin for today": the day's dose had, not the drug stopped."""
    return _DONE_WITH.search(before) is not None and _FOR_TODAY.match(after) is not None


def ran_out(before: str, after: str) -> bool:
    """The drug as the subject of running out (see :data:`_RAN_OUT`), not refilled at once ("my Ventolin ran out but
    I got a new one yesterday" misses nothing)."""
    return (
        _SUBJECT_OPENING.search(before) is not None
        and _RAN_OUT.match(after) is not None
        and _REFILLED.search(after) is None
    )


def clause_kind(before: str, after: str, kind: str | None) -> str | None:
    """The kind the clause's shape gives the drug (``before`` and ``after`` it in its clause), else ``kind``."""
    if (ward := ward_kind(before, kind)) is not None:
        return ward  # "CHANGED: Amlodipine 5mg -> 10mg", "the ward never gave me my clopidogrel" (:mod:`.ward_doses`)
    if kind is None and _SUBJECT_OPENING.search(before) and _SWALLOWED_AFTER.match(after):
        return "intake"  # "Plavix down at 7 this morning, same as every day"
    if kind is None and _DRUG_SUBJECT.search(before) and _DRUG_SKIPPED.match(after):
        return "skip"  # "the water pill has been getting skipped on work days"
    if kind is None and _DRUG_SUBJECT.search(before) and (held := _DRUG_HELD.match(after)):
        how = (held.group("how") or "").lower()
        return "stop" if held.group("idiom") or how in ("stopped", "discontinued", "off") else "skip"
    moved = _DOSE_MOVED.match(after) if kind is None else None
    dose_subject = _DOSE_OF.search(before) is not None or (moved is not None and moved.group("dose") is not None)
    if moved is not None and (dose_subject or (_DRUG_SUBJECT.search(before) and not moved.group("went"))):
        return "dose_change"  # "my metformin got upped to twice a day", "my dose of levothyroxine went up"
    if kind is None and _LET_BEFORE.search(before) and _SLIDE_AFTER.match(after):
        return "skip"  # "I've let my blood pressure meds slide"
    if kind is None and _DRUG_SUBJECT.search(before) and _goes_down_as_routine(after):
        return "intake"  # "the simvastatin and the amlodipine go down every night after dinner"
    if kind is None and _DRUG_SUBJECT.search(before) and (fronted := _FRONTED_ACTION.match(after)):
        return verb_kind(fronted.group("v"))  # "And the amlodipine I've been cutting in half"
    if kind is None and _DRUG_SUBJECT.search(before) and _FRONTED_ROUTINE.match(after):
        return "intake"  # "And the Allegra I take every morning, one tablet"
    if kind in (None, "stop", "intake") and _MOVED_BEFORE.search(before) and _UP_OR_DOWN.match(after):
        return "dose_change"  # "bumped my metformin up to 1000 mg", "dropped my lisinopril down to 5"
    if kind is None and _SUBJECT_OPENING.search(before) and _PARTED.match(after):
        return "stop"  # "The lisinopril and I parted ways in March"
    if kind is None and _GIVEN_BEFORE.search(before) and _A_MISS.match(after):
        return "skip"  # "gave my Plavix a miss today"
    if kind is None and _KNOCKED.search(before) and _ON_THE_HEAD.match(after):
        return "stop"  # "I knocked the verapamil on the head"
    if kind in (None, "intake") and shelved(before, after):
        return "stop"  # "I've left the atorvastatin in the cupboard since Monday" (:mod:`.shelved_drugs`)
    if kind is None and _COUNTED_BEFORE.search(before) and _COUNT_SHORT_AFTER.match(after):
        return "intake"  # "Counted my levothyroxine and there's a tablet short, so I must have taken Sunday's twice"
    if kind is None and _SUBJECT_OPENING.search(before) and _VERBLESS_ROUTINE_AFTER.match(after):
        return "intake"  # "Digoxin every morning with my coffee"
    if kind in (None, "stop", "intake", "start") and _FROM_TO.match(after):
        return "dose_change"  # "atorvastatin went from 40 to 80", "dropped my levo from 100 to 88"
    if kind is None and _COUNT_OPENING.match(before) and _DOSE_TIME_AFTER.match(after):
        return "intake"  # "One Claritin every morning, same as always"
    if kind is None and _ROUTINE_SLOT.search(before) and _SLOT_ROUTINE_AFTER.match(after):
        return "intake"  # "Sunday mornings it's the Fosamax with a big glass of water"
    if kind is None and _SUBJECT_OPENING.search(before) and (charted := _CHARTED_AFTER.match(after)):
        return "skip" if charted.group("omitted") else "intake"  # "Simvastatin 10mg nocte omitted x4 nights"
    if kind is None and _GIVEN_ME_BEFORE.search(before) and _TWICE_AFTER.match(after):
        return "intake"  # "I got my warfarin twice last night": a dose had twice (the double dose is the reconciler's)
    if kind in ("prescription", None) and _LAY_GIVER.search(before):
        return "intake"  # "mom gave me my Ritalin", "my husband brought me my pills": a dose handed over
    return kind


def no_dose_told(before: str, after: str) -> bool:
    """A texter's skip: "no" and the drug open the sentence, a day after it ("no hctz fri thru sun", "No metformin
    today"); "no metformin for me thanks" is none."""
    return _NO_OPENING.search(before) is not None and _DAYS_AFTER.match(after) is not None


def _goes_down_as_routine(after: str) -> bool:
    """ "... go down every night", "... goes down with breakfast": the drug said swallowed as a routine."""
    down = _GOES_DOWN.match(after)
    if down is None:
        return False
    rest = after[down.end() :]
    return FREQUENCY.search(rest) is not None or _ROUTINE_AFTER.match(rest) is not None


_NO_BEFORE = re.compile(
    r"(?:^|[.!?;,]\s*|\b(?:and|but|so)\s+|\b(?:said|says|told me|tells me|advised|wrote)\s*:?\s*)"
    r"\s*no\s+(?:more\s+)?(?:of\s+)?(?:my\s+|the\s+)?$",
    re.IGNORECASE,
)
""""no" right before the drug, opening its clause or a clinician's words ("the nurse said no warfarin tonight")."""
_NONE_SINCE = re.compile(
    r"^\s*(?:at all\s+)?(?:for me\s+|for us\s+)?(?:since|until|till|this weekend|over the weekend"
    r"|for\s+(?:\d+|a|an|one|two|three|four|five|six|seven|several|a few|a couple of)\s+"
    r"(?:day|days|week|weeks|night|nights)|today|tonight|yesterday|this (?:morning|week)|last night"
    r"|in (?:\d+|a|two|three|four|five|several) (?:day|days|week|weeks))\b",
    re.IGNORECASE,
)


def none_since(before: str, after: str) -> bool:
    """The drug said absent for a time ("No insulin since yesterday morning", "no metformin for three days"): a
    skip said with its own negation; "no aspirin for me" is none."""
    return _NO_BEFORE.search(before) is not None and _NONE_SINCE.match(after) is not None


_TAKES_OTHERS = re.compile(
    r"(?:\bi(?:'ve|'m| have| am| was| had)?\s+(?:been\s+)?|^\s*(?:been\s+)?)(?:\w+ly\s+)?"
    r"(?:take|took|taking|taken|borrowed|borrowing|used|using|had|having|tried|trying|stole|swiped|pinched|nicked"
    r"|finished off|finished up|used up)\s+"
    r"(?:(?:a|one|two|some|a couple|a few|one or two)\s+(?:of\s+)?)?(?:my|our)\s+[\w-]+'s\s+"
    r"(?:(?:leftover|left-over|old|spare|extra|remaining)\s+)?$",
    re.IGNORECASE,
)


def takes_anothers_drug(before: str) -> bool:
    """The speaker taking someone else's drug ("I've been taking my wife's Ambien", "Borrowed a couple of my
    husband's oxycodone"): the speaker's intake, though a relative is named."""
    return _TAKES_OTHERS.search(before) is not None


_GAVE_ME = re.compile(
    r"(?:^\W*|(?<=[.!?]\s)|\b(?:i|we)\s+)(?:(?:just|also|already|then)\s+)?gave\s+me\s+(?:(?:my|the|a|one|another)\s+)?$",
    re.IGNORECASE,
)
_GIVEN_AT_A_TIME = re.compile(
    r"^\s*(?:[\w-]+\s+){0,2}?(?:this\s+(?:morning|afternoon|evening)|tonight|last\s+night|at\s+\d|with\s+(?:my\s+)?"
    r"(?:breakfast|lunch|dinner|supper)|before\s+(?:bed|school|daycare|nursery|breakfast)|after\s+(?:breakfast|lunch"
    r"|dinner|supper|school))\b",
    re.IGNORECASE,
)


def dose_given_at_a_time(before: str, after: str) -> bool:
    """A dose given to the speaker by the writer or the household at a time of day, not a clinician's prescription
    ("gave me the allegra this morning before daycare", read from a parent's "gave her ..."; "we gave me my inhaler
    at 8")."""
    return _GAVE_ME.search(before) is not None and _GIVEN_AT_A_TIME.match(after) is not None

