"""Procedures named by their own word and said to have been done on the speaker, whoever did them.

:mod:`.procedures` reads operations by a fixed set of agents and organs; people also name the procedure
itself, with any clinician as the doer or as an appositive to a lay description:

- **a clinician did it on the speaker**: "the ENT did a balloon sinuplasty on me", "my cardiologist performed
  an ablation last spring", "the team carried out a cardioversion";
- **the speaker had or underwent it**: "I underwent a cardioversion in May", "I had an ablation done";
- **the name as an appositive after a description of what was done**: "they did that electric shock thing to
  put my heart back in rhythm, the cardioversion, back in October".

The procedure is a word with a procedure ending (-plasty, -ectomy, -otomy, -ostomy, -oscopy, -tripsy,
-centesis) or one of a few named procedures (cardioversion, ablation, angioplasty, catheterisation), with one
modifier before it ("balloon sinuplasty", "catheter ablation"); recorded as said. Not read: a plan ("they want
to do an ablation"), another person as the patient ("did a colonoscopy on my husband").
"""

from __future__ import annotations

import re

from app.ingest.narrative.models import Proposal
from app.ingest.narrative.sentences import after_lead_in

_NAME = (
    r"(?P<name>(?:(?:balloon|catheter|laser|cardiac|coronary|electrical|radiofrequency|endoscopic|keyhole|knee"
    r"|shoulder|hip|sinus|nasal|bladder|bowel|heart)\s+)?(?:[a-z]+(?:plasty|ectomy|otomy|ostomy|oscopy|tripsy"
    r"|centesis)|cardioversion|ablation|catheteri[sz]ation|angiogram|(?:wisdom\s+)?(?:tooth|teeth)\s+extractions?"
    r"|amnio))"
)
_CLIPPED = {"amnio": "amniocentesis"}
"""A procedure said by its clipped lay name ("had an amnio done"), recorded under its full name."""
_AGENT = (
    r"(?:they|the\s+doctors?|the\s+surgeons?|the\s+team|the\s+hospital|(?:my|the|an?)\s+(?:[a-z]+\s+)?"
    r"(?:ent|surgeon|doctor|specialist|consultant|cardiologist|urologist|gastroenterologist|gastro|dermatologist"
    r"|gynaecologist|gynecologist|ophthalmologist|electrophysiologist|[a-z]{3,}ologist)|dr\.?\s+\w+|she|he"
    # the clinician opening the sentence with no article, as in a text: "Urologist did a cystoscopy yesterday"
    r"|(?:^|(?<=[.!?]\s))(?:[a-z]{2,}ologist|surgeon|specialist|ent|gp|doc))"
)
_DONE_ON_ME = re.compile(
    # the agent may carry its place: "the ENT at the outpatient center did a balloon sinuplasty"
    rf"\b{_AGENT}(?:\s+(?:at|from|in)\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+){{0,2}}?)?"
    # "They'd also done a cystoscopy on March 9th"
    r"(?:'d|’d|'ve|\s+had|\s+have|\s+has)?\s+"
    r"(?:(?:also|finally|just|then|eventually|already)\s+)?(?:did|done|performed|carried out|ran)\s+"
    rf"(?:an?|my|the|that)\s+{_NAME}\b(?P<patient>\s+(?:on|for)\s+(?:me|my\s+\w+|(?:his|her|their)\b))?",
    re.IGNORECASE,
)
_HAD_BY_ME = re.compile(
    # the subject said, dropped at a sentence opening, or dropped after a lead-in (checked: "oh forgot to say, had a
    # colonoscopy done in March", "quick update: had a knee arthroscopy back in February")
    r"(?:\bi\s+|(?:^|(?<=[.!?]\s)|(?<=,\s)|(?<=:\s)))(?:(?:also|finally|just|then|eventually)\s+)?"
    r"(?:had|underwent|went through|got)\s+"
    r"(?:(?:an?|my|the)\s+)?"
    rf"(?:first\s+|second\s+)?{_NAME}\b",
    re.IGNORECASE,
)
"""A procedure done on the speaker by any clinician, or had by the speaker (see the module docstring)."""
_APPOSED = re.compile(rf",\s+(?:the|a|an)\s+{_NAME}\s*,", re.IGNORECASE)
_DONE_BEFORE = re.compile(
    rf"\b(?:{_AGENT}\s+(?:(?:also|finally|just|then)\s+)?(?:did|performed|carried out|gave me|tried)|i\s+"
    r"(?:had|underwent|went through|got))\b[^.;!?]{0,80}$",
    re.IGNORECASE,
)
"""A done-to-me clause before an appositive procedure name: "they did that electric shock thing ..., the
cardioversion,"."""
_PLANNED = re.compile(
    r"\b(?:want|wants|wanted|going|plan|plans|planning|(?:might|may)(?!\s+have\s+(?:had|been|got|gotten)\b)|could"
    r"|should|would|will|next|booked|scheduled|talking about|considering)\b[^.;!?]{0,20}$",
    re.IGNORECASE,
)
"""A plan before a procedure's name ("they may do a colonoscopy"), not a memory hedge on one done ("I may have had a
colonoscopy in April")."""


