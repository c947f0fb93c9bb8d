"""The question contract: seven fields, each a characterising question, and one shared instruction.

The contract is data. Its id is a hash of all of its text, so changing one word is a new contract
and every user's profile is re-asked (seed 000 §3.4: a prompt change is a versioned event, not a
silent drift). Questions characterise rather than inventory ("how is X, and what stands out"), and
only ``action_items`` asks for a recommendation (the inference boundary).
"""

from __future__ import annotations

import hashlib
import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

FieldName = Literal[
    "who",
    "physical_state",
    "behavioral_state",
    "medical_constraints",
    "trajectory_goal",
    "trajectory_preference",
    "action_items",
]

EvidenceSection = Literal[
    "static",
    "conditions",
    "medications",
    "allergies",
    "measurements",
    "symptoms",
    "behaviours",
    "goals",
    "preferences",
    "findings",
    "coverage",
    "causal",
    "visits",
]


class ProfileQuestion(BaseModel):
    """One field of the profile: its question and the evidence sections it is answered from."""

    model_config = ConfigDict(frozen=True)

    field: FieldName
    question: str = Field(description="Characterising question relayed to the synthesiser.")
    sections: tuple[EvidenceSection, ...] = Field(description="Evidence sections the answer draws on.")
    may_recommend: bool = False


class ProfileContract(BaseModel):
    """The seven questions and the shared instruction; ``contract_id`` hashes all of the text."""

    model_config = ConfigDict(frozen=True)

    instruction: str
    questions: tuple[ProfileQuestion, ...]

    @property
    def contract_id(self) -> str:
        payload = json.dumps(self.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)
        return "hu2-" + hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]

    def question(self, field: FieldName) -> ProfileQuestion:
        return next(q for q in self.questions if q.field == field)

    @property
    def fields(self) -> tuple[FieldName, ...]:
        return tuple(q.field for q in self.questions)


SHARED_INSTRUCTION = (
    "Answer in plain prose of 300 to 500 characters, in the third person, about this user only. "
    "Use only the evidence given, each item with its id; cite the ids you used. Characterise: say "
    "how things are and what stands out, with direction and timing, rather than listing items. "
    "State values, units and dates exactly as the evidence has them and never add one it lacks. "
    "Do not diagnose and do not judge causes; do not recommend unless the question asks for advice."
)

CONTRACT = ProfileContract(
    instruction=SHARED_INSTRUCTION,
    questions=(
        ProfileQuestion(
            field="who",
            question="Who is this user as a person with a health history, and what defines their situation now?",
            sections=("static", "conditions", "medications", "coverage"),
        ),
        ProfileQuestion(
            field="physical_state",
            question=(
                "How is this user's physical condition overall, and which changes or findings deserve attention now?"
            ),
            sections=("measurements", "symptoms", "conditions", "findings"),
        ),
        ProfileQuestion(
            field="behavioral_state",
            question=(
                "How does this user live day to day (sleep, activity, eating, mood, medication taking), "
                "and what stands out in those habits?"
            ),
            sections=("behaviours", "medications", "coverage"),
        ),
        ProfileQuestion(
            field="medical_constraints",
            question=(
                "What must anyone advising this user keep in mind: allergies, conditions and medicines "
                "that limit what is safe, and how firm are those limits?"
            ),
            sections=("allergies", "conditions", "medications", "findings"),
        ),
        ProfileQuestion(
            field="trajectory_goal",
            question="Where is this user heading: which goals are they pursuing, and how are those goals going?",
            sections=("goals", "measurements"),
        ),
        ProfileQuestion(
            field="trajectory_preference",
            question=(
                "How does this user prefer to manage their health, and which choices or dislikes "
                "have shaped their course so far?"
            ),
            sections=("preferences", "medications", "behaviours"),
        ),
        ProfileQuestion(
            field="action_items",
            question=("Given everything recorded, what should this user or their care team do next, and why?"),
            sections=("findings", "measurements", "coverage", "medications"),
            may_recommend=True,
        ),
    ),
)
