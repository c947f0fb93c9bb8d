"""Acute-danger signs said by what happened, not by their name.

People rarely name the emergency; they tell it. The families read here are general, each by the
structure of its telling rather than a phrase:

- **loss of consciousness said by its consequence**: waking or coming to on the floor ("the next thing I
  knew I was on the kitchen floor", "I came round on the bathroom tiles"), an inference of having been out
  ("must have been out for a few seconds", "I must've blacked out"), "I was out cold", "everything went
  black", "I keeled over", "Keeled over in the shower", "hit the deck", "I ... ended up on the ground" (not
  "collapsed on the sofa"): the dictionary's fainting;
- **a squeezed chest said by a verb, an image or its bone**: "my chest clamped down", "like an elephant sitting on
  my chest", "pressure behind my breastbone": chest pain;
- **a speech disturbance said by the words**: the speaker's words or speech coming out wrong ("my words came
  out all jumbled", "my speech went funny", "my words were muddled"), or not coming ("I couldn't get the
  words out", "I couldn't find my words", "I couldn't talk properly"), or the speaker talking strangely ("I speak
  strange", "I'm talking funny"): dysarthria;
- **one-sided weakness said by a part that fails**: a hand, arm, leg, face or side of the speaker's that
  would not grip, hold, move or lift ("my right hand wouldn't grip the remote", "my left arm wouldn't
  move"), or went weak, dead, limp or heavy ("my arm went all floppy"): weakness;
- **breathing distress**: the speaker unable to breathe or get air ("I couldn't breathe", "I could barely
  get a breath", "I was gasping for air"): shortness of breath;
- **cyanosis said by colour**: the speaker's lips, face or fingers looking or turning blue or grey ("my lips
  looked kind of blue"), when the dictionary has the sign.

Each sign must be the speaker's (a first-person subject or "my" part; another person's lips or words are
not read); negation, hypotheticals and other experiencers are then the assertion layer's, as for every
proposal. The same patterns are read by the reconciler on a statement's quote, so a symptom record with no
name (a gold record, an LLM record) is still recognised as the acute sign it tells.
"""

from __future__ import annotations

import re

from app.ingest.narrative.lay_danger_signs import LAY_DANGER_SIGNS
from app.ingest.narrative.terms import Vocabulary

