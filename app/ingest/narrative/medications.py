"""Medication statements: intakes, prescriptions and regimen changes, keyed by a dictionary drug.

A drug is found by its dictionary alias (the record keeps the ingredient key, e.g. ``metformin``);
the verb before it in the same clause decides the record: take/took/taking -> medication_intake,
prescribed -> prescription, started/stopped/skipped/doubled/... -> regimen_change with its action.
Not taking a drug that goes on ("haven't taken it since Friday", "ran out and haven't refilled") is
a stop, a single missed dose a skip; advice followed by the speaker's action ("told me to take
aspirin, so I started") takes that action; carrying a drug or being given a supply of it is a
prescription. A drug named without a medication verb gives no record. A dose is kept only when a
number and a dose unit are written next to the drug. An unknown word taken at a dose ("taking zorbex 20 mg")
is a blocked drug name.
"""

from __future__ import annotations

import re
from itertools import pairwise

from app.ingest.narrative.dose_schedules import ON_SOME_DAYS, scheduled_kind
from app.ingest.narrative.drug_apposition import named_for_their_class
from app.ingest.narrative.held_drugs import held_for_a_while
from app.ingest.narrative.medication_clauses import (
    FREQUENCY,
    clause_kind,
    done_for_today,
    dose_given_at_a_time,
    no_dose_told,
    none_since,
    ran_out,
    takes_anothers_drug,
)
from app.ingest.narrative.medication_lapse import (
    last_supply_lapsed,
    long_since_last_dose,
    never_started,
    refill_left_waiting,
    stopped_after_being_on,
    supply_not_renewed,
)
from app.ingest.narrative.medication_prescriber import dose_said_later, prescriber_started, supply_days
from app.ingest.narrative.medication_verbs import verb_kind
from app.ingest.narrative.models import Proposal
from app.ingest.narrative.quantities import NUMBER_CORE, clean_unit, parse_number
from app.ingest.narrative.terms import TermMatch, optional_apostrophes

_OWN_NEGATION = re.compile(
    optional_apostrophes(
        r"\b(?:didn't|did not|haven't|have not|hasn't|don't|do not|no longer|not taking|ran out|run out|out of"
        r"|not been (?:taking|having|using|on|doing)|a miss"
        r"|go without|goes without|going without|went without|gone without|been without|no more|day \w+ of no"
        r"|(?:day|days|week|weeks|night|nights|month|months) without|(?:had|taken|took|got) no"
        r"|can't afford|cannot afford|can not afford|couldn't afford|could not afford"
        # a learner's negation ("I not take the amlodipine since Saturday") and a care home's refusal ("has declined
        # her verapamil"), whose negation is the content: the stop or skip itself
        r"|(?<=\bi )not|(?<=\bi )no|declined|declines|declining|(?:have|has|had|'ve)\s+\w+ly\s+not"
        # a dose the ward or the carers never gave: "they never gave me my clopidogrel yesterday"
        r"|never(?=\s+(?:gave|given)\s+me\b))\b"
        r"(?:\s+\w+){0,2}\s+(?:take|taken|taking|have|had|of)?"
    ),
    re.IGNORECASE,
)
"""Skip and stop phrasings that carry their own negation: a negation cue there is the content."""
_NEGATED_VERB = re.compile(
    optional_apostrophes(
        r"\b(?:didn't|did not|haven't|have not|hasn't|never|not)\s+(?:\w+\s+)?"
        r"(?:stop|stopped|quit|skip|skipped|miss|missed|forget|forgot|give up|gave up|come off|came off|ditch"
        r"|ditched)\b"
    ),
    re.IGNORECASE,
)
"""A stop or skip verb that is itself negated ("didn't stop", "never skipped")."""
_REMEMBERED = re.compile(
    optional_apostrophes(r"\b(?:didn't|did not)\s+(?:even\s+)?forget(?:\s+to\s+take)?\s+(?:(?:my|the|our)\s+)?$"),
    re.IGNORECASE,
)
"""The speaker's dose remembered, said as a forgetting denied ("I didn't forget my metformin this morning", "didn't
forget to take the lisinopril"): an intake, the negation its content."""

