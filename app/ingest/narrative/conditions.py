"""Conditions the speaker states: had, has, diagnosed with, over, denied, or in the family.

A condition is a dictionary term; it becomes a proposal only when a first-person cue governs it ("I
have", "diagnosed with", "they said it's", "my ...") or a relative does (ConText then turns it into
``family_history``). It is resolved when the words say it is over, on either side ("I had a cold",
"my hypertension is resolved now", "I no longer have ...", "the sinusitis has cleared up", "my eczema is
all clear", "my sinus trouble seems to be a thing of the past", "no more migraines"), active when a present
perfect runs on ("I've had a migraine since Sunday"); a flare ("my gout flared up") or an episode said by
its count ("I had one of my fits", "another migraine") is a symptom episode. A
first-person denial ("I don't have asthma", "I was never diabetic", "my chart says COPD but I don't")
is a condition with status ``denied``; the record speaking ("my chart says anemia") is no statement of
the person.
"""

from __future__ import annotations

import re

from app.ingest.narrative.condition_denials import ANOTHERS, DENIED_AFTER, DENIED_BEFORE, ENTRY_PLACE, REPORTER
from app.ingest.narrative.condition_outcomes import clinician_named, corrected_to, told_over
from app.ingest.narrative.disputed_entries import entry_disputed
from app.ingest.narrative.echoed_denials import NEVER_TOLD, echoed_denial
from app.ingest.narrative.history import PAIN_IN
from app.ingest.narrative.models import Proposal
from app.ingest.narrative.sentences import last_match, sentence_end, sentence_start
from app.ingest.narrative.terms import TermMatch, tokenize

