"""Everything Walking in Burano Roll & Write tells a person is a translatable message
(laguna/core/messages.py): the log lines, why an action is illegal, and the errors of notation and
options."""

from __future__ import annotations

import pytest

from laguna.core.errors import NotationError, OptionsError
from laguna.core.messages import Message
from laguna.games.burano_roll_and_write import GAME
from tests.games.burano_roll_and_write.scenario import new, play_events, set_dice
from tests.translatable import Reading, assert_refused, check_random_game


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (1, 4), (2, 7), (3, 5), (4, 2)])
def test_every_event_and_refusal_is_a_message(players: int, seed: int) -> None:
    events, refusals = check_random_game(GAME, players, seed)
    assert events and refusals


def test_dice_and_buildings_are_named_in_words_the_catalogue_translates() -> None:
    state = new(2, turn_player=1)
    set_dice(state, yellow=5)
    events = play_events(state, "boat yellow")
    message = events[0].message
    assert isinstance(message, Message)
    reading = Reading()
    assert message.render(reading) == "<seat 1> places a boat beside the yellow die (5)"
    assert "the yellow die" in reading.templates


@pytest.mark.parametrize("text", ["fly away", "boat purple", "circle R1.cat 7", "invite Z red", "invite G green 2"])
def test_notation_errors_are_messages(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    assert_refused(caught)


@pytest.mark.parametrize("options", [{"round_limit": 0}, {"shared_layout": "Nowhere"}])
def test_option_errors_are_messages(options: dict[str, object]) -> None:
    with pytest.raises(OptionsError) as caught:
        GAME.new_game(2, options)
    assert_refused(caught)