_WHEN_DONE = (
    r"(?:my|yesterday's|(?:last|this|past)\s+(?:week|month|year|spring|summer|autumn|fall|winter|weekend|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)'s|(?:mon|tues|wednes|thurs|fri|satur|sun)day's)"
)
_RESULT_CAME_BACK = re.compile(
    rf"\b(?:(?:the\s+)?results?\s+(?:of|from)\s+)?{_WHEN_DONE}\s+(?:first\s+|second\s+|routine\s+)?{_NAME}\b"
    r"(?:\s+(?:that\s+)?i\s+had)?[^.;!?]{0,50}?\b(?:came back|come back|showed|found|was|were|went|turned up)\s+"
    r"(?:(?:all|completely|totally|perfectly|fine\s+and|absolutely)\s+)?(?:clean|clear|normal|fine|ok|okay|good"
    r"|negative|nothing|benign|well|smoothly|a\s+(?:couple|few|polyp|small)|two|three|some|(?:a\s+)?polyps?)\b",
    re.IGNORECASE,
)
"""A procedure named as the speaker's, by "my" or by when it was done, with its result ("last month's colonoscopy
came back clean", "my endoscopy in March showed nothing", "the results from Tuesday's colonoscopy came back
normal"): it was done. Not a plan ("next month's", "will come back"), nor someone else's ("my husband's")."""

_HAD_AS_RELATIVE = re.compile(
    rf"\bthe\s+{_NAME}\s+(?:that\s+|which\s+)?i\s+(?:had|underwent|went through)\b"
    r"(?!\s+(?:to|booked|scheduled|planned|lined up|pencilled|penciled|coming|next|cancel\w*|postponed)\b)",
    re.IGNORECASE,
)
"""A procedure the speaker had, said in a relative clause: "the colonoscopy I had in January came back clean"."""

_CALLED = re.compile(
    rf"\b(?:an?|the)\s+{_NAME}\s*,?\s+(?:as\s+)?(?:he|she|they|the\s+\w+)\s+(?:called|calls)\s+it\b",
    re.IGNORECASE,
)
_CALLED_WHAT = re.compile(
    rf"\bwhat\s+(?:he|she|they|the\s+\w+)\s+(?:called|calls?)\s+(?:an?\s+)?{_NAME}\b", re.IGNORECASE
)
"""The procedure's name given as the clinician's word after a lay account of it (round 26): "the ENT went in and
opened up my sinuses, a balloon sinuplasty he called it", "they freed up my wrist, what the surgeon called a
carpal tunnel release" -- only after a done-to-me clause."""
_DONE_TO_ME_CUE = re.compile(
    r"\b(?:went\s+in|opened|cleared|fixed|operated|did|performed|had|underwent|put|took|freed|burned|me|my)\b",
    re.IGNORECASE,
)
_NOT_MINE = re.compile(
    r"\b(?:his|her|their|(?:my\s+)?(?:wife|husband|son|daughter|mum|mom|dad|friend|sister|brother|neighbou?r)"
    r"(?:'s)?|if|whether|never|not|n't)\b",
    re.IGNORECASE,
)
_SITE_SURGERY = re.compile(
    r"(?:\bi\s+|(?:^|(?<=[.!?]\s)))(?:(?:also|finally|just|then|eventually|recently)\s+)?"
    r"(?:had|underwent|went\s+through)\s+"
    r"(?:(?:some|minor|major|emergency|keyhole|day|private|elective|laparoscopic|outpatient)\s+)?"
    r"(?P<name>(?:sinus|nose|nasal|ear|eye|jaw|knee|hip|shoulder|back|neck|spine|spinal|foot|hand|wrist|ankle"
    r"|elbow|bowel|stomach|bladder|heart|open heart|hernia|bunion|gum|dental|thyroid|breast|gallbladder|gall bladder"
    r"|colon|prostate|kidney|liver|lung|brain|cataract|carpal tunnel|rotator cuff|acl|meniscus|weight loss"
    r"|bariatric|tonsil|appendix|ovarian|uterine|cardiac|vein|varicose vein)\s+(?:surgery|operation))\b",
    re.IGNORECASE,
)
"""A surgery said by its site with no article (round 26), the subject said or dropped at a sentence opening:
"I had sinus surgery in January", "I underwent emergency bowel surgery", "Had gallbladder surgery on the 22nd"."""
_GOT_DONE = re.compile(
    r"(?:\bi\s+|(?:^|(?<=[.!?]\s)))(?:(?:finally|just|also|eventually)\s+)?(?:had|got)\s+(?:the|my|a|an|that)\s+"
    r"(?!(?:car|phone|roof|house|bike|computer|laptop|tv|plumbing|boiler|furnace|engine|tire|tyre|kitchen|bathroom"
    r"|window|door|fence|watch|screen|wall|floor|pipe|drain|gutter)\b)"
    r"(?P<name>(?:[a-z]+\s+){1,2}?(?:extraction|removal|replacement|repair|release|fusion|implant|transplant"
    r"|surgery|operation|ablation|biopsy|[a-z]+(?:plasty|ectomy|otomy|ostomy|oscopy)))\s+(?:done|sorted|out\s+of"
    r"\s+the\s+way)\b",
    re.IGNORECASE,
)
"""A procedure said got or had done (round 26): "finally got the wisdom tooth extraction done", "I had my
knee replacement done in May", "had the carpal tunnel release done privately"."""
_DID_WHEN = re.compile(
    rf"(?:^|(?<=[.!?]\s))(?:(?:finally|just|also)\s+)?did\s+(?:the|my|a|an|that)\s+{_NAME}\b"
    r"(?=\s+(?:[\w-]+\s+){1,3}ago\b|\s+(?:yesterday|today|this\s+morning|last\s+\w+|on\s+\w+|in\s+\w+|back\s+in"
    r"|earlier)\b|\s*(?:[,.!;]|$))",
    re.IGNORECASE,
)
"""A procedure the speaker did, the subject dropped at a sentence opening and its time said after it ("Did the
colonoscopy two weeks ago, the prep was the worst part"); not a question ("Did the colonoscopy show anything?")."""