_CONDITION_CUE = re.compile(
    r"\b(?:i have|i've got|i got|i've had|i had|i have had|i suffer from|i'm suffering from|suffering from"
    r"|diagnosed (?:me )?with|diagnosis of|i'm|i am|i was|i've been|my|has|have|had|got|runs in"
    # a clinic or clinician diagnosing the condition itself: "Sleep clinic diagnosed obstructive sleep apnea", "urgent
    # care diagnosed it as a UTI"
    r"|(?:clinic|centre|center|care|doctor|doc|gp|physician|specialist|hospital|nurse|er|a&e|[a-z]+ologist|they|he|she)"
    r"\s+(?:there\s+|here\s+)?(?:officially\s+|finally\s+|just\s+)?diagnosed(?:\s+it\s+as)?"
    r"|(?:said|says|told me|confirmed|thinks|think)\s+(?:it's|it is|it was|i have|i've got|i had|that's|this is)"
    # progression into a diagnosis: "I've crossed over into real diabetes", "I've progressed to stage 3"
    r"|(?:i've|i have|i'd|i had|i)\s+(?:now\s+|officially\s+|finally\s+)?(?:crossed over|tipped over|progressed"
    r"|gone over|moved|turned|slipped|developed)(?:\s+(?:in)?to)?"
    # a complaint found to be a condition: "that rash turned out to be shingles", "the cough ended up being
    # pneumonia", "the lump proved to be a cyst", "turns out it's gout"
    r"|(?:turned|turns|turning)\s+out\s+(?:to\s+be|it\s+was|it's|it\s+is|that\s+it\s+was|i\s+(?:have|had))"
    r"|(?:ended|ends)\s+up\s+being|proved\s+to\s+be|was\s+confirmed\s+as|came\s+back\s+as"
    # a complaint a clinician named: "the nurse said the pounding headaches I get are migraines", "the doctor told
    # me this itchy patch is eczema" (a few words between the complaint and its verb)
    r"|(?:said|says|told me|confirmed|reckons|thinks|explained|turned out|turns out)\s+(?:that\s+)?"
    r"(?:the|my|this|these|those)\s+[\w' ]{1,40}?\s+(?:is|are|was|were)"
    r"(?:\s+(?:actually|really|just|definitely|all))?)\b",
    re.IGNORECASE,
)
_RESOLVED = re.compile(
    r"\b(?:i had|i've had|i have had|used to have|recovered from|got over|no longer have|cured|in remission|"
    r"got rid of)\b",
    re.IGNORECASE,
)
_RESOLVED_AFTER = re.compile(
    # a filler noun after the name: "the impacted molar business is all cleared up", "the gout thing is gone"
    r"^\W*(?:(?:business|thing|stuff|situation|saga|drama|episode)\s+)?(?:(?:is|was|are|were|has|have|had|'s|'re)\s+)?"
    r"(?:(?:seems?|seemed|appears?|appeared) to (?:be|have)\s+)?"
    # "the migraines are basically gone", "is now completely cleared up"
    r"(?:(?:now|finally|completely|fully|all|totally|pretty much|long|entirely|basically|essentially|practically"
    r"|virtually|just about|just|simply)\s+){0,2}"
    r"(?:been\s+(?:(?:completely|totally|fully|all|really|very|pretty much)\s+)?)?"
    r"(?:resolved|gone(?! up)|went away|gone away|cleared(?: up)?|clear(?!\s+(?:to|that|of|on|about)\b)|cured|healed"
    r"|fixed|sorted(?!\s+out\s+(?:with|by)\b)"
    r"|in remission|over|finished|done|a thing of the past|behind me|history(?!\s+of)"
    # "my ear infection is finish now" (a learner's "finished")
    r"|finish(?=\s+(?:now|already)\b|\s*[.,;!]|\s*$)"
    # quiet for a long while: "has been completely quiet for months"
    r"|quiet(?=\s+(?:for|since|all|now)\b)"
    # over by itself: "sorted itself out", "cleared itself up", "went away on its own", "resolved itself"
    r"|(?:sorted|cleared|fixed|resolved|righted|healed)\s+(?:itself|themselves)(?:\s+(?:out|up))?"
    r"|(?:went|gone|faded)\s+away\s+(?:on\s+(?:its|their)\s+own|by\s+(?:itself|themselves))"
    # a fading or vanishing verb: "just faded away", "has disappeared", "kind of petered out", "vanished"
    r"|(?:just\s+|kind of\s+|sort of\s+|slowly\s+|gradually\s+|quietly\s+)?(?:faded|fading|petered|dried up"
    r"|disappeared|vanished|died down|went quiet|gone quiet|settled down)(?:\s+(?:away|out|off))?"
    # a condition that does not return: "hasn't come back since we moved", "never came back", "not returned"
    r"|(?:just\s+|really\s+)?(?:hasn't|has not|haven't|have not|hadn't|never|not)\s+(?:\w+\s+)?"
    r"(?:come back|came back|returned|been back|bothered me|flared)(?!\s+(?:yet|for now)\b))\b"
    r"(?!\s+(?:soon|someday|one day|by then)\b)",  # "I hope they're gone soon": a wish
    re.IGNORECASE,
)
"""The condition said to be over after its name: "my hypertension is resolved now"."""
_OWN_RELATIVE = re.compile(
    r"^\s+(?:(?:that|which)\s+)?i(?:'ve|\s+have|\s+had|'d)?\s+(?:had|suffered (?:with|from)|lived with|dealt with"
    r"|struggled with|battled)\b[^,.;!?]{0,60}?(?=\s+(?:(?:just|finally|simply|slowly|gradually|kind of|sort of)\s+)?"
    r"(?:is|was|are|were|has|have|had|faded|disappeared|vanished|petered|cleared|went|seems?|seemed|appears?)\b)"
    # the place on the body between the name and what is said of it: "the gout in my big toe has cleared up"
    r"|^\s+(?:in|on)\s+my\s+(?:[a-z]+\s+){0,2}?[a-z]+(?=\s+(?:(?:just|finally|now|really)\s+)?"
    r"(?:is|was|are|were|has|have|had|seems?|seemed|appears?)\b)"
    # when it was, or a second name for it, between the name and what is said of it: "the sinus infection from end of
    # march is gone", "the gout the big toe thing is gone"
    r"|^\s+(?:from\s+(?:the\s+)?(?:(?:end|start|beginning|middle)\s+of\s+)?[a-z]+(?:\s+[a-z]+){0,3}?"
    r"|the\s+(?:[a-z]+\s+){0,2}(?:thing|one|business))"
    r"(?=\s+(?:(?:just|finally|now|really)\s+)?(?:is|was|are|were|has|have|had)\b)"
    # the condition's past effect on the speaker: "the hay fever that used to wreck me every spring just ..."
    r"|^\s+(?:that|which)\s+(?:used to|always|would)\s+[^,.;!?]{0,50}?\b(?:me|my)\b[^,.;!?]{0,30}?"
    r"(?=\s+(?:just\s+|really\s+)?(?:is|was|are|were|has|have|had|hasn't|has not|haven't|never)\b)"
    # its course or effect in any past verb (round 26): "the sinusitis that has plagued me for twenty years finally
    # cleared up", "the sinus infection that dragged on all winter is gone"; not another person's, not negated
    r"|^\s+(?:that|which)\s+(?:has\s+|had\s+|'s\s+)?(?:been\s+)?[a-z]+(?:ed|en)\b(?:(?!n't|\bnot\b|\bnever\b|\b(?:his"
    r"|her|their|my\s+(?:wife|husband|son|daughter|sister|brother|mum|mom|dad|friend|partner|kids?))\b)[^,.;!?])"
    r"{0,50}?(?=\s+(?:(?:just|finally|now|really"
    r"|simply|slowly|gradually)\s+)?(?:is|was|are|were|has|have|had|hasn't|has not|haven't|never|faded|disappeared"
    r"|vanished|cleared|went)\b)"
    # any reduced relative clause whose subject is the speaker or a clinician, whatever its verb: "the sinusitis
    # I saw the doctor about", "the rash we went to urgent care for", "the gout my GP put me on pills for"
    r"|^\s+(?:(?:that|which)\s+)?(?:i|we|they|(?:my|the|our)\s+(?:\w+\s+)?(?:doctor|doc|gp|physician|nurse"
    r"|specialist|dermatologist|dentist|surgeon|consultant|pa|np))(?:'ve|'d|\s+have|\s+had|\s+was|\s+were)?\s+"
    r"(?!(?:hope|hoped|wish|wished|pray|prayed|doubt|fear|feared|worry|worried|think|thought|guess|suppose)\b)"
    r"(?:\w+(?:n't)?\s+){0,1}(?:saw|seen|went|go|got|get|was|were|been|treated|told|asked|called|mentioned"
    r"|complained|messaged|wrote|took|take|used|put|gave|given|prescribed|diagnosed|found|spotted|picked|needed"
    r"|had|fought|caught|picked up|came down)\b[^,.;!?]{0,50}?"
    r"(?=\s+(?:(?:just|finally|now|really|simply|slowly|gradually|kind of|sort of)\s+)?(?:is|was|are|were|has|have"
    r"|had|hasn't|has not|haven't|never|faded|disappeared|vanished|petered|cleared|went)\b)",
    re.IGNORECASE,
)
"""A relative clause between the name and its predicate, the speaker's own ("the sinusitis I've had since the
eighties has finally cleared up") or any told by the speaker or a clinician ("the sinusitis I saw the doctor
about is completely gone"): skipped when reading what is said of the condition (a wish, "the rash I hope is
gone", is not one)."""
_TIME_CLAUSE_VERB = re.compile(
    r"\b((?:since|when|until|till|while|before|after)\s+(?:i|we)\s+)(was|were|had|'d)\b", re.IGNORECASE
)
"""The verb of a time clause inside the relative clause ("the sinusitis I've had since I was a kid has cleared up",
"the eczema I had when we were in Spain is gone"): masked, so it is not read as the condition's predicate."""
_OWN_ASIDE = re.compile(
    r"^,\s*(?:which|that)\s+(?:(?:i|we)(?:'ve|'d|\s+have|\s+had)?|has|had)\s+[^,.;!?]{0,70},", re.IGNORECASE
)
"""The speaker's own relative clause set off by commas: "my asthma, which I've had since school, has cleared up"."""
_ENTRY_ASIDE = re.compile(
    r"^\s*,?\s*(?:which|that)\s+(?:is|was|are|were|has been|have been)\s+(?:written|noted|listed|recorded|mentioned"
    r"|put|entered)\s+[^,.;!?]{0,40},\s*(?:it|they|this|that)\b",
    re.IGNORECASE,
)
"""The entry's relative clause and a pronoun taking the condition up again, as learners write: "The chronic sinusitis
which is written in my file, it is finished"."""
_ONGOING_AFTER = re.compile(
    r"^[^.;!?]{0,40}?\b(?:since|for the (?:past|last)|for \w+ (?:days|weeks|months|years))\b"
    # the duration without its "for", as texted: "I've had migraines 30 yrs", "had asthma 20 years"
    r"|^\s*(?:(?:like|about|around|over|nearly|almost)\s+)?(?:\d+|a few|a couple of|many|ten|twenty|thirty|forty|fifty)"
    r"\s+(?:yrs?|years?|months?|decades?)\b(?!\s+(?:ago|back|before|earlier|previously))",
    re.IGNORECASE,
)
"""A present perfect with a duration is ongoing: "I've had a migraine since last Sunday", "I've had migraines 30
yrs"."""
_PERFECT_HAD = re.compile(r"\b(?:i've had|i have had)\b[^.;!?]*$", re.IGNORECASE)
_FLARE_AFTER = re.compile(
    r"^\W*(?:(?:has|have|had|is|was|keeps?|kept|started|began)\s+)?(?:(?:really|badly|suddenly)\s+)?"
    r"(?:flared|flaring|flares?|acting up|acted up|playing up|played up|flare-?ups?|attacks?)\b",
    re.IGNORECASE,
)
"""A recorded condition's episode: "my gout flared up", "a gout flare", "my asthma is acting up"."""
_EPISODE_BEFORE = re.compile(
    r"\b(?:one of (?:my|those|these|the)|another(?: one of my)?|(?:an?|another|my)\s+(?:(?:bad|big|nasty|major"
    r"|minor|small|mild|short|long|sudden)\s+)?(?:episode|bout|attack|spell|round) of)\s+"
    r"(?:(?:bad|big|nasty|usual|old)\s+)?$",
    re.IGNORECASE,
)
"""A recurring condition's episode said by its count: "I had one of my fits yesterday", "another seizure",
"a bad bout of gout": a symptom episode, not a resolved diagnosis."""
_NO_LONGER = re.compile(r"\bno longer\b[^.;!?]*$", re.IGNORECASE)
_NO_MORE = re.compile(
    r"(?:^\W*|[,;:]\s*|\bi(?:'ve|\s+have)(?:\s+had)?\s+)(?:(?:and|so|now|then)\s+)?no more\s+"
    r"(?:of\s+(?:my|the|those)\s+)?$",
    re.IGNORECASE,
)
"""A condition said to be over by "no more" opening its clause: "No more migraines since I changed my diet",
"..., no more gout"."""
_ANY_MORE = re.compile(
    r"^(?:(?!\bnot (?:just|only|simply|merely|really)\b|\bno longer just\b)[^.;!?]){0,30}?"
    r"\b(?:anymore|any more|any longer)\b",
    re.IGNORECASE,
)
"""A condition over said by "anymore" after it ("I don't have gout anymore"); not when "anymore" closes a
contrast with something else ("it's type 2 diabetes now, not just borderline anymore": the borderline is over)."""
_NOT_THE_CONDITION = re.compile(
    r"^\s*(?:symptoms?|attacks?|flare|flares|meds|medicine|medication|pills?|inhaler|today|tonight|right now"
    r"|under control|in check|(?:well\s+)?(?:managed|controlled)"
    r"|at the moment|this week)\b",
    re.IGNORECASE,
)
"""After a denied name, words that make the denial about an episode or a thing ("I don't have asthma
symptoms today"), not about the diagnosis."""
_RECORD_SAYS = re.compile(
    r"\b(?:chart|record|records|file|notes|portal|paperwork|problem list|list|profile|history|system|it"
    # a paper from a clinic speaking: "the summary from the clinic mentions", "my discharge letter lists"
    r"|summary|letter|report|printout|print-out|paperwork)(?:\s+(?:from|of)\s+(?:the|my)\s+\w+(?:\s+\w+)?)?\s+"
    r"(?:says|said|say|shows|showed|lists|listed|mentions|mentioned|mention|refers to|talks about"
    r"|has|had)\s+(?:that\s+)?(?:i\s+(?:have|had)\s+)?(?:an?\s+)?$",
    re.IGNORECASE,
)
"""The record speaking, not the person ("my chart says anemia but ..."): no statement of the speaker."""
_RELATIVE_REPORTS = re.compile(
    r"\b(?:my|our)\s+(?:mom|mum|mother|dad|father|sister|brother|wife|husband|son|daughter|friend|partner|aunt"
    r"|uncle|cousin|grandma|grandpa|grandmother|grandfather|neighbou?r|kids?|boss|colleague|coworker)\b"
    r"[^.;!?]*\b(?:he|she|they)\s+(?:says|said|told|tells)\b",
    re.IGNORECASE,
)
"""A relative reporting ("my sister called, she says the flu has cleared up"): the report is about them."""
_ANSWERED_OVER = re.compile(
    r"\s*(?P<over>(?:(?:all|completely|totally|fully|finally|pretty much)\s+)?(?:cleared up|cleared|gone|resolved"
    r"|healed|over|cured|fixed|sorted|done|history))\s*(?:[.!]|,|$)",
    re.IGNORECASE,
)
"""A condition raised as a question and answered by a predicate alone ("the sinus business that's been on my
list forever? Cleared up."): the answer is what is said of it."""
_VACCINE_AFTER = re.compile(
    r"^\s*(?:-\s*)?(?:vaccines?|vaccinations?|vaccinated|jabs?|shots?|boosters?|immuni[sz]ations?|inoculations?"
    r"|injections?|vax)\b",
    re.IGNORECASE,
)
"""A disease named as its vaccine ("got the hepatitis A jab", "my shingles shot"): no condition."""
_SERVICE_AFTER = re.compile(
    r"^\s*(?:prevention|awareness|education|support|management|screening|risk|research|charity|walk|fundraiser)"
    r"(?:\s+(?:program|programme|group|class|course|clinic|team|service|nurse|day|event|workshop|leaflet))?\b"
    r"|^\s*(?:program|programme|group|class|course|workshop|charity|fundraiser)\b",
    re.IGNORECASE,
)
"""A disease naming a service or an event ("my diabetes prevention group", "the asthma support class", "a cancer
charity walk"): no diagnosis of the speaker."""
_DETERMINER_BEFORE = r"\b(?:the|my|that|this|those|these)\s+(?:\w+\s+)?$"
"""A condition named by a determiner ("the", "my", or a demonstrative) whose predicate says it is over."""
_ENTRY_PLACE = re.compile(
    rf"{ENTRY_PLACE}[^.;!?]{{0,30}}[.]\s*$",
    re.IGNORECASE,
)
"""A sentence that only places a condition in the speaker's record: the next sentence may deny it."""
_CLINIC_THEY = re.compile(r"\b(?:now|so)\s+they(?:'re|\s+are)?\s+(?:saying|say|said)\s+\w*\s*$", re.IGNORECASE)
"""The clinic as "they" naming the diagnosis, after a test or a visit of the speaker's."""
_RUNS_IN_FAMILY = re.compile(r"\bruns in (?:my|the|our) family\b", re.IGNORECASE)


