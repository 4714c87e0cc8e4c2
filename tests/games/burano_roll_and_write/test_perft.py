"""Perft: the first decision-sequence counts derived from the rules by hand. The stored counts and the
golden playthroughs are in tests/games/test_golden_files.py."""

from __future__ import annotations

import pytest

from laguna.core.perft import perft
from laguna.games.burano_roll_and_write import GAME
from laguna.games.burano_roll_and_write.position import DICE, change_cost


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_first_decisions_follow_from_the_rules(players: int) -> None:
    """The first boat may go beside any of the six dice (each building has an uncircled plant, which
    takes any number while none is written) or be flipped; beside a die, with no coin yet, a symbol of
    that building can be circled only with the die's own number."""
    state = GAME.new_game(players, seed=5)
    seat = state.to_act()[0]
    assert perft(state, 1) == 7
    layout = state.layouts[seat]
    expected = 0
    for colour, die in zip(DICE, state.dice, strict=True):
        child = state.copy()
        child.apply(seat, GAME.parse_action(f"boat {colour.value}"))
        circles = child.legal_actions(seat)
        assert circles and all(change_cost(die, a.value) == 0 for a in circles)
        assert {a.symbol for a in circles} <= {s.id for s in layout.in_building(colour)}
        expected += len(circles)
    flipped = state.copy()
    flipped.apply(seat, GAME.parse_action("flip"))
    assert flipped.coins(seat) == 2
    expected += len(flipped.legal_actions(flipped.to_act()[0]))
    assert perft(state, 2) == expected
