"""The deterministic extractor: the offline default and the first pass on every turn.

Order of work (all pure; the dictionary snapshot and the mention time are arguments):

1. dictionary terms are found by longest match over normalised tokens (:mod:`.terms`);
2. the finders propose records: measurements (:mod:`.measurements`), medications
   (:mod:`.medications`), history and static facts (:mod:`.history`, :mod:`.procedures`), everyday records
   (:mod:`.lifestyle`); measurement names that match no alias become blocked names;
   conditions are named as said (:func:`.terms.said_name`: "heart attack", "diabetes"), symptoms
   by their dictionary name (:func:`.terms.symptom_name`: "nausea" for "nauseous", "fainting"
   for "I fainted") — never by the internal key (``chest_pain``);
3. medspaCy ConText assesses every proposal's anchor span (:mod:`.assertions`) and the
   proposal's policy decides: admitted, turned into ``family_history``, or suppressed;
4. each admitted proposal gets its sentence as the verbatim quote and the time expression of
   that sentence (the temporal resolver's ``find_time_expressions``) as ``time_text``;
5. every candidate passes :func:`.grounding_check.ungrounded_fields` (none is expected to fail;
   one that does is dropped and counted in the log).

The sentences that produced nothing are the conversation residue (for the LLM extractor and the
conversation event).
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from datetime import datetime

from app.ingest.narrative.admission import admit, applicable, candidate_record, distinct_candidates
from app.ingest.narrative.allergen_exposure import ANAPHYLAXIS_RESCUE
from app.ingest.narrative.allergies import find_allergies
from app.ingest.narrative.assertions import Assertion, get_tagger
from app.ingest.narrative.conditions import find_conditions
from app.ingest.narrative.dose_count import counts_doses
from app.ingest.narrative.dose_done import find_doses_done
from app.ingest.narrative.doubted_doses import find_doubled_up_doses, find_doubted_doses
from app.ingest.narrative.drug_apposition import drop_class_named_with_drug
from app.ingest.narrative.drug_injections import find_drug_injections
from app.ingest.narrative.exercise import find_exercise
from app.ingest.narrative.faithful_doses import find_faithful_doses
from app.ingest.narrative.goals import find_goals
from app.ingest.narrative.grounding_check import ungrounded_fields
from app.ingest.narrative.healed_parts import find_healed_parts
from app.ingest.narrative.history import find_symptoms, find_visits
from app.ingest.narrative.immunizations import find_immunizations
from app.ingest.narrative.lay_complaints import find_lay_complaints
from app.ingest.narrative.lifestyle import (
    MOOD_KIND_OF,
    find_lifestyle_baselines,
    find_meals,
    find_mood,
    find_sleep,
)
from app.ingest.narrative.measurements import find_measurements
from app.ingest.narrative.medication_reference import find_referred_actions
from app.ingest.narrative.medications import find_medications
from app.ingest.narrative.models import BlockedName, ExtractionResult, Proposal
from app.ingest.narrative.named_people import someone_elses
from app.ingest.narrative.named_procedures import find_named_procedures
from app.ingest.narrative.procedures import find_surgeries
from app.ingest.narrative.record_times import (
    TimeMention,
    lead_in_times,
    placed_first,
    since_for_stop,
    time_for,
    time_mentions,
)
from app.ingest.narrative.record_types import CandidateRecord
from app.ingest.narrative.sentences import enclosing, sentence_spans
from app.ingest.narrative.site_pain import find_site_pain
from app.ingest.narrative.static_facts import find_static_facts
from app.ingest.narrative.supplement_advice import find_supplement_pushes
from app.ingest.narrative.swaps import find_swaps
from app.ingest.narrative.terms import TermMatch, Vocabulary, said_name, symptom_name, term_index, tokenize
from app.ingest.narrative.unknown_drugs import find_unknown_drugs
from app.ingest.narrative.vaccine_names import find_named_vaccinations
from app.ingest.narrative.vaccine_receipts import find_vaccine_receipts
from app.ingest.narrative.verbless_notes import find_exercise_notes, find_verbless_notes

logger = logging.getLogger(__name__)

RULES_CONFIDENCE = 0.9


class RulesExtractor:
    """:class:`app.ingest.narrative.models.RecordExtractor` by rules and dictionaries."""

    def extract(self, text: str, snapshot: Vocabulary, *, mention: datetime) -> ExtractionResult:
        return extract(text, snapshot, mention=mention)


def extract(text: str, snapshot: Vocabulary, *, mention: datetime) -> ExtractionResult:
    """Candidates, blocked names and residue of one utterance (see the module docstring)."""
    sentences = sentence_spans(text)
    if not sentences:
        return ExtractionResult()
    tokens = tokenize(text)
    terms = term_index(snapshot).find(text, tokens)
    proposals, blocked = _propose(text, snapshot, terms, sentences)
    assertions = [  # "Jim stopped his clopidogrel", "reminded him to take his pills": someone else's
        replace(a, other_experiencer=True) if someone_elses(text, p.anchor, enclosing(sentences, *p.anchor)) else a
        for p, a in zip(proposals, get_tagger().assess(text, [p.anchor for p in proposals]), strict=True)
    ]
    times = time_mentions(text, mention)

    records: list[CandidateRecord] = []
    suppressed: list[CandidateRecord] = []
    used: set[tuple[int, int]] = set()
    dropped = 0
    # a visit does not hold a sentence's time for itself: "the nurse rang about the bloodwork from my
    # March 28th checkup. A1c was 6.4" dates the A1c too
    # a suppressed mention holds no time either: "They had a free diabetes screening two days ago. The
    # A1c came out at 8.1%" dates the A1c ("diabetes" there is no statement of the person's)
    judged = [(applicable(p, said), p) for p, said in zip(proposals, assertions, strict=True)]
    decided = [(assertion, *admit(p, assertion)) for assertion, p in judged]
    with_records = {
        enclosing(sentences, *p.anchor) for _, admitted, p in decided if admitted and p.type != "clinical_visit"
    }
    lead_ins = lead_in_times(text, sentences, with_records, times)
    for assertion, admitted, proposal in decided:
        sentence = enclosing(sentences, *proposal.anchor)
        # a visit holds no time for itself ("went to urgent care on March 6th, and the doctor there said it's atrial
        # fibrillation"), nor another mention of the same drug ("On Tuesday ... my Coumadin ..., so I took one more")
        others = [
            p.anchor
            for p in proposals
            if p.anchor != proposal.anchor
            and p.type != "clinical_visit"
            and not (p.type == proposal.type and p.fields.get("drug", 0) == proposal.fields.get("drug"))
        ]
        quote_end = _quote_end(text, proposal, sentence, sentences)
        candidate = _candidate(text, proposal, assertion, sentence, times, lead_ins.get(sentence), others, quote_end)
        if candidate is None:
            dropped += 1
            continue
        if ungrounded_fields(candidate, text, snapshot):
            dropped += 1
            continue
        used.add(sentence)
        (records if admitted else suppressed).append(candidate)
    for name in blocked:
        start = text.find(name.quote)
        if start >= 0:
            used.add(enclosing(sentences, start, start + len(name.quote)))
    # "Think I'm allergic to my allegra?? got hives both times I took it": the doses that brought the reaction on are
    # the allergy's evidence, not an intake to reconcile (unless taken in spite of it: "took it anyway")
    allergens = {
        c.fields.get("substance") for c in records if c.type == "allergy" and c.fields.get("status") != "denied"
    }
    records = [
        c
        for c in records
        if not (c.type == "medication_intake" and c.fields.get("drug") in allergens and not _IN_SPITE.search(c.quote))
    ]
    if dropped:
        logger.warning("rules extractor dropped %d candidate(s) failing validation", dropped)
    residue = " ".join(text[s:e] for s, e in sentences if not any(_overlaps((s, e), u) for u in used))
    return ExtractionResult(
        records=distinct_candidates(records),
        blocked=blocked,
        suppressed=suppressed,
        conversation_residue=residue or None,
    )


def _propose(
    text: str, snapshot: Vocabulary, terms: list[TermMatch], sentences: list[tuple[int, int]]
) -> tuple[list[Proposal], list[BlockedName]]:
    measured = find_measurements(text, snapshot)
    proposals = list(measured.proposals)
    blocked = list(measured.blocked)
    free = [t for t in terms if not _inside(measured.consumed, t.start)]
    drugs = drop_class_named_with_drug(text, [t for t in free if t.kind == "drug"], snapshot)
    mood = find_mood(text)
    mood_spans = [p.anchor for p in mood]
    conditions = [t for t in free if t.kind == "condition" and not _inside(mood_spans, t.start)]
    symptoms = [
        t for t in free if t.kind == "symptom" and not _inside(mood_spans, t.start) and not _is_mood_word(t.text)
    ]
    medications = find_medications(text, drugs, sentences)
    proposals += medications
    # a refill or a prescription is not the speaker's own action: "the refill never came through for my Plavix,
    # so I stopped taking it" still says the stop
    governed = {
        d.start: p.anchor
        for d in drugs
        for p in medications
        # an action said after the drug is anchored at its verb and names the drug it governs ("on the Norvasc, so I
        # stopped taking it")
        if (p.anchor[0] <= d.start < p.anchor[1] or p.extra.get("drug_at") == d.start) and p.type != "prescription"
    }
    pushes = find_supplement_pushes(text, drugs, snapshot)  # "my sister got me on ginkgo" (:mod:`.supplement_advice`)
    pushed = {(p.fields["drug"], enclosing(sentences, *p.anchor)) for p in pushes}
    proposals = [  # the push says the start; a plain intake of the same supplement there is the same fact
        p
        for p in proposals
        if not (p.type == "medication_intake" and (p.fields.get("drug"), enclosing(sentences, *p.anchor)) in pushed)
    ]
    proposals += [
        p
        for p in pushes
        if not any(q.type == "regimen_change" and q.fields.get("drug") == p.fields["drug"] for q in medications)
    ]
    proposals += find_referred_actions(text, drugs, sentences, governed)
    proposals += find_doubted_doses(text, drugs)
    proposals += find_doubled_up_doses(text, drugs)  # "missed my X yesterday so I doubled up today"
    proposals += find_faithful_doses(text, drugs)  # "X is the one thing I never forget"
    proposals += find_drug_injections(text, drugs)  # "nurse did my B12 jab"
    proposals += find_doses_done(text, drugs)  # "Fosamax done this morning"
    blocked += find_unknown_drugs(text, drugs)
    proposals += find_conditions(text, conditions, sentences)
    proposals += [  # "my ankle has healed up nicely": a condition over, told by its body part (:mod:`.healed_parts`)
        p
        for p in find_healed_parts(text)
        if not any(_overlaps(p.anchor, q.anchor) for q in proposals if q.type == "condition")
    ]
    proposals += find_symptoms(text, symptoms, sentences)
    # a sign told by what happened stands when its dictionary name was read but not taken as the speaker's: "She
    # found me passed out" ("passed out" has no first-person cue of its own)
    proposals += find_site_pain(text, snapshot, {str(p.fields["name"]) for p in proposals if p.type == "symptom"})
    # "my nose has been running", "stomach's a bit off": a minor complaint by its part (:mod:`.lay_complaints`)
    named = {str(p.fields.get("name")) for p in proposals if p.type == "symptom"}
    proposals += find_lay_complaints(text, snapshot, named)
    proposals += find_allergies(text, drugs)
    surgeries = find_surgeries(text)
    proposals += surgeries
    proposals += [  # a procedure named by its word, done on the speaker by any clinician (:mod:`.named_procedures`)
        p for p in find_named_procedures(text) if not any(_overlaps(p.anchor, s.anchor) for s in surgeries)
    ]
    # "root canal yesterday", "covid booster yesterday": a procedure or a vaccination noted with no verb
    proposals += [
        p
        for p in find_verbless_notes(text)
        if not any(_overlaps(p.anchor, q.anchor) for q in proposals if q.type in ("surgery_history", "clinical_visit"))
    ]
    visits = [
        v
        for v in find_visits(text)
        if not any(_overlaps(v.anchor, q.anchor) for q in proposals if q.fields.get("kind") == "vaccination")
    ]
    proposals += visits
    proposals += [  # "my tetanus booster is up to date": a vaccination beyond "got my flu shot"
        p for p in find_immunizations(text) if not any(_overlaps(v.anchor, p.anchor) for v in visits)
    ]
    vaccinations = [p for p in proposals if p.fields.get("kind") == "vaccination"]
    proposals += [  # "got the Prevnar", "Moderna #1 done": a vaccine by its own name (:mod:`.vaccine_names`)
        p for p in find_named_vaccinations(text, drugs) if not any(_overlaps(v.anchor, p.anchor) for v in vaccinations)
    ]
    if not any(p.fields.get("kind") == "vaccination" for p in proposals):  # "the flu jab they gave me", "... I had it"
        proposals += find_vaccine_receipts(text)  # (:mod:`.vaccine_receipts`)
    proposals += find_static_facts(text)
    proposals += find_sleep(text)
    exercises = find_exercise(text)
    proposals += exercises
    proposals += [  # "45 min spin class this morning", "Hot yoga yesterday, 60 min" (:mod:`.verbless_notes`)
        p for p in find_exercise_notes(text) if not any(_overlaps(p.anchor, q.anchor) for q in exercises)
    ]
    proposals += find_meals(text)
    proposals += find_swaps(text)  # a food swapped in, a walk in place of the car (:mod:`.swaps`)
    proposals += mood
    proposals += find_goals(text)
    proposals += find_lifestyle_baselines(text)
    # a drug named in an allergy is not taken; "pregnant" is a pregnancy status, not a condition
    # an organ named in a surgery is not a condition ("my appendix removed" is no appendicitis)
    allergy_spans = [p.anchor for p in proposals if p.type == "allergy"]
    # "every time I take my Allegra I break out in hives": the dose that brings the sign on is no intake
    allergy_spans += [p.extra["intake_span"] for p in proposals if p.type == "allergy" and "intake_span" in p.extra]
    pregnancy_spans = [p.anchor for p in proposals if p.type == "pregnancy_status"]
    surgery_spans = [p.anchor for p in proposals if p.type == "surgery_history"]
    # a disease a vaccination is against is no condition ("I got jabbed for flu on Monday")
    surgery_spans += [p.anchor for p in proposals if p.fields.get("kind") == "vaccination"]
    covered_spans = [p.anchor for p in proposals if p.extra.get("site_pain")]
    covered_spans += [p.extra["covers"] for p in proposals if p.type == "allergy" and "covers" in p.extra]
    proposals = [
        p
        for p in proposals
        if not (p.type in ("medication_intake", "regimen_change") and _inside(allergy_spans, p.anchor[0]))
        and not (p.type == "condition" and _inside(pregnancy_spans, p.anchor[0]))
        and not (p.type in ("condition", "symptom") and _inside(surgery_spans, p.anchor[0]))
        # "a crushing pain in my chest", "an allergic reaction to my hydrochlorothiazide": no condition of its own
        and not (p.type == "condition" and _inside(covered_spans, p.anchor[0]))
    ]
    for p in proposals:  # names, not keys: the dictionary key is found again by alias
        if (p.type == "condition" or p.extra.get("flare")) and isinstance(p.fields.get("name"), str):
            said = text[p.anchor[0] : p.anchor[1]]
            typed = _TYPE_AFTER.match(text, p.anchor[1])  # "diabetes now, type 2": the type said after the name
            if typed is not None and snapshot.lookup("condition", f"type {typed.group('n')} {said}") is not None:
                said = f"type {typed.group('n')} {said}"
            p.fields["name"] = said_name(said, "condition", p.fields["name"], snapshot)
        elif p.type == "symptom" and isinstance(p.fields.get("name"), str):
            p.fields["name"] = symptom_name(p.fields["name"], snapshot)
    return proposals, blocked


_IN_SPITE = re.compile(r"\b(?:anyway|anyways|regardless|even though|despite|in spite)\b", re.IGNORECASE)
_TYPE_AFTER = re.compile(r"(?:\s+now)?\s*,?\s*(?:\(\s*)?type\s+(?P<n>1|2|one|two|i|ii)\b", re.IGNORECASE)
"""A condition's type said after its name ("I have diabetes, type 2", "real diabetes now, type 2")."""


