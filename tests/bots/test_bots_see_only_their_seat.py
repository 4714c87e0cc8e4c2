"""Bots see exactly what a player in their seat sees.

For every game, positions are taken from random games; the hidden parts of the true state (others'
hands, deck orders, secret choices) are replaced by a different sample consistent with the bot's view.
The bot, with the same seed, must decide the same in both: nothing it did depended on what it cannot see.
"""

from __future__ import annotations

from typing import Any

import pytest

from laguna.bots import make_bot
from laguna.core import GameState, Rng, games

CASES = [pytest.param(game, id=game.id) for game in games()]
BOTS = ["greedy", "ismcts:40"]


def positions(game: Any, players: int, seed: int, every: int) -> list[tuple[GameState[Any], int]]:
    """Some positions of a random game, with a seat that owes a decision in each."""
    rng = Rng(seed)
    state = game.new_game(players, seed=seed)
    found = []
    step = 0
    while not state.is_terminal() and len(found) < 6:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if step % every == 0 and len(legal) > 1:
            found.append((state.copy(), seat))
        state.apply(seat, rng.choice(legal))
        step += 1
    return found


@pytest.mark.parametrize("game", CASES)
def test_decisions_do_not_change_when_the_hidden_parts_are_shuffled(game: Any) -> None:
    players = max(game.min_players, 2)
    differed = 0
    for state, seat in positions(game, players, seed=5, every=9):
        other = state.determinize(seat, Rng(99))
        assert other.view(seat) == state.view(seat)
        differed += other != state
        for spec in BOTS:
            mine = make_bot(spec, 17).choose(state, seat)
            theirs = make_bot(spec, 17).choose(other, seat)
            assert mine == theirs, f"{spec} decided {mine} or {theirs} depending on what seat {seat} cannot see"
    assert differed, "no position had hidden information to shuffle: the test proved nothing"