def find_conditions(text: str, conditions: list[TermMatch], sentences: list[tuple[int, int]]) -> list[Proposal]:
    out = []
    for match in conditions:
        start = sentence_start(match.start, sentences)
        before = text[start : match.start]
        after = text[match.end : sentence_end(match.end, sentences)]
        echo = echoed_denial(text, match.start, match.end)
        if echo is not None or NEVER_TOLD.search(before):
            # "Prediabetes? Me? No, nobody ever told me that", "nobody has ever told me I have X":
            # :mod:`.echoed_denials`
            echoed = Proposal(
                "condition",
                {"name": match.key, "status": "denied"},
                echo or (match.start, match.end),
                policy="negation_is_content",
                extra={"speaker_subject": True},
            )
            out.append(echoed)
            continue
        own = _OWN_RELATIVE.match(_TIME_CLAUSE_VERB.sub(lambda v: v.group(1) + "_" * len(v.group(2)), after))
        if own is not None and _RESOLVED_AFTER.match(after[own.end() :]):
            after = after[own.end() :]  # "the sinusitis I've had for years has cleared up"
        elif (aside := _OWN_ASIDE.match(after)) is not None and _RESOLVED_AFTER.match(after[aside.end() :]):
            after = after[aside.end() :]  # "my asthma, which I've had since school, has finally cleared up"
        elif (entry := _ENTRY_ASIDE.match(after)) is not None and _RESOLVED_AFTER.match(after[entry.end() :]):
            after = after[entry.end() :]  # "The chronic sinusitis which is written in my file, it is finished"
        if _ENTRY_PLACE.match(after) and match.end + len(after) < len(text):
            # "I keep seeing 'prediabetes' on my paperwork. I don't have that": the next sentence judges the entry
            after = text[match.end : sentence_end(match.end + len(after) + 1, sentences)]
        elif _RECORD_SAYS.search(before) and not after.strip(" .!") and match.end + len(after) < len(text):
            # "the clinic letter mentions epilepsy. That can't be me": the next sentence judges the entry
            after = text[match.end : sentence_end(match.end + len(after) + 1, sentences)]
        if after.rstrip().endswith("?") and (answer := _ANSWERED_OVER.match(text, match.end + len(after))):
            after = " " + answer.group("over")  # "the sinus business on my list forever? Cleared up."
        # an alias may carry its own verb ("had a heart attack"): the cue is then inside the match
        before = before + match.text[: _own_verb(match.text)]
        cue = last_match(_CONDITION_CUE, before)
        no_more = _NO_MORE.search(before) if not _NOT_THE_CONDITION.match(after) else None
        if no_more is not None:
            cue = no_more  # "No more migraines since ...": the condition is over
        far = cue is None or len(tokenize(before[cue.end() :])) > 4
        if far and _RESOLVED_AFTER.match(after) and re.search(_DETERMINER_BEFORE, before, re.I):
            # "said the sinusitis has cleared up", "that sinus infection is finally gone"
            cue = last_match(re.compile(r"\b(?:the|my|that|this|those|these)\b", re.I), before)
        if _VACCINE_AFTER.match(after) or _SERVICE_AFTER.match(after):
            continue  # "the hepatitis A jab", "my diabetes prevention group": a vaccine or a service, no diagnosis
        if _RELATIVE_REPORTS.search(re.split(r"[.!?]", text[: match.start])[-1]):
            continue  # "my sister called, she says the flu has cleared up": hers
        runs = _RUNS_IN_FAMILY.search(after)
        dispute = None if runs else entry_disputed(text, match, before, after, sentences, conditions)
        if dispute is not None:
            # "the portal lists X under my conditions. That's wrong", "whatever it says about X should come off"
            disputed = {"name": match.key, "status": "denied"}
            proposal = Proposal("condition", disputed, dispute, policy="negation_is_content")
            if not ANOTHERS.search(before):
                proposal.extra["speaker_subject"] = True
            out.append(proposal)
            continue
        if _RECORD_SAYS.search(before) and not DENIED_AFTER.match(after):
            continue  # the record speaking ("my chart says anemia"), not the person
        if not runs and _not_had_for_a_period(before, after):  # "haven't had a sinus infection in over a year"
            not_had = {"name": match.key, "status": "resolved"}
            out.append(Proposal("condition", not_had, (match.start, match.end), policy="negation_is_content"))
            continue
        if not runs and _denied(before, after):
            denied = {"name": match.key, "status": "denied"}
            proposal = Proposal("condition", denied, (match.start, match.end), policy="negation_is_content")
            said_after = DENIED_AFTER.match(after)
            if said_after is not None and (
                _SPEAKER.search(said_after.group(0)) or (_RECORD_SAYS.search(before) and not ANOTHERS.search(before))
            ):
                # "somebody put prediabetes in my file and I don't think that's right": the speaker denies it; "my
                # patient portal lists X. That's wrong": the entry of the speaker's own record
                proposal.extra["speaker_subject"] = True
            out.append(proposal)
            continue
        if not runs and (cue is None or len(tokenize(before[cue.end() :])) > 4):
            # "Eczema's gone!", "whatever that sinus thing was, it's over"; "walk-in clinic says UTI."
            told = "resolved" if told_over(before, after) else "active" if clinician_named(before, after) else None
            disputed_before = any(p.fields.get("status") == "denied" and p.type == "condition" for p in out)
            if told is None and disputed_before and corrected_to(before):
                told = "active"  # "my chart says RA?? nope. its osteoarthritis": the right diagnosis
            if told is not None:
                said = Proposal("condition", {"name": match.key, "status": told}, (match.start, match.end))
                if told == "active" and _CLINIC_THEY.search(before):
                    said.extra["speaker_subject"] = True  # "so now they're saying X": the clinic's "they"
                out.append(said)
                continue
        if cue is None and runs is None:
            continue
        if cue is not None and len(tokenize(before[cue.end() :])) > 4:
            continue
        episode = _EPISODE_BEFORE.search(before) is not None  # "one of my fits": an episode, a symptom record
        if not runs and (episode or _FLARE_AFTER.match(after)):  # "my gout flared up": an episode too
            fields = {"name": match.key, "body_site": _site(after)}
            out.append(Proposal("symptom", fields, (match.start, match.end), extra={"flare": True}))
            continue
        status = "resolved" if no_more is not None else _condition_status(before, after)
        extra = {"relative": "family"} if runs else {}
        # "I no longer have X", "I don't have X anymore": the negation says it is over (resolved)
        over = status == "resolved" and (
            no_more is not None or _NO_LONGER.search(before) is not None or _ANY_MORE.match(after) is not None
        )
        out.append(
            Proposal(
                "condition",
                {"name": match.key, "status": status},
                (match.start, match.end),
                policy="negation_is_content" if over and not runs else "family_to_history",
                extra=extra,
            )
        )
    return out


