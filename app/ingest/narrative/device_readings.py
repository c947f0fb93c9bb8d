"""Whose reading a device gave: a value read off "it" or a device opening its own clause is the speaker's.

"My wife packed the wrist cuff and this morning it read 171 over 92", "my daughter set up the new monitor and
it said 148 over 90": whoever else the sentence names before it, the reading given by the device is the
speaker's, unless the sentence names another person's reading ("my husband took his pressure and it read ...").
"""

from __future__ import annotations

import re

_DEVICE_READ = re.compile(
    r"(?:^|[.;,]\s*|\band\s+|\bso\s+|\bthen\s+)(?:(?:this|last|yesterday)\s+(?:morning|evening|night|afternoon)\s*,?\s+"
    r"|(?:today|yesterday|tonight)\s*,?\s+)?(?:it|the\s+(?:\w+\s+)?(?:cuff|machine|monitor|meter|reading|readout"
    r"|screen|gadget|thing))\s+(?:\w+\s+)?(?:read|reads|said|says|showed|shows|gave me|came up with|was)\s*$",
    re.IGNORECASE,
)
"""A reading given by "it" or a device opening its own clause ("... and this morning it read"): the speaker's."""
_ANOTHERS_READING = re.compile(
    # "his wrist" is his reading; "his wrist monitor" is only his device ("our son brought his wrist monitor over")
    r"\b(?:his|her|their)\s+(?:own\s+)?(?:pressure|bp|blood pressure|reading|readings|numbers?|arm"
    r"|wrist(?!\s+(?:monitor|cuff|machine|device|gadget)))\b"
    r"|\b(?:took|checked|measured|did|tested)\s+(?:his|her|hers|their|(?:my|our)\s+\w+'s)\b",
    re.IGNORECASE,
)
"""Another person's reading named in the sentence ("my husband took his pressure and it read ..."): not the
speaker's."""


def speakers_device_reading(text: str, value_start: int) -> bool:
    """The value at ``value_start`` is read off a device in a clause of its own, and no other person's reading
    is named in its sentence."""
    if _DEVICE_READ.search(text, max(0, value_start - 60), value_start) is None:
        return False
    return _ANOTHERS_READING.search(re.split(r"[.!?]", text[:value_start])[-1]) is None