_ACCIDENTAL_DOUBLE = re.compile(r"\bdouble[- ]?dos(?:ed|ing)\b|\bdoubled?\s+up\b", re.IGNORECASE)
"""An accidental double dose said before the drug ("I double dosed on my statin, ... two ... instead of one"): an
intake, not a change of the dose."""
_NOT_YET = re.compile(
    r"^[^.;!?]*?\b(?:but|and|though)\s+i(?:'ve)?\s+(?:still\s+)?(?:haven't|have not|didn't|did not|won't|will not"
    r"|don't|do not|'m not|am not|refuse|refused)\b",
    re.IGNORECASE,
)
"""Advice the speaker has not followed ("... wants me to start Eliquis but I haven't yet")."""
_NOT_THE_DRUG = re.compile(
    r"\s+(?:diet|plan|program|programme|study|trial|article|commercial|ad|advert|website|coupon|company|front"
    r"|box|boxes|organi[sz]er|dispenser|cutter|splitter|case)\b",
    re.IGNORECASE,
)
_RECURRING_SKIP = re.compile(
    r"\b(?:skipping|missing)\s+(?:\w+\s+){0,2}$|\b(?:skipped|missed)\s+(?:my|the)\s+\w+\s+(?:shots|doses|injections|pills)\b",
    re.IGNORECASE,
)
"""'I've been skipping my Tegretol at bedtime since Tuesday': a dose skipped again and again, a skip."""
_GIVING_ME = re.compile(r"\b(?:giving|gives) me\b[^.;!?]*$", re.IGNORECASE)
_GIVEN_ME_DRUG = re.compile(
    rf"\b(?:giving|gives) me\s+(?:(?:a|an|one|some|my|her|his|their|the|{NUMBER_CORE}|two|three)\s+){{0,2}}$",
    re.IGNORECASE,
)
"""Someone giving the speaker a drug ("she's been giving me two turmeric capsules"): the drug follows at once."""
_WANTS_ME_ON = re.compile(
    r"\b(?:wants?|wanted|would like|'d like|thinks? i should be|suggested|recommended|recommends)\s+(?:me\s+)?"
    r"(?:to\s+(?:be|go|get|start)\s+)?on\s+(?:\w+\s+){0,2}$",
    re.IGNORECASE,
)

