"""Surgery history: a procedure the person says they had, recorded under the procedure's name.

"I had my appendix removed" -> appendectomy, "I had my hip replaced" -> hip replacement, "had a knee
scope done" -> knee arthroscopy, "I had a colonoscopy" -> colonoscopy (as said), "the colonoscopy last
month went fine" -> colonoscopy (a procedure said by how it went), "the cardiologist put a loop recorder
under the skin" -> loop recorder implant, "a cortisone injection in the right hip" -> steroid injection. The
organ named in a surgery is no condition (the extractor drops a condition or symptom inside a surgery's span).
"""

from __future__ import annotations

import re

from app.ingest.narrative.lens_implants import find_lens_implants
from app.ingest.narrative.models import Proposal
from app.ingest.narrative.named_procedures import find_named_procedures
from app.ingest.narrative.removed_parts import PART_PROCEDURES, find_removed_parts
from app.ingest.narrative.verbless_notes import note_procedure_names

_NOT_ANOTHERS_PART = (
    r"(?!(?:\s+(?:of|from))?\s+(?:his|her|their|my\s+(?:wife|husband|son|daughter|mom|mum|mother|dad|father"
    r"|partner|kid|child|sister|brother)))"
)
"""Not off another person's body ("cut a mole off my husband's back")."""
_SURGERY = re.compile(
    r"(?:\b(?:i had|i've had|i have had|i underwent|i got|i just had|i just got"
    # "I finally had my knee scoped on Friday"
    r"|i\s+(?:finally|eventually|also|recently|only|then)\s+(?:had|got)"
    # the person written of in a relative clause, once the carer's view made the part theirs: "I am writing on
    # behalf of my wife, who underwent an operation to have my gallbladder removed"
    r"|who\s+(?:underwent|had|got)(?=[^.;!?]{0,40}\bmy\b)"
    r"|(?:they|the doctors?|the surgeons?|the hospital|dr\.?\s+\w+)\s+(?:did|performed|finished|fixed))"
    r"|(?:^|(?<=[.!?]\s))(?:(?:finally|just|also)\s+)?(?:had|got))\s+"
    # "underwent an operation to have my gallbladder removed"
    r"(?:(?:an?\s+)?(?:operation|surgery|procedure|op)\s+to\s+(?:have|get)\s+)?"
    r"(?:my\s+|an?\s+|the\s+|th[oe]se\s+|(?:two|three|four|all|both|\d)\s+(?:of\s+my\s+)?)?"
    r"(?:(?:first|annual|routine|yearly|follow-up|impacted|infected|bad|last|remaining|bottom|top)\s+)?"
    r"(?:(?:left|right|both)\s+)?"
    # "my tubes tied": a tubal ligation
    r"(?:(?P<tied>tubes)\s+(?:tied|clipped|cut|done)"
    r"|(?P<organ>tonsils and adenoids|adenoids and tonsils|appendix|gallbladder|tonsils|uterus|womb|thyroid|spleen"
    r"|kidney|wisdom teeth|wisdom tooth"
    r"|adenoids|prostate|ovaries|ovary|cataract|cataracts)\s+"
    r"(?:out|removed|taken out|pulled(?: out)?|yanked(?: out)?|ripped out|extracted|done|fixed)"
    r"|(?P<joint>knee|hip|shoulder|ankle|elbow)s?\s+(?:replaced|replacements?)"
    # a joint "scope" is lay for arthroscopy: "had a knee scope done", "had my shoulder scoped"
    r"|(?P<scoped>knee|hip|shoulder|ankle|elbow|wrist)\s+(?:scope|scoped|arthroscopy|keyhole surgery)"
    r"|(?:(?:bilateral|laparoscopic)\s+)?(?P<tubal>tubal ligation)"
    r"|(?P<proc>[a-z]+(?:ectomy|otomy|ostomy|plasty|oscopy)|bypass surgery"
    r"|heart bypass|c-section|caesarean|cesarean|back surgery|heart surgery|knee surgery|hip surgery"
    r"|cataract surgery|bariatric surgery|gastric bypass|a stent|stent))\b"
    r"|\b(?:surgery|an operation) on my (?P<site>[a-z]+)\b"
    # "the dermatologist cut out a weird-looking mole", "they took off a cyst from my back"
    r"|\b(?:i had|i got|had|got|(?:dermatologist|derm|skin doctor|doctor|doc|surgeon|dr\.?\s+\w+|they|she|he)\s+"
    r"(?:just\s+)?)"
    # "they snipped out three polyps during my colonoscopy", "clipped off a couple of polyps"
    r"(?:cut out|removed|took out|took off|excised|froze off|burned off|lanced|snipped out|snipped off|snipped"
    r"|clipped out|clipped off|clipped|lasered off)\s+"
    r"(?:a|an|my|the|this|that|these|those|two|three|four|five|some|several|\d+|a couple of|a few)\s+"
    r"(?:[\w-]+\s+){0,2}?(?P<growth>mole|moles|cyst|lump|lipoma|skin tag|skin tags|wart|warts|polyp|polyps)\b"
    # the particle after the growth: "the dermatologist cut a mole off my back", "took a cyst out of my wrist"
    r"|\b(?:i had|i got|had|got|(?:dermatologist|derm|skin doctor|doctor|doc|surgeon|gp|dr\.?\s+\w+|they|she|he)\s+"
    r"(?:just\s+)?)(?:cut|took|burned|burnt|froze|snipped|clipped|lasered|scraped|shaved)\s+"
    r"(?:a|an|my|the|two|three|some|several|\d+|a couple of|a few|this|that)\s+(?:[\w-]+\s+){0,2}?"
    r"(?P<growth_off>mole|moles|cyst|lump|lipoma|skin tag|skin tags|wart|warts|polyp|polyps)\s+(?:off|out)\b"
    rf"{_NOT_ANOTHERS_PART}"
    # the speaker had it cut off: "had a mole cut off my back at the dermatologist", "got two skin tags frozen off"
    r"|\b(?:i\s+)?(?:had|got)\s+(?:a|an|the|two|three|some|several|\d+|a couple of|a few|this|that)\s+"
    r"(?:[\w-]+\s+){0,2}?(?P<growth_had>mole|moles|cyst|lump|lipoma|skin tag|skin tags|wart|warts|polyp|polyps)\s+"
    r"(?:cut|taken|burned|burnt"
    r"|frozen|lasered|snipped|clipped|shaved|removed)(?:\s+(?:off|out))?\b"
    rf"{_NOT_ANOTHERS_PART}"
    # a part of an implanted device changed: "they swapped out the generator on my defibrillator"
    r"|\b(?:i had|i got|had|got|(?:they|the doctors?|the surgeons?|(?:my\s+)?cardiologist|dr\.?\s+\w+)\s+(?:just\s+)?)"
    r"(?:swapped(?: out)?|replaced|changed)\s+(?:the\s+)?(?P<part>generator|battery|batteries|leads?)\s+"
    r"(?:on|in|of)\s+my\s+(?P<device>defibrillator|icd|pacemaker)\b"
    # a procedure said by how it went: "the colonoscopy last month went fine", "my cataract surgery went well"
    r"|\b(?:the|my)\s+(?P<went>[a-z]+(?:ectomy|otomy|ostomy|plasty|oscopy)|cataract surgery|knee surgery"
    r"|hip surgery|back surgery|heart surgery|bypass surgery)(?=(?:\s+(?!went\b|was\b)[\w-]+){0,3}\s+"
    r"(?:went|was|came back)\s+(?:really\s+|just\s+)?(?:fine|well|ok|okay|great|smoothly|normal|clear|all clear|clean"
    r"|all clean|good)\b)",
    re.IGNORECASE,
)
_IMPLANT_OR_INJECTION = re.compile(
    r"\b(?:i had|i got|i've had|i have had|i just had|had|got|(?:they|she|he|the doctors?|the surgeons?"
    r"|(?:my\s+|the\s+)?(?:cardiologist|surgeon|doctor|doc|specialist|ortho|orthop(?:a)?edist|orthop(?:a)?edic"
    r"\s+(?:place|clinic|surgeon|doc|doctor)|sports\s+med(?:icine)?\s+doc(?:tor)?|podiatrist|rheumatologist"
    r"|pain clinic)|dr\.?\s+\w+))\s+(?:just\s+)?"
    # "they ended up putting a pacemaker in me", "they had to fit a port"
    r"(?:(?:ended up|had to|went and|decided to|wanted to)\s+)?"
    r"(?:(?:put|putting|fit|fitted|fitting|implanted|implanting|inserted|inserting|placed|placing)\s+(?:in\s+)?"
    r"|gave me\s+|did\s+)?"
    r"(?:a|an|my|the)\s+(?:(?:little|small|tiny|new|permanent|first)\s+)?"
    r"(?:(?P<implant>implantable loop recorder|loop recorder|heart monitor|cardiac monitor|pacemaker|defibrillator"
    r"|icd|(?:chemo\s+)?port|port-a-cath|portacath)"
    r"(?=\s+(?:put in|fitted|implanted|inserted|placed|in|under|last|on|yesterday|this|today|\w+day)\b|[.,;!?]|$)"
    r"|(?P<steroid>cortisone|steroid|corticosteroid|epidural(?: steroid)?)\s+(?:shot|injection|jab)s?\b)",
    re.IGNORECASE,
)
"""A device implanted ("the cardiologist put a little loop recorder under the skin", "had a pacemaker fitted") or
a steroid injected ("gave me a cortisone injection in the right hip"): a procedure, recorded as "<device>
implant" or "steroid injection"; the device merely worn or owned ("I have a pacemaker") is no procedure."""
_INTO_ME = re.compile(
    r"\s+(?:in|into|on)\s+(?:me\b|my\s+(?:chest|heart|arm|back|hip|knee|neck|shoulder|leg|side|spine)\b)"
    r"|\s+(?:in|into|on)\s+the\s+(?:\w+\s+)?(?:side|part)\s+of\s+my\b",
    re.IGNORECASE,
)
"""The speaker named as the one the device went into ("put a pacemaker in me", "a port in the right side of my
chest"): the procedure is the speaker's, whoever else the sentence mentions."""
_DONE_TO_ME = (
    r"\b(?:i had|i've had|i have had|i underwent|i got|i just had"
    r"|i\s+(?:finally\s+|just\s+|eventually\s+|also\s+)?(?:went|came)\s+(?:in\s+)?for|had|got"
    r"|(?:they|she|he|the doctors?|the surgeons?|the hospital|(?:my\s+|the\s+)?(?:surgeon|doctor|specialist"
    r"|neurologist|cardiologist|eye doctor|ophthalmologist|dentist|gp)|dr\.?\s+\w+)\s+(?:also\s+|just\s+)?"
    r"(?:did|performed|ran|sent me for|had me (?:get|do|have|go for)|booked me in for and did))\s+"
)
_OPERATION = re.compile(
    _DONE_TO_ME + r"(?:an?|my|the)\s+(?!(?:car|phone|roof|house|bike|computer|laptop|tv|plumbing|boiler|furnace"
    r"|engine|tire|tyre|kitchen|bathroom|window|door|fence|watch|photo|sting|police|military|business|company)\b)"
    r"(?P<op>(?:[a-z]+[- ]){1,2}?(?:operation|surgery|op|procedure|repair))\b"
    r"(?!\s+(?:next|tomorrow|in\s+\d|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+next)\b)",
    re.IGNORECASE,
)
"""An operation said by its kind with an agent or the speaker having it ("they did a cataract operation on my
left eye", "I had a hernia repair", "the surgeon performed a bunion operation"): the procedure as said."""
_SCAN = re.compile(
    _DONE_TO_ME + r"(?:an?|my|the)\s+(?:(?:\w+)\s+)?(?P<scan>mri|ct scan|ct|cat scan|pet scan|ultrasound|x-ray|xray"
    r"|mammogram|echocardiogram|echo|angiogram|eeg|ecg|ekg|endoscopy|biopsy|bone scan|dexa scan|stress test"
    r"|sleep study|nerve conduction study)\b(?!\s+(?:next|tomorrow|booked|scheduled)\b)",
    re.IGNORECASE,
)
"""A diagnostic procedure done on the speaker ("she had me get an MRI of my head last Wednesday", "I had an
ultrasound of my liver"): a procedure, under the test's name as said."""


