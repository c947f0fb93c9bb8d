"""Round 41: more ways a message says it is about the person: the writer's own word in a declaration that names the
person ("this is Tanner's daughter typing for him. Dad ..."), a grandparent writing, "an update on Morgan from her
dad", the person named with the writer's relation ("my daughter Morgan"), the writer's spouse of the person's sex,
and "the child" in a young child's messages. Each with the near miss that stays someone else's."""

from __future__ import annotations

import pytest

from app.ingest.narrative.caregiver_view import first_person_view, spoken_of
from app.ingest.narrative.writer_declarations import writer_role_in


@pytest.mark.parametrize(
    ("text", "sex", "child", "names", "view"),
    [
        (
            "Hi, this is Tanner's daughter typing for him. Dad swallowed two of his Fosamax yesterday.",
            "male",
            False,
            ("Tanner",),
            "Hi, this is Tanner's daughter typing for him. I swallowed two of my Fosamax yesterday.",
        ),
        (
            "Good morning. I am Roma's grandmother. The child has had a dry little cough since Wednesday.",
            "female",
            True,
            ("Roma",),
            "Good morning. I am Roma's grandmother. I have had a dry little cough since Wednesday.",
        ),
        (
            "my wife gave Versie her Allegra and then I gave her another dose, so she's had two today",
            "female",
            True,
            ("Versie",),
            "my wife gave me my Allegra and then I took another dose, so I've had two today",
        ),
        (
            "Grandpa here. My grandson fell off his bike on Sunday.",
            "male",
            False,
            (),
            "Grandpa here. I fell off my bike on Sunday.",
        ),
        (
            "Quick update on Morgan from her dad: she stopped the Zyrtec on Monday.",
            "female",
            False,
            ("Morgan",),
            "Quick update on Morgan from her dad: I stopped the Zyrtec on Monday.",
        ),
        (
            "I'm writing on my husband's behalf. On Monday he broke out in an itchy rash.",
            "male",
            False,
            (),
            "I'm writing on my husband's behalf. On Monday I broke out in an itchy rash.",
        ),
        (
            "I manage my daughter's account. Her file lists an allergy to fish, which is incorrect.",
            "female",
            False,
            (),
            "I manage my daughter's account. My file lists an allergy to fish, which is incorrect.",
        ),
        (
            "Quick one from Adán's son. Dad started ginkgo biloba a fortnight ago.",
            "male",
            False,
            ("Adán",),
            "Quick one from Adán's son. I started ginkgo biloba a fortnight ago.",
        ),
        (
            "My daughter Morgan bit into a cookie today. Within minutes she was wheezing.",
            "female",
            False,
            ("Morgan",),
            "I bit into a cookie today. Within minutes I was wheezing.",
        ),
        (
            "my wife is about 4 months pregnant and this evening she got a pounding headache",
            "female",
            False,
            (),
            "I am about 4 months pregnant and this evening I got a pounding headache",
        ),
        (
            "My husband got a crushing pain in his chest this morning.",
            "male",
            False,
            (),
            "I got a crushing pain in my chest this morning.",
        ),
    ],
)
def test_the_message_is_read_in_the_persons_first_person(
    text: str, sex: str, child: bool, names: tuple[str, ...], view: str
) -> None:
    spoken = spoken_of(text, child=sex if child else None, sex=sex, names=names)  # type: ignore[arg-type]
    assert spoken is not None
    assert first_person_view(spoken, text).text == view


@pytest.mark.parametrize(
    ("text", "sex", "names"),
    [
        ("My wife got a pounding headache this evening.", "male", ()),  # the spouse is not of the person's sex
        ("My daughter Sarah bit into a cookie today. She was wheezing.", "female", ("Morgan",)),  # another daughter
        ("Quick update on Sarah from her dad: she stopped the Zyrtec.", "female", ("Morgan",)),  # someone else
        ("My grandson fell off his bike on Sunday.", "male", ()),  # a grandparent's own grandson, nothing declared
    ],
)
def test_a_relative_who_is_not_the_person_stays_someone_else(text: str, sex: str, names: tuple[str, ...]) -> None:
    assert spoken_of(text, child=None, sex=sex, names=names) is None


@pytest.mark.parametrize(
    ("text", "sex", "view"),
    [
        (
            "Dad got a heavy, squeezing chest pain this morning hauling the bins. He used his nitro spray once.",
            "male",
            "I got a heavy, squeezing chest pain this morning hauling the bins. I used my nitro spray once.",
        ),
        (
            "mum's bridge partner talked her into red yeast rice, she has been having one each morning for a week",
            "female",
            "my bridge partner talked me into red yeast rice, I have been having one each morning for a week",
        ),
    ],
)
def test_a_parents_recent_event_on_an_older_persons_account_is_the_persons(text: str, sex: str, view: str) -> None:
    spoken = spoken_of(text, child=None, sex=sex, age=71)
    assert spoken is not None
    assert first_person_view(spoken, text).text == view


@pytest.mark.parametrize(
    ("text", "sex", "age"),
    [
        ("Dad got a squeezing chest pain this morning.", "male", 50),  # a younger person: the writer's father
        ("My dad died of a heart attack when he was 70, just so you know.", "male", 71),  # family history
        ("My mum had breast cancer.", "female", 80),  # nothing recent: family history
        ("Mum fainted this morning.", "male", 80),  # the person is a man
    ],
)
def test_a_parent_stays_the_writers_when_the_message_is_family_history(text: str, sex: str, age: int) -> None:
    assert spoken_of(text, child=None, sex=sex, age=age) is None


def test_the_writers_role_is_the_first_writer_word_of_the_declaration() -> None:
    assert writer_role_in("This is Adán's wife writing for him") == "spouse"
    assert writer_role_in("I am Roma's grandmother") == "grandparent"
    assert writer_role_in("typing for him") is None
