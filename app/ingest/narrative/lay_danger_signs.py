"""Danger signs told the way people text them, with the subject dropped or by what happened, beyond
:mod:`.acute_signs`: each pattern is one sign the reconciler treats as acute danger (fainting, near fainting, a
seizure, a stroke sign, chest pain, breathlessness).

- **fainting**: going white and dropping ("I went white and just dropped at dinner"), hitting the pavement, swooning;
- **near fainting**: nearly keeling over or going down ("nearly keeled over standing up from the sofa");
- **a seizure**: a fit opening a sentence or named after the event ("Another fit this morning", "so i guess that was a
  fit"), or found on the floor jerking;
- **a stroke sign**: speech garbled or slurred with the subject dropped ("Speech all garbled on the phone", "words came
  out all slurred"), an arm that could not be lifted, a side of the face gone droopy, the mouth gone down on one
  side;
- **chest pain**: an elephant on the chest, a pressure across the chest, an ache behind the breastbone;
- **shortness of breath**: not catching one's breath, puffed out, breathing laboured.

Another person's sign, a question or a hypothetical is left to the assertion step (the span is the sign itself).
"""

from __future__ import annotations

import re

from app.ingest.narrative.sentences import SENTENCE_OPENING

_OPENING = rf"{SENTENCE_OPENING}(?:(?:so|and|oh|then|just|also|another)\s+)?"
"""A sign told with its subject dropped at a sentence opening."""
_FLOOR = r"(?:floor|ground|pavement|sidewalk|deck|tiles|carpet|kitchen floor|bathroom floor)"

