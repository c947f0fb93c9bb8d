"""How a condition is denied in the speaker's words: the regexes :mod:`.conditions` reads a denial by.

Before the name: "I don't have", "I was never", "I'm not", "I don't think I've ever really had", or the diagnosis
itself denied ("it isn't X at all", "the doctor says it's not X"). After it: "my chart says I have COPD but I
don't", "the diabetes in my file is wrong", "... epilepsy. That can't be me". And who a denial said of "it" belongs
to: another person named before it ("my son's wheeze: the doctor said it isn't asthma"), unless the pronoun is the
clinician reporting the verdict ("she said it isn't X").
"""

from __future__ import annotations

import re

ENTRY_PLACE = (
    # "that overdose thing in my chart": a lay word for the entry between its name and its place
    r"^['\"’]?(?:\s+(?:thing|business|stuff|entry|diagnosis|label|bit|one))?"
    r"\s+(?:(?:listed|written|put|noted|recorded|entered)\s+)?(?:in|on|under)\s+(?:my|the)\s+"
    r"(?:(?:patient|medical|health|online|doctor's|gp's|hospital)\s+)?"
    r"(?:chart|record|records|file|notes|list|problem list"
    r"|profile|history"
    r"|paperwork|papers|portal|forms?|discharge papers)\b"
)
"""Right after a condition's name, where the entry stands in the record ("listed on my profile", "in my chart", "thing
in my chart")."""
DENIED_BEFORE = re.compile(
    r"\bi(?:\s+|(?=['’]))(?:(?:honestly|really|actually|definitely|certainly|simply|just|truly)\s+)?"
    # a hedged denial: "I don't think I've ever really had high blood pressure", "I don't believe I have asthma"
    r"(?:(?:don't|do not|dont)\s+(?:really\s+)?(?:think|believe|reckon)\s+(?:that\s+)?i(?:'ve|\s+have|\s+ever)?"
    r"(?:\s+(?:ever|really|actually|truly|honestly))*\s+(?:had|have|got)|"
    r"(?:don't|do not|dont|didn't|did not)\s+(?:actually\s+|really\s+|even\s+)?(?:have|had)"
    r"|(?:have|'ve)\s+never\s+(?:(?:really|actually|truly|ever)\s+)?(?:had|been diagnosed with|been)?"
    r"|never\s+(?:(?:really|actually|truly|ever)\s+)?(?:had|was|got|have|has)"
    r"|(?:was|am|'m)\s+(?:never|not)(?:\s+(?:actually|really))?(?:\s+diagnosed with)?"
    r"|(?:was|were)\s+never\s+diagnosed with)\s+(?:an?\s+|any\s+|the\s+)?$"
    # the subject dropped at the sentence's opening: "Never had a stroke, whatever the computer says"
    r"|(?:^|(?<=[.!?]\s))\W*never\s+(?:ever\s+|once\s+)?(?:had|been diagnosed with|been)\s+(?:an?\s+|any\s+)?$"
    # the diagnosis itself denied, by the speaker or a clinician they report: "it isn't rheumatoid arthritis at
    # all", "the specialist says it's not gout", "turns out it was never asthma" (not a hope: "I hope it isn't")
    r"|(?:^\W*|[,;:]\s*|\b(?:says?|said|told me|thinks?|thought|reckons?|confirmed|turns out|turned out"
    r"|(?:and|but|so)\s+)\s*(?:that\s+)?)(?:it|this|that)(?:\s+is\s+not|'s\s+not|\s+isn't|\s+wasn't|\s+was\s+not"
    r"|\s+was\s+never|'s\s+never|\s+is\s+never)\s+(?:(?:actually|really|even|definitely|in fact)\s+)?"
    r"(?:an?\s+|any\s+)?$",
    re.IGNORECASE,
)
"""A first-person denial right before the condition's name: "I don't have", "I was never", "I'm not", or the
diagnosis denied ("it isn't X at all", "the doctor says it's not X")."""
DENIED_AFTER = re.compile(
    r"^[^.;!?]{0,60}?\b(?:but|and|which|that)\s+i(?:'ve|\s+have)?\s+(?:(?:really|actually|honestly|just|simply|definitely)\s+)?"
    r"(?:don't|do not|dont|never did|never had|didn't|did not|never have)(?:\s+(?:have|had))?"
    r"(?:\s+(?:it|that|this|one|them))?\s*(?:[.,;!?]|$)|^\W*(?:is|was)\s+(?:a mistake|wrong|an error)\b"
    # the entry said to be someone else's, in the next sentence: "... epilepsy. That can't be me", "That's not me"
    # the entry called wrong in the next clause: "... lists a drug overdose. That's flat wrong", "which is simply false"
    r"|^\W*(?:that|this|it|which)(?:'s|\s+is|\s+was)\s+(?:(?:just|flat|flat-out|completely|totally|dead|plain|simply"
    r"|absolutely|so|all)\s+)?(?:wrong|false|untrue|not true|incorrect|a mistake|an error|nonsense|rubbish)\b"
    r"(?![^.;!?]*\?)"
    r"|^\W*(?:that|this|it)\s*(?:can't|cannot|can not|couldn't|could not|isn't|is not|'s not|wasn't|was not|must)"
    r"\s+(?:possibly\s+)?(?:be\s+)?(?:me|mine|right|true|correct|someone else(?:'s)?|somebody else(?:'s)?"
    r"|another patient(?:'s)?)\b"
    # the entry's author has the wrong patient: "whoever wrote that I've got sinus trouble has the wrong fellow"
    r"|^[^.;!?]{0,40}?\b(?:has|have|had|'s|'ve|got)\s+(?:got\s+)?(?:the\s+wrong|me mixed up with|me confused with)\s+"
    r"(?:fellow|person|guy|man|woman|lady|patient|chap|bloke|gal|one|someone|somebody)\b"
    # the entry itself called wrong: "the diabetes in my file is wrong", "whoever put prediabetes in my chart
    # got it wrong", "the COPD on my record is a mistake"
    rf"|{ENTRY_PLACE}"
    # the denial may open the next sentence: "I keep seeing 'prediabetes' on my paperwork. I don't have that"
    r"[^.;!?]{0,30}?(?:[.!?]+\s+)?\b(?:(?:is|was|was put there|'s)\s+(?:(?:just|simply|all)\s+)?"
    r"(?:a mistake|wrong|an error|incorrect)"
    r"|got (?:it|that|this) wrong|(?:made|making) a mistake|mixed me up|confused me with|(?:got|had) me mixed up"
    # the event denied, or the chart said another's: "... listed on my file from way back. That never happened, must
    # be somebody else's chart"
    r"|(?:that|it|this)\s+never\s+happened|must\s+be\s+(?:someone|somebody|another patient)(?:\s+else)?'s"
    # the speaker's disbelief of the entry: "..., I really don't think that's right", "that isn't true"
    r"|i\s+(?:(?:really|honestly|just|simply)\s+)?(?:don't|do not|dont)\s+(?:think|believe)\s+"
    r"(?![^.;!?]*\b(?:wrong|a mistake|an error)\b)(?:that|it|this)(?:'s|\s+is|\s+was)?"
    r"(?:\s+(?:right|true|correct|accurate))?"
    r"|(?:that|it|this)(?:'s|\s+is|\s+was)\s+(?:not|never)\s+(?:right|true|correct|accurate)"
    r"|(?:that|it|this)(?:'s|\s+is|\s+was)\s+(?:(?:just|all|simply|completely|totally|flat)\s+)?(?:wrong|false|incorrect"
    r"|a mistake|an error|not true)"
    r"|(?:that|it|this)\s+(?:isn't|wasn't)\s+(?:right|true|correct|accurate)"
    r"|i\s+(?:(?:really|honestly|just|simply|definitely)\s+)?(?:don't|do not|dont|never)\s+(?:have|had)"
    r"\s+(?:that|it|this)|i(?:'ve|\s+have)\s+never\s+had\s+(?:that|it|this))\b(?![^.;!?]*\?)",
    re.IGNORECASE,
)
"""A denial after the name: "my chart says I have COPD but I don't", "the diabetes in my file is wrong"."""
ANOTHERS = re.compile(
    r"\b(?:his|her|their|he|she|him)\b|\b(?:my|our)\s+(?:mom|mum|mother|dad|father|sister|brother|wife|husband"
    r"|son|daughter|friend|partner|kids?|child|baby|boy|girl|dog|cat)(?:'s)?\b",
    re.IGNORECASE,
)
"""Another person named before a denial said of "it": the diagnosis denied is theirs."""
REPORTER = re.compile(
    r"\b(?:he|she|they)\s+(?:says?|said|told (?:me|us)|tells (?:me|us)|thinks?|thought|reckons?|confirmed|explained)\b",
    re.IGNORECASE,
)
"""A clinician's pronoun as the subject of the verdict ("she said it isn't X"): not another patient."""