_ORGAN_TAKEN = re.compile(
    r"\b(?:they|the doctors?|the surgeons?|(?:my\s+|the\s+)?(?:surgeon|doctor|specialist|dentist|oral surgeon)"
    r"|dr\.?\s+\w+|she|he)\s+(?:finally\s+|just\s+|also\s+)?(?:took|pulled|whipped|yanked|cut|removed|whipped)"
    r"(?:\s+(?:out|off))?\s+(?:my|both of my|all of my|two of my|the)\s+(?:(?:left|right|bottom|top)\s+)?"
    r"(?P<organ>appendix|gallbladder|tonsils|uterus|womb|thyroid|spleen|kidney|wisdom teeth|wisdom tooth|adenoids"
    r"|prostate|ovaries|ovary)\b"
    r"|\bmy\s+(?P<passive>appendix|gallbladder|tonsils|uterus|womb|thyroid|spleen|kidney|wisdom teeth|wisdom tooth"
    r"|adenoids|prostate|ovaries|ovary)\s+(?:was|were|got)\s+(?:(?:finally|just)\s+)?(?:taken out|removed|pulled"
    r"|out|whipped out|yanked out|cut out)\b"
    # the organ said gone: "my gallbladder is gone" (not "the pain in my gallbladder is gone")
    r"|(?<!in )(?<!from )(?<!around )(?<!near )\bmy\s+(?P<gone>appendix|gallbladder|tonsils|uterus|womb|thyroid"
    r"|spleen|adenoids|prostate|ovaries)\s+(?:is|are|'s)\s+(?:finally\s+|now\s+|all\s+)?gone\b"
    # the speaker had a clinician do it: "Finally had the oral surgeon pull those impacted wisdom teeth"
    r"|(?:\bi\s+|(?:^|(?<=[.!?]\s))(?:(?:finally|just|also)\s+)?)(?:had|got)\s+(?:the|my|an?)\s+(?:oral\s+surgeon"
    r"|dentist|surgeon|doctor|specialist|dr\.?\s+\w+)\s+(?:finally\s+)?(?:pull|take|yank|cut|remove|whip)(?:\s+out)?"
    r"\s+(?:my|those|these|the|both\s+of\s+my|all\s+(?:four\s+)?of\s+my)\s+(?:(?:impacted|left|right|bottom|top"
    r"|two|four|last)\s+){0,2}(?P<had>wisdom teeth|wisdom tooth|tonsils|appendix|gallbladder|adenoids)\b",
    re.IGNORECASE,
)
"""An organ taken out by an agent, with "out" before or after it ("they took my gallbladder out", "the surgeon
removed my appendix"), in the passive ("my tonsils were taken out") or by the speaker's clinician ("had the oral
surgeon pull those impacted wisdom teeth"): recorded under the procedure's name."""
_SCOPED = re.compile(
    r"\b(?:they|the\s+(?:\w+\s+)?(?:surgeon|doctor|specialist)|(?:my\s+)?(?:surgeon|orthopedist)|dr\.?\s+\w+|she|he)\s+"
    r"(?:(?:finally|just|also)\s+)?scoped\s+my\s+(?:(?:left|right|bad)\s+)?(?P<joint>knee|hip|shoulder|ankle|elbow|wrist)\b"
    r"|\b(?:i\s+)?(?:had|got)\s+my\s+(?:(?:left|right|bad)\s+)?(?P<cleaned>knee|hip|shoulder|ankle|elbow|wrist)\s+"
    r"(?:cleaned\s+(?:out|up)|scraped|trimmed)\s+(?:with|by|through)\s+(?:a|the)\s+(?:little\s+)?(?:scope|camera)\b",
    re.IGNORECASE,
)
"""A joint scoped by an agent ("they scoped my shoulder on Thursday") or cleaned out through a scope ("I had my knee
cleaned out with a scope"): an arthroscopy of that joint."""
_ATTENDED = re.compile(
    r"\bi\s+(?:finally\s+|just\s+|eventually\s+|also\s+)?(?:went|came)\s+(?:in\s+)?for\s+(?:my|the|an?)\s+"
    r"(?:(?:first|annual|routine|yearly|follow-up)\s+)?(?P<proc>[a-z]+(?:ectomy|otomy|ostomy|plasty|oscopy))\b"
    r"(?!\s+(?:next|tomorrow|booked|scheduled|consultation|appointment)\b)",
    re.IGNORECASE,
)
"""A procedure the speaker went for ("I finally went for the colonoscopy my sister kept nagging me about"): done."""