_NOT_HAD_BEFORE = re.compile(
    r"(?:^\W*|\bi(?:'ve|\s+have|\s+had)?\s+|[,;:]\s*)(?:(?:still|really|honestly|actually)\s+)?(?:haven't|have not"
    r"|hadn't|had not|not)\s+(?:had|seen|noticed)\s+(?:a|an|any|one|a single|my|the)?\s*(?:\w+\s+)?$",
    re.IGNORECASE,
)
_FOR_A_PERIOD_AFTER = re.compile(
    r"^\s*(?:attacks?|flares?|flare-ups?|episodes?|bouts?)?\s*(?:in|for|since)\s+"
    r"(?:(?:over|more than|about|almost|nearly"
    r"|well over|the (?:past|last))\s+)?(?:a|an|\d+|two|three|four|five|six|several|many|ages|years|months|last|the)\b",
    re.IGNORECASE,
)
"""A condition not had for a period is over: "Haven't had a sinus infection in over a year now", "I haven't had
any gout attacks since the spring" (a denial has no period: "I haven't had asthma")."""


def _not_had_for_a_period(before: str, after: str) -> bool:
    return _NOT_HAD_BEFORE.search(before) is not None and _FOR_A_PERIOD_AFTER.match(after) is not None


_SPEAKER = re.compile(r"\bi\b|\bmy\b", re.IGNORECASE)