_DOWN = (
    r"(?:floor|ground|pavement|carpet|tiles|rug|deck|grass|sidewalk|lawn|patio|path|driveway|lino|linoleum"
    r"|concrete|gravel|decking|flagstones|doormat|mat|road|street|bathmat)"
)
FAINT_SAID = re.compile(
    r"\bnext thing i (?:knew|know|remember(?:ed)?)\b"
    rf"[^.;!?]{{0,50}}?\b(?:on|off|across) (?:the |my )?(?:\w+ )?{_DOWN}\b"
    # the sight going before the fall: "the world went grey, and the next thing I knew ...", "it all went black"
    r"|\b(?:the world|everything|it all|the room)\s+(?:just\s+)?went\s+(?:grey|gray|white|black|dark|fuzzy)\b"
    r"(?=[^.;!?]{0,25}\bnext thing i (?:knew|know|remember))"
    # the subject said or dropped at a sentence opening: "I came round on the tiles", "came to on the floor by the desk"
    r"|(?:\bi\s+|(?:^|(?<=[.!?]\s)|(?<=\band\s)|(?<=\bthen\s))(?:then\s+|and\s+|just\s+)?)"
    r"(?:woke up|came (?:to|round|around)|found myself)\b"
    rf"[^.;!?]{{0,30}}?\bon (?:the |my )?(?:\w+ )?{_DOWN}\b"
    # down on a surface with no memory of getting there or no knowing where: "I was sitting on the kitchen floor
    # ... and I don't remember getting down there", "I was on the floor and didn't know where I was"
    rf"|\bi (?:was|were)\s+(?:\w+\s+){{0,2}}?on (?:the |my )?(?:\w+ )?{_DOWN}\b"
    r"(?=[^.!?]{0,120}?\b(?:(?:didn't|did not|don't|do not) know where"
    r"|(?:don't|do not|didn't|did not|can't|cannot|couldn't) (?:\w+ )?remember"
    r"|no (?:memory|idea|recollection) (?:of )?(?:how|getting)))"
    # someone finding the speaker down: "my wife found me face down in the leaf pile", "found me out cold"
    # (a state must be said: "the kids found me on the floor playing lego" is none); the span is the state, after
    # "me", so the finder ("She found me passed out") is not its experiencer
    r"|(?<=\bfound me )(?:(?:lying\s+)?face (?:down|up)|unconscious|out cold|in a heap|slumped|sprawled|collapsed"
    rf"|passed out|lying (?:on|in) (?:the )?(?:\w+ )?{_DOWN})\b"
    r"|\b(?:i )?(?:must have|must've|musta|might have|might've) (?:been out|blacked out|passed out|gone out"
    r"|lost consciousness|fainted|conked out)\b"
    r"|\bi (?:was|went) out (?:cold|like a light|for (?:a|about|maybe|like|a few|several|\d+|a couple)\b)"
    # the subject dropped at a sentence opening: "Out cold for a few seconds, came to on the floor"
    r"|(?:^|(?<=[.!?]\s))(?:was\s+|went\s+)?out cold\b"
    # dropped where the speaker stood: "I just dropped in the kitchen", "dropped to the floor" (not "dropped my keys")
    r"|(?:\bi\s+|(?:^|(?<=[.!?]\s))(?:then\s+|and\s+)?)(?:just\s+|suddenly\s+|simply\s+)?dropped"
    rf"(?=\s+(?:in|on|at|to|onto)\s+(?:the\s+|my\s+)?(?:\w+\s+)?(?:{_DOWN}|kitchen|bathroom|hallway|hall|shop|store"
    r"|street|garden|yard|office|church|queue|line)\b|\s+like\s+a\s+(?:stone|rock|sack))"
    r"|\beverything went (?:black|dark)\b"
    # a sudden fall of the speaker's, the subject said or dropped: "I keeled over", "Keeled over in the shower",
    # "then I just collapsed at the till", "hit the deck", "went down like a sack of potatoes"
    r"|(?:\bi\s+|(?:^|(?<=[.!?]\s))(?:then\s+|and\s+|suddenly\s+)?)(?:just\s+|suddenly\s+|simply\s+)?(?:keeled over"
    r"|hit the (?:deck|floor|ground)|went down like an? |dropped like an? (?:stone|rock|sack)"
    r"|collapsed(?!\s+(?:on|onto|into|in)\s+(?:the\s+|my\s+)?(?:sofa|couch|bed|chair|armchair|recliner)))"
    # the consequence with the speaker as subject: "I had a funny turn at the shops and ended up on the ground"
    rf"|\bi\b[^.;!?]{{0,60}}?\b(?:and\s+)?ended up (?:flat |lying )?on (?:the |my )?(?:\w+ )?{_DOWN}\b",
    re.IGNORECASE,
)
"""A loss of consciousness told by its consequence (see the module docstring)."""
CHEST_SQUEEZED = re.compile(
    r"\bmy (?:chest|breastbone|sternum)\s+(?:(?:just|suddenly|really|kind of|sort of)\s+)?(?:clamped|clamping|seized"
    r"|seizing|tightened|tightening|locked|constricted|squeezed|closed|crushed)(?:\s+(?:up|down|in|shut))?\b"
    r"|\b(?:something|it|a weight|a band|a vice|a fist)\s+(?:was\s+|felt like it was\s+)?(?:squeezing|crushing"
    r"|pressing|sitting|pushing|tightening|clamped|wrapped)\s+(?:on|around|round|down on|in|across)\s+my chest\b"
    # a constriction felt in the chest: "I got this squeezing in the middle of my chest", "a crushing feeling across
    # my chest"
    r"|\b(?:a|this|that|some|the)\s+(?:(?:awful|horrible|weird|strange|funny|tight|heavy|sudden|bad)\s+)?(?:squeezing"
    r"|crushing|tightness|heaviness|pressure|squeeze)(?:\s+feeling|\s+sensation)?\s+(?:in|on|across|around)\s+"
    r"(?:the\s+(?:middle|centre|center)\s+of\s+)?my\s+chest\b"
    r"|\blike (?:an? |some )(?:\w+\s+){0,2}?(?:elephant|weight|band|vice|vise|fist|brick|bricks|belt)\b[^.;!?]{0,25}?"
    r"\b(?:on|around|round|across|in|crushing|squeezing) my chest\b"
    # a simile of the chest or the ribs: "my chest felt like it was in a vise", "it felt like my chest was being
    # crushed", "it was like my ribs were in a vice"
    r"|\b(?:my (?:chest|breastbone|ribs|ribcage|rib cage)\s+(?:felt|feels|was|were|went)|(?:felt|feels|was|is)"
    r" (?:like|as if|as though) my (?:chest|ribs|ribcage|rib cage)\s+(?:was|were|is|are))\b[^.;!?,]{0,30}?"
    r"\b(?:vi[cs]e|clamp(?:ed)?|crush(?:ed|ing)|squeez(?:ed|ing)|squash(?:ed|ing)|gripped|elephant|sitting on)\b"
    # a constricting thing around the chest: "this tight band around my chest", "a weight across my chest"
    r"|\b(?:a|an|this|that|the)\s+(?:\w+\s+)?(?:band|belt|vi[cs]e|weight|elephant|fist)\s+(?:around|round|across|on|over)"
    r"\s+my chest\b"
    # the chest said heavy or tight, the possessive said or dropped: "chest felt heavy and tight", "my chest's gone
    # tight", "rubbing my chest, says it feels heavy"
    r"|(?:\bmy|(?:^|(?<=[.!?,;]\s)|(?<=\band\s)|(?<=\bbut\s)))\s*chest(?!\s+(?:of|freezer|x-?rays?|infection|hair|press"
    r"|day|workout|muscles?|exercises?|size)\b)(?:'s|\s+(?:feels?|felt|feeling|is|was|has been|had been|went|goes|got"
    r"|gets|been|has felt|has gone|had gone|kept|keeps)(?:\s+(?:feeling|getting|going))?)(?:\s+(?:so|really|very|a bit"
    r"|a little|all|kind of|kinda|quite|awfully|horribly|proper|super|real|pretty|crazy|extra))*\s+(?:heavy|tight"
    r"|tighter|crushed|squeezed)\b"
    # "rubbing my chest and said it felt like a tight band"
    r"|\bmy chest\b[^.;!?]{0,30}?\b(?:it|which)\s+(?:feels|felt|is|was)\s+(?:like\s+(?:a|an)\s+)?"
    r"(?:(?:so|really|very|a bit|all|kind of)\s+)?(?:heavy|tight)\b"
    r"|\b(?:pain|ache|pressure|tightness|discomfort|squeezing|heaviness|burning)\s+(?:right\s+)?(?:behind|in|on"
    r"|under)\s+my\s+(?:breastbone|sternum)\b",
    re.IGNORECASE,
)
"""The chest said to be squeezed, by a verb of constriction, an image or its bone: "my chest clamped down",
"like an elephant sitting on my chest", "pressure behind my breastbone" (chest pain)."""
SPEECH_SAID = re.compile(
    r"\bmy (?:words|speech|talking)\s+(?:\w+\s+){0,2}?(?:came out|come out|coming out|were|was|got|went|kept coming out"
    r"|sounded|came)\s+(?:all\s+|kind of\s+|kinda\s+|a bit\s+|really\s+|totally\s+|completely\s+|sort of\s+)?"
    r"(?:jumbled|garbled|slurred|muddled|mixed up|scrambled|wrong|funny|weird|strange|nonsense|gibberish|mushy)\b"
    r"|\bi (?:couldn't|could not|can't|cannot|wasn't able to)\s+(?:get (?:my|the) words out|find (?:my|the|any) words"
    r"|talk (?:properly|right|straight|clearly)|speak (?:properly|right|clearly|straight)|form (?:my|the) words)\b"
    r"|\bi was (?:slurring|talking (?:gibberish|nonsense)|mixing up (?:my )?words)\b"
    # told by a second-language speaker or a dictating phone: "I speak strange", "I am talking funny"
    r"|\bi (?:speak|talk|am speaking|am talking|'m talking|'m speaking|was speaking|was talking|spoke|talked)\s+"
    r"(?:very\s+|really\s+|all\s+|so\s+|a bit\s+|kind of\s+|kinda\s+)?(?:strange|strangely|funny|weird|weirdly|wrong"
    r"|odd|oddly|slurry|drunk|like drunk)\b",
    re.IGNORECASE,
)
"""A speech disturbance of the speaker told by the words (see the module docstring)."""
_PART = r"(?:(?:left|right)\s+)?(?:hand|arm|leg|foot|fingers|side|face|side of my face|grip)"
WEAKNESS_SAID = re.compile(
    rf"\bmy\s+(?P<site>{_PART})\s+(?:wouldn't|would not|couldn't|could not|didn't|did not|won't|wasn't able to)\s+"
    r"(?:\w+\s+)?(?:grip|grab|hold|move|work|lift|respond|close|cooperate|do anything)\b"
    rf"|\bmy\s+(?P<site2>{_PART})\s+(?:suddenly\s+)?(?:went|was|felt|going|got|had gone)\s+(?:all\s+|completely\s+"
    r"|suddenly\s+|really\s+|kind of\s+)?(?:weak|dead|limp|floppy|useless)\b"
    r"|\bi (?:couldn't|could not|wasn't able to) (?:lift|move|raise|grip with) my "
    r"(?P<site3>(?:left|right) (?:arm|hand|leg))\b",
    re.IGNORECASE,
)
"""A part of the speaker that suddenly fails (see the module docstring)."""
BREATHING_SAID = re.compile(
    r"\bi (?:couldn't|could not|can't|cannot|could barely|can barely|could hardly|can hardly|was struggling to"
    r"|was fighting to)\s+(?:breathe|get (?:my|a|any) breath|get (?:any )?air)\b(?!\s+(?:through|out of) (?:my )?nose)"
    r"|\b(?:i was |i'm |i am )?gasping for (?:air|breath)\b"
    # too breathless to speak: "I can barely talk between breaths", "I couldn't get a full sentence out"
    r"|\bi (?:couldn't|could not|can't|cannot|could barely|can barely|could hardly|can hardly)\s+"
    r"(?:talk|speak|get (?:a|one)\s+(?:full\s+|whole\s+)?sentence out|finish (?:a|my) sentence)\b"
    r"(?=[^.;!?]{0,30}\b(?:breath|breaths|breathing|breathe|wheez\w*|air)\b)"
    r"|\b(?:wheez\w*|breathless|out of breath|short of breath)\b[^.;!?]{0,40}?\bi (?:couldn't|could not|can't|cannot"
    r"|could barely|can barely|could hardly|can hardly)\s+(?:talk|speak|get (?:a|one)\s+(?:full\s+|whole\s+)?sentence"
    r" out|finish (?:a|my) sentence)\b"
    r"|\btoo (?:breathless|out of breath|short of breath) to (?:talk|speak)\b"
    # breathing slowed or shallow, as an opioid slows it: "my breathing is really slow", "I'm barely breathing"
    r"|\bmy breathing(?:'s|\s+(?:is|was|got|went|seems|seemed|has been|had been))\s+(?:(?:really|very|so|super|too"
    r"|kind of|kinda|all|weirdly)\s+)?(?:slow|slowed|shallow|very shallow)\b"
    r"|\b(?:i'm|i am|i was|im)\s+(?:barely|hardly)\s+breathing\b"
    # air that will not go in, and words one or two at a time: "still cant get air in", "can only say a couple of words
    # at a time"
    r"|\b(?:can'?t|cannot|couldn'?t|could not)\s+get\s+(?:any\s+)?(?:air|a breath)\s+in\b"
    r"|\b(?:can|could)\s+only\s+(?:say|get out|manage)\s+(?:a\s+(?:couple\s+of|few)|one\s+or\s+two|two\s+or\s+three)"
    r"\s+words\s+(?:at\s+a\s+time|between\s+breaths)\b",
    re.IGNORECASE,
)
"""The speaker unable to breathe, or too breathless to speak (see the module docstring)."""
CYANOSIS_SAID = re.compile(
    r"\bmy (?:lips|face|fingers|fingertips|fingernails|nails|mouth)\s+(?:\w+\s+)?(?:looked|look|were|was|went|turned"
    r"|got|going|turning|had gone|seemed)\s+(?:kind of\s+|kinda\s+|a bit\s+|a little\s+|sort of\s+|all\s+|slightly\s+"
    r"|really\s+|pretty\s+)?(?:blue|bluish|blueish|grey|gray|purple|dusky)\b",
    re.IGNORECASE,
)
"""The speaker's lips, face or fingers turning blue (see the module docstring)."""
HEART_RACING_SAID = re.compile(
    r"\bmy (?:heart|pulse|ticker|heartbeat)(?:'s\s+|\s+)(?:(?:was|is|were|kept|keeps|started|starts|went|goes|had been"
    r"|has been|'s)\s+)?(?:been\s+)?(?:(?:just|really|suddenly|absolutely)\s+)?(?:going|racing|pounding|hammering"
    r"|thumping|banging|galloping|thudding|going off|beating|fluttering|flip-flopping|flopping|jumping|skipping"
    r"|bouncing|jumped|raced|pounded"
    r"|hammered|thumped|galloped|went|goes|go|race|races|pound|pounds|hammer|hammers)\s+(?:(?:away|along)\s+)?"
    r"(?:like (?:the clappers|mad|crazy|a drum|a train|the devil|a steam engine|a rabbit|a bird|a hummingbird"
    r"|a jackhammer|hell|nobody's business)|a mile a minute|(?:nineteen|ten|twenty|ninety) to the dozen"
    r"|out of my chest|all over the place|in my (?:throat|ears|chest))"
    # the heart said racing by a plain verb, or doing its racing thing: "my heart keeps racing", "my heart's doing
    # that fluttery thing again"
    r"|\bmy (?:heart|pulse|heartbeat)(?:'s|\s+(?:is|was|keeps|kept|started|starts|has been|had been|has|had))?"
    r"(?:\s+been)?(?:\s+(?:just|really|suddenly|absolutely|all))?\s+(?:racing|fluttering|pounding|hammering|skipping"
    r"(?: beats)?|thumping|galloping|flip-flopping|thudding|doing\s+(?:that|the|this|its|my)\s+(?:\w+\s+)?"
    r"(?:racing|fluttery|fluttering|pounding|skipping|flip-?flopping|galloping|jumping|thumping|hammering)(?:\s+thing)?)\b"
    # a racing or fluttering feeling in the chest: "the fluttery racing feeling is back", "a fluttering in my chest"
    r"|\b(?:a|the|that|this)\s+(?:(?:horrible|funny|weird|odd|strange|awful|familiar|old)\s+)?"
    r"(?:fluttery|fluttering|racing|pounding|thumping|galloping|flip-flopping)(?:[,\s]+(?:and\s+)?"
    r"(?:fluttery|fluttering|racing|pounding|thumping|galloping))?\s+(?:feeling|sensation)\b"
    r"(?=(?:\s+in my (?:chest|heart))?\s+(?:is|was|has|had|came|comes|kept|keeps|started|again|back|'s)\b)",
    re.IGNORECASE,
)
_AT_THE_CLINIC = re.compile(
    r"[^.;!?]{0,15}?\b(?:at|in)\s+(?:the\s+)?(?:doctor'?s|doctors|clinic|surgery|gp'?s|appointments?|the office)\b"
    r"|[^.;!?]{0,15}?\bwhen(?:ever)?\s+(?:i\s+)?(?:see|visit|go to)\s+(?:the|a|my)\s+(?:doctor|nurse|clinic)\b",
    re.IGNORECASE,
)
"""A heart said to race at the doctor's ("my heart goes a mile a minute at the doctor's office"): the speaker
explaining high readings as nerves, not a complaint of palpitations."""
_EXERTION = re.compile(
    r"\b(?:row(?:ing|ed)?|run|ran|running|jog(?:ged|ging)?|sprint(?:s|ed|ing)?|work(?:ed|ing)?\s*out|workout|gym"
    r"|bootcamp|boot camp|class|spin|cycl(?:e|ed|ing)|bike|biked|swim(?:ming)?|swam|hike|hiked|hiking|climb(?:ed|ing)?"
    r"|stairs|hill|lift(?:ed|ing)|weights|deadlift|squat\w*|training|trained|race|raced|flat out|all out|match|game"
    r"|dancing|danced|burpees|kettlebell\w*|laps|shovel\w*|mow(?:ed|ing)?)\b",
    re.IGNORECASE,
)
"""Exertion said in the same or the previous sentence: a heart pounding from it is effort, not palpitations
("flat out for half an hour. My heart was going like the clappers")."""
_GOING_SIGN = (
    r"\b(?:(?:the room|everything|the floor|the world)\s+(?:(?:was|started|kept|just)\s+)?(?:tilted|tilting|tipped"
    r"|lurched|spun|spinning|swayed|swaying)|(?:my )?vision\s+(?:closed|closing|narrowed|narrowing|went)\s+in"
    r"|tunnel vision|my legs\s+(?:went|gave|started to go|turned to jelly)|had to (?:grab|grip|hold on|sit down))\b"
)
_GOING_DOWN = (
    r"\bi\s+(?:was sure|thought|felt like|was convinced|knew|was certain)\s+(?:i was|i'd|i would|i'm)\s+"
    r"(?:going down|(?:going to|gonna|about to|going|have)\s+(?:to\s+)?(?:go down|faint|pass out|black out|keel over"
    r"|hit the (?:floor|deck|ground)|gone down|fainted|passed out|blacked out)|(?:go|faint|pass out|black out)\b)\b"
)
"""The sight or balance going (``_GOING_SIGN``) and the speaker sure of falling (``_GOING_DOWN``): near fainting
only together, so "I thought I'd faint when I saw the bill" alone is no sign."""
NEAR_FAINT_SAID = re.compile(
    r"\b(?:everything|the world|it all|the room|my vision|my eyesight)\s+(?:just\s+|suddenly\s+)?went\s+"
    r"(?:grey|gray|white|black|dark|fuzzy|swimmy|blurry)\b"
    r"(?=[^.;!?]{0,60}?\b(?:had to (?:grab|grip|hold on|sit down|lie down|put my head)|grabbed (?:hold|the|onto)"
    r"|caught myself|(?:nearly|almost) (?:went down|fell|keeled|passed out|fainted|blacked out|collapsed)"
    r"|(?:i'd|i would) have (?:gone down|fallen|hit the (?:floor|deck)|keeled over)))"
    r"|\bi\s+(?:very\s+)?(?:nearly|almost)\s+(?:fainted|passed out|blacked out|keeled over)\b"
    # a sign of the sight or balance going, and the speaker sure of going down: "the room tilted, my vision closed in
    # and I was sure I was going down", "I thought I'd pass out, everything went tunnel-like"
    rf"|{_GOING_SIGN}(?=[^?]{{0,100}}?{_GOING_DOWN})|{_GOING_DOWN}(?=[^?]{{0,80}}?{_GOING_SIGN})",
    re.IGNORECASE,
)
"""Nearly fainting, told by the sight going and the speaker catching themselves ("everything went grey, I had to
grab the rail or I'd have gone down", "I almost passed out"); read when the dictionary holds the symptom."""
"""The speaker's heart said to race by an image ("my heart was going like the clappers", "my pulse was hammering
out of my chest") or a racing, fluttering feeling that comes or returns ("the fluttery racing feeling is back"):
palpitations."""
PRESSURE_ON_EFFORT = re.compile(
    r"\b(?:the|that|this)\s+(?:pressure|tightness|heaviness|squeezing|crushing feeling)\s+(?:kept|keeps|came|comes"
    r"|started|starts|would)\s+(?:coming\s+|come\s+)?(?:back|on)\b(?=[^.!?]{0,60}?\b(?:stairs|steps|hill|walk\w*"
    r"|climb\w*|hurr\w*|rush\w*|every time i|whenever i)\b)",
    re.IGNORECASE,
)
"""A pressure that comes back with effort ("the pressure kept coming back every time I tried the stairs"): chest
pain, read only where the text names the chest or an angina drug (``_CHEST_CONTEXT``)."""
_CHEST_CONTEXT = re.compile(r"\b(?:chest|breastbone|angina|nitro\w*|gtn|glyceryl)\b", re.IGNORECASE)
DIZZY_SAID = re.compile(
    r"\b(?:the room|everything|the world)(?:'s|\s+(?:was|is|keeps|kept|started|starts|began|has been|had been|went"
    r"|goes|just))*\s+(?:spinning|spun|whirling|going round|going around|spin|spins)\b",
    re.IGNORECASE,
)
"""The room or the world said to spin around the speaker ("the room keeps spinning on me"): dizziness."""
SEIZURE_SAID = re.compile(
    r"\bi(?:'ve|'d|\s+have|\s+had)?\s+(?:just\s+|apparently\s+|actually\s+)?(?:had|have had|been having)\s+"
    r"(?:a|another|some\s+(?:sort|kind)\s+of|what\s+\w+\s+(?:called|calls|thought was)\s+a)\s+"
    r"(?:(?:proper|full-blown|big|little|small|bad|funny)\s+)?fit\b(?!\s+of\b)",
    re.IGNORECASE,
)
"""A fit the speaker had ("my wife says I had a fit on Sunday evening"): a seizure (not "a fit of coughing")."""
_SIGNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (FAINT_SAID, "fainting"),
    (HEART_RACING_SAID, "palpitations"),
    (NEAR_FAINT_SAID, "near fainting"),
    (CHEST_SQUEEZED, "chest pain"),
    (PRESSURE_ON_EFFORT, "chest pain"),
    (SPEECH_SAID, "dysarthria"),
    (WEAKNESS_SAID, "weakness"),
    (BREATHING_SAID, "shortness of breath"),
    (CYANOSIS_SAID, "cyanosis"),
    (DIZZY_SAID, "dizziness"),
    (SEIZURE_SAID, "seizure"),
)


