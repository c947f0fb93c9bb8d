"""Minor complaints said through the body part and its state, not by their name.

People tell a cold or an upset stomach by what the part does; the families read here are keyed on the part
(nose, stomach) and a word of its state, so a new verb or image around them still reads:

- **a running nose**: the speaker's nose running, streaming, dripping or pouring ("my nose has been running like a
  tap", "nose won't stop dripping"): the dictionary's runny nose;
- **a blocked nose**: the speaker's nose blocked, stuffed, bunged up or congested, or the speaker unable to breathe
  through it ("can't breathe through my nose", "so stuffy today"): nasal congestion;
- **an unsettled stomach**: the speaker's stomach off, funny, dodgy, unsettled, upset or churning ("stomach's been a
  bit off since the takeaway"): nausea (the dictionary reads "upset stomach" so);
- **a complaint told by what it uses up or refuses**: tissues got through ("got through a whole box of tissues",
  "the bin's full of tissues"): runny nose; food the speaker cannot face, food said in the sentence ("living on dry
  toast, can't face anything else"): loss of appetite.

The part must be the speaker's ("my nose", or the possessive dropped at a sentence opening: "Nose is streaming");
negation, hypotheticals and other people are the assertion layer's, as for every proposal. Each complaint is
proposed once, and not when a finder already proposed the same symptom by name.
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Policy, Proposal
from app.ingest.narrative.terms import Vocabulary

_MINE = r"(?:\bmy\s+|(?:^|(?<=[.!?,;]\s))(?:(?:ugh|oh|and|also|still|now)\W+)?)"
"""The speaker's part: "my nose", or the possessive dropped at a sentence or clause opening."""
_STATE = (
    r"(?:'s|'re|\s+(?:is|are|was|were|has been|have been|had been|keeps|kept|won't stop|wouldn't stop|hasn't stopped"
    r"|started|starts|been|feels|felt|went|goes|got|gets))?(?:\s+(?:been|going))?"
    r"(?:\s+(?:so|really|very|a bit|a little|all|totally|completely|properly|still|just|kind of|kinda|quite))*\s+"
)
RUNNING_NOSE = re.compile(
    rf"{_MINE}nose{_STATE}(?:running|streaming|dripping|pouring|run|runs|streams|drips|like a tap)\b",
    re.IGNORECASE,
)
"""The speaker's nose running ("my nose has been running like a tap"): runny nose."""
BLOCKED_NOSE = re.compile(
    rf"{_MINE}nose{_STATE}(?:blocked|stuffed(?: up)?|bunged(?: up)?|congested|stuffy|clogged|blocked up)\b"
    r"|\b(?:i\s+)?(?:can't|cant|cannot|couldn't|could not|can barely|can hardly)\s+breathe\s+(?:through|thru|out of)"
    r"\s+my\s+nose\b"
    # stuffy said of the speaker: "I'm so stuffy today"; opening a text only with the nose or breathing said after
    # ("ugh sooo stuffy, cant breathe thru my nose"; not "So stuffy in this office")
    r"|(?:\bi'?m\s+|\bi am\s+|\bi feel\s+|\bfeeling\s+)(?:(?:so+|really|very|all|a bit|still|horribly|awfully)\s+)?"
    r"(?:stuffy|stuffed up|bunged up)\b"
    r"|^\W*(?:ugh|oh|so|still)\W+(?:(?:so+|really|very|all|a bit|still|horribly|awfully)\s+)?(?:stuffy|stuffed up"
    r"|bunged up)\b(?=[^.!?]{0,60}?\b(?:nose|breathe|sinus\w*|sniff\w*|cold)\b)",
    re.IGNORECASE,
)
"""The speaker's nose blocked, or the speaker unable to breathe through it: nasal congestion."""
UNSETTLED_STOMACH = re.compile(
    rf"{_MINE}(?:stomach|tummy|belly|gut){_STATE}(?:off|funny|dodgy|unsettled|upset|churning|iffy|wobbly|queasy)\b"
    r"(?!\s+(?:limits|menu|the|my))",
    re.IGNORECASE,
)
"""The speaker's stomach said off or upset ("stomach's been a bit off since Friday"): nausea."""
TISSUES_USED = re.compile(
    r"\b(?:got|gone|went|going|getting|get)\s+through\s+(?:(?:a|the|another|half\s+a|two|three|a\s+whole|an\s+entire"
    r"|whole|entire)\s+)*(?:box(?:es)?|pack(?:s|ets?)?)\s+of\s+tissues\b"
    r"|\b(?:my\s+|the\s+)?bin(?:'s|\s+is)\s+full\s+of\s+(?:used\s+)?tissues\b",
    re.IGNORECASE,
)
"""A cold told by the tissues it uses up ("got through a whole box of tissues yesterday"): runny nose."""
FOOD_FACED = re.compile(
    r"\b(?:i\s+)?(?:can't|cant|cannot|couldn't|could not)\s+face\s+(?:any\s+)?(?:food|eating|anything(?:\s+else)?"
    r"|a\s+(?:proper\s+)?meal|meals|breakfast|lunch|dinner|supper)\b",
    re.IGNORECASE,
)
"""Food the speaker cannot face, with food said in the sentence ("living on dry toast, can't face anything else"):
loss of appetite (``_FOOD_WORDS`` must be in the sentence: "can't face anything else today" alone is none)."""
_FOOD_WORDS = re.compile(
    r"\b(?:food|eat|eating|ate|meal|meals|toast|crackers|soup|broth|rice|bread|ginger ale|lemonade|dinner|lunch"
    r"|breakfast|supper)\b",
    re.IGNORECASE,
)
_COMPLAINTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (RUNNING_NOSE, "runny nose"),
    (BLOCKED_NOSE, "nasal congestion"),
    (UNSETTLED_STOMACH, "nausea"),
    (TISSUES_USED, "runny nose"),
    (FOOD_FACED, "loss of appetite"),
)


