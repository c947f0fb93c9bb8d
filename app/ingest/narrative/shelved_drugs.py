"""A stop said as the drug left unused somewhere for a while: the pills put away, not taken.

Two shapes, each needing a time or an "untouched" that says the drug is no longer taken (a drug just left at home
is a forgotten dose, not a stop; a drug put away after a dose is no stop at all):

- the speaker leaves the drug somewhere: "I've left the atorvastatin in the cupboard since Monday", "since the
  weekend I've kept my metformin in the drawer", "I put the ramipril away for good", "shoved my statin to the back
  of the cabinet a fortnight ago and haven't touched it";
- the drug sits there: "the simvastatin has been sitting in the drawer since Friday", "my amlodipine is gathering
  dust on the shelf", "the metformin's sat untouched in the cupboard for a week".

Not a stop: "should I leave the simvastatin in the cupboard?" (a question, set aside by ConText), "my husband has
left his statin in the drawer" (his), "I left my metformin at my sister's yesterday" (no store, no while).
"""

from __future__ import annotations

import re

_LEFT_BEFORE = re.compile(
    r"\b(?:i(?:'ve|\s+have|'d|\s+had)?\s+)?(?:(?:just|now|simply|basically|already)\s+)?"
    r"(?:left|leaving|kept|keeping|put|putting|shoved|stuck|tucked|pushed|packed|locked|stashed|shelved)\s+"
    r"(?:(?:all\s+)?(?:the|my|those|these)\s+)?$",
    re.IGNORECASE,
)
"""The speaker putting the drug somewhere ("I've left the", "kept my", "shoved my")."""
_STORE = (
    r"(?:cupboard|drawer|cabinet|shelf|medicine\s+(?:box|chest|tin)|pill\s+box|tin|box|basket|cubby|bedside\s+table"
    r"|nightstand|bathroom|kitchen)"
)
_PUT_AWAY_AFTER = re.compile(
    r"^\s*(?:(?:tablets?|pills?|capsules?|tabs|box|boxes|bottle|packet|pack)\s+)?"
    rf"(?:away|aside|to\s+one\s+side|(?:back\s+)?(?:in|into|on|at\s+the\s+back\s+of|to\s+the\s+back\s+of)\s+"
    rf"(?:the|my|a|our)\s+(?:[\w-]+\s+){{0,2}}?{_STORE}s?)\b",
    re.IGNORECASE,
)
"""The drug put away or somewhere it is kept ("in the cupboard", "away", "to the back of the bathroom cabinet")."""
_SITTING_AFTER = re.compile(
    r"^\s*(?:(?:tablets?|pills?|capsules?|tabs|box|bottle|packet|pack)\s+)?(?:has|have|'s|is|are)?\s*(?:been\s+)?"
    r"(?:just\s+)?(?:(?:sitting|sat|stuck|left|lying|living|staying)\b(?=[^.;!?]{0,60}?\b" + _STORE + r")"
    r"|gathering\s+dust\b)",
    re.IGNORECASE,
)
"""The drug sitting in its store ("has been sitting in the drawer"), or "gathering dust"."""
_A_WHILE = re.compile(
    r"\b(?:since|ever\s+since|for\s+(?:good|now|the\s+(?:past|last)|a\s+(?:week|while|fortnight|month|bit)"
    r"|(?:a\s+)?(?:few|couple|\d+|two|three|four|five|six|several)\s+(?:of\s+)?(?:days|weeks|months)"
    r"|(?:weeks|months|ages|a\s+long\s+time)\b)"
    r"|(?:days|weeks|a\s+week|a\s+fortnight|a\s+month)\s+ago|untouched|unopened|gathering\s+dust"
    r"|(?:haven't|have\s+not|hasn't|not|never)\s+(?:touched|taken|opened|had)\b)",
    re.IGNORECASE,
)
"""A while the drug has gone untaken: "since Monday", "for good", "for weeks", "a week ago", "untouched", "haven't
touched it"."""
_SUBJECT_BEFORE = re.compile(
    r"(?:^|[:;,.]|\b(?:and|then|so|but|now))\s*(?:(?:since|for)\s+[\w ]{1,25}?\s*,?\s*)?(?:the|my)\s+$", re.IGNORECASE
)
"""The drug opening its clause as the subject, after a time perhaps ("Since Friday the ...")."""
_WISH = re.compile(r"\b(?:should|shall|could|might|may|would|if|whether|going to|gonna|planning|thinking)\b", re.I)
"""A hypothetical or a plan in the clause ("should I leave ...", "thinking of putting ... away"): no stop."""


def shelved(before: str, after: str) -> bool:
    """The drug (between ``before`` and ``after`` in its clause) left unused in a store for a while, the while
    said anywhere in the clause ("Since Monday I've left the ... in the cupboard")."""
    placed = _LEFT_BEFORE.search(before) is not None and _PUT_AWAY_AFTER.match(after) is not None
    sitting = _SUBJECT_BEFORE.search(before) is not None and _SITTING_AFTER.match(after) is not None
    if not (placed or sitting) or _WISH.search(before):
        return False
    return _A_WHILE.search(before + " " + after) is not None