FAINT_TOLD = re.compile(
    r"\b(?:went|turned|going)\s+(?:all\s+)?(?:white|grey|gray|pale|limp)\s+and\s+(?:just\s+|then\s+)?(?:dropped|collapsed"
    r"|went down|fell|keeled over|hit the (?:floor|deck|ground))\b"
    rf"|(?:\bi\s+|{_OPENING})(?:just\s+)?(?:hit|smacked|landed on)\s+the\s+(?:pavement|sidewalk|tiles|concrete)\b"
    rf"|(?:\bi\s+|{_OPENING})(?:just\s+|literally\s+|kind of\s+)?swoon(?:ed|ing)?\b"
    # a fall with consciousness lost for a while: "went down in the bathroom this morning - out for a few seconds"
    r"|\b(?:went down|fell|collapsed|dropped|keeled over|hit the (?:floor|deck|ground))\b[^.;!?]{0,60}?"
    r"\b(?:out|unconscious|out cold|passed out|blacked out)\s+(?:for\s+)?(?:(?:maybe|about|around|like|only|just)\s+)?"
    r"(?:a\s+few|a\s+couple\s+of|a|\d+|one|two|three|few)(?:\s+or\s+(?:\d+|two|three|four|five))?"
    r"\s+(?:seconds?|secs?|moments?|minutes?|mins?)\b",
    re.IGNORECASE,
)
NEAR_FAINT_TOLD = re.compile(
    r"(?:\bi\s+|(?:^|(?<=[.!?]\s))\W*)(?:very\s+|so\s+)?(?:nearly|almost|practically)\s+(?:keeled over|went down"
    r"|hit the (?:deck|floor|ground)|dropped|collapsed|conked out)\b",
    re.IGNORECASE,
)
SEIZURE_TOLD = re.compile(
    rf"{_OPENING}(?:had\s+)?(?:another|a|one of my|a big|a bad)\s+(?:(?:big|bad|small|little|full)\s+)?fit\b"
    r"(?!\s+of\b|\s+(?:test|kit|result))"
    r"|\b(?:that|it|this)\s+(?:was|'s)\s+(?:(?:definitely|probably|def)\s+)?(?:a|another)\s+fit\b(?!\s+of\b)"
    # the state after "me", so the finder is not the experiencer: "my son found me on the kitchen floor jerking"
    rf"|(?<=\bfound me )(?:on|in)\s+(?:the\s+|my\s+)?(?:\w+\s+)?{_FLOOR}\s+(?:\w+\s+)?(?:jerking|shaking|twitching"
    r"|fitting|convulsing|seizing)\b"
    # all the limbs jerking, as a witness tells it: "arms and legs jerking maybe two minutes", "my whole body was
    # shaking and I bit my tongue" (one leg jerking at night is not one)
    r"|\b(?:(?:my\s+)?(?:arms\s+and\s+legs|legs\s+and\s+arms|whole\s+body|all\s+(?:four\s+)?limbs"
    # a learner's "all my body was shaking ... and I bite my tongue"
    r"|all\s+(?:of\s+)?my\s+body|my\s+all\s+body))\s+"
    r"(?:(?:were|was|went|started|kept|all)\s+)*(?:jerking|twitching|convulsing|thrashing|shaking(?=[^.;!?]{0,80}"
    r"\b(?:bit|bitten|biting|bite|bites)\s+my\s+tongue|[^.;!?]{0,80}\b(?:confused|confuse|muddled|out of it|drowsy"
    r"|sleepy)\b))"
    # stiff, then jerking: "went rigid then jerking for a minute or so"
    r"|\bwent\s+(?:rigid|stiff)\b[^.;!?]{0,30}?\b(?:jerking|shaking|twitching|convulsing|fitting)\b"
    # shaking all over, with the tongue bitten or confusion after: "found me on the kitchen floor shaking all over for
    # maybe two minutes, I bit my tongue"
    r"|\b(?:shaking|jerking|twitching|convulsing|fitting)\s+all\s+over\b(?=[^.;!?]{0,80}\b(?:bit|bitten|biting|bite)"
    r"\s+my\s+tongue|[^.;!?]{0,80}\b(?:confused|confuse|muddled|out of it)\b)",
    re.IGNORECASE,
)
SPEECH_TOLD = re.compile(
    rf"(?:\bmy\s+|{_OPENING})(?:speech|words|talking)\s+(?:(?:was|were|came out|went|got|sounded|all)\s+)*"
    r"(?:all\s+|really\s+|totally\s+|a bit\s+|kind of\s+|kinda\s+)?(?:garbled|slurred|slurry|jumbled|muddled|scrambled"
    r"|mushy)\b",
    re.IGNORECASE,
)
WEAKNESS_TOLD = re.compile(
    r"(?:\bi\s+|(?:^|(?<=[.!?]\s))\W*)(?:couldn't|could not|cant|can't|cannot|wasn't able to)\s+(?:lift|raise|move|grip"
    r"(?:\s+with)?)\s+my\s+(?:left|right)\s+(?:arm|hand|leg)\b",
    re.IGNORECASE,
)
DROOP_TOLD = re.compile(
    r"\b(?:(?:the\s+)?(?:left|right|one)\s+side\s+of\s+my\s+face|my\s+face)\s+(?:(?:suddenly|kind of|kinda|all)\s+)?"
    r"(?:went|was|looked|started|got|had gone|is)\s+(?:(?:all|kind of|kinda|a bit|really)\s+)?(?:droopy|drooping"
    r"|lopsided|crooked|slack|saggy)\b"
    # the mouth pulled down on one side: "my mouth is going down on one side", "his smile dropped at the left side"
    r"|\bmy\s+(?:mouth|face|smile|lip)\s+(?:is\s+|was\s+|has\s+|had\s+|suddenly\s+)?(?:going|gone|went|goes|dropping"
    r"|dropped|drooping|drooped|hanging|hung|pulling|pulled|sagging|sagged|falling|fell)\s+down\s+(?:on|at|to)\s+"
    r"(?:one|the\s+(?:left|right)|my\s+(?:left|right))\s+side\b",
    re.IGNORECASE,
)
CHEST_TOLD = re.compile(
    r"\b(?:an?|the|this)\s+elephant\s+(?:sitting|standing|parked|on)\s+(?:on\s+)?my\s+chest\b"
    # ... said of the speaker, the chest named in another language or not at all: "dor no peito like an elephant sitting
    # on me going to the left arm"
    r"|\b(?:an?|the|this)\s+elephant\s+(?:sitting|standing|parked)\s+on\s+me\b"
    # the chest rubbed and called tight: "keeps rubbing his chest n saying its 'tight'"
    r"|\brubbing\s+my\s+chest\b(?=[^.;!?]{0,40}\btight)"
    # the chest said tight, or a band round it: "gets tight across the chest when he walks up the driveway", "tight band
    # round my chest walking up from the car park"
    r"|\b(?:gets?|got|getting|goes|went|feels?|felt)\s+(?:all\s+|really\s+|very\s+)?tight\s+(?:across|in|around|round)\s+"
    r"(?:the|my)\s+chest\b"
    r"|\btight\s+band\s+(?:round|around|across)\s+(?:my|the)\s+chest\b"
    # a constriction opening a note: "Weird squeezing in the middle of my chest this evening"
    rf"|{_OPENING}(?:(?:weird|strange|funny|horrible|awful|bad|sudden|odd|tight|heavy|crushing|massive)\s+)?"
    r"(?:squeezing|crushing|tightness|heaviness|pressure|squeeze)(?:\s+feeling|\s+sensation)?\s+(?:in|on|across|around)"
    r"\s+(?:the\s+(?:middle|centre|center)\s+of\s+)?my\s+chest\b"
    r"|\b(?:burning\s+|crushing\s+|heavy\s+|tight\s+)?(?:pressure|tightness|heaviness)\s+(?:right\s+)?(?:across|in|on)"
    r"\s+(?:the|my)\s+chest\b"
    r"|\b(?:pain|ache|pressure|tightness|discomfort|squeezing|heaviness|burning)\s+(?:right\s+)?(?:behind|under)\s+"
    r"(?:the|my)\s+(?:breastbone|sternum)\b",
    re.IGNORECASE,
)
BREATH_TOLD = re.compile(
    r"(?:\bi\s+|(?:^|(?<=[.!?]\s))\W*)(?:cant|can't|couldn't|could not|cannot)\s+(?:seem to\s+)?catch\s+my\s+breath\b"
    rf"|{_OPENING}(?:totally\s+|completely\s+|really\s+)?puffed\s+out\b"
    r"|\b(?:my\s+)?breathing(?:'s|\s+(?:is|was|has been|had been|'s been))?\s+(?:been\s+)?(?:really\s+|so\s+|very\s+)?"
    r"(?:laboured|labored|really hard|so hard|difficult)\b",
    re.IGNORECASE,
)

LAY_DANGER_SIGNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (FAINT_TOLD, "fainting"),
    (NEAR_FAINT_TOLD, "near fainting"),
    (SEIZURE_TOLD, "seizure"),
    (SPEECH_TOLD, "dysarthria"),
    (WEAKNESS_TOLD, "weakness"),
    (DROOP_TOLD, "facial droop"),
    (CHEST_TOLD, "chest pain"),
    (BREATH_TOLD, "shortness of breath"),
)
"""Each lay pattern with the symptom it tells (read when the dictionary holds that symptom)."""