_DOSE_AFTER = re.compile(
    rf"^\s*(?:,\s*)?(?P<num>{NUMBER_CORE})\s?(?P<unit>mg|mcg|µg|g|ml|units?|iu|milligrams?|micrograms?)\b"
    # a strength said bare before its frequency: "metformin 500 twice a day"
    r"|^\s+(?P<bare>\d{2,4})(?=\s+(?:twice|once|three times|daily|every|each|a day|at night|at bedtime|in the morning"
    r"|morning and night|bid|tid)\b)",
    re.IGNORECASE,
)
_DOSE_BEFORE = re.compile(
    rf"(?P<num>{NUMBER_CORE})\s?(?P<unit>mg|mcg|µg|g|ml|units?|iu)\s+(?:of\s+)?(?:my\s+|the\s+|your\s+)?$",
    re.IGNORECASE,
)
_TIME_START = (
    r"(?:last|this|yesterday|today|the|then|my|a|an|one|two|three|four|five|six|\d|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september"
    r"|october|november|december|christmas|easter|thanksgiving)\b"
)
_SINCE_TIME = rf"since\s+{_TIME_START}"
""""since" opening a time ("since last Friday"), not a reason ("since I was sick")."""
_CONTINUED = re.compile(
    optional_apostrophes(
    rf"^[^.;!?]*?\b(?:{_SINCE_TIME}|(?:in|for) (?:weeks|months|years|a while|ages|a long time|over a week)\b"
    r"|in (?:the (?:past|last) )?(?:\w+ )?(?:days|weeks|months)\b"
    r"|for (?:the (?:past|last) )?(?:a )?(?:\w+ )?(?:of )?(?:weeks|months|fortnight)\b"
    # "honestly havent bothered to refill it yet", "haven't been able to refill, so nothing since", "never restarted"
    r"|\bnothing since\b|\bnever\s+(?:restarted|started\s+(?:it\s+|them\s+)?again|went\s+back\s+on|got\s+back\s+on)\b"
    r"|(?:haven't|have not|hasn't|has not|didn't|did not|not|never) (?:(?:bothered|managed|gotten round|got round"
    r"|gotten around|got around|been able) to )?(?:refilled|refill|renewed|gotten (?:a |it )?refill"
    r"|picked up|gone back on)\b|anymore\b|any more\b|any longer\b"
    # "never got it refilled", "haven't had them renewed": the refill not done, the drug not taken since
    r"|(?:haven't|have not|hasn't|has not|didn't|did not|not|never)\s+(?:\w+\s+)?(?:got|gotten|had|get|have)\s+"
    r"(?:it|them|the \w+|my \w+|a new (?:box|pack|bottle|supply))\s+(?:refilled|renewed|replaced|filled)\b"
    r"|(?:haven't|have not|hasn't|didn't|did not|never)\s+(?:bothered\s+)?(?:replaced|replacing|restocked|reordered"
    r"|(?:got|gotten|getting|bought|buying|picked up|picking up|ordered|ordering)\s+(?:more|another|a new|any))\b"
    r"|(?:had|taken|have had|has had) (?:none|nothing)(?: of (?:it|them))? since\b|\bnone since\b)"
    ),
    re.IGNORECASE,
)
"""Not taking a drug that goes on ("haven't taken it since Friday", "ran out and haven't refilled")
is a stop, not a skipped dose."""
_REASON = re.compile(
    rf"\b(?:because(?: of)?|due to|since(?!\s+{_TIME_START})|as(?!\s+(?:of|usual|normal|always|well|per|prescribed"
    r"|directed|told|planned)\b))\s+(?P<reason>[^.;!?]+)"
    # "..., it upset my stomach": a following clause saying what the drug did
    r"|,\s*(?P<effect>(?:it|they|that|which)\s+(?:made|makes|make|upset|upsets|gave|gives|give|caused|causes|cause)"
    r"\b[^.;!?]+)",
    re.IGNORECASE,
)
_SWITCH = re.compile(
    r"\b(?:switch(?:ed|ing)?|chang(?:ed|ing|e)|swap(?:ped|ping)?|mov(?:ed|ing))\s+(?:me\s+|us\s+)?(?:over\s+)?"
    r"(?:from\s+)?(?:the\s+|my\s+)?(?P<a>[\w-]+)\s+(?:over\s+)?(?:to|for)\s+(?:the\s+|my\s+)?(?P<b>[\w-]+)"
    r"|\b(?P<b2>[\w-]+)\s+(?:instead of|in place of|rather than)\s+(?:the\s+|my\s+)?(?P<a2>[\w-]+)",
    re.IGNORECASE,
)
"""A switch said by the speaker or of the speaker ("switched me from Zocor to Lipitor", "they changed my lisinopril
to losartan", "I'm now on losartan instead of lisinopril"): A stops, B starts, both drugs."""
_DETERMINERS = r"(?:(?:the|a|an|my|his|her|their|our|some|new)\s+){0,2}"
_OFF_AT_END = re.compile(
    r"(?:\b(?:switch(?:ed|ing)?|chang(?:ed|ing|e)|swap(?:ped|ping)?|mov(?:ed|ing|e)|replac(?:ed|ing|e)"
    r"|trad(?:ed|ing|e))\s+(?:(?:me|him|her|us|them)\s+)?(?:over\s+)?(?:(?:off|from|out\s+of)\s+)?"
    r"|\b(?:took|taken|taking|take|came|come|coming|got|get|getting|went|go|going|gone)\s+"
    rf"(?:(?:me|him|her|us|them)\s+)?off\s+(?:of\s+)?){_DETERMINERS}$",
    re.IGNORECASE,
)
"""The first drug of a switch, taken off ("took him off the clopidogrel", "switched her off the warfarin", "came off
the amlodipine", "replaced my lisinopril")."""
_ON_BETWEEN = re.compile(
    r"[^.;!?]{0,45}?\b(?:(?:on)?to|for|with|over\s+to|and\s+(?:put|started|switched|moved)\s+(?:me|him|her|us|them)"
    rf"\s+(?:on(?:to)?|to)|and\s+(?:now\s+)?on(?:to)?)\s+{_DETERMINERS}",
    re.IGNORECASE,
)
"""What joins the drug taken off to the one put on: "... onto Eliquis", "... on tuesday and put him on brilinta",
"... with losartan"."""
_SWAPPED_IT_FOR = re.compile(
    r"\b(?:swap(?:ped|ping)?|switch(?:ed|ing)?|chang(?:ed|ing)|replac(?:ed|ing)|trad(?:ed|ing))\s+"
    rf"(?:it|that|them|this|those)\s+(?:over\s+)?(?:for|to|with|onto)\s+{_DETERMINERS}$",
    re.IGNORECASE,
)
"""The drug put on in place of one just stopped: "I should come off the hydrochlorothiazide, so they swapped it for
labetalol"."""
_SWITCHED_MINE = re.compile(
    r"\b(?:he|she|they)\b[^.;!?]{0,40}\bmy\b[^.;!?]*$"
    # "so they swapped it for labetalol", "they took me off the warfarin": a clinician's switch of the speaker's drug
    r"|\b(?:he|she|they)\s+(?:\w+\s+){0,2}?(?:swap|switch|chang|replac|took|put|mov)\w*\s+(?:me|us|it|that|them)\b"
    r"[^.;!?]*$",
    re.IGNORECASE,
)
_ADVICE = re.compile(
    r"\b(?:told|advised|asked|wants?|wanted|recommended|suggested|said)\s+(?:me\s+)?(?:to|that i should)\s+"
    r"(?:take|try|start|use|hold|stop|pause|skip|come off|go off)\b[^,;]*$",
    re.IGNORECASE,
)
_FOLLOW_UP = re.compile(
    r"^[^.;!?]*?,?\s*\b(?:so|and|then)\s+i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?"
    r"(?P<v>started|began|stopped|quit|held|haven't taken|have not taken|haven't had|skipped)"
    r"(?:\s+(?:(?:taking|using)\s+)?(?:it|them))?\b(?!\s+\w+ing\b)",
    re.IGNORECASE,
)
"""Advice followed by what the speaker did about it, the drug left unsaid: "my neighbour told me to
take an aspirin every day, so I started 2 weeks ago" is a start."""
_NO_LONGER = re.compile(r"\b(?:don't|do not|didn't|not|no longer)\b", re.IGNORECASE)
_ANYMORE = re.compile(r"[^.;!?]*\b(?:anymore|any more|any longer)\b", re.IGNORECASE)
_VACCINE_AFTER = re.compile(r"\s*(?:shot|vaccine|vaccination|jab|booster)\b", re.IGNORECASE)
_LIST_GAP = re.compile(
    rf"\s*(?:{NUMBER_CORE}\s?(?:mg|mcg|µg|g|ml|units?|iu)\b)?\s*(?:,|and|&|,\s*and)\s*"
    r"(?:(?:the|my|i mean|i\.e\.|which is|aka)\s+)?",
    re.IGNORECASE,
)
_RENAMING = re.compile(
    r"\s*(?:(?:i mean|i\.e\.|that's|that is|which is|aka|namely)\s+)?(?:the|my)?\s*", re.IGNORECASE
)
_LAY_MEDICINE_END = re.compile(
    r"\b(?:pills?|tablets?|tabs|capsules?|meds|medicines?|medications?|drugs?|inhaler|jabs?|injections?|shots?)"
    # ... its time said before the comma: "took by mistake 2 of his presher tablet this morning, the hydrochlorthiazide"
    r"(?:\s+(?:this\s+(?:morning|evening|afternoon)|last\s+night|yesterday(?:\s+(?:morning|evening))?|today|tonight))?"
    r"\s*,$"
    # "started me on something for the migraines, topiramate": a medicine said by what it is for, then named
    r"|\b(?:something|a\s+(?:new\s+)?(?:pill|tablet|drug|medicine|medication))\s+(?:(?:to help\s+)?with|for|to help)"
    r"\s+(?:(?:my|the|his|her)\s+)?[a-z' -]{2,30},$",
    re.IGNORECASE,
)
"""A drug named in apposition after a lay name of a medicine: "the cholesterol tablet, the simvastatin",
"something for the migraines, topiramate"."""
_DROPPED = re.compile(r"\bdropp(?:ed|ing)\b(?:\s+\S+){0,3}\s*$", re.IGNORECASE)
_LET_FALL = re.compile(
    r"^\s*(?:(?:pills?|tablets?|bottle|box)\s+)?(?:on|onto|down|in|into|under|behind|off)\s+(?:the|my|a)\b"
    r"|^\s*(?:(?:pills?|tablets?)\s+)?(?:all\s+)?(?:over|everywhere)\b",
    re.IGNORECASE,
)
_ACTS_ON_MINE = re.compile(
    r"(?:^|[,;]\s*|\b(?:so|and|then|but)\s+)(?:he|she|they)\s+(?:\w+\s+){1,2}my\s+$", re.IGNORECASE
)
"""A clinician's pronoun changing the speaker's own drug ("she stopped my lisinopril")."""


