"""A drug held or paused for an open or a multi-day while: a stop, not one skipped dose.

"the dentist wants me to hold my warfarin for three days before the extraction", "the nurse told me to pause my
water pill while I've got this bug", "my Eliquis is held until after the scan", "we paused the lisinopril for the
time being": the hold runs over several days or has no set end, so the drug is stopped for that while (the stop's
severity is the skip's). A hold of one dose ("hold tonight's warfarin", "held my metoprolol this morning") stays a
skip.
"""

from __future__ import annotations

import re

_HOLD_BEFORE = re.compile(
    r"\b(?:hold|holding|held|pause|pausing|paused|put on hold|hold off on|holding off on|held off on)\s+"
    r"(?:(?:my|the|her|his|your|our)\s+)?(?:\w+\s+)?$",
    re.IGNORECASE,
)
"""The hold verb right before the drug ("to hold my ", "paused the ")."""
_HELD_AFTER = re.compile(
    r"^\s*(?:is|was|has been|had been|'s|are|were|have been)\s+(?:now\s+|still\s+)?(?:on hold|paused|held)\b",
    re.IGNORECASE,
)
"""The drug as the subject of the hold ("my Eliquis is on hold")."""
_A_WHILE = re.compile(
    r"\bfor\s+(?:(?:\d+|two|three|four|five|six|seven|ten|fourteen|several|a few|a couple of|the next\s+\w+)\s+"
    r"(?:days|weeks|nights|months)|a\s+(?:week|fortnight|month|while|bit)|now|the time being|the moment)\b"
    r"|\b(?:while|whilst|until|till|til|indefinitely|till further notice|until further notice)\b",
    re.IGNORECASE,
)
"""A while with several days or no set end: "for three days", "for the time being", "while I've got this bug",
"until the tests are back"."""


def held_for_a_while(before: str, after: str) -> bool:
    """The drug (between ``before`` and ``after`` in its clause) held or paused over several days or an open while."""
    held = _HOLD_BEFORE.search(before) is not None or _HELD_AFTER.match(after) is not None
    return held and _A_WHILE.search(after) is not None