def _candidate(
    text: str,
    proposal: Proposal,
    a: Assertion,
    sentence: tuple[int, int],
    times: list[TimeMention],
    lead_in: str | None = None,
    others: list[tuple[int, int]] | None = None,
    quote_end: int | None = None,
) -> CandidateRecord | None:
    if proposal.extra.get("habitual"):  # "I walk daily at 4:30pm": a recurrence, not one dated event
        times = [t for t in times if not t[3]]
        lead_in = None
    time_text = placed_first(time_for(text, proposal.anchor, sentence, times, others or []), lead_in, times)
    if proposal.type == "regimen_change" and proposal.fields.get("action") in ("stop", "skip"):
        time_text = since_for_stop(sentence, times, time_text)
    return candidate_record(
        proposal,
        a,
        quote=text[sentence[0] : quote_end or sentence[1]],
        time_text=time_text,
        extractor="rules",
        confidence=proposal.confidence if proposal.confidence else RULES_CONFIDENCE,
    )


_DESCRIBES_IT = re.compile(r"\s*(?:it's|it is|it was|it's been|they're|they are|that was)\b", re.IGNORECASE)


def _quote_end(text: str, proposal: Proposal, sentence: tuple[int, int], sentences: list[tuple[int, int]]) -> int:
    """Where a quote ends: an exercise's with the next sentence when that one describes it ("I've joined an indoor
    rowing class. It's all-out sprints until I'm gasping"), an intake's with the next one counting its doses."""
    later = [s for s in sentences if s[0] >= sentence[1]]
    if proposal.type == "medication_intake" and later and counts_doses(text, *later[0]):
        return later[0][1]  # "... I took one from the bottle too. That's two of them this morning."
    if proposal.type == "medication_intake" and later and proposal.fields.get("drug") in ANAPHYLAXIS_RESCUE:
        return later[0][1]  # "Had to use my EpiPen at lunch. A cookie had peanut butter in it": what it answered
    if proposal.type == "exercise" and later and _DESCRIBES_IT.match(text, later[0][0]):
        return later[0][1]
    return sentence[1]


def _is_mood_word(text: str) -> bool:
    return any(rx.fullmatch(text) for _, rx in MOOD_KIND_OF)


def _inside(spans: list[tuple[int, int]], pos: int) -> bool:
    return any(start <= pos < end for start, end in spans)


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]
