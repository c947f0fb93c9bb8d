"""The verb phrase that governs a named drug: which medication action a statement says.

"stopped taking X", "forgot to take X", "put me on X", "I'm good about the X": the verb phrase ending
nearest the drug decides the kind (skip, stop, dose_change, start, prescription, intake); of two phrases
ending at the same place the longer wins, so "stopped taking" is a stop.
"""

from __future__ import annotations

import re

from app.ingest.narrative.terms import optional_apostrophes, tokenize

_VERBS: tuple[tuple[str, str], ...] = (
    # (kind, regex of the verb phrase); the first that matches nearest the drug wins
    (
        "skip",
        r"skipped|skip|skipping|skiped|skipt|missed|miss|missing|forgot(?: to take)?|forget(?: to take)?"
        r"|forgetting(?: to take)?"
        # lay forgetting: "totally spaced on my water pill", "blanked on the metformin last night"
        r"|spaced on|spaced out on|blanked on|flaked on|slipped my mind,? the|clean forgot(?: about)?"
        r"|didn't take|did not take|haven't taken|have not taken|didn't have|ran out of|run out of"
        r"|(?:haven't|have not|hasn't|has not|didn't|did not) (?:had|touched|taken|swallowed)"
        r" (?:a single|any|one)(?: dose of)?"
        r"|haven't had|have not had|(?:haven't|have not|hasn't|has not) touched"
        r"|(?:didn't|did not|haven't|have not) bother(?:ed)?(?: with| taking)?|(?:didn't|did not|haven't) do"
        r"|(?:haven't|have not|hasn't|has not|hadn't|had not)\s+(?:been\s+)?(?:done|doing)|(?:not|never) been doing"
        # "I haven't been taking my lisinopril", "I've not been taking the metformin this week"
        r"|(?:haven't|have not|hasn't|has not|hadn't|had not|'ve not|'s not)\s+been\s+(?:taking|having|using|on)"
        r"|(?:didn't|did not|never|don't|do not)\s+remember(?:ed)?(?:\s+to\s+take)?"
        r"|(?:havent|haven't|hasnt|didnt|dont|don't)\s+(?:took|taken|take|had)"
        r"|(?:i'm|i am|am|im) not taking(?!\s+(?:any\s+)?(?:chances|risks)\b)"
        # "I have deliberately not taken my hydrochlorothiazide"
        r"|(?:have|has|had|'ve)\s+(?:\w+ly\s+)?not\s+(?:taken|had|touched)"
        # a learner's negation: "I not take the amlodipine since Saturday"
        r"|(?<=\bi )not take|(?<=\bi )no take"
        # a texter's dropped "I'm": "not taking my hctz today on purpose" (at the start of a sentence)
        r"|(?:^|(?<=[.!?] )|(?<=[.!?]  ))not taking(?!\s+(?:any\s+)?(?:chances|risks)\b)"
        r"|held|holding|hold off on|put on hold|paused|pausing"
        # a hold told as advice ("wants me to hold my warfarin", "told me to pause my water pill")
        r"|(?<=\bto )(?:hold|pause)"
        r"|(?:i'm|i am|i've been|i have been|i was) out of"
        r"|leave out|leaves out|leaving out|left out|go without|goes without|going without|went without|gone without"
        r"|been without"
        # "I've had no Eliquis today" (the drug right after; not "had no trouble with my metformin")
        r"|(?:had|taken|took|got)\s+no(?:\s+more)?(?=\s+(?:(?:of\s+)?(?:my|the|any)\s+)?$)"
        r"|(?:can't|cannot|can not|couldn't|could not)\s+afford"  # "Can't afford the Januvia anymore"
        # "been a week without my blood pressure pills", "two days without the metformin"
        r"|(?:been|gone|went|spent)\s+(?:(?:a|an|one|two|three|four|five|several|a few|a couple of|\d+)\s+)?"
        r"(?:day|days|week|weeks|night|nights|month|months)\s+without",
    ),
    (
        "stop",
        # the household's stop of the speaker's dose (a parent's "we stopped giving her the Aleve", read as "me"),
        # first: of alternatives at one place the first that matches is taken
        r"(?:stopped|stop|stopping|quit|quitting)\s+giving\s+me|"
        # a refusal of the drug: "point blank refuses the cholesterol tablet", "Dad has refused his Valium since Friday"
        r"(?:refuse|refuses|refused|refusing)(?:\s+to\s+take)?|"
        # a care home's word for a refusal: "Mrs Treutel has declined her verapamil at the evening round"
        r"declined|declines|declining|"
        # a learner's stop with the bare verb after it: "i stop take the hydrochlorothiazide from 2 week ago"
        r"(?:stop|stopped|stoped)\s+take|"
        r"stopped|stop|stopping|stoped|stopt|quit|quitting|discontinued|came off|come off|went off|got off"
        # the formal word: "I ceased taking the Zocor last Thursday"
        r"|ceased(?:\s+taking)?|cease(?:\s+taking)?|have ceased"
        r"|used to take|"
        # "no more amlodipine for me as of yesterday", "Day 3 of no Norvasc"
        r"(?:no\s+more|\bday\s+\w+\s+of\s+no)(?=\s+(?:of\s+)?(?:my|the)?\s*$)|"
        r"used to be on|packed in|pack in|packing in|(?:gave|give|given|giving) up(?: on)?|ditched|"
        r"no longer take|no longer taking|not taking .{0,20}anymore|off(?= of)?"
        # "I dropped the simvastatin": a drug dropped, not its dose ("dropped my dose of") nor a pill let fall
        r"|dropped(?!\s+(?:(?:my|the|her|his)\s+)?(?:dose|dosage)\b)|dropping(?!\s+(?:(?:my|the)\s+)?(?:dose|dosage)\b)"
        r"|(?:been )?(?:hiding|throwing out|throwing away|flushing|binning|tossing)"
        r"|binned|tossed|chucked|dumped|flushed|threw (?:out|away)|thrown (?:out|away)|got rid of|gotten rid of"
        # "Decided I'm done with the statin", "I'm through with my metformin"
        r"|(?:i'm|im|i am|i was|i've been|we're|we are)\s+(?:(?:all|so|completely|totally)\s+)?"
        r"(?:done|finished|through)\s+with"
        # a pause said as a break: "taking a break from the simvastatin", "I'm on a break from my statin"
        r"|(?:taking|took|taken|take|having|had|on|given myself|giving myself|gave myself)\s+(?:a\s+)?"
        r"(?:little\s+|short\s+"
        r"|bit of a\s+)?(?:break|breather|holiday|vacation|rest|time off)\s+(?:from|off)",
    ),
    (
        "dose_change",
        r"doubled(?! up)|double(?![- ]?dos| up)|doubling(?! up)|increased|increase|upped|raised|reduced|lowered|"
        r"decreased|"
        r"halved|halving|halve|cut back on|cut down on|cutting back on|cutting down on|cutting|cut|splitting|breaking|"
        r"cut back to|cut down to|cutting back to|cutting down to|"
        r"snapping|"
        r"taking half(?: of)?|took half(?: of)?|take half(?: of)?|only taking half(?: of)?|changed the dose of"
        # a learner's article: "to take only the half of the pill of the pressure"
        r"|(?:take|taking|took)\s+(?:only\s+)?the\s+half\s+of"
        r"|adjusted"
        # half a tablet as the usual dose, the drug right after: "I only get half an amlodipine now", "I'm down to
        # half a metoprolol" (not "half an hour after my metformin")
        r"|(?:only|just|now|down to|get|gets|getting|have|having)\s+(?:\w+\s+)?half\s+(?:a|an)(?=\s*$)",
    ),
    (
        "start",
        r"started me on|starts me on|start me on|starting me on|"
        r"(?:started|start|starting|began)\s+giving\s+me|"
        r"started|start|starting|began|begun|restarted|resumed|put me on|put on|switched to|"
        # back on a drug: "Went back on the Allegra this spring", "Got put back on HCTZ", "Back on the Coumadin"
        r"(?:(?:went|go|going|gone|got|get|getting|been|i'm|im|i am|am|put me|was put|got put|now|finally)\s+)?"
        r"back\s+on|"
        r"switching to|changed to|added",
    ),
    (
        "prescription",
        r"prescribed|prescribes|gave me a prescription for|prescription for|script for|gave me|sent me home with|"
        # a prescription misspelt: "wrote me a perscription for Imitrex"
        r"(?:wrote|written|gave|given)\s+me\s+(?:a|an)\s+(?:perscription|presciption|prescripton|perscrition)\s+for"
        r"|(?:perscription|presciption|prescripton)\s+for|"
        r"handed me|wrote me (?:a script|a prescription) for|"
        r"refilled|refill(?: of)?|supply of|carry|carries|carrying|always have"
        # a supply collected: "picked up another three months of alendronate", "collected my repeat of the ramipril"
        r"|(?:picked up|pick up|picking up|collected|collecting|fetched)\s+(?:(?:my|another|a|the|a new|a fresh)\s+)?"
        r"(?:(?:\w+\s+){0,2}(?:months?|weeks?|days?)(?:'s|')?\s+(?:worth\s+)?(?:supply\s+)?of"
        r"|(?:refill|repeat|prescription|script|supply|box|bottle|pack)\s+of)",
    ),
    # an accidental double dose is an intake ("double-dosed my HCTZ", "doubled up on my pills"),
    # a deliberate change of the dose ("doubled my dose") is a dose_change above
    (
        "intake",
        r"take|took|taking|takes|taken|had|have been taking|used|use|using"
        # "on" a drug, not "going on about" one ("my neighbour keeps going on about glucosamine")
        # nor reading "on" one ("did my research on Fosamax", "read up on statins")
        r"|(?<!research )(?<!read up )(?<!reading up )(?<!info )(?<!article )(?<!articles )(?<!video )"
        r"on(?!\s+(?:about|at)\b)|needed|needing|swallowed|swallowing"
        r"|downed|grabbed"
        r"|finished off|finishing off|finished up|used up|using up"
        r"|(?:pop|pops|popped|popping)(?!\s+(?:in|into|over|by|round|around|out|up|down|back)\b)"
        r"|trying(?: out)?"  # "I'm trying out some CoQ10 for my muscle aches"
        # adherence said as keeping up: "Keeping up with my Fosamax every Sunday", "remembered my metformin"
        r"|(?:keeping|kept|keep|keeps)\s+up\s+with|(?:sticking|stuck|stick|sticks)\s+(?:with|to)"
        r"|(?:staying|stayed|stay)\s+on\s+top\s+of|remembered(?:\s+to\s+take)?"
        r"|borrowed|borrowing|(?:stole|swiped|pinched|nicked)(?= (?:a|one|two|some|a couple|a few|my|our)\b)"
        # "I've been having turmeric in my smoothie"; not "having trouble with", "having a reaction to"
        r"|having(?!\s+(?:trouble|problems?|issues?|side effects?|difficulty|reactions?|a\s+(?:\w+\s+)?(?:time|reaction"
        r"|problem|issue|break|rest))\b)"
        r"|double[- ]?dosed|double[- ]?dosing|doubled up(?: on)?|double up(?: on)?|gave myself|give myself|injected"
        # an injector pushed in: "so I jabbed his EpiPen in his thigh" (read as "my"), "stuck my EpiPen in"
        r"|jabbed|stabbed|(?:stuck|shoved)(?=\s+(?:my|the|an?)\b)"
        r"|did (?:a|one|two|another) (?:spray|puff|squirt|dose|shot)s?(?: of)?"
        r"|(?:a|one|two|another|\d+) (?:spray|puff|squirt)s? of"
        r"|(?:been )?(?:giving|gives) me"
        r"|(?:(?:still|been|keep|kept)\s+|^\s*)doing"  # "still doing the Flovent every morning and every night"
        # a dose "done" by the speaker, the drug right after: "I do my Fosamax every Monday", "we always do the
        # insulin before dinner" (not "I did my research on statins": a word between)
        r"|(?<=\bi\s)(?:(?:always|usually|still|normally|just|also|now)\s+)?(?:do|did)(?=\s+(?:(?:my|the|our)\s+)?$)"
        r"|(?<=\bwe\s)(?:(?:always|usually|still|normally|just|also|now)\s+)?(?:do|did)(?=\s+(?:(?:my|the|our)\s+)?$)"
        # a new pack of an ongoing drug: "opened the new Seasonique pack", "opened a new box of my inhaler"
        r"|open(?:ed|ing|s)?\s+(?:up\s+)?(?:a|the|my)\s+(?:new|next|fresh)"
        r"(?:\s+(?:pack|box|bottle|blister|strip|packet)\s+of)?"
        # adherence said as a habit: "I'm good about the Fosamax", "I've been religious about my statin"
        r"|(?:i'm|im|i am|i've been|i have been)\s+(?:(?:really|pretty|very|so|always|quite)\s+)?"
        r"(?:(?:good|great)\s+about|(?:religious|strict|consistent|diligent|faithful)\s+(?:about|with))"
        r"(?:\s+(?:taking|using))?",
    ),
)


# "stopped taking X", "started using X", "forgot to take X": the action verb governs, so every
# non-intake verb may carry a trailing intake verb (the longer phrase wins at the same end).
_VERB_RE = [
    (
        kind,
        re.compile(
            rf"\b(?:{optional_apostrophes(rx)})(?:\s+(?:taking|to take|using|on))?\b"
            if kind != "intake"
            else rf"\b(?:{optional_apostrophes(rx)})\b",
            re.IGNORECASE,
        ),
    )
    for kind, rx in _VERBS
]


def verb_kind(before: str) -> str | None:
    """The verb phrase ending nearest the drug governs it (at most five words between them);
    of two ending at the same place, the longer ("forgot to take" over "take") wins."""
    best: tuple[int, int, str] | None = None
    for kind, rx in _VERB_RE:
        for m in rx.finditer(before):
            if len(tokenize(before[m.end() :])) > 5:
                continue
            if best is None or m.end() > best[0] or (m.end() == best[0] and m.start() < best[1]):
                best = (m.end(), m.start(), kind)
    return None if best is None else best[2]
