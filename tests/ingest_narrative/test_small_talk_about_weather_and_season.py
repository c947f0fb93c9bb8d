"""The memory gate on small talk said by the weather, the time of day or the season ("Lovely warm day here, the
jacarandas are out everywhere", "lovely sunny morning here for a change") and one-word sign-offs ("goodnight"):
not kept; near misses that say something of the speaker's health or doings are kept."""

from __future__ import annotations

import pytest

from app.ingest.narrative.gate import decide_retain


@pytest.mark.parametrize(
    "text",
    [
        "Ok thank you, goodnight.",
        "Thanks so much, g'night!",
        "Lovely warm day here, the jacarandas are out everywhere.",
        "Haha yes, lovely sunny morning here for a change.",
        "The cherry blossoms are in full bloom!",
        "Crisp autumn day, the leaves are turning.",
        "Glorious spring day out, the tulips are blooming.",
    ],
)
def test_weather_season_and_sign_offs_are_not_kept(text: str) -> None:
    assert decide_retain(text).retain is False


@pytest.mark.parametrize(
    "text",
    [
        "The results are out.",
        "My stitches are out since Monday",
        "Nice sunny afternoon, went for a walk",
        "The bees are out everywhere and I got stung on the hand",
    ],
)
def test_health_news_or_doings_beside_the_weather_are_kept(text: str) -> None:
    assert decide_retain(text).retain is True
