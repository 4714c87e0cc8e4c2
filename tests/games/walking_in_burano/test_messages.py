"""Everything Walking in Burano tells a person is a translatable message (laguna/core/messages.py): the
log lines, why an action is illegal, and the errors of notation and options."""

from __future__ import annotations

import pytest

from laguna.core.errors import NotationError, OptionsError
from laguna.games.walking_in_burano import GAME
from tests.translatable import assert_refused, check_random_game


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (1, 8), (2, 7), (3, 5), (4, 2)])
def test_every_event_and_refusal_is_a_message(players: int, seed: int) -> None:
    events, refusals = check_random_game(GAME, players, seed)
    assert events and refusals


@pytest.mark.parametrize("text", ["fly away", "visit c1 dragon", "take c1 f3-1"])
def test_notation_errors_are_messages(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    assert_refused(caught)


def test_option_errors_are_messages() -> None:
    with pytest.raises(OptionsError) as caught:
        GAME.new_game(2, {"round_limit": 0})
    assert_refused(caught)
    assert str(caught.value) == "option round-limit must be at least 1, not 0"