def _said(rx: re.Pattern[str], m: re.Match[str], text: str) -> bool:
    """A match stands: food not faced only with food said in its sentence."""
    if rx is not FOOD_FACED:
        return True
    start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, m.end()) for c in ".!?\n") if i >= 0]
    return _FOOD_WORDS.search(text, start, min(ends) if ends else len(text)) is not None


def lay_complaint_keys(text: str, vocabulary: Vocabulary) -> list[tuple[str, tuple[int, int]]]:
    """``(symptom key, span)`` of each complaint told by a part and its state whose symptom the dictionary holds."""
    out = []
    for rx, name in _COMPLAINTS:
        entry = vocabulary.lookup("symptom", name)
        if entry is not None:
            out += [(entry.key, m.span()) for m in rx.finditer(text) if _said(rx, m, text)]
    return out


def find_lay_complaints(text: str, vocabulary: Vocabulary, proposed: set[str]) -> list[Proposal]:
    """Symptom proposals for the complaints told by a part and its state (``proposed``: symptom keys already
    proposed), one per symptom."""
    out: list[Proposal] = []
    seen = set(proposed)
    for rx, name in _COMPLAINTS:
        entry = vocabulary.lookup("symptom", name)
        if entry is None or entry.key in seen:
            continue
        m = next((m for m in rx.finditer(text) if _said(rx, m, text)), None)
        if m is None:
            continue
        seen.add(entry.key)
        fields: dict[str, object] = {"name": entry.key, "severity": None, "body_site": None}
        # "can't breathe through my nose": the negation is the complaint itself
        negated_sign = re.search(r"n't\b|\bcant\b|\bcannot\b|\bnot\b|\bbarely\b|\bhardly\b", m.group(0), re.I)
        policy: Policy = "negation_is_content" if negated_sign else "clinical"
        out.append(Proposal("symptom", fields, (m.start(), m.end()), policy=policy))
    return out
