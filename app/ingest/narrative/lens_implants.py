"""A cataract operation told only through the new lens it left in the speaker's eye.

People who had a cataract out often speak of the result, not the operation: "the eye with the new lens is so
bright", "now that my right eye has the new lens in", "they put an artificial lens in my left eye on Tuesday",
"since I got the new lens I don't need my reading glasses". The anchor is a new, artificial or replacement lens
said to be in the speaker's eye (put in, in my eye, an eye that has it, the speaker got it). Recorded as
"cataract surgery", the name :mod:`.removed_parts` gives a cataract taken out.

Not read: a lens of glasses, contacts, a camera or a phone ("new lenses in my glasses"), another person's eye
("my husband's eye has the new lens in"), a plan ("they'll put the new lens in next month").
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal

_LENS = r"(?:new|artificial|replacement|plastic|fake|implanted)\s+lens"
_IN_EYE = re.compile(
    # "they put an artificial lens in my left eye", "got the new lens in on Tuesday"
    r"\b(?:put|putting|popped|fitted|implanted|inserted|got|had|have|has|with)\s+(?:in\s+)?(?:a|an|the|my|its)\s+"
    rf"{_LENS}(?:\s+(?:put\s+)?in\b|\s+(?:in|into)\s+(?:my|the|this)\s+(?:(?:left|right|bad|other)\s+)?eye\b)"
    # "the new lens in my right eye", "my eye with the new lens"
    rf"|\b(?:a|an|the|my)\s+{_LENS}\s+(?:in|into)\s+my\s+(?:(?:left|right|bad|other)\s+)?eye\b"
    rf"|\bmy\s+(?:(?:left|right|bad|other)\s+)?eye\s+with\s+(?:the|its|a|an)\s+{_LENS}\b"
    # the clouded lens replaced: "the eye doctor replaced my cloudy lens with a new one"
    r"|\b(?:replaced|swapped(?:\s+out)?|changed)\s+(?:my|the)\s+(?:(?:cloudy|clouded|old|natural|own)\s+)?lens"
    r"(?=\s+(?:in\s+my\s+(?:(?:left|right)\s+)?eye\s+)?(?:with|for)\s+(?:a|an|the)\s+(?:new|artificial|plastic))",
    re.IGNORECASE,
)
_NOT_AN_EYE = re.compile(  # near the lens: "new lenses in my glasses", not "dark glasses now that it has the lens"
    r"\b(?:glasses|spectacles|specs|contacts?|camera|phone|frames?|sunglasses)\b", re.IGNORECASE)
_OTHERS = re.compile(r"\b(?:his|her|their|your)\s+(?:\w+\s+)?eye\b|\b\w+'s\s+(?:\w+\s+)?eye\b", re.IGNORECASE)
_GIVEN = re.compile(r"\b(?:now\s+that|since|because|as)\s+(?:it|my\s+\w+\s+eye|my\s+eye|i)\s+$", re.IGNORECASE)
"""The lens given as the reason for what follows ("now that it has the new lens in")."""
_PLANNED = re.compile(
    r"\b(?:will|'ll|going\s+to|gonna|want|wants|plan|planning|next|tomorrow|booked|scheduled|if|would|should)\b",
    re.IGNORECASE,
)


def find_lens_implants(text: str) -> list[Proposal]:
    """A cataract surgery for each new lens said to be in the speaker's eye (see the module docstring)."""
    out = []
    for m in _IN_EYE.finditer(text):
        start = max(text.rfind(c, 0, m.start()) for c in ".;!?") + 1
        ends = [i for i in (text.find(c, m.end()) for c in ".;!?") if i >= 0]
        sentence = text[start : min(ends) if ends else len(text)]
        near = text[max(start, m.start() - 25) : m.end() + 25]
        if _NOT_AN_EYE.search(near) or _OTHERS.search(sentence) or _PLANNED.search(text[start : m.start()]):
            continue
        proposal = Proposal("surgery_history", {"procedure": "cataract surgery"}, (m.start(), m.end()))
        if _GIVEN.search(text[start : m.start()]):
            proposal.extra["presupposed"] = True  # a fact under a plan's clause ("... now that it has the new lens")
        out.append(proposal)
    return out