def _denied(before: str, after: str) -> bool:
    """A first-person denial of the diagnosis (not "no longer" / "anymore": that is resolved)."""
    if _NO_LONGER.search(before) or _ANY_MORE.match(after) or _NOT_THE_CONDITION.match(after):
        return False
    denied = DENIED_BEFORE.search(before)
    whose = REPORTER.sub(" ", before)  # "she said it isn't X": the clinician reporting, not the subject
    if denied is not None and not re.match(r"\W*i\b", denied.group(0), re.I) and ANOTHERS.search(whose):
        return False  # "my son's wheeze: the doctor said it isn't asthma": his, not the speaker's
    return denied is not None or DENIED_AFTER.match(after) is not None


def _own_verb(alias_text: str) -> int:
    """The length of a leading "had a" / "have" / "broke my" in a matched alias ("had a stroke"), else 0."""
    m = re.match(
        r"(?:had|have|has|got|broke|broken|fractured|cracked)\b(?:\s+(?:a|an|my))?\s*", alias_text, re.IGNORECASE
    )
    return m.end() if m else 0


def _site(after: str) -> str | None:
    site = PAIN_IN.search(after)
    return site.group("site") if site else None


def _condition_status(before: str, after: str) -> str:
    """``resolved`` when the words say it is over (before or after the name), else ``active``."""
    if _RESOLVED_AFTER.match(after) or _ANY_MORE.match(after):
        return "resolved"
    if last_match(_RESOLVED, before) is None:
        return "active"
    if _PERFECT_HAD.search(before) and _ONGOING_AFTER.match(after):
        return "active"  # "I've had a migraine since Sunday": still going on
    return "resolved"