def find_medications(text: str, drugs: list[TermMatch], sentences: list[tuple[int, int]]) -> list[Proposal]:
    """Proposals for every drug mention that a medication verb governs."""
    proposals: list[Proposal] = []
    switched = _switches(text, drugs)
    previous: tuple[TermMatch, str] | None = None
    for drug in drugs:
        if drug.start in switched:
            action = switched[drug.start]
            # "they changed my lisinopril to losartan": the speaker's drugs switched by a clinician
            mine = _SWITCHED_MINE.search(text, max(0, drug.start - 80), drug.start) is not None
            proposals.append(
                Proposal(
                    "regimen_change",
                    {"drug": drug.key, "action": action},
                    (drug.start, drug.end),
                    extra={"speaker_subject": True} if mine else {},
                )
            )
            continue
        clause_start = _clause_start(text, drug.start, sentences)
        if _RENAMING.fullmatch(text[clause_start : drug.start]) and _LAY_MEDICINE_END.search(
            text[:clause_start]
        ):  # "I quit the cholesterol tablet, the simvastatin": the drug renames the tablet before the comma
            clause_start = _clause_start(text, clause_start - 1, sentences)
        before = text[clause_start : drug.start]
        kind = verb_kind(before)
        # A verb that says the negation itself ("didn't take", "no longer take") makes a negation
        # the content of a skip or stop; a negated stop or skip verb ("I didn't stop the
        # lisinopril", "I never skipped a dose") is not a stop or a skip and is suppressed.
        said_negatively = _OWN_NEGATION.search(before[-40:]) is not None
        if kind is None and previous is not None and _LIST_GAP.fullmatch(text[previous[0].end : drug.start]):
            kind = previous[1]  # "I take metformin and lisinopril"
        clause_end = _clause_end(text, drug.end, sentences)
        after = text[drug.end : clause_end]
        kind = clause_kind(before, after, kind)  # the clause's shape around the drug, beyond the verb before it
        if kind is None and no_dose_told(before, after):
            kind, said_negatively = "skip", True  # "no hctz fri thru sun, was out on the boat"
        if kind is None and none_since(before, after):
            kind, said_negatively = "skip", True  # "No insulin since yesterday morning, the pen ran out"
        if kind is None and ran_out(before, after):
            kind, said_negatively = "skip", True  # "when the Plavix ran out on Sunday I never got it refilled"
        if kind in ("intake", None) and last_supply_lapsed(before, after, _next_sentence(text, clause_end, sentences)):
            kind, said_negatively = "stop", True  # "finished the last of my Plavix and never got round to getting more"
        if kind is None and refill_left_waiting(after):
            kind, said_negatively = "stop", True  # "my HCTZ refill is ready and I keep not going"
        if kind in ("intake", None) and long_since_last_dose(before):
            kind, said_negatively = "stop", True  # "It's been a couple of weeks since I last took my simvastatin"
        if _NOT_THE_DRUG.match(after):
            continue  # "the metformin diet plan", "a Viagra commercial": the drug's name, not the drug
        if kind == "intake" and _GIVING_ME.search(before) and not _GIVEN_ME_DRUG.search(before):
            continue  # "she's been giving me a hard time about the metformin": no drug given
        if kind == "intake" and _WANTS_ME_ON.search(before):
            continue  # "my doctor wants me on atorvastatin": a proposal, not an intake
        if kind is None:
            continue
        if kind == "prescription" and dose_given_at_a_time(before, after):
            kind = "intake"  # a parent's "gave her the allegra this morning": a dose given, not a prescription
        if kind == "stop" and _DROPPED.search(before) and _LET_FALL.match(after):
            continue  # "I dropped the metformin on the floor": a pill let fall, not a drug stopped
        if kind == "stop" and done_for_today(before, after):
            kind = "intake"  # "I'm done with my metformin for today": today's dose had, not the drug stopped
        previous = (drug, kind)
        clause = text[clause_start:clause_end]
        if kind == "intake":  # "I only take the water pill on days I'm home" (:mod:`.dose_schedules`)
            kind = scheduled_kind(before, clause, accidental_double=_ACCIDENTAL_DOUBLE.search(before) is not None)
        if kind == "intake" and _NO_LONGER.search(before) and _ANYMORE.match(after):
            # "I don't take aspirin anymore"; "don't take it on weekends anymore" leaves out some days only
            kind, said_negatively = ("skip" if ON_SOME_DAYS.match(after) else "stop"), True
        anchor = (drug.start, drug.end)
        advised = _ADVICE.search(before) is not None
        follow_up = _FOLLOW_UP.match(after) if advised else None
        if advised and _NOT_YET.match(after) and not (kind in ("skip", "stop") and follow_up is not None):
            # "my cardiologist wants me to start Eliquis but I haven't yet": advice not taken; "told me to hold my
            # Plavix, and I haven't taken it since Tuesday" is a hold followed
            continue
        if follow_up is not None:  # the follow-up verb carries the action and its time
            kind = "start" if follow_up.group("v").lower() in ("started", "began") else "stop"
            anchor = (drug.end + follow_up.start("v"), drug.end + follow_up.end("v"))
            said_negatively = "not" in follow_up.group("v").lower() or "n't" in follow_up.group("v").lower()
        if kind in ("intake", "start") and follow_up is None and (then_stopped := stopped_after_being_on(after)):
            kind, said_negatively = "stop", False
            anchor = (drug.end + then_stopped.start("v"), drug.end + then_stopped.end("v"))
        recurring = (
            _RECURRING_SKIP.search(before) or _RECURRING_SKIP.search(text[clause_start:clause_end])
            or ON_SOME_DAYS.match(after)
        )
        if kind == "skip" and (_CONTINUED.search(after) or supply_not_renewed(after)) and not recurring:
            kind = "stop"  # "I haven't taken my warfarin since last Friday"
        if kind == "skip" and held_for_a_while(before, after):
            kind = "stop"  # "wants me to hold my warfarin for three days": a hold over a while (:mod:`.held_drugs`)
        if kind == "start" and never_started(before, after):
            kind, said_negatively = "stop", True  # "I have not started the simvastatin ... and I don't intend to"
        remembered = kind == "skip" and _REMEMBERED.search(before[-40:]) is not None
        if remembered:
            kind = "intake"  # "I didn't forget my metformin this morning": the dose was taken
        elif kind in ("skip", "stop") and _NEGATED_VERB.search(before[-40:]):
            said_negatively = False  # "didn't stop", "never skipped", "haven't stopped": not a stop
        shot = _VACCINE_AFTER.match(after) or _VACCINE_AFTER.search(drug.text)
        if (shot and "insulin" not in drug.key) or "vaccine" in drug.key:
            continue  # "a flu shot" is a vaccination visit, not an intake
        dose, unit = _dose(text, drug, clause_start)
        # "added X on Friday, 200 mg", "put me on sumatriptan for the migraines. 50mg as needed"
        later, later_unit = dose_said_later(text[drug.end : drug.end + 90]) if dose is None else (None, None)
        if kind == "start" and prescriber_started(before, after, dose if dose is not None else later):
            kind = "prescription"  # "the neurologist started me on Keppra, 500 mg twice a day"
            if dose is None:
                dose, unit = later, later_unit
        if kind == "intake":
            # "I've been taking my wife's Ambien": the speaker's intake of another's drug
            extra = {"speaker_subject": True} if takes_anothers_drug(before) else {}
            proposals.append(
                Proposal(
                    "medication_intake",
                    {"drug": drug.key, "dose": dose, "unit": unit},
                    anchor,
                    policy="negation_is_content" if remembered else "clinical",
                    extra=extra,
                )
            )
        elif kind == "prescription":
            if dose is None:  # "gave me a five-day course of prednisone, started yesterday, 20 mg each morning"
                dose, unit = dose_said_later(after)
            clause = text[clause_start:clause_end]
            freq = FREQUENCY.search(clause)
            proposals.append(
                Proposal(
                    "prescription",
                    {
                        "drug": drug.key,
                        "dose": dose,
                        "unit": unit,
                        "frequency": freq.group(0) if freq else None,
                        "supply_days": supply_days(clause),
                    },
                    anchor,
                )
            )
        else:
            reason = _REASON.search(after)
            proposals.append(
                Proposal(
                    "regimen_change",
                    {
                        "drug": drug.key,
                        "action": kind,
                        "reason": (reason.group("reason") or reason.group("effect")).strip()
                        if reason
                        else None,
                    },
                    anchor,
                    policy="negation_is_content" if kind in ("skip", "stop") and said_negatively else "clinical",
                    # "she stopped my lisinopril", "they bumped my metformin up": the speaker's drug changed by another
                    extra=({"speaker_subject": True} if kind != "skip" and _ACTS_ON_MINE.search(before) else {})
                    | ({"drug_at": drug.start} if anchor[0] >= drug.end else {}),  # the verb after the drug governs it
                )
            )
    return named_for_their_class(text, drugs, proposals)