_COIL_FITTED = re.compile(
    r"\b(?:the|my|a|an)\s+(?:new\s+)?(?:(?:copper|hormonal|mirena|kyleena)\s+)?(?:coil|iud|intrauterine device)\s+"
    r"(?:was|got|has been|had been)\s+(?:(?:finally|just)\s+)?(?:put in|fitted|inserted|placed)\b"
    r"|\b(?:i\s+)?(?:had|got)\s+(?:the|my|a|an)\s+(?:new\s+)?(?:(?:copper|hormonal|mirena|kyleena)\s+)?"
    r"(?:coil|iud|intrauterine device)\s+(?:put in|fitted|inserted|placed)\b",
    re.IGNORECASE,
)
"""A contraceptive coil fitted ("the coil was put in ten days ago", "I had an IUD fitted"): its insertion."""
_TUBES_TIED = re.compile(
    r"\b(?:i\s+)?(?:had|got|underwent)\s+(?:the|an?)\s+(?:operation|surgery|procedure|op)\s+to\s+"
    r"(?:tie|clip|cut|block)\s+my\s+tubes\b",
    re.IGNORECASE,
)
"""A tubal ligation told by its purpose ("I had the operation to tie my tubes in 2012")."""
_STITCHED = re.compile(
    r"\b(?:i\s+)?(?:got|had|needed|need)\s+(?:\d+|a few|some|a couple of|two|three|four|five|six|seven|eight|nine"
    r"|ten|a dozen)\s+stitches\b(?!\s+out\b)",
    re.IGNORECASE,
)
"""A wound stitched ("also got 4 stitches in my hand sunday"): its suturing; stitches taken out are not."""
_TOLD_BY_WORDS = (
    (_COIL_FITTED, "intrauterine device insertion"),
    (_TUBES_TIED, "tubal ligation"),
    (_STITCHED, "suture of wound"),
)
_ON_JOINT = re.compile(
    r"\s+(?:on|of|in|to)\s+(?:my|the)\s+(?:(?:left|right|bad)\s+)?(?P<joint>knee|hip|shoulder|ankle|elbow|wrist)\b",
    re.IGNORECASE,
)
"""The joint after a bare arthroscopy ("I had an arthroscopy on my right knee")."""