def find_named_procedures(text: str) -> list[Proposal]:
    """Procedures named by their word and done on the speaker (see the module docstring)."""
    out: list[Proposal] = []
    for m in [*_DONE_ON_ME.finditer(text), *_HAD_BY_ME.finditer(text)]:
        patient = m.groupdict().get("patient")
        if patient and not re.search(r"\bme\b", patient, re.IGNORECASE):
            continue  # "did a colonoscopy on my husband": his
        if _PLANNED.search(text[max(0, m.start() - 25) : m.start()]):
            continue
        if text[max(0, m.start() - 2) : m.start()] == ", " and not after_lead_in(text, m.start() - 2):
            continue  # "my husband was poorly, had a colonoscopy": the subject dropped is the one before the comma
        out.append(Proposal("surgery_history", {"procedure": _procedure_name(m.group("name"))}, (m.start(), m.end())))
    for m in [*_RESULT_CAME_BACK.finditer(text), *_HAD_AS_RELATIVE.finditer(text)]:
        if any(p.anchor[0] <= m.start("name") < p.anchor[1] for p in out):
            continue
        anchor = (m.start("name"), m.end("name"))
        out.append(Proposal("surgery_history", {"procedure": _procedure_name(m.group("name"))}, anchor))
    for m in [*(m for r in (_CALLED, _CALLED_WHAT, _SITE_SURGERY, _GOT_DONE, _DID_WHEN) for m in r.finditer(text))]:
        if any(p.anchor[0] <= m.start("name") < p.anchor[1] for p in out):
            continue
        clause_start = max(text.rfind(c, 0, m.start()) for c in ".;!?") + 1
        before = text[clause_start : m.start()]
        if _PLANNED.search(before) or _NOT_MINE.search(before) or "?" in text[m.end() : m.end() + 80].split(".")[0]:
            continue
        if m.re in (_CALLED, _CALLED_WHAT) and not _DONE_TO_ME_CUE.search(before):
            continue
        called = m.re in (_CALLED, _CALLED_WHAT)  # "he called it" is the clinician's word, not his procedure
        anchor = (m.start("name"), m.end("name")) if called else (m.start(), m.end())
        out.append(Proposal("surgery_history", {"procedure": _procedure_name(m.group("name"))}, anchor))
    for m in _APPOSED.finditer(text):
        if any(p.anchor[0] <= m.start("name") < p.anchor[1] for p in out):
            continue
        clause_start = max(text.rfind(c, 0, m.start()) for c in ".;!?") + 1
        before = text[clause_start : m.start()]
        if _DONE_BEFORE.search(before) and not _PLANNED.search(before):
            anchor = (m.start("name"), m.end("name"))
            out.append(Proposal("surgery_history", {"procedure": _procedure_name(m.group("name"))}, anchor))
    return out


def _procedure_name(said: str) -> str:
    """The procedure's name as said, a clipped lay name made whole ("amnio" -> amniocentesis)."""
    name = re.sub(r"\s+", " ", said.lower())
    return _CLIPPED.get(name, name)