def _dose(text: str, drug: TermMatch, clause_start: int) -> tuple[float | None, str | None]:
    after = _DOSE_AFTER.match(text[drug.end : drug.end + 40])
    if after and after.group("bare"):
        return float(after.group("bare")), None
    if after:
        return parse_number(after.group("num")), clean_unit(after.group("unit"))
    before = _DOSE_BEFORE.search(text[max(clause_start, drug.start - 24) : drug.start])
    if before:
        return parse_number(before.group("num")), clean_unit(before.group("unit"))
    return None, None


def _switches(text: str, drugs: list[TermMatch]) -> dict[int, str]:
    """``switched from A to B``: A stops, B starts (keyed by the drug's start offset)."""
    actions: dict[int, str] = {}
    starts = {d.start for d in drugs}
    for m in _SWITCH.finditer(text):
        a, b = (m.start("a"), m.start("b")) if m.group("a") else (m.start("a2"), m.start("b2"))
        if a in starts and b in starts:  # "changed my lisinopril to 20 mg" is a dose, not a switch
            actions[a], actions[b] = "stop", "start"
    # the two drugs apart: "switched him off the warfarin onto Eliquis", "took him off the clopidogrel on tuesday
    # and put him on brilinta instead"
    for old, new in pairwise(drugs):
        if old.start in actions or new.start in actions:
            continue
        if _OFF_AT_END.search(text, max(0, old.start - 40), old.start) and _ON_BETWEEN.fullmatch(
            text, old.end, new.start
        ):
            actions[old.start], actions[new.start] = "stop", "start"
    for drug in drugs:  # "... so they swapped it for labetalol"
        if drug.start not in actions and _SWAPPED_IT_FOR.search(text, max(0, drug.start - 40), drug.start):
            actions[drug.start] = "start"
    return actions


def _clause_start(text: str, pos: int, sentences: list[tuple[int, int]]) -> int:
    start = next((s for s, e in sentences if s <= pos < e), 0)
    cut = max(text.rfind(",", start, pos), text.rfind(" and ", start, pos), text.rfind(" but ", start, pos))
    return cut + 1 if cut >= start else start


def _clause_end(text: str, pos: int, sentences: list[tuple[int, int]]) -> int:
    return next((e for s, e in sentences if s <= pos <= e), len(text))


def _next_sentence(text: str, end: int, sentences: list[tuple[int, int]]) -> str:
    return next((text[s:e] for s, e in sentences if s >= end), "")