def find_surgeries(text: str) -> list[Proposal]:
    out = []
    for m in _SURGERY.finditer(text):
        if m.group("tied") or m.group("tubal"):
            procedure = "tubal ligation"
        elif m.group("organ"):
            organ = m.group("organ").lower()
            procedure = PART_PROCEDURES.get(organ) or text[m.start("organ") : m.end()]
        elif m.group("joint"):
            procedure = f"{m.group('joint').lower()} replacement"
        elif m.group("scoped"):
            procedure = f"{m.group('scoped').lower()} arthroscopy"
        elif m.group("device"):
            procedure = f"{m.group('device').lower()} {m.group('part').lower()} replacement"
        elif growth := m.group("growth") or m.group("growth_off") or m.group("growth_had"):
            procedure = f"{growth.lower().rstrip('s')} removal"
        elif m.group("proc") or m.group("went"):
            procedure = m.group("proc") or m.group("went")
            on_joint = _ON_JOINT.match(text, m.end())
            if on_joint and procedure.lower() == "arthroscopy":  # "an arthroscopy on my right knee"
                procedure = f"{on_joint.group('joint').lower()} arthroscopy"
        else:
            procedure = m.group(0)
        out.append(Proposal("surgery_history", {"procedure": procedure}, (m.start(), m.end())))
    for rx, group in ((_OPERATION, "op"), (_SCAN, "scan")):
        for m in rx.finditer(text):
            if any(p.anchor[0] <= m.start(group) < p.anchor[1] for p in out):
                continue
            procedure = m.group(group)
            out.append(Proposal("surgery_history", {"procedure": procedure}, (m.start(), m.end())))
    for m in _ORGAN_TAKEN.finditer(text):
        if not any(p.anchor[0] <= m.start() < p.anchor[1] for p in out):
            organ = (m.group("organ") or m.group("passive") or m.group("gone") or m.group("had")).lower()
            out.append(Proposal("surgery_history", {"procedure": PART_PROCEDURES[organ]}, (m.start(), m.end())))
    for m in _SCOPED.finditer(text):
        if not any(p.anchor[0] <= m.start() < p.anchor[1] for p in out):
            joint = (m.group("joint") or m.group("cleaned")).lower()
            out.append(Proposal("surgery_history", {"procedure": f"{joint} arthroscopy"}, (m.start(), m.end())))
    for rx, name in _TOLD_BY_WORDS:
        for m in rx.finditer(text):
            if not any(p.anchor[0] <= m.start() < p.anchor[1] for p in out):
                out.append(Proposal("surgery_history", {"procedure": name}, m.span()))
    for m in _ATTENDED.finditer(text):
        if not any(p.anchor[0] <= m.start("proc") < p.anchor[1] for p in out):
            out.append(Proposal("surgery_history", {"procedure": m.group("proc").lower()}, (m.start(), m.end())))
    for m in _IMPLANT_OR_INJECTION.finditer(text):
        if any(p.anchor[0] <= m.start() < p.anchor[1] for p in out):
            continue
        implant = m.group("implant")
        procedure = f"{implant.lower()} implant" if implant else "steroid injection"
        proposal = Proposal("surgery_history", {"procedure": procedure}, (m.start(), m.end()))
        if _INTO_ME.match(text, m.end()):
            proposal.extra["speaker_subject"] = True  # "staying with my sister and they put a pacemaker in me"
        out.append(proposal)
    # a part taken out with a count, a side or the body part it came from (:mod:`.removed_parts`)
    out += [p for p in find_removed_parts(text) if not any(_overlap(p.anchor, q.anchor) for q in out)]
    # a cataract told by the new lens in the eye (:mod:`.lens_implants`)
    out += [p for p in find_lens_implants(text) if not any(_overlap(p.anchor, q.anchor) for q in out)]
    return out


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def surgery_names(text: str) -> set[str]:
    """The procedure names :func:`find_surgeries` and :func:`.find_named_procedures` read in ``text`` (for the
    no-fabrication check: "had my appendix out" -> appendectomy, "an amnio" -> amniocentesis)."""
    return {str(p.fields["procedure"]) for p in [*find_surgeries(text), *find_named_procedures(text)]} | (
        note_procedure_names(text)
    )