def acute_sign_keys(text: str, vocabulary: Vocabulary) -> list[tuple[str, tuple[int, int]]]:
    """``(symptom key, span)`` of each acute sign told in ``text`` whose symptom the dictionary holds."""
    out = []
    for rx, name in (*_SIGNS, *LAY_DANGER_SIGNS):  # and the lay tellings of :mod:`.lay_danger_signs`
        entry = vocabulary.lookup("symptom", name)
        if entry is None:
            continue
        for m in rx.finditer(text):
            if rx is PRESSURE_ON_EFFORT and not _CHEST_CONTEXT.search(text):
                continue  # "the pressure kept coming back" at work: a chest or an angina drug must be said
            if rx is HEART_RACING_SAID and (_AT_THE_CLINIC.match(text, m.end()) or _exertion_around(text, m)):
                continue  # "my heart goes a mile a minute at the doctor's office": nerves, not a complaint
            # the failing part is the target ("my right hand wouldn't grip": "would" is no hypothetical)
            site = next((g for g in ("site", "site2", "site3") if g in rx.groupindex and m.group(g)), None)
            out.append((entry.key, m.span(site) if site else m.span()))
    return out


def _exertion_around(text: str, m: re.Match[str]) -> bool:
    """Exertion said in the sentence of ``m`` or the one before it."""
    stops = [i for i in (text.rfind(c, 0, m.start()) for c in ".!?") if i >= 0]
    before = max(stops) if stops else -1
    previous = max([i for i in (text.rfind(c, 0, before) for c in ".!?") if i >= 0] or [-1]) if before > 0 else -1
    end = min([i for i in (text.find(c, m.end()) for c in ".!?") if i >= 0] or [len(text)])
    return _EXERTION.search(text, previous + 1, end) is not None


def failing_part(span_text: str) -> str | None:
    """The body site of a weakness whose span is the failing part ("right hand"), else ``None``."""
    return span_text if re.fullmatch(_PART, span_text, re.IGNORECASE) else None
